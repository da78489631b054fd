package export

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// countingContext is a context that is cancelled from its after-th call of
// Err on, counting the calls, so that a test can cancel at any check.
type countingContext struct {
	context.Context
	after, calls int
}

func (c *countingContext) Err() error {
	c.calls++
	if c.after > 0 && c.calls >= c.after {
		return context.Canceled
	}
	return nil
}

// TestPNGStopsWhenCancelled cancels the rasteriser at every tenth of its
// checks of the context (planning, painting, encoding): it returns
// context.Canceled at the check that sees it, writes nothing more, and
// never asks again.
func TestPNGStopsWhenCancelled(t *testing.T) {
	d := drawingAt(t, scenario.Scenario{Game: "tictactoe", Position: "xox.o.x.."}, -1)
	never := &countingContext{Context: context.Background()}
	if err := PNG(never, io.Discard, d, MinPNGScale); err != nil {
		t.Fatal(err)
	}
	if never.calls < len(Shapes(d)) {
		t.Fatalf("PNG checked its context %d times for %d shapes, want at least once a shape", never.calls, len(Shapes(d)))
	}
	for _, after := range []int{1, never.calls / 10, never.calls / 2, never.calls - 2, never.calls} {
		t.Run(strconv.Itoa(after), func(t *testing.T) {
			ctx := &countingContext{Context: context.Background(), after: after}
			var buf bytes.Buffer
			err := PNG(ctx, &buf, d, MinPNGScale)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled at check %d of %d: got %v, want context.Canceled", after, never.calls, err)
			}
			if ctx.calls != after {
				t.Errorf("cancelled at check %d: got %d checks, want it to stop at the one that saw it", after, ctx.calls)
			}
			if after <= len(Shapes(d)) && buf.Len() > 0 {
				t.Errorf("cancelled at check %d, before its file: got %d bytes written, want none", after, buf.Len())
			}
		})
	}
	// A context cancelled by time stops it too.
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	if err := PNG(ctx, io.Discard, d, MinPNGScale); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a context past its deadline: got %v, want context.DeadlineExceeded", err)
	}
}

// TestPNGScales: NaN, the infinities and scales out of range are refused,
// whatever the drawing.
func TestPNGScales(t *testing.T) {
	d := drawingAt(t, scenario.Scenario{Tree: "(1 2)"}, -1)
	for _, scale := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1, MinPNGScale / 2, MaxPNGScale + 0.01} {
		if err := PNG(context.Background(), io.Discard, d, scale); err == nil {
			t.Errorf("scale %v: got no error, want one", scale)
		}
	}
	for _, scale := range []float64{MinPNGScale, 1, MaxPNGScale} {
		if err := PNG(context.Background(), io.Discard, d, scale); err != nil {
			t.Errorf("scale %v: got %v, want none", scale, err)
		}
	}
}

// stacked is a drawing of n leaves of w×w units, one over the other in a
// w×w view box: few pixels, and a lot of painting.
func stacked(n int, w float64) *view.Drawing {
	d := &view.Drawing{ViewBox: "0 0 " + num(w) + " " + num(w), Width: w, Height: w}
	for i := range n {
		d.Nodes = append(d.Nodes, view.Node{LayoutNode: trace.LayoutNode{ID: strconv.Itoa(i), X: w / 2, Y: w / 2, HasParent: i > 0},
			Glyph: view.GlyphLeaf, State: "done", LeafW: w - 10, LeafH: w - 10})
	}
	return d
}

// TestPNGLimits: an image with more pixels than MaxPNGPixels, wider than
// MaxPNGSide, or whose shapes take painting more than MaxPNGWork pixels
// is refused with a LimitError naming its limit and a scale that fits,
// before anything is written; at that scale it is made.
func TestPNGLimits(t *testing.T) {
	tests := []struct {
		name  string
		d     *view.Drawing
		scale float64
		limit string
	}{
		{"pixels", &view.Drawing{ViewBox: "0 0 4000 4000", Width: 4000, Height: 4000}, 2, "MaxPNGPixels"},
		{"side", &view.Drawing{ViewBox: "0 0 20000 100", Width: 20000, Height: 100}, 2, "MaxPNGSide"},
		{"work", stacked(150, 1000), 1, "MaxPNGWork"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := PNG(context.Background(), &buf, tc.d, tc.scale)
			var le *LimitError
			if !errors.As(err, &le) || le.Limit != tc.limit || !errors.Is(err, ErrTooLarge) {
				t.Fatalf("got %v, want a LimitError of %s", err, tc.limit)
			}
			if buf.Len() > 0 {
				t.Errorf("got %d bytes written, want none", buf.Len())
			}
			if le.Got <= le.Max || le.Scale < MinPNGScale || le.Scale >= tc.scale {
				t.Errorf("got %+v, want more than the limit and a smaller scale from %v", le, MinPNGScale)
			}
			shapes := Shapes(tc.d)
			x0, y0, wd, ht := box(tc.d, shapes)
			if _, err := plan(context.Background(), shapes, x0, y0, wd, ht, le.Scale); err != nil {
				t.Errorf("at the scale it says fits, %v: got %v", le.Scale, err)
			}
		})
	}
	// When no scale fits, it says so.
	err := PNG(context.Background(), io.Discard, &view.Drawing{ViewBox: "0 0 200000 100", Width: 200000, Height: 100}, 1)
	var le *LimitError
	if !errors.As(err, &le) || le.Scale != 0 {
		t.Errorf("a drawing too wide at every scale: got %v, want a LimitError with no scale", err)
	}
}

