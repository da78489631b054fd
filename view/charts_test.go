package view

import "testing"

// TestLabPlotOf: the plot starts right of the longest row name, each
// row's range, box and mean lie in order inside the plot, and the
// reference lines stand at their numbers of leaves.
func TestLabPlotOf(t *testing.T) {
	rows := []LabRow{
		{Name: "natural", Title: "natural", Mean: 40, StdDev: 10, Min: 20, Max: 60},
		{Name: "best", Title: "beste Reihenfolge zuerst", Mean: 17, StdDev: 30, Min: 17, Max: 17},
	}
	p := LabPlotOf(rows, 81, 17, 0, 81, nil)
	if want := labNameWidth(rows[1].Title) + 2*labNameGap; p.X0 != want {
		t.Errorf("plot starts at %v, want %v (right of the longest name)", p.X0, want)
	}
	for _, r := range p.Rows {
		if r.Title.X >= p.X0 || r.XMin < p.X0 || r.XMax > p.X1 || r.XLo < r.XMin || r.XHi > r.XMax || r.XMean < r.XLo || r.XMean > r.XHi {
			t.Errorf("row %s: name at %v, range %v–%v, box %v–%v, mean %v: out of order in the plot %v–%v",
				r.Name, r.Title.X, r.XMin, r.XMax, r.XLo, r.XHi, r.XMean, p.X0, p.X1)
		}
		if r.BoxW < 1 {
			t.Errorf("row %s: box %v wide, want at least 1", r.Name, r.BoxW)
		}
	}
	if len(p.Refs) != 2 || p.Refs[0].Pos != p.X1 || p.Refs[0].Label.Text != "b^d = 81" || p.Refs[1].Label.Text != "Knuth–Moore 17" {
		t.Errorf("references %+v, want b^d = 81 at the right edge and Knuth–Moore 17", p.Refs)
	}
	if last := p.Ticks[len(p.Ticks)-1]; last.Label.Text != "80" || last.Label.Y <= p.Y1 {
		t.Errorf("last tick %+v, want 80 written under the axis at %v", last, p.Y1)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 2199784: "2,199,784", -1234: "-1,234"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
