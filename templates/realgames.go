package templates

import "context"

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
