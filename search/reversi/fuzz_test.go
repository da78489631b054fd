package reversi

import "testing"

func FuzzParse(f *testing.F) {
	f.Add("start")
	f.Add(Start.String())
	f.Add("xxxxxxxx/oooooooo/" + "......../......../......../......../......../........ w")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Parse(text)
		if err != nil {
			return
		}
		if s.Black&s.White != 0 {
			t.Fatalf("Parse(%q): a square holds two discs", text)
		}
		again, err := Parse(s.String())
		if err != nil || again != s {
			t.Fatalf("Parse(%q).String() = %q reads back as %v, %v", text, s.String(), again, err)
		}
	})
}
