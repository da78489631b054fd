package exercise

import (
	"net/url"
	"strings"
	"testing"
)

// matchAnswers is every state's value, from the engine.
func matchAnswers(t *testing.T) map[string]string {
	t.Helper()
	r, err := GradeMatchsticks(MatchSubmission{})
	if err != nil {
		t.Fatal(err)
	}
	a := map[string]string{}
	for _, st := range r.States {
		a[st.ID] = st.Want
	}
	return a
}

func TestGradeMatchsticks(t *testing.T) {
	r, err := GradeMatchsticks(MatchSubmission{})
	if err != nil {
		t.Fatal(err)
	}
	// Five matches, take 1 or 2, last match loses: the player to move
	// wins unless the matches left are 1 more than a multiple of 3
	// (1, 4, 7, …), so MAX wins from 5 by taking 1.
	if r.States[0].ID != "" || r.States[0].Want != "+1" || r.BestTake != "1" {
		t.Fatalf("root %+v, best take %q; want +1 and take 1", r.States[0], r.BestTake)
	}
	for _, st := range r.States {
		left := map[string]int{"0": 0, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5}[st.Left]
		moverWins := left%3 != 1
		want := map[bool]string{true: "+1", false: "−1"}[moverWins == st.Max]
		if st.Want != want {
			t.Errorf("state %q (%s left, MAX to move %v): value %s, want %s", st.ID, st.Left, st.Max, st.Want, want)
		}
		if st.Why == "" || (st.ID != "" && !strings.HasPrefix(st.Take, "take ")) {
			t.Errorf("state %q: why %q, take %q", st.ID, st.Why, st.Take)
		}
	}
	if r.Checked || r.Total != 0 || r.MoveWhy == "" {
		t.Errorf("unchecked: %+v", r)
	}

	all := matchAnswers(t)
	tests := []struct {
		name        string
		edit        func(map[string]string)
		move        string
		score, miss int
		fields      string
	}{
		{"all right", func(map[string]string) {}, "1", len(all) + 1, 0, ""},
		{"spellings", func(a map[string]string) { a[""] = " 1 "; a["1"] = strings.ReplaceAll(a["1"], "−", "-") }, "1", len(all) + 1, 0, ""},
		{"wrong move", func(map[string]string) {}, "2", len(all), 1, ""},
		{"no move", func(map[string]string) {}, "", len(all), 1, ""},
		{"one wrong", func(a map[string]string) { a[""] = "-1" }, "1", len(all), 1, ""},
		{"one missing", func(a map[string]string) { delete(a, "0") }, "1", len(all), 1, ""},
		{"not values", func(a map[string]string) { a["0"] = "abc"; a["1"] = "++1" }, "1", len(all) - 1, 2, "a.0, a.1"},
		{"too long", func(a map[string]string) { a["0"] = strings.Repeat("1", MaxAnswerLen+1) }, "1", len(all), 1, "a.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := matchAnswers(t)
			tt.edit(a)
			q := url.Values{"check": {"1"}, "move": {tt.move}}
			for id, v := range a {
				q.Set("a."+id, v)
			}
			r, err := GradeMatchsticks(ParseMatchQuery(q))
			if err != nil {
				t.Fatal(err)
			}
			if r.Score != tt.score || r.Total != len(all)+1 {
				t.Errorf("score %d / %d, want %d / %d", r.Score, r.Total, tt.score, len(all)+1)
			}
			wrong := 0
			for _, st := range r.States {
				if !st.OK {
					wrong++
					if st.Note == "" || st.State != "wrong" {
						t.Errorf("state %q wrong without a note: %+v", st.ID, st)
					}
				}
			}
			if !r.MoveOK {
				wrong++
				if r.MoveNote == "" {
					t.Error("a wrong move without a note")
				}
			}
			if wrong != tt.miss {
				t.Errorf("%d wrong, want %d", wrong, tt.miss)
			}
			if got := strings.Join(r.Fields, ", "); got != tt.fields || (got != "") != (r.Error != "") {
				t.Errorf("fields %q, error %q; want fields %q", got, r.Error, tt.fields)
			}
		})
	}
}

// FuzzMatchQuery: any query grades without a panic; every state is graded
// once, and the score never exceeds the total.
func FuzzMatchQuery(f *testing.F) {
	for _, s := range []string{"check=1&move=1&a.=%2B1&a.0=-1", "check=1&a.0=%E2%88%921&a.1=abc", "move=2", "check=1&a.9.9=1&a.=" + strings.Repeat("9", 50),
		"check=1&a.=%2B", "check=1&a.=1e999", "check=1&a.=NaN", "a.=1&a.=2&check=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		sub := ParseMatchQuery(q)
		r, err := GradeMatchsticks(sub)
		if err != nil {
			t.Fatal(err)
		}
		if r.Score > r.Total || (sub.Check && r.Total != len(r.States)+1) {
			t.Fatalf("score %d / %d for %d states", r.Score, r.Total, len(r.States))
		}
	})
}
