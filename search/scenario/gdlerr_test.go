package scenario

import (
	"errors"
	"testing"

	"github.com/abtrace/abtrace/search/gdl"
)

// TestGDLIllFormedRunFails checks that a search of a GDL game that meets a
// terminal state where a role has no goal fails with the reason instead of
// answering as if the goal were 0.
func TestGDLIllFormedRunFails(t *testing.T) {
	src := "(role a)\n(role b)\n(init s)\n(<= (legal a l) (true s))\n(<= (legal a r) (true s))\n(<= (legal b noop) (true s))\n" +
		"(<= (next (took ?m)) (does a ?m))\n(<= terminal (true (took ?m)))\n(<= (goal a 100) (true (took l)))\n(<= (goal b 0) (true (took l)))\n" +
		"; a game of its own for this test\n"
	p, err := Scenario{GDL: src, Algo: "maxn"}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Run(nil); !errors.Is(err, gdl.ErrIllFormed) {
		t.Fatalf("run: %v, want gdl.ErrIllFormed", err)
	}
}
