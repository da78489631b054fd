package templates

import (
	"bytes"
	"context"
	"math/rand/v2"
	"net/url"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// TestNodeMarkupAsTemplate checks that appendNode writes the bytes the
// node template writes: for every node of the drawings of a few searches
// along their steps (boards, leaves, chance, max^n's players, folds, cut
// marks, sideways), in English and German, and, in English, for those
// nodes again with awkward text in every field (quotes, HTML,
// apostrophes) and every glyph but the boards.
func TestNodeMarkupAsTemplate(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"", "a", "α=3", "≤ 2", `"`, "'", "<b>", "&amp;", "&", ">", "(1, 2)", "é", " "}
	text := func() string {
		s := ""
		for range r.IntN(4) {
			s += pieces[r.IntN(len(pieces))]
		}
		return s
	}
	glyphs := []view.Glyph{view.GlyphMax, view.GlyphMin, view.GlyphChance, view.GlyphPlayer, view.GlyphJoint, view.GlyphLeaf}
	nodes := 0
	for i, q := range []string{
		"game=tictactoe&algo=minimax",
		"game=tictactoe&position=xo.x.o...&algo=alphabeta",
		"tree=" + url.QueryEscape(tree.TwoPlyGameTree) + "&algo=alphabeta&layout=across",
		"tree=" + url.QueryEscape(tree.TwoPlyGameTreeChance) + "&algo=star1&bounds=0,20",
		"tree=" + url.QueryEscape("((<3,1,2> <1,5,2>) (<6,1,2> <2,2,9>))") + "&algo=maxn",
		"random=3,4&seed=3&algo=alphabeta",
	} {
		p := prepared(t, q)
		scene, err := view.NewScene(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		c := view.NewCursor(p, scene)
		steps := []int{3, 40, 1 << 20}
		if i == 0 {
			steps = steps[2:] // 586 nodes at every step: the end has them all
		}
		for _, step := range steps {
			c.Seek(step)
			if err := c.WorkAll(context.Background()); err != nil {
				t.Fatal(err)
			}
			d := c.Drawing()
			v := &View{Query: q, Step: step, drawn: d, Names: scene.Namer(nil)}
			for _, lang := range []i18n.Lang{i18n.English, i18n.German} {
				ctx := i18n.NewContext(context.Background(), i18n.For(lang))
				for _, n := range d.Nodes {
					nodes++
					checkNodeMarkup(ctx, t, v, n, q)
					if n.Glyph.Board() || lang != i18n.English {
						continue
					}
					n.Glyph = glyphs[r.IntN(len(glyphs))]
					n.Class, n.ID, n.State, n.Value, n.Text = text(), text(), text(), text(), text()
					n.InFull, n.In, n.Label, n.Shown, n.Who = text(), text(), text(), text(), text()
					n.Alpha, n.Beta, n.ValueAnchor, n.ABAnchor = text(), text(), text(), text()
					n.Player, n.Kind = r.IntN(4), trace.Kind(r.IntN(5))
					if n.Fold != nil {
						n.FoldAt.TextAnchor = text()
					}
					checkNodeMarkup(ctx, t, v, n, q+" (awkward text)")
				}
			}
		}
		c.Close()
	}
	if nodes < 1000 {
		t.Fatalf("only %d nodes checked", nodes)
	}
}

func checkNodeMarkup(ctx context.Context, t *testing.T, v *View, n view.Node, what string) {
	t.Helper()
	var want bytes.Buffer
	if err := node(v, n).Render(ctx, &want); err != nil {
		t.Fatal(err)
	}
	got, err := v.appendNode(ctx, nil, &n)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		at := 0
		for at < min(len(got), want.Len()) && got[at] == want.Bytes()[at] {
			at++
		}
		t.Fatalf("%s: node %q differs at byte %d:\ngot  %s\nwant %s", what, n.ID, at, got, want.Bytes())
	}
}

// prepared is the prepared scenario of a query.
func prepared(t *testing.T, query string) *scenario.Search {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.FromQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	p, err := sc.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	return p
}
