package view

import (
	"slices"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// TestChessBoardsApart: minichess positions are drawn as GlyphChess
// boards, and at ChessSpacing no two boards of one level (each with its
// kind marker) overlap or touch, neither in the viewer's scene nor in the
// comparison's layout (BoardLayout without the presenter's spacing).
func TestChessBoardsApart(t *testing.T) {
	for _, q := range []string{
		"game=minichess&position=horizon&depth=1",
		"game=minichess&position=horizon&depth=1&quiescence=1",
		"game=minichess&position=start&depth=2",
	} {
		t.Run(q, func(t *testing.T) {
			_, s := prepare(t, q)
			layouts := map[string]*trace.Layout{"viewer": s.Layout, "comparison": trace.NewLayout(s.Shape, BoardLayout(s.Source))}
			for name, l := range layouts {
				levels := map[float64][]rect{}
				for _, n := range l.Nodes {
					g := GlyphOf(s.Source, n)
					if g != GlyphChess {
						t.Fatalf("%s: node %q: got glyph %q, want %q", name, n.ID, g, GlyphChess)
					}
					levels[n.Y] = append(levels[n.Y], glyphRect(g, n, 1).shift(n.X, n.Y))
				}
				for y, rs := range levels {
					slices.SortFunc(rs, func(a, b rect) int { return int(a.x0 - b.x0) })
					for i := 1; i < len(rs); i++ {
						// (The boxes hold a unit for the outline already.)
						if gap := rs[i].x0 - rs[i-1].x1; gap < 1 {
							t.Errorf("%s: level at y=%g: two boards %g units apart, want at least 1", name, y, gap)
						}
					}
				}
			}
		})
	}
}

// TestChessGlyphHoldsItsParts: edges meet a minichess board's outline,
// and a piece's letter fits its square (TestBoardGlyphsHoldTheirMarker
// checks its box).
func TestChessGlyphHoldsItsParts(t *testing.T) {
	h := GlyphChess.Half()
	if got, want := GlyphChess.Top(), -h-1; got != want {
		t.Errorf("Top: got %g, want %g", got, want)
	}
	if got, want := GlyphChess.Bottom(), h+1; got != want {
		t.Errorf("Bottom: got %g, want %g", got, want)
	}
	if got, want := float64(5*ChessSquare), 2*h; got != want {
		t.Errorf("five squares: got %g units, want the board's %g", got, want)
	}
	// DejaVu Sans Bold: capitals 0.73 em high; Q, the widest piece
	// letter, 0.85 em wide.
	if top := ChessPieceY - textCap*ChessPiece; top < 0 {
		t.Errorf("a letter's top is %g units above its square", -top)
	}
	if ChessPieceY > ChessSquare {
		t.Errorf("a letter's baseline is %g, below its square's %d", ChessPieceY, ChessSquare)
	}
	if w := 0.85 * ChessPiece; w > ChessSquare {
		t.Errorf("a Q is %g units wide, more than its square's %d", w, ChessSquare)
	}
}

// textCap is the height of a capital of DejaVu Sans Bold, in ems.
const textCap = 0.73

// TestBoardGlyphsHoldTheirMarker: the box label placement keeps clear
// around every game's board holds the board and, left of it, the marker
// that tells MAX from MIN, so that no label is placed over the marker.
func TestBoardGlyphsHoldTheirMarker(t *testing.T) {
	for _, g := range []Glyph{GlyphBoard, GlyphChess} {
		t.Run(string(g), func(t *testing.T) {
			r := glyphRect(g, trace.LayoutNode{}, 1)
			h := g.Half()
			if board := (rect{-h, -h, h, h}); !r.contains(board) {
				t.Errorf("the glyph's box %v does not hold the board %v", r, board)
			}
			for _, k := range []trace.Kind{trace.Max, trace.Min} {
				for _, p := range MarkerPoints(k, -h, -h) {
					if !r.contains(rect{p[0], p[1], p[0], p[1]}) {
						t.Errorf("%v: got the marker's corner %v outside the glyph's box %v, want it inside", k, p, r)
					}
				}
			}
		})
	}
}
