package view

import (
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/trace"
)

// A PVS child that fails high on its null window is searched again; the
// tree keeps what the null-window search returned beside the child ("null
// window: ≥ 5") from the re-search's step until the re-search returns
// the child's value, in the viewer's language.
func TestNullWindowProbeStaysInTheTree(t *testing.T) {
	for lang, want := range map[i18n.Lang]string{i18n.English: "null window: ≥ 5", i18n.German: "Nullfenster: ≥ 5"} {
		t.Run(string(lang), func(t *testing.T) {
			p, scene := prepare(t, "algo=pvs&tree="+url.QueryEscape("((3 12 8) (2 4 6) (14 5 9))"))
			c := NewCursor(p, scene)
			defer c.Close()
			var words func(trace.Phrase) string
			if lang != i18n.English {
				words = i18n.For(lang).Phrase
			}
			c.SetWords(words)
			shown, researched := 0, false
			for range 200 {
				c.Forward(1)
				work(t, c, 0)
				f := c.Frame()
				d := c.nodeOf("2")
				researched = researched || f.Memory != nil && len(f.Memory.Researches) > 0
				switch {
				case !researched && strings.Contains(d.Shown, ":"):
					t.Fatalf("step %d: D shows %q before its re-search", f.Step, d.Shown)
				case researched && d.Value == "":
					if d.Shown != want {
						t.Fatalf("step %d: D, searched again, shows %q, want %q", f.Step, d.Shown, want)
					}
					shown++
				case researched && d.Shown != d.Value:
					t.Fatalf("step %d: D returned %q but shows %q", f.Step, d.Value, d.Shown)
				}
				if f.Done {
					break
				}
			}
			if !researched || shown < 2 {
				t.Fatalf("the probe was shown at %d steps (re-searched: %v), want from the re-search until D returns", shown, researched)
			}
		})
	}
}

// nodeOf is drawn node id at the cursor's step.
func (c *Cursor) nodeOf(id string) Node {
	for _, n := range c.Drawing().Nodes {
		if n.ID == id {
			return n
		}
	}
	return Node{}
}
