package export

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/view"
)

// reversiCase is the Reversi opening searched one ply deep: the root and
// its four moves, each an 8×8 board (also a golden case).
var reversiCase = scenario.Scenario{Game: "reversi", Depth: 1}

var discRE = regexp.MustCompile(`<circle cx="([-0-9.]+)" cy="([-0-9.]+)" r="2.1" fill="(#[0-9a-f]+)"`)

// reversiOfSVG reads the discs drawn in one node's SVG group back as the
// 64-square board text: each disc's centre gives its square, its fill
// the colour. It fails when a disc is off the board or two share a square.
func reversiOfSVG(n view.Node, group string) (string, error) {
	b := []byte(strings.Repeat(".", rvSquares))
	for _, m := range discRE.FindAllStringSubmatch(group, -1) {
		cx, _ := strconv.ParseFloat(m[1], 64)
		cy, _ := strconv.ParseFloat(m[2], 64)
		col := int(math.Round((cx - n.X + 17.5) / rvPitch))
		row := int(math.Round((cy - n.Y + 17.5) / rvPitch))
		if col < 0 || col >= rvSide || row < 0 || row >= rvSide || b[row*rvSide+col] != '.' {
			return "", fmt.Errorf("a disc at (%s, %s) is on no free square", m[1], m[2])
		}
		switch m[3] {
		case rvBlack:
			b[row*rvSide+col] = 'x'
		case rvWhite:
			b[row*rvSide+col] = 'o'
		default:
			return "", fmt.Errorf("a disc filled %s", m[3])
		}
	}
	return string(b), nil
}

// TestReversiExports checks that each export draws a Reversi position as
// its own 8×8 board, not as tic-tac-toe's grid: the SVG and the
// standalone HTML are read back disc by disc, the PNG's pixels are
// sampled at every square of each node, and the LaTeX node holds eight
// rows of eight squares.
func TestReversiExports(t *testing.T) {
	d := drawingAt(t, reversiCase, -1)
	if len(d.Nodes) != 5 {
		t.Fatalf("%d nodes, want the opening and its 4 moves", len(d.Nodes))
	}
	for _, n := range d.Nodes {
		if _, ok := boardDrawerOf(n.Board).(reversiBoard); n.Glyph != view.GlyphBoard || !ok {
			t.Fatalf("node %q: glyph %s, board %q, drawer %T; want a Reversi board", n.ID, n.Glyph, n.Board, boardDrawerOf(n.Board))
		}
	}
	check := func(t *testing.T, doc string) {
		t.Helper()
		groups := map[string]string{}
		for _, m := range nodeGroup.FindAllStringSubmatch(doc, -1) {
			groups[m[1]] += m[2]
		}
		for _, n := range d.Nodes {
			got, err := reversiOfSVG(n, groups[n.ID])
			if err != nil {
				t.Errorf("node %q: %v", n.ID, err)
			} else if got != n.Board {
				t.Errorf("node %q: drawn as %s, want %s", n.ID, got, n.Board)
			}
			if lines := strings.Count(groups[n.ID], `stroke="`+rvLine+`"`); lines != 2*(rvSide-1) {
				t.Errorf("node %q: %d grid lines, want %d", n.ID, lines, 2*(rvSide-1))
			}
		}
	}
	t.Run("svg", func(t *testing.T) {
		var buf bytes.Buffer
		if err := SVG(&buf, d, SVGOptions{}); err != nil {
			t.Fatal(err)
		}
		check(t, buf.String())
	})
	t.Run("html", func(t *testing.T) {
		var buf bytes.Buffer
		if err := writeHTML(&buf, []Frame{{Drawing: d, Narration: "end"}}, HTMLOptions{}); err != nil {
			t.Fatal(err)
		}
		check(t, buf.String())
	})
	t.Run("png", func(t *testing.T) {
		img := renderPNG(t, d)
		x0, y0, _, _ := box(d, Shapes(d))
		for _, n := range d.Nodes {
			got := make([]byte, rvSquares)
			for i := range got {
				// Each square's centre, pulled a little towards the board's
				// so that the edge squares are read inside the node's
				// outline (a thick stroke for the current node).
				dx, dy := (float64(i%rvSide*rvPitch)-17.5)*0.96, (float64(i/rvSide*rvPitch)-17.5)*0.96
				px := int(math.Floor((n.X + dx - x0) * DefaultPNGScale))
				py := int(math.Floor((n.Y + dy - y0) * DefaultPNGScale))
				r, g, b, _ := img.At(px, py).RGBA()
				switch {
				case r < 0x3000 && g < 0x3000 && b < 0x3000:
					got[i] = 'x'
				case r > 0xe000 && g > 0xe000 && b > 0xe000:
					got[i] = 'o'
				case g > r+0x2000 && g > b+0x2000:
					got[i] = '.'
				default:
					got[i] = '?'
				}
			}
			if string(got) != n.Board {
				t.Errorf("node %q: the pixels read %s, want %s", n.ID, got, n.Board)
			}
		}
	})
	t.Run("latex", func(t *testing.T) {
		for _, mode := range []TeXMode{TeXStep, TeXExam, TeXKey} {
			var buf bytes.Buffer
			if err := LaTeX(&buf, d, TeXOptions{Mode: mode}); err != nil {
				t.Fatal(err)
			}
			square := regexp.MustCompile(`\\makebox\[1\.35ex\]\{(\$\\bullet\$|\$\\circ\$|\\textcolor\{abghost\}\{\$\\cdot\$\})\}`)
			nodes := regexp.MustCompile(`(?m)^\s*\[\{(.*?)\}, `).FindAllStringSubmatch(buf.String(), -1)
			if len(nodes) != len(d.Nodes) {
				t.Fatalf("mode %d: %d nodes, want %d", mode, len(nodes), len(d.Nodes))
			}
			for i, m := range nodes {
				rows := strings.Split(m[1], `\\`)
				var b strings.Builder
				for _, row := range rows {
					sq := square.FindAllStringSubmatch(row, -1)
					if len(sq) != rvSide {
						t.Errorf("mode %d, node %q: a row of %d squares, want %d", mode, d.Nodes[i].ID, len(sq), rvSide)
					}
					for _, s := range sq {
						b.WriteByte(map[string]byte{`$\bullet$`: 'x', `$\circ$`: 'o'}[s[1]])
					}
				}
				got := strings.ReplaceAll(b.String(), "\x00", ".")
				if len(rows) != rvSide || got != d.Nodes[i].Board {
					t.Errorf("mode %d, node %q: %d rows written as %s, want 8 rows of %s", mode, d.Nodes[i].ID, len(rows), got, d.Nodes[i].Board)
				}
			}
		}
	})
}
