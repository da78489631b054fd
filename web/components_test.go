package web

import (
	"bytes"
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"golang.org/x/net/html"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
)

// renderComponent renders a templ component into a string.
func renderComponent(t *testing.T, c templ.Component) string {
	t.Helper()
	var buf bytes.Buffer
	if err := c.Render(context.Background(), &buf); err != nil {
		t.Fatalf("render: %v", err)
	}
	return buf.String()
}

// shapeOf draws a whole explicit tree, as the scenario's shape would.
func shapeOf(n *tree.Node) *trace.Shape {
	s := &trace.Shape{ID: n.ID, Kind: n.Kind, Label: n.Label, Leaf: n.IsLeaf(), Total: 1}
	if n.IsLeaf() {
		s.Text = trace.Num(n.Value).String()
	}
	for _, c := range n.Children {
		cs := shapeOf(c)
		s.Total += cs.Total
		s.Children = append(s.Children, cs)
	}
	return s
}

// textbookEvents returns the textbook tree and its alpha-beta trace.
func textbookEvents(t *testing.T) (*tree.Tree, []trace.Event) {
	t.Helper()
	tr := tree.MustParse(tree.TwoPlyGameTree)
	events, _, err := search.Collect(search.AlgoAlphaBeta, tree.Game{}, tr.Root, search.Options[*tree.Node]{})
	if err != nil {
		t.Fatal(err)
	}
	return tr, events
}

// textbookView is the viewer's model of the textbook tree at a step, built
// by hand from the trace (no server involved).
func textbookView(t *testing.T, step int) *templates.View {
	t.Helper()
	tr, events := textbookEvents(t)
	f, err := trace.Replay(events[:step])
	if err != nil {
		t.Fatal(err)
	}
	v := &templates.View{
		Title: "Alpha-beta", Source: "tree", SourceText: "tree", Options: "natural order",
		Query: "tree=" + tree.TwoPlyGameTree, Form: "textbook", Step: step, Total: len(events),
		Frame: f, Layout: trace.NewLayout(shapeOf(tr.Root), trace.LayoutOptions{NodeSep: templates.NodeSpacing, LevelSep: templates.LevelSpacing}),
		MinimaxLeaves: 9, WSPath: WSPath,
	}
	for _, form := range []search.Form{search.FormTextbook, search.FormNegamax} {
		v.Listings = append(v.Listings, listing(search.Pseudocode(search.AlgoAlphaBeta, form, search.PruneGE, search.FailSoft, trace.Max)))
	}
	return v
}

