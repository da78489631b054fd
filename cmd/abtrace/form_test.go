package main

import (
	"flag"
	"io"
	"regexp"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
)

// TestFormOffersEveryFlag compares the scenario flags of solve and trace
// with the setup form's options: every option the command line has is
// reachable from the form under the same name, and where a flag's help
// names its default the form shows the same one.
func TestFormOffersEveryFlag(t *testing.T) {
	form := map[string]scenario.FormOption{}
	for _, o := range scenario.FormOptions() {
		form[o.Name] = o
	}
	// The flags the form reaches otherwise: the game and a GDL game's
	// text are its source tabs, a tree file's text goes into the tree box, and --tt (the default
	// size) and --tt-size are the form's one table size.
	other := map[string]string{"game": "source", "gdl": "source", "tree-file": "tree", "tt-size": "tt"}
	defaultIn := regexp.MustCompile(`\(default ([^)]+)\)`)
	for _, cmd := range []string{"solve", "trace"} {
		fs := newFlagSet(cmd, io.Discard)
		scenarioFlags(fs)
		fs.VisitAll(func(f *flag.Flag) {
			name := f.Name
			if to, ok := other[name]; ok {
				if to == "source" {
					return
				}
				name = to
			}
			o, ok := form[name]
			if !ok {
				t.Errorf("%s --%s: the setup form has no option %s", cmd, f.Name, name)
				return
			}
			m := defaultIn.FindStringSubmatch(f.Usage)
			if m == nil || name != f.Name {
				return
			}
			want := m[1]
			if want == "√2" {
				want = "1.41" // as a lecturer writes it
			}
			if o.Placeholder != want && o.Default != want {
				t.Errorf("%s --%s defaults to %s; the form shows %q", cmd, f.Name, m[1], o.Placeholder)
			}
		})
	}
	// Every source the command line's --game names is a tab of the form.
	tabs := map[string]bool{}
	for _, s := range scenario.FormSources() {
		tabs[s.Game] = true
	}
	for _, g := range []string{"tictactoe", "connect4", "minichess", "nim", "dice", "reversi", "suicide-reversi", "cards", "roads"} {
		if !tabs[g] {
			t.Errorf("--game %s is no source of the setup form", g)
		}
	}
}
