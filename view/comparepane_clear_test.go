package view

import (
	"context"
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
)

// compareScene is the scene a comparison of p's scenario in n panes
// draws, as the comparison makes it.
func compareScene(t *testing.T, p *scenario.Search, across bool, n int) *Scene {
	t.Helper()
	shape, err := CompareShape(p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := CompareScene(context.Background(), p, shape, across, n)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// compareSources are comparisons as lecturers make them: a scenario, and
// how many panes.
var compareSources = []struct {
	q string
	n int
}{
	{"tree=" + tree.TwoPlyGameTree, 3},
	{"tree=((3 -1.5) [max](2 (4 6)) -7)", 2},
	{"random=3,3&seed=1", 3},
	{"random=3,4&seed=2", 2},
	{"game=tictactoe&position=xo.x.o...", 2},
	{"game=nim&matches=5&take=2", 3},
	{"game=dice&algo=expectiminimax&depth=3", 2},
	{"tree=" + tree.TwoPlyGameTreeChance + "&algo=star1&bounds=0,15", 2},
	{"tree=(((<1,2,3> <6,1,2>) (<4,2,1> <7,4,-1>)) ((<5,-1,-1> <-1,5,2>) (<7,7,-1> <5,4,5>)))&algo=paranoid", 2},
	{"game=minichess&position=horizon&depth=1", 2},
}

// TestComparePanesLabelsApart: a comparison's panes, drawn down or
// sideways, show no two labels overlapping and no label across an edge, at
// evenly spread steps of each pane's search (the scenario's order and the
// best and worst orders, which share the scene).
func TestComparePanesLabelsApart(t *testing.T) {
	samples := 40
	if raceDetector {
		samples = 8
	}
	for _, cs := range compareSources {
		for _, across := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/%s", cs.q, orientName(across)), func(t *testing.T) {
				p := prepared(t, cs.q)
				s := compareScene(t, p, across, cs.n)
				for _, order := range []string{"", "best", "worst"} {
					pp := p
					if order != "" {
						sc := p.Scenario
						sc.Order = order
						var err error
						if pp, err = sc.Prepare(); err != nil {
							t.Fatal(err)
						}
					}
					labelsApart(t, pp, s, samples, fmt.Sprintf("order %q,", order))
				}
			})
		}
	}
}
