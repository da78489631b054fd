package export

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/view"
)

// setDash is the dash pattern of an information set's outline, its join
// and its positions (the page's .setmark).
var setDash = []float64{7, 4}

// setShapes draws the information set of the drawing's current node as
// the page does (view.SetMark): the dashed line from the current node to
// the dashed outline around the other deals' positions, each drawn as the
// current node is, dashed, with its value with every card open beside it
// and its deal under it. None without a set.
func setShapes(m *view.SetMark) []Shape {
	if m == nil {
		return nil
	}
	base := Shape{Of: OfSet, Node: m.Node, Stroke: colAB, StrokeW: 2.5, Dash: setDash, Opacity: 1}
	join, outline := base, base
	join.Kind, join.X1, join.Y1, join.X2, join.Y2 = Line, m.JoinX1, m.JoinY1, m.JoinX2, m.JoinY2
	outline.Kind, outline.X, outline.Y, outline.W, outline.H, outline.RX = Rect, m.X, m.Y, m.W, m.H, 14
	out := []Shape{join, outline}
	for _, o := range m.Others {
		g := base
		g.Fill = colBg
		in := 0.0
		switch m.Glyph {
		case view.GlyphMax:
			g.Kind, g.Points, in = Polygon, [][2]float64{{o.X, o.Y - 18}, {o.X + 21, o.Y + 13}, {o.X - 21, o.Y + 13}}, 8
		case view.GlyphMin:
			g.Kind, g.Points, in = Polygon, [][2]float64{{o.X, o.Y + 18}, {o.X + 21, o.Y - 13}, {o.X - 21, o.Y - 13}}, 1
		default:
			g.Kind, g.X, g.Y, g.W, g.H, g.RX = Rect, o.X-16, o.Y-16, 32, 32, 6
		}
		text := Shape{Kind: Text, Of: OfSet, Node: m.Node, Bold: true, Fill: colFg, HaloW: 4, Opacity: 1}
		out = append(out, g)
		if m.In != "" && m.Glyph != view.GlyphLeaf {
			t := text
			t.X, t.Y, t.Str, t.Size, t.Anchor, t.HaloW = o.X, o.Y+in, m.In, 14, "middle", 0
			out = append(out, t)
		}
		v, deal := text, text
		v.X, v.Y, v.Str, v.Size, v.Fill, v.HaloW = o.X+o.ValueX, o.Y+o.ValueY, o.Value, m.ValueFont, colAB, 5
		deal.X, deal.Y, deal.Str, deal.Size, deal.Anchor = o.X, o.Y+o.DealY, o.Deal, view.SetDealFont, "middle"
		out = append(out, v, deal)
	}
	return out
}

// texSetOpts are the options of node i of d in a LaTeX export where d
// draws the information set of its current node (view.SetMark): the
// current node dashed and named, the node the set is drawn past named,
// and on the current node the TikZ code that draws the set past that
// node, as the page does (the join under the tree's nodes).
func texSetOpts(d *view.Drawing, i int, mode TeXMode, named bool) []string {
	m, n := d.Set, d.Nodes[i]
	if m == nil || mode != TeXStep || n.ID != m.Node && n.ID != m.After {
		return nil
	}
	var opts []string
	if !named {
		opts = append(opts, "name="+texName(i))
	}
	if n.ID != m.Node {
		return opts
	}
	after := texName(i)
	for k := range d.Nodes {
		if d.Nodes[k].ID == m.After {
			after = texName(k)
		}
	}
	return append(opts, "dashed", "tikz+={"+texSetCode(m, texName(i), after)+"}")
}

// texSetCode is the TikZ code that draws set m past node after, joined
// to node cur.
func texSetCode(m *view.SetMark, cur, after string) string {
	shape := "rectangle, rounded corners=1mm, minimum size=7mm"
	switch m.Glyph {
	case view.GlyphMax:
		shape = "regular polygon, regular polygon sides=3, minimum size=11mm, inner sep=0pt"
	case view.GlyphMin:
		shape = "regular polygon, regular polygon sides=3, shape border rotate=180, minimum size=11mm, inner sep=0pt"
	}
	var b strings.Builder
	prev, shift := after+".east", "12mm"
	for k, o := range m.Others {
		name := "set" + strconv.Itoa(k+1)
		b.WriteString(`\node[` + shape + `, draw=abab, dashed, line width=1pt, fill=white, anchor=west, xshift=` + shift +
			`, label={[text=abab, font=\bfseries]right:` + texMath(o.Value) + `}, label={[font=\scriptsize\bfseries]below:` + texText(o.Deal) + `}] (` +
			name + `) at (` + prev + `) {` + texText(m.In) + `};`)
		prev, shift = name+".east", "9mm"
	}
	last := "set" + strconv.Itoa(len(m.Others))
	b.WriteString(`\draw[abab, dashed, line width=1pt, rounded corners=3mm] ([xshift=-3mm, yshift=2mm]set1.north west) rectangle ([xshift=7mm, yshift=-5mm]` + last + `.south east);`)
	b.WriteString(`\begin{scope}[on background layer]\draw[abab, dashed, line width=1pt] (` + cur + `.east) -- ([xshift=-3mm]set1.west);\end{scope}`)
	return b.String()
}
