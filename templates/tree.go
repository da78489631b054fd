package templates

import (
	"context"
	"github.com/abtrace/abtrace/search/minichess"
	"strings"

	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// Geometry of the drawing: the spacings of view's layouts.
const (
	NodeSpacing       = view.NodeSpacing
	LevelSpacing      = view.LevelSpacing
	BoardSpacing      = view.BoardSpacing
	BoardLevelSpacing = view.BoardLevelSpacing
	VectorSpacing     = view.VectorSpacing
	ChanceSpacing     = view.ChanceSpacing
)

// drawing is the tree of a View at its frame, as package view draws it.
func (v *View) drawing() *view.Drawing {
	if v.drawn == nil {
		v.drawn = view.Draw(v.Source, v.Layout, v.Frame, v.Folds)
	}
	return v.drawn
}

// outlineTree is a drawing's nodes as a tree of indices into
// Drawing.Nodes, for the outline (the text alternative of the drawing).
type outlineTree struct {
	d        *view.Drawing
	f        *trace.Frame
	roots    []int
	children [][]int
}

func newOutline(d *view.Drawing, f *trace.Frame) *outlineTree {
	o := &outlineTree{d: d, f: f, children: make([][]int, len(d.Nodes))}
	at := make(map[string]int, len(d.Nodes))
	for i, n := range d.Nodes {
		at[n.ID] = i
		if p, ok := at[n.Parent]; n.HasParent && ok {
			o.children[p] = append(o.children[p], i)
		} else {
			o.roots = append(o.roots, i)
		}
	}
	return o
}

// name is what the outline calls a node, in the page's language: its
// label as the viewer reads it (see trace.Frame.Labels), the root, or its
// id.
func (o *outlineTree) name(ctx context.Context, n view.Node) string {
	label := o.f.LabelText(n.Label)
	if label == "" && n.ID == "" {
		return T(ctx, "view.root")
	}
	return view.NodeName(n.ID, label)
}

// cut is what the outline says of the cutoff that pruned node i first
// (the test that fired, whole, also where the drawing writes its short
// form or leaves it off), or "".
func (o *outlineTree) cut(ctx context.Context, i int) string {
	if i == 0 || o.d.Edges[i-1].TestFull == "" {
		return ""
	}
	return T(ctx, "view.outline.cut", "Test", o.d.Edges[i-1].TestFull)
}

// outlineKind is what the outline calls a node: MAX, MIN, CHANCE, P2, or
// a leaf.
func outlineKind(ctx context.Context, n view.Node) string {
	if n.Leaf {
		return T(ctx, "view.outline.leaf")
	}
	return n.Kind.Upper()
}

// num formats a coordinate compactly: at most one decimal.
func num(x float64) string { return view.Num(x) }

// translate is the transform that puts a node at its place.
func translate(n view.Node) string { return "translate(" + num(n.X) + " " + num(n.Y) + ")" }

// boardCell is one cell of a tic-tac-toe board glyph.
type boardCell struct {
	X, Y float64
	Mark string
}

// boardCells returns the marks of a 9-cell board string, placed on a
// 39-unit board centred on the node.
func boardCells(board string) []boardCell {
	var out []boardCell
	for i := 0; i < len(board) && i < 9; i++ {
		c := board[i]
		if c != 'x' && c != 'o' && c != 'X' && c != 'O' {
			continue
		}
		out = append(out, boardCell{X: float64(i%3-1) * 13, Y: float64(i/3-1)*13 + 4.5, Mark: strings.ToLower(string(c))})
	}
	return out
}

// BoardSource reports whether a source's nodes are drawn as small boards:
// tic-tac-toe, Reversi and suicide Reversi (see view.BoardSource).
func BoardSource(source string) bool { return view.BoardSource(source) }

// reversiSquares is the number of squares of a Reversi board string.
const reversiSquares = 64

// isReversi reports whether a node's board is a Reversi board.
func isReversi(board string) bool { return len(board) == reversiSquares }

// reversiDiscs places the discs of a 64-square board (x black, o white)
// on the 40-unit board glyph: 8 rows of 5 units, centred.
func reversiDiscs(board string) []boardCell {
	var out []boardCell
	for i := 0; i < len(board) && i < reversiSquares; i++ {
		c := board[i]
		if c != 'x' && c != 'o' {
			continue
		}
		mark := "b"
		if c == 'o' {
			mark = "w"
		}
		out = append(out, boardCell{X: float64(i%8)*5 - 17.5, Y: float64(i/8)*5 - 17.5, Mark: mark})
	}
	return out
}

// connect4Len is the length of a Connect Four board string: six rows of
// seven cells from the top, separated by "/".
const connect4Len = 6*7 + 5

// isConnect4 reports whether a node's board is a Connect Four board.
func isConnect4(board string) bool { return len(board) == connect4Len && board[7] == '/' }

// connect4Discs places the discs of a Connect Four board (x, o) on the
// 40-unit board glyph: 7 columns and 6 rows of 5.4 units, centred.
func connect4Discs(board string) []boardCell {
	var out []boardCell
	row, col := 0, 0
	for i := 0; i < len(board); i++ {
		switch c := board[i]; c {
		case '/':
			row, col = row+1, 0
			continue
		case 'x', 'o':
			out = append(out, boardCell{X: float64(col-3) * 5.4, Y: (float64(row) - 2.5) * 5.4, Mark: string(c)})
		}
		col++
	}
	return out
}

// minichessSquare is one square of a minichess board glyph: its corner
// (X, Y), whether it is dark, and the piece on it as an upper-case
// letter ("" when empty) with Side "w" (White, MAX) or "b" (Black, MIN).
type minichessSquare struct {
	X, Y        float64
	Dark        bool
	Piece, Side string
}

// minichessSquares places the 25 squares of a minichess board on its
// board glyph (view.GlyphChess), rank 5 at the top, file a on the left,
// a1 dark.
func minichessSquares(board string) []minichessSquare {
	var out []minichessSquare
	row, file := 0, 0
	for i := 0; i < len(board); i++ {
		c := board[i]
		if c == '/' {
			row, file = row+1, 0
			continue
		}
		sq := minichessSquare{X: float64(file*view.ChessSquare) - view.ChessHalf, Y: float64(row*view.ChessSquare) - view.ChessHalf,
			Dark: (minichess.Ranks-1-row+file)%2 == 0}
		switch {
		case c >= 'A' && c <= 'Z':
			sq.Piece, sq.Side = string(c), "w"
		case c >= 'a' && c <= 'z':
			sq.Piece, sq.Side = string(c-'a'+'A'), "b"
		}
		out = append(out, sq)
		file++
	}
	return out
}

// boardMarker is the small triangle beside a board that tells MAX (up)
// from MIN (down) by shape (see view.MarkerPoints).
func boardMarker(n view.Node) string {
	h := n.Glyph.Half()
	p := view.MarkerPoints(n.Kind, -h, -h)
	return "M" + num(p[0][0]) + " " + num(p[0][1]) + "L" + num(p[1][0]) + " " + num(p[1][1]) + "L" + num(p[2][0]) + " " + num(p[2][1]) + "Z"
}

// fanPath is the fan under a folded node that stands for its subtree.
func fanPath(c [3][2]float64) string {
	return "M" + num(c[0][0]) + " " + num(c[0][1]) + "L" + num(c[1][0]) + " " + num(c[1][1]) + "L" + num(c[2][0]) + " " + num(c[2][1]) + "Z"
}

// resultValue is the root value once the search is done.
func resultValue(v *View) string {
	if v.Frame.Result == nil {
		return ""
	}
	if len(v.Frame.Result.Vec) > 0 {
		return VecText(v.Frame.Result.Vec)
	}
	return view.ShortText(v.Frame.Result.Value.String())
}

// ProbText writes a probability shortly (see view.ProbText).
func ProbText(p float64) string { return view.ProbText(p) }

// ShortText shortens the numbers of a value text (see view.ShortText).
func ShortText(s string) string { return view.ShortText(s) }

// VecText writes a value vector as the trace does: "(3, 1, 2)".
func VecText(vec []float64) string { return view.VecText(vec) }

// leafX is the left edge of a leaf box of width w.
func leafX(w float64) string { return num(-w / 2) }

// byMessage is the message naming a step size.
func byMessage(u view.By) string {
	switch u {
	case view.ByNode:
		return "view.by.node"
	case view.ByCutoff:
		return "view.by.cutoff"
	}
	return "view.by.event"
}

// stateMessage is the message naming a node's state in the outline.
func stateMessage(state string) string {
	switch state {
	case "open":
		return "view.state.open"
	case "done":
		return "view.state.done"
	case "pruned":
		return "view.state.pruned"
	}
	return "view.state.unvisited"
}

// outlineValue is a node's value as the outline says it: as the label
// beside the node writes it (7.67), or the whole value where the drawing
// writes none (a leaf shows its own). viewer.js writes a patch's the same
// way.
func outlineValue(n view.Node) string {
	if n.Shown != "" {
		return n.Shown
	}
	return n.Value
}