// TestPNGWorkFollowsPixels: the rasteriser's work grows with the pixels
// it paints, not with the image times the shapes: a tree of 121 nodes in
// an image of 6.5 million pixels takes painting fewer pixels than two such
// images.
func TestPNGWorkFollowsPixels(t *testing.T) {
	d := drawingAt(t, scenario.Scenario{Random: "3,4", Seed: 1}, 0)
	shapes := Shapes(d)
	x0, y0, wd, ht := box(d, shapes)
	r, err := plan(context.Background(), shapes, x0, y0, wd, ht, 1)
	if err != nil {
		t.Fatal(err)
	}
	if pixels := int64(r.bounds.Dx() * r.bounds.Dy()); r.work > 2*pixels {
		t.Errorf("%d shapes in %d pixels: got %d pixels of work, want at most %d", len(shapes), pixels, r.work, 2*pixels)
	}
}

// wide is a drawing of n leaves side by side, their parent the first,
// each showing text.
func wide(n int, text string) *view.Drawing {
	d := &view.Drawing{ViewBox: "0 0 " + strconv.Itoa(60*n) + " 100", Width: float64(60 * n), Height: 100}
	for i := range n {
		id := ""
		if i > 0 {
			id = strconv.Itoa(i)
		}
		d.Nodes = append(d.Nodes, view.Node{LayoutNode: trace.LayoutNode{ID: id, HasParent: i > 0, X: float64(60*i + 30), Y: 50,
			Text: text, Leaf: true}, Glyph: view.GlyphLeaf, State: "done", Shown: text, LeafW: 50, LeafH: 30})
	}
	return d
}

// TestByteLimits: an SVG, LaTeX or HTML file that would pass its limit
// is cut off there with a LimitError naming it; no more than the limit
// is written.
func TestByteLimits(t *testing.T) {
	big, tex := wide(2_500, strings.Repeat("9", 4000)), wide(1_500, strings.Repeat("9", 4000))
	tests := []struct {
		limit string
		max   int
		write func(w io.Writer) error
	}{
		{"MaxSVGBytes", MaxSVGBytes, func(w io.Writer) error { return SVG(w, big, SVGOptions{}) }},
		{"MaxTeXBytes", MaxTeXBytes, func(w io.Writer) error { return LaTeX(w, tex, TeXOptions{}) }},
		{"MaxHTMLBytes", MaxHTMLBytes, func(w io.Writer) error { return writeHTML(w, []Frame{{Drawing: big}}, HTMLOptions{}) }},
	}
	for _, tc := range tests {
		t.Run(tc.limit, func(t *testing.T) {
			var buf bytes.Buffer
			err := tc.write(&buf)
			var le *LimitError
			if !errors.As(err, &le) || le.Limit != tc.limit || le.Max != int64(tc.max) {
				t.Fatalf("got %v, want a LimitError of %s", err, tc.limit)
			}
			if buf.Len() > tc.max {
				t.Errorf("got %d bytes written, want at most %s = %d", buf.Len(), tc.limit, tc.max)
			}
		})
	}
	// A PNG's bytes go through the same cut.
	cw := &capWriter{w: io.Discard, max: 10, limit: "MaxPNGBytes"}
	if _, err := cw.Write(make([]byte, 8)); err != nil {
		t.Fatal(err)
	}
	var le *LimitError
	if _, err := cw.Write(make([]byte, 3)); !errors.As(err, &le) || le.Limit != "MaxPNGBytes" || !errors.Is(err, ErrTooLarge) {
		t.Errorf("past 10 bytes: got %v, want a LimitError of MaxPNGBytes", err)
	}
	if _, err := cw.Write(nil); !errors.As(err, &le) {
		t.Errorf("after the cut: got %v, want the LimitError again", err)
	}
}

// TestHTMLRefusedEarly: a file whose first frame shows it would pass
// MaxHTMLBytes is refused after that frame; no other frame is drawn.
func TestHTMLRefusedEarly(t *testing.T) {
	d := wide(2000, "12345")
	drawn := 0
	err := HTML(context.Background(), io.Discard, MaxHTMLSteps+1, func(int) (Frame, error) {
		drawn++
		return Frame{Drawing: d}, nil
	}, HTMLOptions{})
	if !errors.Is(err, ErrHTMLTooLarge) || drawn != 1 {
		t.Errorf("got %v after %d frames, want ErrHTMLTooLarge after the first", err, drawn)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := HTML(ctx, io.Discard, 3, func(int) (Frame, error) { return Frame{Drawing: d}, nil }, HTMLOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: got %v, want context.Canceled", err)
	}
}
