package export

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// TeXMode is what a LaTeX export shows.
type TeXMode uint8

// The LaTeX modes.
const (
	// TeXStep draws the step as the page does: the states, values and
	// bounds, α and β of the nodes on the stack, the cut marks and the
	// test that fired, the current node.
	TeXStep TeXMode = iota
	// TeXExam is the blank tree of an exam sheet: values on the leaves
	// only, nothing searched.
	TeXExam
	// TeXKey is the exam's answer: the drawing at the end of the search,
	// every value and bound and every cut, without α/β or highlights.
	TeXKey
)

// TeXOptions are the options of LaTeX.
type TeXOptions struct {
	Mode TeXMode
	// Fragment leaves out the document around the forest environment
	// (for pasting into slides that load the forest package and define
	// the colours; see the document's preamble for both).
	Fragment bool
	// Title is written as a comment at the top.
	Title string
}

// texPreamble loads what the tree needs: forest (TikZ underneath, in
// Debian's texlive-pictures) and the viewer's colours.
const texPreamble = `\documentclass{article}
\usepackage[T1]{fontenc}
\usepackage{amsmath}
\usepackage{forest}
\usetikzlibrary{shapes.geometric}
\pagestyle{empty}
`

const texColours = `\definecolor{abmax}{HTML}{1D4ED8}\definecolor{abmaxfill}{HTML}{DBEAFE}
\definecolor{abmin}{HTML}{B91C1C}\definecolor{abminfill}{HTML}{FEE2E2}
\definecolor{abchance}{HTML}{0F766E}\definecolor{abchancefill}{HTML}{CCFBF1}
\definecolor{ableaf}{HTML}{334155}\definecolor{ableaffill}{HTML}{E2E8F0}
\definecolor{abopen}{HTML}{FEF3C7}\definecolor{abaccent}{HTML}{C2410C}
\definecolor{abcut}{HTML}{DC2626}\definecolor{abghost}{HTML}{94A3B8}
\definecolor{abab}{HTML}{6D28D9}\definecolor{abfg}{HTML}{0F172A}
`

// texValueDrop is how far under a board the edges to its children start,
// below its value (a bold normal-size line with 1pt of padding, about
// 3mm high).
const texValueDrop = "3.6mm"

// texStyles are the forest styles of the glyphs and states.
const texStyles = `  for tree={l sep=11mm, s sep=4mm, inner sep=1pt, font=\sffamily\bfseries\small,
    parent anchor=south, child anchor=north, edge={abfg, line width=0.9pt}},
  gmax/.style={regular polygon, regular polygon sides=3, draw, minimum size=11mm, inner sep=0pt},
  gmin/.style={regular polygon, regular polygon sides=3, shape border rotate=180, draw, minimum size=11mm, inner sep=0pt},
  gchance/.style={circle, draw, minimum size=7mm},
  gplayer/.style={rectangle, rounded corners=2mm, draw, minimum size=7mm},
  gleaf/.style={rectangle, rounded corners=1mm, draw, minimum width=7mm, minimum height=6mm},
  unvisited/.style={draw=abghost, text=abghost, edge={abghost, line width=0.5pt}},
  pruned/.style={draw=abghost, text=abghost, dashed, edge={abghost, dashed, line width=0.5pt}},
  current/.style={draw=abaccent, line width=2pt, edge={abaccent, line width=2pt}},
`

// MaxTeXBytes bounds a LaTeX file: forest takes minutes on a few thousand
// nodes, and 2,000 boards make 250 KB.
const MaxTeXBytes = 4 << 20

