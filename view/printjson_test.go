package view

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"net/url"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
)

// TestAttrsJSONAsEncodingJSON checks that appendAttrsJSON writes what
// encoding/json's Encoder writes (the bytes Print digests, which a page
// and the websocket's first frame compare): for the drawings of a few
// searches along their steps, and for attributes made of awkward text
// (quotes, HTML, control characters, invalid UTF-8, line separators, empty
// fields that are omitted), and that Print is the digest of those bytes,
// folds shared between nodes and the JSON longer than Print's chunk
// included.
func TestAttrsJSONAsEncodingJSON(t *testing.T) {
	check := func(attrs []NodeAttrs, what string) {
		t.Helper()
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(attrs); err != nil {
			t.Fatal(err)
		}
		if got := appendAttrsJSON(nil, attrs); !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("%s:\ngot  %s\nwant %s", what, got, want.Bytes())
		}
		sum := sha256.Sum256(want.Bytes())
		if got, want := Print(attrs), base64.RawURLEncoding.EncodeToString(sum[:16]); got != want {
			t.Fatalf("%s: Print %s, the digest of the JSON %s", what, got, want)
		}
	}
	check(nil, "no attributes")
	check([]NodeAttrs{}, "none")
	for _, q := range []string{
		"tree=" + url.QueryEscape(tree.TwoPlyGameTree) + "&algo=alphabeta",
		"tree=" + url.QueryEscape(tree.TwoPlyGameTreeChance) + "&algo=star1&bounds=0,20",
		"game=tictactoe&position=xo.x.o...",
		"random=3,4&seed=3&algo=alphabeta",
	} {
		p, s := prepare(t, q)
		c := NewCursor(p, s)
		for step := 0; step < 60; step += 7 {
			c.Seek(step)
			work(t, c, 0)
			check(c.Drawing().Attrs(), q)
		}
		c.Close()
	}
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"", "a", "α=3", "≤ 2", `"`, `\`, "<b>", "&amp;", "\n", "\t", "\r", "\b", "\f", "\x00", "\x1f", "\x7f",
		"\u2028", "\u2029", "\xff", "\xe2\x80", "é", "😀", "/", "'"}
	text := func() string {
		s := ""
		for range r.IntN(4) {
			s += pieces[r.IntN(len(pieces))]
		}
		return s
	}
	var all []NodeAttrs
	for range 500 {
		a := NodeAttrs{ID: text(), State: text(), Value: text(), Shown: text(), Who: text(), Alpha: text(), Beta: text(), Class: text(), Edge: text()}
		if r.IntN(2) == 0 {
			a.Cut = &CutAttrs{X1: text(), Y1: text(), X2: text(), Y2: text(), Full: text(), Test: text(), TestX: text(), TestY: text(), Size: text()}
		}
		if r.IntN(2) == 0 {
			a.Fold = &FoldAttrs{FoldCount: FoldCount{Visited: r.IntN(2000) - 5, Pruned: r.IntN(9), Total: r.IntN(1 << 40), Made: r.IntN(2) == 0},
				Seen: text(), Of: text(), Title: text()}
		}
		check([]NodeAttrs{a, {}}, "made-up attributes")
		if len(all) > 0 && a.Fold != nil && r.IntN(2) == 0 {
			// Print writes a fold shared by nodes once.
			a.Fold = all[r.IntN(len(all))].Fold
		}
		all = append(all, a)
	}
	// More than one of Print's chunks.
	check(all, "all the made-up attributes")
}
