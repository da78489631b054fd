package exercise

import (
	"errors"
	"github.com/abtrace/abtrace/search/tree"
	"net/url"
	"strings"
	"testing"
)

// FuzzDecodeSubmission: any body decodes into a submission or is an
// *Error naming the field at fault; a decoded submission is checked or
// refused with an *Error, never with a panic, and the feedback has a line
// for every node the result grades.
func FuzzDecodeSubmission(f *testing.F) {
	for _, s := range []string{
		`{"tree": "` + tree.TwoPlyGameTreePlain + `", "answers": {"": "3", "0": "3", "1": "≤ 2", "2": "2"}, "pruned": ["1.1", "1.2"]}`,
		`{"tree": "` + tree.TwoPlyGameTreePlain + `", "root": "min", "prune": "gt", "answers": {"": 3}, "windows": {"0": {"alpha": "-inf", "beta": 3}}}`,
		`{"tree": "((1 2) (3 4))", "fail": "hard", "window": "entry", "answers": {"9": "1"}}`,
		`{"tree": "((1 2) (3 4))", "answers": {"": null}, "pruned": [1]}`,
		`{"tree": "(1 [chance](2 3))"}`, `{"tree": ""}`, `{"alpha": 1}`, `{"tree": "((1 2)"}`, `[]`, `{} {}`, ``,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		sub, err := DecodeSubmission(strings.NewReader(body))
		if err != nil {
			var xe *Error
			if !errors.As(err, &xe) || xe.Field == "" {
				t.Fatalf("decode error %v is not an *Error naming a field", err)
			}
			return
		}
		if len(sub.Tree) > 2000 {
			return // the checker's cost grows with the tree; the server's body limit bounds it
		}
		res, err := Check(sub)
		if err != nil {
			var xe *Error
			if !errors.As(err, &xe) || xe.Field == "" {
				t.Fatalf("check error %v is not an *Error naming a field", err)
			}
			return
		}
		if len(res.Feedback.Lines) != len(res.Nodes) || res.Correct != (res.Score == res.Total) || res.Feedback.Full != res.Correct {
			t.Fatalf("%d feedback lines for %d nodes; score %d / %d, correct %v", len(res.Feedback.Lines), len(res.Nodes), res.Score, res.Total, res.Correct)
		}
	})
}

// FuzzParseQuery: any query is parameters or an *Error naming one; what
// parses validates, and writes a query that parses to the same.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"seed=42&b=3&d=3&min_cutoffs=3", "bmin=2&bmax=4&d=2&root=min&prune=gt&variant=C", "deep=1&distinct=yes&min=-5&max=5",
		"b=9", "seed=-1", "d=0", "b=3&bmin=2", "seed=1&seed=2", "x=1", "min=5&max=5", "variant=AA", "min_cutoffs=99"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		p, err := ParseQuery(q)
		if err != nil {
			var xe *Error
			if !errors.As(err, &xe) || xe.Field == "" {
				t.Fatalf("error %v is not an *Error naming a parameter", err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("ParseQuery(%q) gave %+v, which does not validate: %v", raw, p, err)
		}
		again, err := ParseQuery(p.Query())
		if err != nil || again != p {
			t.Fatalf("round trip of %+v: %+v, %v", p, again, err)
		}
	})
}
