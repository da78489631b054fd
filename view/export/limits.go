package export

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A LimitError is an export refused by one of its named limits: what it
// would take (Got) is more than the limit (Max). For a PNG, Scale is the
// largest scale the image fits the limit at (0 when even MinPNGScale is
// too large), W and H the image's size in pixels at the scale asked for.
type LimitError struct {
	// Limit is the limit's name: MaxPNGPixels, MaxPNGSide, MaxPNGWork,
	// MaxPNGBytes, MaxSVGBytes, MaxTeXBytes, MaxHTMLSteps or MaxHTMLBytes.
	Limit    string
	Got, Max int64
	Scale    float64
	W, H     int
}

func (e *LimitError) Error() string {
	switch e.Limit {
	case "MaxPNGPixels", "MaxPNGSide":
		return fmt.Sprintf("export: the image would be %d×%d pixels, more than MaxPNGPixels = %d in all or MaxPNGSide = %d on a side: %s",
			e.W, e.H, MaxPNGPixels, MaxPNGSide, e.smaller())
	case "MaxPNGWork":
		return fmt.Sprintf("export: the image would take painting %d pixels, more than MaxPNGWork = %d: %s", e.Got, e.Max, e.smaller())
	case "MaxHTMLSteps":
		return fmt.Sprintf("export: a standalone HTML file holds at most MaxHTMLSteps = %d steps: export a smaller search (a depth limit, a smaller tree)", e.Max)
	}
	return fmt.Sprintf("export: the file would be more than %s = %d bytes: draw fewer nodes (a depth limit, fewer open folds, a smaller tree)", e.Limit, e.Max)
}

// smaller says how to make a PNG that fits.
func (e *LimitError) smaller() string {
	if e.Scale > 0 {
		return "use a scale of at most " + strconv.FormatFloat(e.Scale, 'f', -1, 64) + ", fold the tree, or export SVG"
	}
	return "fold the tree, set a depth limit, or export SVG"
}

// Is makes every PNG limit's error ErrTooLarge, and HTML's ErrHTMLTooLarge.
func (e *LimitError) Is(target error) bool {
	switch target {
	case ErrTooLarge:
		return strings.HasPrefix(e.Limit, "MaxPNG")
	case ErrHTMLTooLarge:
		return strings.HasPrefix(e.Limit, "MaxHTML")
	}
	return false
}

// capWriter passes at most max bytes on to w: the write that would pass
// them fails with a LimitError naming limit, and every write fails with
// ctx's error once ctx is done (a nil ctx is never done). The first error
// stays: err holds it, and every later write returns it.
type capWriter struct {
	w     io.Writer
	ctx   context.Context
	n     int64
	max   int64
	limit string
	err   error
}

func (c *capWriter) Write(p []byte) (int, error) {
	if c.err == nil && c.ctx != nil {
		c.err = c.ctx.Err()
	}
	if c.err == nil && c.n+int64(len(p)) > c.max {
		c.err = &LimitError{Limit: c.limit, Got: c.n + int64(len(p)), Max: c.max}
	}
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}
