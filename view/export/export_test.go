package export

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"github.com/abtrace/abtrace/search/tree"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// drawingAt draws scenario s at step (-1: the end) as the viewer does.
func drawingAt(t testing.TB, s scenario.Scenario, step int) *view.Drawing {
	t.Helper()
	p, err := s.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	scene, err := view.NewScene(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := trace.NewFrame()
	var applyErr error
	if _, err := p.Run(func(e *trace.Event) bool {
		if step >= 0 && e.Step > step {
			return false
		}
		applyErr = f.Apply(*e)
		return applyErr == nil
	}); err != nil && step < 0 {
		t.Fatal(err)
	}
	if applyErr != nil {
		t.Fatal(applyErr)
	}
	return scene.Draw(f, view.FoldsAt(p, scene, f))
}

// renderPNG rasterises d at the default scale and decodes it back.
func renderPNG(t *testing.T, d *view.Drawing) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := PNG(context.Background(), &buf, d, 0); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// goldenCases are the drawings every export is checked on: the textbook
// tree at its cutoff (step 27: C is cut after its first leaf) and at the
// end, and a tree with CHANCE nodes; Connect Four and Reversi boards.
var goldenCases = []struct {
	name string
	s    scenario.Scenario
	step int
}{
	{"textbook-cutoff", scenario.Scenario{Tree: tree.TwoPlyGameTree}, 27},
	{"textbook-end", scenario.Scenario{Tree: tree.TwoPlyGameTree}, -1},
	// Sideways (layout=across) at the same cutoff: the root's α/β and C's
	// beside their glyphs, clear of the edges that fan out to the right.
	{"textbook-across-cutoff", scenario.Scenario{Tree: tree.TwoPlyGameTree, Layout: scenario.LayoutAcross}, 27},
	{"chance-end", scenario.Scenario{Tree: "([chance](0.9:(2 2) 0.1:(3 3)) [chance](0.9:(1 1) 0.1:(4 4)))", Algo: "expectiminimax"}, -1},
	// Sideways and taller than a page: scaled to fit it, probabilities
	// where the drawing writes them, on the background's colour.
	{"chance-across-end", scenario.Scenario{Tree: "([chance](0.9:(2 2) 0.1:(3 3)) [chance](0.9:(1 1) 0.1:(4 4)))", Algo: "expectiminimax",
		Layout: scenario.LayoutAcross}, -1},
	{"star1-cutoff", scenario.Scenario{Tree: "([chance](5 7) [chance](0 9))", Algo: "star1", Bounds: "0,10"}, 22},
	{"connect4-end", connect4Case, -1},
	{"reversi-end", reversiCase, -1},
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from its golden file (run go test -update after checking the change):\ngot:\n%s", name, got)
	}
}

func TestSVGGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := SVG(&buf, drawingAt(t, tc.s, tc.step), SVGOptions{Title: tc.name}); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name+".svg", buf.Bytes())
		})
	}
}

func TestLaTeXGolden(t *testing.T) {
	for _, tc := range goldenCases {
		for _, m := range []struct {
			suffix string
			mode   TeXMode
		}{{"", TeXStep}, {"-exam", TeXExam}, {"-key", TeXKey}} {
			if m.mode != TeXStep && tc.step >= 0 {
				continue // the exam and its key do not depend on the step
			}
			t.Run(tc.name+m.suffix, func(t *testing.T) {
				var buf bytes.Buffer
				if err := LaTeX(&buf, drawingAt(t, tc.s, tc.step), TeXOptions{Mode: m.mode, Title: tc.name}); err != nil {
					t.Fatal(err)
				}
				golden(t, tc.name+m.suffix+".tex", buf.Bytes())
			})
		}
	}
}