func TestViewComponentAtCutoff(t *testing.T) {
	// Step 27 of the textbook trace is the prune at C (node "1"): 2 ≤ α = 3.
	v := textbookView(t, 27)
	if v.Frame.Type != trace.Prune {
		t.Fatalf("step 27 is %s, want the prune at C", v.Frame.Type)
	}
	p := parsePage(t, renderComponent(t, templates.ViewPage(v, templates.DefaultAssets)))

	c := p.node("1")
	if c == nil {
		t.Fatal("node 1 (C) is not drawn")
	}
	if got, want := attrOf(c, "data-value"), "≤ 2"; got != want {
		t.Errorf("C data-value = %q, want %q", got, want)
	}
	if got := attrOf(c, "data-state"); got != "open" {
		t.Errorf("C data-state = %q, want open", got)
	}
	if !hasClass("cur")(c) || !hasClass("on-stack")(c) {
		t.Errorf("C class = %q, want cur and on-stack", attrOf(c, "class"))
	}
	if a, b := descendant(c, hasClass("a")), descendant(c, hasClass("b")); a == nil || b == nil || textOf(a) != "α=3" || textOf(b) != "β=+∞" {
		t.Errorf("C's α/β label is missing or wrong")
	}
	for _, id := range []string{"1.1", "1.2"} {
		if got := attrOf(p.node(id), "data-state"); got != "pruned" {
			t.Errorf("node %s data-state = %q, want pruned", id, got)
		}
		if len(p.all(hasAttr("data-cut", id))) != 1 {
			t.Errorf("edge into %s has no cut mark", id)
		}
		if got := attrOf(p.all(hasAttr("data-edge", id))[0], "data-state"); got != "pruned" {
			t.Errorf("edge into %s data-state = %q, want pruned", id, got)
		}
	}
	tests := p.testid("cut-test")
	if len(tests) != 1 || textOf(tests[0]) != "2 ≤ α = 3" {
		t.Errorf("cut tests = %d, want one reading 2 ≤ α = 3", len(tests))
	}
	cur := p.all(hasAttr("data-line-current", "true"))
	if len(cur) != 2 { // one in each form
		t.Fatalf("got %d current pseudocode lines, want 2 (textbook and negamax)", len(cur))
	}
	if got, want := textOf(cur[0]), "if v ≤ α then return v"; got != want {
		t.Errorf("current line = %q, want %q", got, want)
	}
	if got := textOf(p.one("narration")); got != v.Frame.Narration {
		t.Errorf("narration = %q, want %q", got, v.Frame.Narration)
	}
	stack := p.all(func(n *html.Node) bool { return n.Data == "li" && attrHas(n, "data-id") })
	if len(stack) != 2 || attrOf(stack[0], "data-id") != "" || attrOf(stack[1], "data-id") != "1" {
		t.Errorf("stack entries = %d, want the root and C", len(stack))
	} else if got := textOf(stack[1]); got != "MIN C α=3 β=+∞ ≤ 2" {
		t.Errorf("stack entry of C = %q", got)
	}
	if got, want := textOf(p.one("step")), "step 27 of 50"; got != want {
		t.Errorf("step counter = %q, want %q", got, want)
	}
	if got := attrOf(p.one("scrubber"), "value"); got != "27" {
		t.Errorf("scrubber value = %q, want 27", got)
	}
}

func TestViewComponentStart(t *testing.T) {
	v := textbookView(t, 0)
	p := parsePage(t, renderComponent(t, templates.ViewPage(v, templates.DefaultAssets)))
	nodes := p.nodes()
	if len(nodes) != 13 {
		t.Fatalf("drawn nodes = %d, want 13", len(nodes))
	}
	for id, n := range nodes {
		if got := attrOf(n, "data-state"); got != "unvisited" {
			t.Errorf("node %q data-state = %q at step 0, want unvisited", id, got)
		}
		if attrOf(n, "data-value") != "" {
			t.Errorf("node %q has a value at step 0", id)
		}
	}
	// The leaves show their values from the start, as ghosts.
	if got := textOf(descendant(p.node("2.0"), hasClass("lv"))); got != "14" {
		t.Errorf("leaf 2.0 shows %q, want 14", got)
	}
	if n := len(p.all(hasAttr("data-line-current", "true"))); n != 0 {
		t.Errorf("%d pseudocode lines highlighted at step 0, want none", n)
	}
	if descendant(p.one("stack"), isTag("li")) != nil {
		t.Error("the stack is not empty at step 0")
	}
	if !strings.Contains(textOf(p.one("narration")), "first step") {
		t.Errorf("narration at step 0 = %q", textOf(p.one("narration")))
	}
}

func TestViewComponentEnd(t *testing.T) {
	v := textbookView(t, 50)
	p := parsePage(t, renderComponent(t, templates.ViewPage(v, templates.DefaultAssets)))
	stats := map[string]string{}
	for _, dd := range p.all(func(n *html.Node) bool { return attrHas(n, "data-stat") }) {
		stats[attrOf(dd, "data-stat")] = textOf(dd)
	}
	want := map[string]string{"nodes": "11", "leaves": "7", "cutoffs": "1", "minimax": "9", "spared": "2 of 9 (22%)", "value": "3"}
	for k, w := range want {
		if stats[k] != w {
			t.Errorf("stat %s = %q, want %q", k, stats[k], w)
		}
	}
	if got := attrOf(p.node(""), "data-value"); got != "3" {
		t.Errorf("root data-value = %q, want 3", got)
	}
	if n := len(p.all(hasClass("on-stack"))); n != 0 {
		t.Errorf("%d nodes on the stack at the end, want 0", n)
	}
}

