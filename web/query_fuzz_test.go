package web

import (
	"net/url"
	"testing"
)

// FuzzParseView: the viewer's query either decodes, with a step from 0
// and at most maxOpen folds, or is an error; it never panics.
func FuzzParseView(f *testing.F) {
	for _, s := range []string{
		"tree=((3+12+8)+(2+4+6)+(14+5+2))&step=7",
		"game=tictactoe&step=end&open=0,1.2,3&form=negamax",
		"game=nim&matches=64&take=8&step=0",
		"step=-1", "step=99999999999999999999", "form=nope", "open=,,,", "step=+3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		r, err := parseView(q)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("parseView(%q): an error without a message", raw)
			}
			return
		}
		if r.step < 0 || r.end && r.step != 0 || len(r.open) > maxOpen {
			t.Fatalf("parseView(%q) = step %d, end %v, %d folds open", raw, r.step, r.end, len(r.open))
		}
	})
}

// FuzzParseCompare: the comparison's query either decodes to two or more
// panes or is an error; it never panics.
func FuzzParseCompare(f *testing.F) {
	for _, s := range []string{
		"tree=((3+12+8)+(2+4+6))&orders=natural,best,worst&by=leaf",
		"random=3,4&algos=minimax,alphabeta&step=end",
		"orders=natural&algos=minimax", "orders=,,", "by=nope", "orders=natural,natural",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		r, err := parseCompare(q)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("parseCompare(%q): an error without a message", raw)
			}
			return
		}
		if r.kind != "orders" && r.kind != "algos" {
			t.Fatalf("parseCompare(%q): kind %q", raw, r.kind)
		}
	})
}
