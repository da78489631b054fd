package templates

import (
	"context"
	"strings"

	"github.com/a-h/templ"

	"github.com/abtrace/abtrace/i18n"
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
// scenario and open folds), as the page shows it and the websocket sends
// it with a whole frame.
func FocusHTML(ctx context.Context, v *View, d *view.Drawing) string {
	if d == nil {
		return ""
	}
	return focusMarkup(ctx, focusSVG(focusView(v, d), d))
}

// FocusNodesHTML is the markup of the nodes at the positions nodes of the
// focus drawing d, in the focus's three layers (edges, nodes, cut marks):
// what a step's focus patch adds or redraws (view.FocusPatch.Drawn).
func FocusNodesHTML(ctx context.Context, v *View, d *view.Drawing, nodes []int) string {
	if d == nil || len(nodes) == 0 {
		return ""
	}
	return focusMarkup(ctx, focusLayers(focusView(v, d), d, nodes))
}

// SetMarkHTML is the markup of the information set's mark of a drawing
// (view.SetMark): what a step's focus patch sends when it moved (view.FocusPatch.Set),
// "" where there is none.
func SetMarkHTML(ctx context.Context, m *view.SetMark) string {
	if m == nil {
		return ""
	}
	return focusMarkup(ctx, infoSetMark(m))
}

// focusView is v drawing d, its folds linking to their fragments.
func focusView(v *View, d *view.Drawing) *View {
	w := *v
	w.drawn = d
	w.fragmentLinks = true
	return &w
}

func focusMarkup(ctx context.Context, c templ.Component) string {
	var b strings.Builder
	if err := c.Render(ctx, &b); err != nil {
		return ""
	}
	return focusNames.Replace(b.String())
}

// FoldText is what a fold glyph writes of its counts, in the page's
// language: its two lines and its title. A Monte-Carlo search's fold in
// the focus counts the nodes the search made below, not visited and
// pruned ones, in one line (the legend and the title say what it counts).
func FoldText(ctx context.Context, c view.FoldCount) (seen, of, title string) {
	return c.Texts(i18n.FromContext(ctx).Phrase)
}

// foldTextKey is a fold's counts in one language.
type foldTextKey struct {
	l *i18n.Localizer
	c view.FoldCount
}

// foldText is FoldText, worded once per page for each fold's counts:
// many folds of a drawing have the same (the full tic-tac-toe tree's 513
// folds have 37).
func (v *View) foldText(ctx context.Context, c view.FoldCount) (seen, of, title string) {
	k := foldTextKey{i18n.FromContext(ctx), c}
	if t, ok := v.foldTexts[k]; ok {
		return t[0], t[1], t[2]
	}
	seen, of, title = FoldText(ctx, c)
	if v.foldTexts == nil {
		v.foldTexts = map[foldTextKey][3]string{}
	}
	v.foldTexts[k] = [3]string{seen, of, title}
	return seen, of, title
}

// busPath is an edge of the focus drawn down from the parent, along the
// bus above the child's row (at BusY) and down into the child (see
// view.FocusBus).
func busPath(e view.Edge) string {
	y := e.BusY
	if y == 0 {
		y = e.Y2 - view.FocusBus
	}
	return "M" + num(e.X1) + " " + num(e.Y1) + "V" + num(y) + "H" + num(e.X2) + "V" + num(e.Y2)
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