func TestViewComponentBoardsAndFolds(t *testing.T) {
	shape := &trace.Shape{ID: "", Kind: trace.Max, Board: "x.o......", Total: 40, Children: []*trace.Shape{
		{ID: "0", Kind: trace.Min, Board: "xxo......", Total: 20, Folded: true},
		{ID: "1", Kind: trace.Min, Board: "x.ox.....", Total: 19, Folded: true},
	}}
	f := trace.NewFrame()
	v := &templates.View{
		Title: "Minimax", Source: "tictactoe", Query: "game=tictactoe&position=x.o......", Form: "textbook",
		Frame: f, Layout: trace.NewLayout(shape, trace.LayoutOptions{NodeSep: templates.BoardSpacing, LevelSep: templates.BoardLevelSpacing}),
		Folds:         map[string]templates.FoldCount{"0": {Visited: 3, Pruned: 10, Total: 19}},
		MinimaxLeaves: -1, WSPath: WSPath,
	}
	p := parsePage(t, renderComponent(t, templates.ViewPage(v, templates.DefaultAssets)))
	root := p.node("")
	if !hasClass("g-board")(root) {
		t.Errorf("root class = %q, want a board glyph", attrOf(root, "class"))
	}
	marks := p.all(func(n *html.Node) bool { return hasClass("mark")(n) && isInside(n, root) })
	if len(marks) != 2 || textOf(marks[0]) != "x" || textOf(marks[1]) != "o" {
		t.Errorf("root board marks = %d, want x and o", len(marks))
	}
	fold := p.all(hasAttr("data-fold", "0"))
	if len(fold) != 1 {
		t.Fatalf("fold glyphs of node 0 = %d, want 1", len(fold))
	}
	for k, w := range map[string]string{"data-visited": "3", "data-pruned": "10", "data-total": "19"} {
		if got := attrOf(fold[0], k); got != w {
			t.Errorf("fold %s = %q, want %q", k, got, w)
		}
	}
	if got := textOf(descendant(fold[0], hasClass("fc"))); got != "3 / 10 of 19" {
		t.Errorf("fold counts read %q, want 3 / 10 of 19", got)
	}
	if href := attrOf(fold[0], "href"); !strings.Contains(href, "open=0") {
		t.Errorf("fold link %q does not open node 0", href)
	}
	// A fold with no counts yet still says how many nodes it stands for.
	if got := attrOf(p.all(hasAttr("data-fold", "1"))[0], "data-total"); got != "18" {
		t.Errorf("fold 1 data-total = %q, want 18", got)
	}
}

func TestHomeComponentError(t *testing.T) {
	text0 := "((3 12 8)\n (2 4 6 x)"
	h := templates.Home{
		Form:   templates.Form{Source: "tree", Fields: url.Values{"tree": {text0}}},
		Error:  templates.NewFormError("tree: line 2, column 9: bad value", text0, 2, 9),
		Assets: templates.DefaultAssets,
	}
	p := parsePage(t, renderComponent(t, templates.HomePage(h)))
	if got := textOf(p.one("error-position")); got != "line 2, column 9" {
		t.Errorf("error position = %q", got)
	}
	pre := descendant(p.one("form-error"), isTag("pre"))
	if pre == nil {
		t.Fatal("no excerpt")
	}
	var raw strings.Builder
	for c := pre.FirstChild; c != nil; c = c.NextSibling {
		raw.WriteString(c.Data)
	}
	if got, want := raw.String(), " (2 4 6 x)\n        ^"; got != want {
		t.Errorf("excerpt = %q, want %q", got, want)
	}
	if got := textOf(p.one("tree-input")); got != strings.Join(strings.Fields(text0), " ") {
		t.Errorf("the tree text was not kept: %q", got)
	}
}
