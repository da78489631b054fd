package export

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// trapAt draws the card game's trap under clairvoyance at step as the
// exports do: the whole tree with the current node's information set.
func trapAt(t *testing.T, step int) *view.Drawing {
	t.Helper()
	p, err := scenario.Scenario{Game: "cards", Deal: "trap", Algo: "clairvoyance"}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	scene, err := view.NewScene(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := trace.NewFrame()
	if _, err := p.Run(func(e *trace.Event) bool { return e.Step <= step && f.Apply(*e) == nil }); err != nil && f.Step != step {
		t.Fatal(err)
	}
	d := scene.Draw(f, view.FoldsAt(p, scene, f))
	view.MarkInfoSet(d, p, f)
	return d
}

// TestExportsDrawTheInfoSet: at step 630 of the trap (after ♣9 ♣5, which
// deals 1 and 2 fit), the SVG, the PNG and the LaTeX draw the information
// set as the page does: the current node dashed, joined by a dashed line
// to the dashed outline around deal 2's position, with its value with
// every card open (3) and its deal.
func TestExportsDrawTheInfoSet(t *testing.T) {
	d := trapAt(t, 630)
	if d.Set == nil || len(d.Set.Others) != 1 || d.Set.Node != "2.0" {
		t.Fatalf("the drawing's set is %+v; want deal 2 beside node 2.0", d.Set)
	}
	var svg bytes.Buffer
	if err := SVG(&svg, d, SVGOptions{}); err != nil {
		t.Fatal(err)
	}
	s := svg.String()
	at := strings.Index(s, `<g data-set="2.0" class="infoset">`)
	if at < 0 {
		t.Fatal("the SVG draws no information set")
	}
	set, _, _ := strings.Cut(s[at:], "</g>")
	for _, want := range []string{`<line x1=`, `<rect x=`, `stroke-dasharray="7 4"`, `<polygon points=`, `>3</text>`, `>deal 2</text>`} {
		if !strings.Contains(set, want) {
			t.Errorf("the SVG's set lacks %q:\n%s", want, set)
		}
	}
	cur, _, _ := strings.Cut(s[strings.Index(s, `<g data-node="2.0"`)+1:], "</g>")
	if !strings.Contains(cur, `stroke-dasharray="6 3"`) {
		t.Errorf("the SVG's current node is not dashed:\n%s", cur)
	}

	// The PNG paints the outline's top edge in the set's colour, dashed:
	// about 7 of every 11 units.
	// Only the room around the set is rasterised.
	m := d.Set
	near := *d
	near.ViewBox = view.Num(m.X-40) + " " + view.Num(m.Y-20) + " " + view.Num(m.W+80) + " " + view.Num(m.H+40)
	near.Width, near.Height = m.W+80, m.H+40
	var buf bytes.Buffer
	if err := PNG(context.Background(), &buf, &near, 0.5); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	x0, y0, _, _ := box(&near, Shapes(&near))
	painted, all := 0, 0
	for x := m.X + 16; x < m.X+m.W-16; x += 2 {
		all++
		r, g, b, _ := img.At(int((x-x0)/2), int((m.Y-y0)/2)).RGBA()
		if r>>8 < 0x90 && g>>8 < 0x60 && b>>8 > 0xb0 {
			painted++
		}
	}
	if painted*3 < all || painted == all {
		t.Errorf("the PNG paints %d of the outline's %d top pixels in its colour; want a dashed line", painted, all)
	}

	var tex bytes.Buffer
	if err := LaTeX(&tex, d, TeXOptions{}); err != nil {
		t.Fatal(err)
	}
	// The cards are written with their suits (deal 2's position holds
	// ♣5), never as "?".
	for _, want := range []string{"backgrounds}", "dashed, tikz+={", "(set1) at (", "right:$3$", "below:deal 2", "on background layer", `{$\clubsuit$5}`} {
		if !strings.Contains(tex.String(), want) {
			t.Errorf("the LaTeX lacks %q", want)
		}
	}
	if i := strings.Index(tex.String(), "?"); i >= 0 {
		t.Errorf("the LaTeX writes a card or name as \"?\": %q", tex.String()[max(0, i-40):min(tex.Len(), i+20)])
	}
}
