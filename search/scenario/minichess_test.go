package scenario

import (
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// TestMinichessScenario: the horizon position through a permalink, with
// and without quiescence: the value, the names of the moves, and the
// drawn tree, which holds the recapture below the limit only with
// quiescence.
func TestMinichessScenario(t *testing.T) {
	cases := []struct {
		query   string
		value   trace.Num
		best    string
		qdrawn  bool
		wantErr string
	}{
		{"game=minichess&depth=1", 8, "Qd1xd3", false, ""},
		{"game=minichess&depth=1&quiescence=1", 7, "Ka1-a2", true, ""},
		{"game=minichess&depth=1&extend=singular&margin=1", 7, "Ka1-a2", false, ""},
		{"game=minichess", 0, "", false, "needs a depth limit"},
		{"game=minichess&depth=5", 0, "", false, "at most 4"},
		{"game=minichess&depth=1&position=k4/5/5/5/K5", 0, "", false, "line 1, column 11"},
		{"game=tictactoe&quiescence=1&depth=2", 0, "", false, "no captures"},
		{"game=minichess&depth=1&forward=sideways", 0, "", false, "unknown forward pruning"},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			v, _ := url.ParseQuery(c.query)
			s, err := FromQuery(v)
			if err != nil {
				t.Fatal(err)
			}
			if back, _ := FromQuery(s.Query()); back != s {
				t.Errorf("the query does not round-trip: %+v, want %+v", back, s)
			}
			p, err := s.Prepare()
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			r, err := p.Run(nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Value != c.value || p.MoveName(r.Best) != c.best {
				t.Errorf("value %v with %s, want %v with %s", r.Value, p.MoveName(r.Best), c.value, c.best)
			}
			sh, err := p.Shape(ShapeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			// Qd1xd3 is child 4; the recapture e4xd3 is its child 1.
			q := len(sh.Children) > 4 && sh.Children[4] != nil && len(sh.Children[4].Children) > 1 && sh.Children[4].Children[1] != nil
			if q != c.qdrawn {
				t.Errorf("recapture drawn: %v, want %v", q, c.qdrawn)
			}
			if q && p.MoveName("4.1") != "e4xd3" {
				t.Errorf("node 4.1 is %q, want e4xd3", p.MoveName("4.1"))
			}
		})
	}
}
