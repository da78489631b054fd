package scenario

import (
	"errors"
	"testing"

	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/trace"
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
	_, err = p.Run(nil)
	if !errors.Is(err, gdl.ErrIllFormed) {
		t.Fatalf("run: %v, want gdl.ErrIllFormed", err)
	}
	// The page words it in its language: a phrase, the state's in it.
	var ue *UsageError
	if !errors.As(err, &ue) || ue.Say.ID != "scenario.err.gdl" {
		t.Fatalf("run: %#v, want a UsageError saying scenario.err.gdl", err)
	}
	if msg, ok := ue.Say.Args["Error"].(trace.Phrase); !ok || msg.ID != "gdl.msg.goals" || msg.Args["State"] != "(took r)" {
		t.Fatalf("run: says %#v, want gdl.msg.goals in (took r)", ue.Say.Args["Error"])
	}
}