// LaTeX writes the drawing as forest code: the tree with its glyphs (MAX
// a triangle pointing up, MIN one pointing down, CHANCE a circle, leaves
// boxes), values and bounds beside the nodes, α and β beside the nodes on
// the stack, probabilities on the edges, and the edges a cutoff pruned
// dashed with a cross and the test that fired, as lectures draw them.
//
// A file that would pass MaxTeXBytes stops there with a LimitError.
func LaTeX(w io.Writer, d *view.Drawing, opt TeXOptions) error {
	bw := bufio.NewWriter(&capWriter{w: w, max: MaxTeXBytes, limit: "MaxTeXBytes"})
	if opt.Title != "" {
		bw.WriteString("% " + strings.ReplaceAll(opt.Title, "\n", " ") + "\n")
	}
	bw.WriteString("% Made by abtrace. Compile with pdflatex; needs the forest package (Debian: texlive-pictures).\n")
	if opt.Fragment && d.Set != nil && opt.Mode == TeXStep {
		bw.WriteString("% The information set's join needs \\usetikzlibrary{backgrounds}.\n")
	}
	if !opt.Fragment {
		bw.WriteString(texPreamble)
		if d.Set != nil && opt.Mode == TeXStep {
			// The information set's join is drawn under the tree's nodes.
			bw.WriteString("\\usetikzlibrary{backgrounds}\n")
		}
		bw.WriteString(texColours)
		bw.WriteString("\\begin{document}\n\\begin{center}\n")
	}
	// A sideways drawing is as large as the drawing at texUnit: one
	// taller or wider than a page's text is scaled to fit it.
	fit := 1.0
	if d.Across && !opt.Fragment {
		fit = texFit(d.Width, d.Height)
	}
	if fit < 1 {
		bw.WriteString("\\scalebox{" + strconv.FormatFloat(fit, 'f', 3, 64) + "}{%\n")
	}
	bw.WriteString("\\begin{forest}\n")
	bw.WriteString(texStyles)
	children := map[string][]int{}
	root := -1
	for i, n := range d.Nodes {
		if !n.HasParent {
			root = i
			continue
		}
		children[n.Parent] = append(children[n.Parent], i)
	}
	edges := map[string]view.Edge{}
	for _, e := range d.Edges {
		edges[e.ID] = e
	}
	var at *texPlaces
	if d.Across && root >= 0 {
		// Sideways: the root at the left, the first child on top, every
		// node and label where the drawing has it (see texPlaces).
		bw.WriteString("  for tree={grow'=0, parent anchor=east, child anchor=west, anchor=center},\n")
		at = &texPlaces{x0: d.Nodes[root].X, y0: d.Nodes[root].Y, root: texName(root), fonts: d.Fonts, words: d.Words}
	}
	if root >= 0 {
		writeTeXNode(bw, d, root, children, edges, opt.Mode, 1, at)
	}
	bw.WriteString("\\end{forest}\n")
	if fit < 1 {
		bw.WriteString("}\n")
	}
	if !opt.Fragment {
		bw.WriteString("\\end{center}\n\\end{document}\n")
	}
	return bw.Flush()
}

func writeTeXNode(bw *bufio.Writer, d *view.Drawing, i int, children map[string][]int, edges map[string]view.Edge, mode TeXMode, depth int, at *texPlaces) {
	n := d.Nodes[i]
	content, opts := texGlyph(n)
	opts = append(opts, texStateOpts(n, mode)...)
	opts = append(opts, texSetOpts(d, i, mode, at != nil)...)
	if at != nil {
		writeTeXPlaced(n, texName(i), edges, mode, at, &opts)
		writeTeXChildren(bw, d, i, children, edges, mode, depth, at, content, opts)
		return
	}
	opts = append(opts, texLabelOpts(n, len(children[n.ID]) > 0, mode, d.Words)...)
	if e, ok := edges[n.ID]; ok {
		opts = append(opts, texEdgeOpts(e, mode)...)
	}
	writeTeXChildren(bw, d, i, children, edges, mode, depth, at, content, opts)
}

// texGlyph is a LaTeX node's content and the options of its glyph's
// style.
func texGlyph(n view.Node) (content string, opts []string) {
	switch n.Glyph {
	case view.GlyphLeaf:
		if n.Text == "" { // a named node the depth limit makes a leaf: its name
			return texText(n.LeafText()), []string{"gleaf"}
		}
		return texMath(n.Text), []string{"gleaf"}
	case view.GlyphPlayer:
		return "P" + strconv.Itoa(n.Player), []string{"gplayer"}
	case view.GlyphBoard, view.GlyphChess:
		return nodeBoardDrawer(n).tex(n)
	}
	content = texText(firstOf(n.Text, n.Label))
	switch n.Glyph {
	case view.GlyphMax:
		opts = []string{"gmax"}
	case view.GlyphMin:
		opts = []string{"gmin"}
	case view.GlyphChance:
		opts = []string{"gchance"}
	case view.GlyphJoint:
		// Roles that choose at once (decoupled UCT): a diamond.
		opts = []string{"diamond", "draw", "minimum size=8mm"}
	}
	return content, opts
}

