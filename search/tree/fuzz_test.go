package tree

import (
	"errors"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// FuzzParse checks that Parse never panics, that every error is a
// positioned *Error, and that every tree it accepts prints canonically:
// the text parses to an equal tree and prints the same again.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		TwoPlyGameTreePlain,
		TwoPlyGameTree,
		"7",
		"(-3 .5 5. +2 -0)",
		"([min](3 4) B[min h=4](3 12 8) E=3 [max]F=2)",
		"[chance](0.5:3 0.25:(1 2) 1/4:7)",
		"[chance](1/3:A=1 1/3:[h=2](1) 1/3:3)",
		"((<3,1,2> <1 2 3>) [p3 h=<1,1,1>](<0,0,0>))",
		"# comment\nA(\n  B(1 2) # more\n  C(3)\n)",
		"(0.5:1 0.5:2)",
		"((3 4)",
		"\ufeff(1 2)",
		ExpectedValueTree,
		"(B[min win=33.33 loss=33.33% draw=33.34](0) [loss=100%](1))",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, root := range []trace.Kind{trace.Max, trace.Min, trace.Chance} {
			opts := Options{Root: root}
			tr, err := opts.Parse(src)
			if err != nil {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("error %T %v is not an *Error", err, err)
				}
				if !strings.HasPrefix(err.Error(), "tree: ") {
					t.Fatalf("error %q lacks the prefix", err)
				}
				if e.Line < 1 && !errors.Is(err, ErrLimit) {
					t.Fatalf("error %q has no position", err)
				}
				continue
			}
			if tr.Size > MaxNodes || tr.Height > MaxDepth {
				t.Fatalf("accepted a tree of %d nodes and height %d", tr.Size, tr.Height)
			}
			s := tr.String()
			if len(s) > MaxTextBytes {
				continue // canonical text may be a little longer than the input
			}
			tr2, err := opts.Parse(s)
			if err != nil {
				t.Fatalf("root %v: canonical text %q of %q does not parse: %v", root, s, src, err)
			}
			if !Equal(tr, tr2) {
				t.Fatalf("root %v: %q → %q parses to a different tree:\n got  %s\n want %s", root, src, s, dump(tr2), dump(tr))
			}
			if s2 := tr2.String(); s2 != s {
				t.Fatalf("root %v: String not idempotent: %q then %q", root, s, s2)
			}
			if tr3, err := opts.Parse(tr.Indented()); err != nil || !Equal(tr, tr3) {
				t.Fatalf("root %v: indented text of %q does not parse back: %v", root, src, err)
			}
		}
	})
}
