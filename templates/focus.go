package templates

import (
	"context"
	"strings"

	"github.com/abtrace/abtrace/view"
)

// focusNames renames the attributes the overview's script and tests look
// for (data-node, data-fold, …) in the focus's markup: the focus is drawn
// beside the overview, and every query for the overview's nodes must
// still find the overview's.
var focusNames = strings.NewReplacer(
	` data-node=`, ` data-fnode=`,
	` data-testid="node"`, ` data-testid="focus-node"`,
	` data-fold=`, ` data-ffold=`,
	` data-edge=`, ` data-fedge=`,
	` data-prob=`, ` data-fprob=`,
	` data-cut=`, ` data-fcut=`,
	` data-testid="cut-test"`, ` data-testid="focus-cut-test"`,
)

// FocusHTML is the markup of the focus drawing d of the view v (its
// scenario, step and open folds make the folds' links), as the page shows
// it and the websocket sends it at each step.
func FocusHTML(ctx context.Context, v *View, d *view.Drawing) string {
	if d == nil {
		return ""
	}
	w := *v
	w.drawn = d
	var b strings.Builder
	if err := focusSVG(&w, d).Render(ctx, &b); err != nil {
		return ""
	}
	return focusNames.Replace(b.String())
}

// FocusClasses are the classes of the pane that holds the overview and
// the focus: which of the viewer's panes (at 1280×720, in presenter mode,
// on a phone) shows the focus over the overview.
func (v *View) FocusClasses() string {
	if v.Focus == nil {
		return "tree-stack"
	}
	c := "tree-stack"
	if v.Focus.Wide {
		c += " focus-wide"
	}
	if v.Focus.Present {
		c += " focus-present"
	}
	if v.Focus.Narrow {
		c += " focus-narrow"
	}
	return c
}

// FocusView is the focus of a large tree on the viewer's page: the drawing
// at the step shown, and in which panes it is shown first.
type FocusView struct {
	Drawing               *view.Drawing
	Wide, Present, Narrow bool
}
