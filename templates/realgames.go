package templates

import (
	"context"

	"github.com/abtrace/abtrace/view"
)

// boundName names a table entry's bound kind (exact, lower, upper) in the
// page's language.
func boundName(ctx context.Context, b string) string {
	switch b {
	case "lower":
		return T(ctx, "view.real.bound.lower")
	case "upper":
		return T(ctx, "view.real.bound.upper")
	}
	return T(ctx, "view.real.bound.exact")
}

// cutText says how a table entry of bound kind b settled a node.
func cutText(ctx context.Context, b string) string {
	switch b {
	case "lower":
		return T(ctx, "view.real.cut.lower")
	case "upper":
		return T(ctx, "view.real.cut.upper")
	}
	return T(ctx, "view.real.cut.exact")
}

// boardViewBox is the viewBox of a board drawn on its own: its frame and
// the MAX/MIN marker at its top-left corner, with a margin.
func boardViewBox(b view.Board) string {
	h := max(b.Frame.W, b.Frame.H)/2 + 2
	return num(-h) + " " + num(-h) + " " + num(2*h) + " " + num(2*h)
}
