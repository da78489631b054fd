package export

import (
	"math"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// texUnit is the length in millimetres of one unit of the drawing in a
// sideways LaTeX export: a MAX triangle (42 units wide) is then about as
// wide as forest's (11 mm across its corners), a value (ValueFont, 18
// units) about 12 pt.
const texUnit = 0.24

// texPlaces is what a sideways LaTeX export needs to put every node and
// label where the drawing has them: the root's centre (forest's origin),
// its node name and the drawing's font sizes. The drawing placed the
// labels clear of its edges, glyphs and each other (view's placement);
// forest's own layout and label sides would not know where the edges of
// a sideways fan run, and the root's α/β below it crossed the edges to
// its lower children.
type texPlaces struct {
	x0, y0 float64
	root   string
	fonts  view.Fonts
	// words words the fold counts (nil: English).
	words func(trace.Phrase) string
}

// texPageW and texPageH are the room a standalone LaTeX document gives a
// tree, in millimetres: the article class's text on a letter or A4 page
// (about 122 × 190 mm), less the centre environment's space.
const texPageW, texPageH = 120.0, 180.0

// texFit is the scale that fits a sideways drawing of w × h units, at
// texUnit, to a page's text (1 when it fits as it is).
func texFit(w, h float64) float64 {
	return min(1, texPageW/(w*texUnit), texPageH/(h*texUnit))
}

// texBoardBox is the size of a board glyph as the drawing draws it: the
// box of its frame and cells, in the drawing's units.
func texBoardBox(n view.Node) (w, h float64) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, s := range nodeBoardDrawer(n).shapes(n, Shape{}, 1) {
		switch s.Kind {
		case Rect:
			x0, y0, x1, y1 = min(x0, s.X), min(y0, s.Y), max(x1, s.X+s.W), max(y1, s.Y+s.H)
		case Polygon:
			for _, p := range s.Points {
				x0, y0, x1, y1 = min(x0, p[0]), min(y0, p[1]), max(x1, p[0]), max(y1, p[1])
			}
		}
	}
	if x1 < x0 {
		return 0, 0
	}
	return x1 - x0, y1 - y0
}

// texName is the TikZ name of node i (a node id holds dots, which TikZ
// reads as an anchor).
func texName(i int) string { return "n" + strconv.Itoa(i) }

// texMM is a length of the drawing in millimetres.
func texMM(v float64) string {
	return strconv.FormatFloat(v*texUnit, 'f', 2, 64) + "mm"
}

// texFont is a font of size units of the drawing, bold.
func texFont(size float64) string {
	pt := size * texUnit * 72.27 / 25.4
	return `\fontsize{` + strconv.FormatFloat(pt, 'f', 1, 64) + `}{` + strconv.FormatFloat(pt*1.2, 'f', 1, 64) + `}\selectfont\bfseries`
}

// texAnchor is TikZ's anchor of an SVG text anchor, on the baseline.
func texAnchor(a string) string {
	switch a {
	case "start":
		return "base west"
	case "end":
		return "base east"
	}
	return "base"
}

// texAt is a TikZ node of text at x, y of the drawing (its baseline, as
// the drawing's anchor says), as forest's tikz code.
func (p *texPlaces) texAt(x, y float64, anchor string, size float64, colour, text string) string {
	return p.texOn(x, y, anchor, size, colour, text, false)
}

// texOn is texAt for a text the drawing writes over an edge (a
// probability, a cut test) on the background's colour when halo is set,
// as the SVG's halo.
func (p *texPlaces) texOn(x, y float64, anchor string, size float64, colour, text string, halo bool) string {
	sep := "inner sep=0pt"
	if halo {
		sep = "fill=white, inner sep=0.5pt"
	}
	return `\node[anchor=` + texAnchor(anchor) + `, ` + sep + `, outer sep=0pt, text=` + colour + `, font=` + texFont(size) +
		`] at ([xshift=` + texMM(x-p.x0) + `, yshift=` + texMM(p.y0-y) + `]` + p.root + `.center) {` + text + `};`
}

// writeTeXPlaced adds to a sideways node's options its place, its name,
// its leaf box's size and, as TikZ code drawn after the tree, its labels
// where the drawing has them: the value, α and β, the fold's counts, the
// probability and the cut test of the edge into it. The cut mark stays
// on forest's edge (an edge label), as upright.
func writeTeXPlaced(n view.Node, name string, edges map[string]view.Edge, mode TeXMode, p *texPlaces, opts *[]string) {
	*opts = append(*opts, "name="+name, "before drawing tree={x="+texMM(n.X-p.x0)+", y="+texMM(p.y0-n.Y)+"}")
	switch {
	case n.Glyph == view.GlyphLeaf:
		*opts = append(*opts, "minimum width="+texMM(n.LeafW), "minimum height="+texMM(n.LeafH), "font="+texFont(p.fonts.Leaf))
	case n.Glyph.Board():
		// The board's frame as large as the drawing's, so that the labels
		// the drawing placed beside it stay beside it.
		if w, h := texBoardBox(n); w > 0 {
			*opts = append(*opts, "minimum width="+texMM(w), "minimum height="+texMM(h))
		}
	}
	var code []string
	if mode != TeXExam && n.Shown != "" {
		size := p.fonts.Value
		if n.Glyph.Below() {
			size = p.fonts.LeafValue
		}
		code = append(code, p.texAt(n.X+n.ValueX, n.Y+n.ValueY, n.ValueAnchor, size, valueTeXColour(n), texMath(n.Shown)))
		if n.Who != "" {
			code = append(code, p.texAt(n.X+n.ValueX, n.Y+n.ValueY+16, n.ValueAnchor, 13, valueTeXColour(n), texMath(n.Who)))
		}
	}
	if mode == TeXStep && n.OnStack && n.Alpha != "" {
		for i, s := range []string{n.Alpha, n.Beta} {
			code = append(code, p.texAt(n.X+n.ABX, n.Y+n.ABY+float64(i)*p.fonts.ABLine, n.ABAnchor, p.fonts.AB, "abab", texMath(s)))
		}
	}
	if n.Fold != nil && mode != TeXExam {
		for i, s := range foldLines(n, p.words) {
			code = append(code, p.texAt(n.X+n.FoldAt.TextX, n.Y+n.FoldAt.TextY+float64(i)*view.FoldLine, n.FoldAt.TextAnchor, 11, "abghost", texText(s)))
		}
	}
	if e, ok := edges[n.ID]; ok {
		if e.Prob != "" {
			code = append(code, p.texOn(e.ProbX, e.ProbY, "middle", 12, "abchance", texMath(e.Prob), true))
		}
		if e.Cut && mode != TeXExam {
			*opts = append(*opts, "edge label={node[midway, text=abcut, font=\\large\\bfseries]{$\\times$}}")
			if e.Test != "" {
				code = append(code, p.texOn(e.TestX, e.TestY, "middle", e.TestFont, "abcut", texMath(e.Test), true))
			}
		}
	}
	if len(code) > 0 {
		*opts = append(*opts, "tikz+={"+strings.Join(code, " ")+"}")
	}
}
