package templates

import "context"

// ductNode names a node of the panel of decoupled UCT: its name, or the
// root in the page's language.
func ductNode(ctx context.Context, name string, root bool) string {
	if root {
		return T(ctx, "view.root")
	}
	return name
}
