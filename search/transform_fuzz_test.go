package search

import "testing"

// FuzzParseTransform: ParseTransform never panics, and a transform it
// accepts is monotone (strictly increasing when it says it preserves
// order) on a sample of values.
func FuzzParseTransform(f *testing.F) {
	for _, s := range []string{"1:1,2:20,3:30,4:400", "wld:100,10,50", "wld:1,0,0", "cube", "exp", "0->0,1->1", "4→400,1→1",
		"1:2,1:3", "1:5,2:1", "x", "", "wld:", "1:1,2:1,3:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tr, err := ParseTransform(s)
		if err != nil {
			return
		}
		if tr.String() == "exp" {
			return // overflows far out; monotone where finite
		}
		prev := tr.Apply(-1000)
		for x := -999.5; x <= 1000; x += 0.5 {
			y := tr.Apply(x)
			if y < prev || (tr.OrderPreserving() && y <= prev && !(y-prev == 0 && y > 1e300)) {
				t.Fatalf("%q: %v ↦ %v after %v ↦ %v", s, x, y, x-0.5, prev)
			}
			prev = y
		}
	})
}
