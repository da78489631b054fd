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

// connect4Case is a Connect Four position late in a game, where only
// columns b, c and g are open, searched two plies deep: its tree is small
// enough for golden files and every node is a 7×6 board.
var connect4Case = scenario.Scenario{Game: "connect4", Position: "feffbaddabedgacffdacaebadfeggdgee", Depth: 2}

var (
	nodeGroup = regexp.MustCompile(`(?s)<g data-node="([^"]*)" data-state="[a-z]+">\n(.*?)</g>`)
	circleRE  = regexp.MustCompile(`<circle cx="([-0-9.]+)" cy="([-0-9.]+)" r="[0-9.]+" fill="(#[0-9a-f]+)"`)
)

// boardOfSVG reads the Connect Four board drawn in one node's SVG group
// back as board text: each circle's centre gives its slot, its fill the
// disc. It fails unless there are exactly 42 slots, one on each.
func boardOfSVG(n view.Node, group string) (string, error) {
	var cells [c4Rows][c4Cols]byte
	found := 0
	for _, m := range circleRE.FindAllStringSubmatch(group, -1) {
		cx, _ := strconv.ParseFloat(m[1], 64)
		cy, _ := strconv.ParseFloat(m[2], 64)
		col := int(math.Round((cx-n.X)/c4Pitch)) + 3
		row := int(math.Round((cy-n.Y)/c4Pitch + 2.5))
		if col < 0 || col >= c4Cols || row < 0 || row >= c4Rows || cells[row][col] != 0 {
			return "", fmt.Errorf("a circle at (%s, %s) is on no free slot", m[1], m[2])
		}
		switch m[3] {
		case colMax:
			cells[row][col] = 'x'
		case colMin:
			cells[row][col] = 'o'
		case colBg:
			cells[row][col] = '.'
		default:
			return "", fmt.Errorf("a circle filled %s", m[3])
		}
		found++
	}
	if found != c4Rows*c4Cols {
		return "", fmt.Errorf("%d slots, want %d", found, c4Rows*c4Cols)
	}
	rows := make([]string, c4Rows)
	for r := range rows {
		rows[r] = string(cells[r][:])
	}
	return strings.Join(rows, "/"), nil
}

// checkSVGBoards checks that every node of d is drawn in svg as the 7×6
// board it holds.
func checkSVGBoards(t *testing.T, d *view.Drawing, svg string) {
	t.Helper()
	groups := map[string]string{}
	for _, m := range nodeGroup.FindAllStringSubmatch(svg, -1) {
		groups[m[1]] += m[2]
	}
	for _, n := range d.Nodes {
		got, err := boardOfSVG(n, groups[n.ID])
		if err != nil {
			t.Errorf("node %q: %v", n.ID, err)
			continue
		}
		if got != n.Board {
			t.Errorf("node %q: drawn as %s, want %s", n.ID, got, n.Board)
		}
	}
}

// TestConnect4Exports checks that each export draws a Connect Four
// position as its 7×6 board with the right discs: the SVG and the
// standalone HTML are read back slot by slot, the PNG's pixels are
// sampled at every slot of the root, and the LaTeX node holds six rows of
// seven slots.
func TestConnect4Exports(t *testing.T) {
	d := drawingAt(t, connect4Case, -1)
	if len(d.Nodes) < 4 {
		t.Fatalf("%d nodes, want a tree", len(d.Nodes))
	}
	for _, n := range d.Nodes {
		if n.Glyph != view.GlyphBoard || !(connect4Board{}).fits(n.Board) {
			t.Fatalf("node %q: glyph %s, board %q; want a Connect Four board", n.ID, n.Glyph, n.Board)
		}
	}
	t.Run("svg", func(t *testing.T) {
		var buf bytes.Buffer
		if err := SVG(&buf, d, SVGOptions{}); err != nil {
			t.Fatal(err)
		}
		checkSVGBoards(t, d, buf.String())
	})
	t.Run("html", func(t *testing.T) {
		var buf bytes.Buffer
		if err := writeHTML(&buf, []Frame{{Drawing: d, Narration: "end"}}, HTMLOptions{}); err != nil {
			t.Fatal(err)
		}
		checkSVGBoards(t, d, buf.String())
	})
	t.Run("png", func(t *testing.T) {
		img := renderPNG(t, d)
		x0, y0, _, _ := box(d, Shapes(d))
		root := d.Nodes[0]
		var got [c4Rows][c4Cols]byte
		for r := range c4Rows {
			for c := range c4Cols {
				px := int(math.Round((root.X + float64(c-3)*c4Pitch - x0) * DefaultPNGScale))
				py := int(math.Round((root.Y + (float64(r)-2.5)*c4Pitch - y0) * DefaultPNGScale))
				red, green, blue, _ := img.At(px, py).RGBA()
				switch {
				case blue > 0x8000 && red < 0x6000:
					got[r][c] = 'x'
				case red > 0x8000 && blue < 0x6000 && green < 0x6000:
					got[r][c] = 'o'
				case red > 0xe000 && green > 0xe000 && blue > 0xe000:
					got[r][c] = '.'
				default:
					got[r][c] = '?'
				}
			}
		}
		rows := make([]string, c4Rows)
		for r := range rows {
			rows[r] = string(got[r][:])
		}
		if s := strings.Join(rows, "/"); s != root.Board {
			t.Errorf("the root's pixels read %s, want %s", s, root.Board)
		}
	})
	t.Run("latex", func(t *testing.T) {
		for _, mode := range []TeXMode{TeXStep, TeXExam, TeXKey} {
			var buf bytes.Buffer
			if err := LaTeX(&buf, d, TeXOptions{Mode: mode}); err != nil {
				t.Fatal(err)
			}
			slot := regexp.MustCompile(`\\makebox\[1\.3ex\]\{\\textcolor\{ab(max|min|ghost)\}`)
			nodes := regexp.MustCompile(`(?m)^\s*\[\{(.*?)\}, `).FindAllStringSubmatch(buf.String(), -1)
			if len(nodes) != len(d.Nodes) {
				t.Fatalf("mode %d: %d nodes, want %d", mode, len(nodes), len(d.Nodes))
			}
			for i, m := range nodes {
				rows := strings.Split(m[1], `\\`)
				var b strings.Builder
				for r, row := range rows {
					if r > 0 {
						b.WriteByte('/')
					}
					for _, s := range slot.FindAllStringSubmatch(row, -1) {
						b.WriteByte(map[string]byte{"max": 'x', "min": 'o', "ghost": '.'}[s[1]])
					}
				}
				if got := b.String(); got != d.Nodes[i].Board {
					t.Errorf("mode %d, node %q: written as %s, want %s", mode, d.Nodes[i].ID, got, d.Nodes[i].Board)
				}
			}
		}
	})
}