// texStateOpts are the options of a node's state (an exam draws every
// node as unvisited but in its kind's colour), and the current node's.
func texStateOpts(n view.Node, mode TeXMode) []string {
	var opts []string
	kindCol, fillCol := texKindColours(n)
	state := n.State
	if mode == TeXExam {
		state = "exam"
	}
	switch state {
	case "unvisited", "pruned":
		opts = append(opts, state)
	case "open":
		opts = append(opts, "draw="+kindCol, "fill=abopen")
	case "done":
		opts = append(opts, "draw="+kindCol, "fill="+fillCol)
	case "exam":
		opts = append(opts, "draw="+kindCol)
	}
	if mode == TeXStep && n.Current {
		opts = append(opts, "current")
	}
	return opts
}

// texLabelOpts are the labels beside a node in a tree drawn by forest:
// the value or bound (the exam shows leaves only, whose boxes hold their
// values), the α/β window and a fold's counts.
func texLabelOpts(n view.Node, hasChildren bool, mode TeXMode, words func(trace.Phrase) string) []string {
	var opts []string
	valueSide, abSide, foldSide := "right", "left", "below"
	if n.Glyph.Below() {
		valueSide = "below"
	}
	if mode != TeXExam && n.Shown != "" {
		side, pad := valueSide, ""
		if side == "below" && hasChildren {
			// A board's value under it would sit on the edges to its
			// children: they start under the value instead.
			pad = ", inner sep=1pt"
			opts = append(opts, "for children={edge path'={(!u.parent anchor) ++(0,-"+texValueDrop+") -- (.child anchor)}}")
		}
		opts = append(opts, "label={[text="+valueTeXColour(n)+pad+", font=\\bfseries]"+side+":"+texMath(n.Shown)+"}")
	}
	if mode == TeXStep && n.OnStack && n.Alpha != "" {
		opts = append(opts, "label={[text=abab, align=right, font=\\scriptsize\\bfseries]"+abSide+":"+texMath(n.Alpha)+"\\\\"+texMath(n.Beta)+"}")
	}
	if n.Fold != nil && mode != TeXExam {
		opts = append(opts, "label={[font=\\scriptsize, text=abghost]"+foldSide+":"+texText(strings.Join(foldLines(n, words), " "))+"}")
	}
	return opts
}

// texEdgeOpts are the labels of the edge into a node: its probability,
// and the cross and test of a cutoff.
func texEdgeOpts(e view.Edge, mode TeXMode) []string {
	var labels []string
	if e.Prob != "" {
		labels = append(labels, "node[midway, left, font=\\scriptsize, text=abchance]{"+texMath(e.Prob)+"}")
	}
	if e.Cut && mode != TeXExam {
		labels = append(labels, "node[midway, text=abcut, font=\\large\\bfseries]{$\\times$}")
		if e.Test != "" {
			labels = append(labels, "node[midway, below=2.5mm, text=abcut, font=\\scriptsize\\bfseries, fill=white, inner sep=1pt]{"+texMath(e.Test)+"}")
		}
	}
	if len(labels) == 0 {
		return nil
	}
	return []string{"edge label={" + strings.Join(labels, " ") + "}"}
}

// writeTeXChildren writes node i (its content and options) and its
// subtree.
func writeTeXChildren(bw *bufio.Writer, d *view.Drawing, i int, children map[string][]int, edges map[string]view.Edge, mode TeXMode, depth int, at *texPlaces, content string, opts []string) {
	indent := strings.Repeat("  ", depth)
	bw.WriteString(indent + "[{" + content + "}, " + strings.Join(opts, ", "))
	kids := children[d.Nodes[i].ID]
	if len(kids) == 0 {
		bw.WriteString("]\n")
		return
	}
	bw.WriteString("\n")
	for _, k := range kids {
		writeTeXNode(bw, d, k, children, edges, mode, depth+1, at)
	}
	bw.WriteString(indent + "]\n")
}

