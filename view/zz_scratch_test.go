package view

import (
	"os"
	"testing"
)

func TestScratchAllSteps(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip()
	}
	for _, q := range viewerSources {
		p, s := prepare(t, q)
		total := totalSteps(t, p)
		c := NewCursor(p, s)
		seen := map[string]bool{}
		for {
			work(t, c, 0)
			for _, x := range edgeCrossings(c.Drawing()) {
				if !seen[x] {
					seen[x] = true
					t.Logf("%s step %d: %s", q, c.Step(), x)
				}
			}
			if c.AtEnd() {
				break
			}
			c.Forward(1)
		}
		c.Close()
		t.Logf("%s: %d steps, %d crossings, ok=%v k=%.2f", q, total, len(seen), s.sketch.pl.ok, s.sketch.pl.k)
	}
}
