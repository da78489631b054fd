package scenario

import (
	"math"
	"strconv"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// TestDeterminizedSteps: stepping every sample of determinised MCTS on
// the lecture's deal (sample=1 … samples) gives back the method's table.
// Each sample's trace ends with every first card's w/n at the root; the
// estimate is w/n on the scale [0, 4] tricks; averaged over the samples
// of each deal, they are the table's per-deal values to the last bit of
// rounding. Only the stepped search, not the table, is traced here, so
// the two computations are independent.
func TestDeterminizedSteps(t *testing.T) {
	const samples, iters = 6, 300
	base := Scenario{Game: "cards", Algo: "determinized", Samples: samples, Iterations: iters, Seed: 5}
	p0, err := base.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := p0.HiddenReport()
	if err != nil {
		t.Fatal(err)
	}
	nw := len(rep.Worlds)
	sum := make([][]float64, nw)
	count := make([]int, nw)
	for i := range sum {
		sum[i] = make([]float64, len(rep.Moves))
	}
	for k := 1; k <= samples; k++ {
		t.Run("sample "+strconv.Itoa(k), func(t *testing.T) {
			sc := base
			sc.Sample = k
			p, err := sc.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			if p.Algorithm != search.AlgoMCTS {
				t.Fatalf("sample %d steps %v, want mcts", k, p.Algorithm)
			}
			wi, n := p.SampleWorld()
			if n != nw || wi < 0 || wi >= nw {
				t.Fatalf("sample %d: world %d of %d, want one of %d", k, wi, n, nw)
			}
			wn := map[string][2]float64{}
			if _, err := p.Run(func(e *trace.Event) bool {
				if e.Type == trace.Backprop && e.Depth == 1 {
					wn[e.Node] = [2]float64{e.Wins, e.Visits}
				}
				return true
			}); err != nil {
				t.Fatal(err)
			}
			for i, m := range rep.Moves {
				x, ok := wn[m.ID]
				if !ok {
					t.Fatalf("sample %d never tried %s", k, m.Name)
				}
				sum[wi][i] += 4 * x[0] / x[1]
			}
			count[wi]++
		})
	}
	drawn := 0
	for wi := range nw {
		for i, m := range rep.Moves {
			got := m.PerWorld[wi]
			if count[wi] == 0 {
				if !math.IsNaN(got) {
					t.Errorf("deal %d was never drawn, but %s has %v there", wi+1, m.Name, got)
				}
				continue
			}
			if want := sum[wi][i] / float64(count[wi]); math.Abs(got-want) > 1e-9 {
				t.Errorf("%s in deal %d: the table says %v, the stepped samples average %v", m.Name, wi+1, got, want)
			}
		}
		drawn += count[wi]
	}
	if drawn != samples {
		t.Errorf("stepped %d samples, want %d", drawn, samples)
	}
	for _, bad := range []Scenario{
		{Game: "cards", Algo: "determinized", Samples: 3, Sample: 4},
		{Game: "cards", Algo: "determinized", Sample: 1, World: 2},
		{Game: "cards", Algo: "infoset", Sample: 1},
	} {
		if _, err := bad.Prepare(); err == nil || !IsUsage(err) {
			t.Errorf("%+v: got %v, want a usage error", bad, err)
		}
	}
}