func texKindColours(n view.Node) (string, string) {
	switch {
	case n.Glyph == view.GlyphLeaf:
		return "ableaf", "ableaffill"
	case n.Kind == trace.Max:
		return "abmax", "abmaxfill"
	case n.Kind == trace.Min:
		return "abmin", "abminfill"
	case n.Kind == trace.Chance:
		return "abchance", "abchancefill"
	}
	return "abfg", "white"
}

func valueTeXColour(n view.Node) string {
	switch {
	case n.Glyph == view.GlyphLeaf || n.Glyph.Board():
		return "abfg"
	case n.Kind == trace.Max:
		return "abmax"
	case n.Kind == trace.Min:
		return "abmin"
	case n.Kind == trace.Chance:
		return "abchance"
	}
	return "abfg"
}

// texText escapes text for LaTeX's text mode.
func texText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\textbackslash{}`)
		case '{', '}', '_', '#', '%', '&', '$':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '^':
			b.WriteString(`\^{}`)
		case '~':
			b.WriteString(`\~{}`)
		case '−':
			b.WriteByte('-')
		case '\u00a0', '\u202f':
			b.WriteByte('~') // a count's group separator (1 228)
		default:
			if r < 128 {
				b.WriteRune(r)
			} else {
				b.WriteString(texSymbol(r, true))
			}
		}
	}
	return b.String()
}

// texMath writes a value, bound, window or test ("≤ 2", "α=3", "2 ≤ α =
// 3", "upper bound 5 ≤ α = 6", "(3, 1, 2)") in math mode; words stay
// words (\text{upper bound}).
func texMath(s string) string {
	if s == "" {
		return ""
	}
	var b strings.Builder
	b.WriteByte('$')
	runes := []rune(s)
	for i := 0; i < len(runes); i++ {
		// A word of two letters or more, with the spaces inside it.
		if j := texWordEnd(runes, i); j > i {
			b.WriteString(`\text{` + texText(string(runes[i:j])) + `} `)
			i = j - 1
			continue
		}
		texMathRune(&b, runes[i])
	}
	b.WriteByte('$')
	return b.String()
}

// texLetter reports whether r is an ASCII letter.
func texLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// texWordEnd is the end of the word of two letters or more (the spaces
// inside it included) that starts at runes[i], or i when none starts there.
func texWordEnd(runes []rune, i int) int {
	if !texLetter(runes[i]) || i+1 >= len(runes) || !texLetter(runes[i+1]) {
		return i
	}
	j := i
	for j < len(runes) && (texLetter(runes[j]) || runes[j] == ' ' && j+1 < len(runes) && texLetter(runes[j+1])) {
		j++
	}
	return j
}

// texMathRune writes one character of a formula in LaTeX's math mode.
func texMathRune(b *strings.Builder, r rune) {
	switch {
	case r == ' ':
		b.WriteByte(' ')
	case r == '−':
		b.WriteByte('-')
	case r == '{' || r == '}' || r == '_' || r == '#' || r == '%' || r == '&' || r == '$':
		b.WriteByte('\\')
		b.WriteRune(r)
	case r == '\\' || r == '^' || r == '~':
		b.WriteString(`\backslash `)
	case r < 128:
		b.WriteRune(r)
	default:
		b.WriteString(texSymbol(r, false))
	}
}

// texSymbol is the LaTeX of a symbol the drawings use.
func texSymbol(r rune, text bool) string {
	m := map[rune]string{'≤': `\leq `, '≥': `\geq `, 'α': `\alpha `, 'β': `\beta `, '∞': `\infty `, '×': `\times `, '…': `\ldots `, '·': `\cdot `,
		// The card game's suits, as its cards are written (♣5).
		'♣': `\clubsuit `, '♦': `\diamondsuit `, '♥': `\heartsuit `, '♠': `\spadesuit `}
	s, ok := m[r]
	if !ok {
		return "?"
	}
	if text {
		return "$" + strings.TrimSpace(s) + "$"
	}
	return s
}