// TestSVGShowsTheDrawing checks the SVG against the drawing it comes
// from: one group per node with its state, one per edge, a cut group
// with the test for every pruned edge, and no script, stylesheet or
// external reference.
func TestSVGShowsTheDrawing(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			d := drawingAt(t, tc.s, tc.step)
			var buf bytes.Buffer
			if err := SVG(&buf, d, SVGOptions{}); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			for _, n := range d.Nodes {
				if want := `<g data-node="` + n.ID + `" data-state="` + n.State + `">`; !strings.Contains(out, want) {
					t.Errorf("node %q: no %s", n.ID, want)
				}
				if n.Shown != "" && !strings.Contains(out, ">"+n.Shown+"</text>") {
					t.Errorf("node %q: its value %q is not written", n.ID, n.Shown)
				}
			}
			for _, e := range d.Edges {
				if want := `<g data-edge="` + e.ID + `" data-state="` + e.State + `">`; !strings.Contains(out, want) {
					t.Errorf("edge %q: no %s", e.ID, want)
				}
				if e.Cut != strings.Contains(out, `<g data-cut="`+e.ID+`">`) {
					t.Errorf("edge %q: cut %v, but the SVG disagrees", e.ID, e.Cut)
				}
				if e.Test != "" && !strings.Contains(out, ">"+e.Test+"</text>") {
					t.Errorf("edge %q: the test %q is not written", e.ID, e.Test)
				}
			}
			for _, bad := range []string{"<script", "<style", "href=", "@import", "url("} {
				if strings.Contains(out, bad) {
					t.Errorf("the SVG contains %q: it must stand alone", bad)
				}
			}
		})
	}
}

// TestLaTeXCompiles compiles every golden LaTeX file with pdflatex. It
// skips where pdflatex is missing, and fails then when CI=true.
func TestLaTeXCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("pdflatex is slow")
	}
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdflatex is missing, and CI=true: .ci/run installs texlive-latex-extra and texlive-pictures")
		}
		t.Skip("pdflatex is not installed (Debian: texlive-latex-extra, texlive-pictures)")
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.tex"))
	if len(files) == 0 {
		t.Fatal("no LaTeX golden files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			dir := t.TempDir()
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "tree.tex"), src, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "tree.tex")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("pdflatex failed: %v\n%s", err, lastLines(string(out), 25))
			}
			if st, err := os.Stat(filepath.Join(dir, "tree.pdf")); err != nil || st.Size() == 0 {
				t.Fatalf("no PDF: %v", err)
			}
		})
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// TestPNG rasterises the golden drawings at the default scale: twice the
// drawing's size, and every node's glyph is painted in its stroke colour
// at its centre's edge.
func TestPNG(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			d := drawingAt(t, tc.s, tc.step)
			img := renderPNG(t, d)
			x0, y0, w, h := box(d, Shapes(d))
			if got, want := img.Bounds().Dx(), int(math.Ceil(w*DefaultPNGScale)); got != want {
				t.Errorf("width: got %d, want %d", got, want)
			}
			// The root's glyph is drawn: the pixel just inside its top
			// vertex (MAX) or its top edge (MIN, CHANCE) is not white.
			root := d.Nodes[0]
			px := int((root.X - x0) * DefaultPNGScale)
			py := int((root.Y + root.Glyph.Top() + 2 - y0) * DefaultPNGScale)
			if r, g, b, _ := img.At(px, py).RGBA(); r == 0xffff && g == 0xffff && b == 0xffff {
				t.Errorf("the root's outline is not painted at (%d, %d)", px, py)
			}
			if h <= 0 {
				t.Errorf("empty box")
			}
		})
	}
	d := drawingAt(t, goldenCases[0].s, goldenCases[0].step)
	for _, scale := range []float64{0.1, MaxPNGScale + 1} {
		if err := PNG(context.Background(), io.Discard, d, scale); err == nil {
			t.Errorf("scale %v: got no error", scale)
		}
	}
}

func TestLimits(t *testing.T) {
	big := &view.Drawing{ViewBox: "0 0 5000 5000", Width: 5000, Height: 5000}
	if err := PNG(context.Background(), io.Discard, big, MaxPNGScale); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a 20000×20000 image: got %v, want ErrTooLarge", err)
	}
	d := drawingAt(t, goldenCases[0].s, 0)
	frames := make([]Frame, MaxHTMLSteps+2)
	for i := range frames {
		frames[i] = Frame{Drawing: d}
	}
	if err := writeHTML(io.Discard, frames, HTMLOptions{}); !errors.Is(err, ErrHTMLTooLarge) {
		t.Errorf("%d frames: got %v, want ErrHTMLTooLarge", len(frames), err)
	}
	if err := writeHTML(io.Discard, frames[:MaxHTMLSteps+1], HTMLOptions{}); err != nil {
		t.Errorf("%d frames: got %v, want none", MaxHTMLSteps+1, err)
	}
}

// writeHTML writes the standalone HTML file of frames.
func writeHTML(w io.Writer, frames []Frame, opt HTMLOptions) error {
	return HTML(context.Background(), w, len(frames), func(k int) (Frame, error) { return frames[k], nil }, opt)
}
