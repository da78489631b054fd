package templates

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/view"
)

// Compare is a side-by-side comparison at one step: two to four panes of
// the same tree (one layout, the same node ids), each searched with its
// own ordering or algorithm, stepping together. Every text and number it
// prints is decided here; compare.templ only lays them out.
type Compare struct {
	Title      string
	SourceText string
	// Query is the scenario with the comparison's own parameters (orders
	// or algos, and by), without step.
	Query string
	// Kind is "orders", "algos" or "panes" (the search options, see
	// scenario.Variant): what differs between the panes.
	Kind string
	By   view.By
	// Now is what changes from step to step: the page shows it as
	// rendered, the websocket sends it again after every move.
	Now   CompareStep
	Panes []ComparePane
	Chart view.LeavesChart
	// Summary is shown once every pane has finished.
	Summary CompareSummary
	// ByEventURL, ByNodeURL and LabURL are the same comparison stepped by
	// event or by node, and the ordering lab on its source.
	ByEventURL, ByNodeURL, LabURL string
	Script                        string // address of compare.js
	Setup                         CompareSetup
	// MCTS is the chart of MCTS against alpha-beta when a pane searches
	// with MCTS; nil otherwise.
	MCTS *view.CurveChart
	// Boards is true when the panes draw boards: below a projector's
	// width the panes then stand one per row, so that a board keeps room
	// for its pieces.
	Boards bool
	// Across is true when the panes draw their trees sideways
	// (layout=across); the layout control (key o) switches it, at the
	// step shown (CompareStep.Links["layout"]).
	Across bool
	// RoomScenario is what the page's "start a room" button sends (empty
	// leaves the button out); Room is the room the page follows, nil when
	// it follows none.
	RoomScenario string
	Room         *RoomView
}

// ComparePane is what stays the same of one pane while it steps.
type ComparePane struct {
	Name  string // the ordering, the algorithm or the variant
	Title string // Name as the page writes it (see VariantTitle)
	Class string // pane-0, pane-1, …: its colour
	View  *View  // its tree at the page's step, drawn as the viewer draws
}

// CompareStep is the comparison at one shared step.
type CompareStep struct {
	Step  int    `json:"step"`
	Total int    `json:"total"`
	Text  string `json:"text"` // "node step 3 of 40"
	Done  bool   `json:"done"` // every pane has finished
	// URL is the permalink of the step; Links the addresses of the step
	// buttons (start, back, step, end) from it.
	URL   string            `json:"url"`
	Links map[string]string `json:"links"`
	NowX  string            `json:"nowX"` // the chart's line at the step
	Panes []PaneStep        `json:"panes"`
}

// PaneStep is one pane at a shared step.
type PaneStep struct {
	// Draw is the drawing: every drawn node's attributes on a load, the
	// ones that changed after a move (nil on the rendered page).
	Draw *view.DrawingPatch `json:"draw,omitempty"`
	// Zoom is the window of the drawing the pane shows, when it changed
	// (nil: as it was).
	Zoom    *view.Zoom `json:"zoom,omitempty"`
	Step    string     `json:"step"` // the pane's own step
	Nodes   string     `json:"nodes"`
	Leaves  string     `json:"leaves"`
	Cutoffs string     `json:"cutoffs"`
	Status  string     `json:"status"` // "event 7 of 30 · …"
	Done    bool       `json:"done"`
	// Counts are nodes, leaves and cutoffs as numbers, for the pane's
	// data-nodes, data-leaves and data-cutoffs.
	Counts [3]int `json:"counts"`
	// DotX, DotY place the pane's dot on its chart line.
	DotX string `json:"dotX"`
	DotY string `json:"dotY"`
}

// CompareSummary is the table shown once every pane has finished.
type CompareSummary struct {
	SameValue bool
	// Explained is set when the panes' values differ because their
	// options make them differ (quiescence against fixed depth, a
	// singular extension, a beam): Verdict then says why, and the page
	// shows it as the point of the comparison, not as an alarm.
	Explained bool
	Verdict   string // the panes agree, or a warning that they do not
	Rows      []SummaryRow
	Note      string // the Knuth–Moore bound on uniform trees
}

// SummaryRow is one pane's result.
type SummaryRow struct {
	Name, Title, Class                           string
	Value, Best, Nodes, Leaves, Cutoffs, Percent string
}

// CompareSetup is the form that sets up a comparison, with the values as
// typed, and the error of a bad request. The form shows the options a
// lecturer sets for a comparison (CompareSetupFields) and carries every
// other option of the scenario as a hidden field, so that "change"
// followed by an unchanged submit gives the same comparison.
type CompareSetup struct {
	Error                                     string
	Tree, Random, Seed, Game, Position, Depth string
	Orders, Algos, Panes, By, Order, Algo     string
	Root, Prune, Fail, Eval, TT               string
	Hidden                                    []Field // the scenario's other options, as given
}

// CompareSetupFields names the query parameters the comparison's setup
// form shows as fields; any other parameter of a scenario rides along in
// CompareSetup.Hidden.
var CompareSetupFields = []string{"tree", "random", "seed", "game", "position", "depth", "orders", "algos", "panes", "by",
	"order", "algo", "root", "prune", "fail", "eval", "tt"}

// CompareInput is what the server knows of a comparison: the panes,
// stepped to the page's step, and the words around them.
type CompareInput struct {
	Panes      *view.Panes
	Scene      *view.Scene
	Views      []*View // each pane's view (tree and export menu) at its step
	Title      string
	SourceText string
	Query      string // without step
	Kind       string
	// MinimaxLeaves is the leaves plain minimax evaluates (the full tree),
	// -1 when not known; KnuthMoore b^⌈d/2⌉ + b^⌊d/2⌋ − 1 on uniform trees
	// (0 otherwise), Uniform "b = 3, d = 2" then.
	MinimaxLeaves, KnuthMoore int
	Uniform                   string
	Script                    string
	Setup                     CompareSetup
}

// NewCompare is the page's model, in the language of ctx.
func NewCompare(ctx context.Context, in CompareInput) *Compare {
	c := &Compare{Title: in.Title, SourceText: in.SourceText, Query: in.Query, Kind: in.Kind, By: in.Panes.By(),
		Script: in.Script, Setup: in.Setup, Boards: in.Scene != nil && (BoardSource(in.Scene.Source) || in.Scene.Boards()),
		Across: in.Scene != nil && in.Scene.Layout != nil && in.Scene.Layout.Across}
	c.ByEventURL, c.ByNodeURL, c.LabURL = byURL(in.Query, view.ByEvent), byURL(in.Query, view.ByNode), labURL(in.Query)
	c.Chart = view.LeavesChartOf(in.Panes, in.MinimaxLeaves, in.KnuthMoore, i18n.FromContext(ctx).Phrase)
	for i := range c.Chart.Lines {
		c.Chart.Lines[i].Title = paneTitle(ctx, in.Kind, c.Chart.Lines[i].Name)
	}
	for i, p := range in.Panes.Panes() {
		c.Panes = append(c.Panes, ComparePane{Name: p.Name, Title: paneTitle(ctx, in.Kind, p.Name), Class: paneClass(i), View: in.Views[i]})
	}
	c.Now = StepOf(ctx, in.Panes, &c.Chart, in.Query, false)
	c.Summary = summaryOf(ctx, in)
	return c
}

// StepOf is the comparison at the panes' shared step. With draw, each
// pane carries its drawing's patch since the last (see view.Pane.Patch).
func StepOf(ctx context.Context, pn *view.Panes, ch *view.LeavesChart, query string, draw bool) CompareStep {
	step, total := pn.Step(), pn.Total()
	s := CompareStep{Step: step, Total: total, Done: true, URL: CompareURL(query, strconv.Itoa(step)),
		NowX: num(ch.X(step))}
	key := "compare.step.event"
	if pn.By() == view.ByNode {
		key = "compare.step.node"
	}
	s.Text = T(ctx, key, "Step", thousands(ctx, step), "Total", thousands(ctx, total))
	s.Links = map[string]string{"start": stepLink(query, "0"), "back": stepLink(query, strconv.Itoa(max(0, step-1))),
		"step": stepLink(query, strconv.Itoa(min(total, step+1))), "end": stepLink(query, "end"),
		"layout": layoutLink(query, strconv.Itoa(step))}
	for _, p := range pn.Panes() {
		f := p.Frame()
		ps := PaneStep{Step: thousands(ctx, f.Step), Nodes: thousands(ctx, f.Stats.Nodes), Leaves: thousands(ctx, f.Stats.Leaves),
			Cutoffs: thousands(ctx, f.Stats.Cutoffs), Done: f.Done,
			Counts: [3]int{f.Stats.Nodes, f.Stats.Leaves, f.Stats.Cutoffs}, DotX: num(ch.X(step)), DotY: num(ch.Y(f.Stats.Leaves))}
		if f.Done {
			ps.Status = T(ctx, "compare.status.done", "Length", thousands(ctx, p.Length), "Value", view.ResultText(p.Result))
		} else {
			ps.Status = T(ctx, "compare.status.running", "Step", thousands(ctx, f.Step), "Length", thousands(ctx, p.Length))
		}
		if draw {
			ps.Draw = p.Patch()
		}
		s.Done = s.Done && f.Done
		s.Panes = append(s.Panes, ps)
	}
	return s
}

// summaryOf is the summary of the panes' whole searches.
func summaryOf(ctx context.Context, in CompareInput) CompareSummary {
	var s CompareSummary
	panes := in.Panes.Panes()
	s.SameValue = true
	for i, p := range panes {
		v := view.ResultText(p.Result)
		if i > 0 && v != view.ResultText(panes[0].Result) {
			s.SameValue = false
		}
		row := SummaryRow{Name: p.Name, Title: paneTitle(ctx, in.Kind, p.Name), Class: paneClass(i), Value: v, Best: "—", Percent: "—"}
		if r := p.Result; r != nil {
			row.Nodes, row.Leaves, row.Cutoffs = thousands(ctx, r.Stats.Nodes), thousands(ctx, r.Stats.Leaves), thousands(ctx, r.Stats.Cutoffs)
			row.Best = bestMove(ctx, in, p)
			if in.MinimaxLeaves > 0 {
				row.Percent = view.Percent(float64(r.Stats.Leaves), float64(in.MinimaxLeaves)) + "%"
			}
		}
		s.Rows = append(s.Rows, row)
	}
	switch {
	case s.SameValue && len(panes) > 0:
		key := "compare.summary.agree.orders"
		switch in.Kind {
		case "algos":
			key = "compare.summary.agree.algos"
		case "panes":
			key = "compare.summary.agree.panes"
		}
		s.Verdict = T(ctx, key, "Value", view.ResultText(panes[0].Result))
	case in.Kind == "panes":
		s.Verdict, s.Explained = variantsVerdict(ctx, in)
	}
	if s.Verdict == "" {
		s.Verdict = T(ctx, "compare.summary.disagree")
	}
	if in.KnuthMoore > 0 {
		s.Note = T(ctx, "compare.summary.km", "Uniform", in.Uniform, "KnuthMoore", thousands(ctx, in.KnuthMoore),
			"Minimax", thousands(ctx, in.MinimaxLeaves))
	}
	return s
}

// bestMove names a finished pane's best move: as its game writes it
// ("Qd1xd3") where the game names moves, else by the node's name; "—"
// when there is none.
func bestMove(ctx context.Context, in CompareInput, p *view.Pane) string {
	r := p.Result
	if r == nil || r.Best == "" {
		return "—"
	}
	if m := p.Search().MoveName(r.Best); m != "" {
		return m
	}
	label := ""
	if n, ok := in.Scene.Layout.Node(r.Best); ok {
		label = n.Label
	}
	return NodeName(r.Best, p.Search().LabelIn(label, i18n.FromContext(ctx).Phrase))
}

// variantsVerdict says why panes that differ by their options find
// different values, naming each pane's move and value against the
// reference pane (the first without a selective option, else the first):
// quiescence sees past the horizon, a singular extension searches one
// move deeper, a beam drops moves unsearched. explained is false, and the
// verdict empty, when a difference has no such reason (symmetric pruning,
// another algorithm or ordering must not change the value: that would be
// a bug).
func variantsVerdict(ctx context.Context, in CompareInput) (verdict string, explained bool) {
	panes := in.Panes.Panes()
	ref := panes[0]
	for _, p := range panes {
		if sc := p.Search().Scenario; !sc.Quiescence && sc.Extend == "" && sc.Forward == "" {
			ref = p
			break
		}
	}
	var out []string
	for _, p := range panes {
		if p == ref || view.ResultText(p.Result) == view.ResultText(ref.Result) {
			continue
		}
		a, b := ref, p // a is the fixed-depth side, b the one with the option
		sa, sb := a.Search().Scenario, b.Search().Scenario
		key := ""
		switch {
		case sb.Quiescence && !sa.Quiescence:
			key = "compare.variant.quiescence"
		case sa.Quiescence && !sb.Quiescence:
			a, b, key = p, ref, "compare.variant.quiescence"
		case sb.Extend == "singular" && sa.Extend == "":
			key = "compare.variant.singular"
		case sb.Forward == "beam" && sa.Forward != "beam":
			key = "compare.variant.beam"
		case sa.Depth != sb.Depth && sa.Quiescence == sb.Quiescence && sa.Extend == sb.Extend && sa.Forward == sb.Forward:
			if sa.Depth > sb.Depth {
				a, b = b, a
			}
			key = "compare.variant.depth"
		default:
			return "", false
		}
		sc := b.Search().Scenario
		out = append(out, T(ctx, key, "Plain", VariantTitle(ctx, a.Name), "Pane", VariantTitle(ctx, b.Name),
			"Depth", Itoa(sc.Depth), "PlainDepth", Itoa(a.Search().Scenario.Depth), "PlainMove", bestMove(ctx, in, a), "PlainValue", view.ResultText(a.Result),
			"Move", bestMove(ctx, in, b), "Value", view.ResultText(b.Result)))
	}
	if len(out) == 0 {
		return "", false
	}
	out = append(out, T(ctx, "compare.variant.point"))
	return strings.Join(out, " "), true
}

// paneTitle is a pane's name as the page writes it: a variant's options
// in words, an ordering's or algorithm's short name.
func paneTitle(ctx context.Context, kind, name string) string {
	switch kind {
	case "panes":
		return VariantTitle(ctx, name)
	case "algos":
		return AlgoName(ctx, name)
	}
	return OrderName(ctx, name)
}

// variantWords are the message ids of a variant's option words.
var variantWords = map[string]string{
	"plain": "compare.variant.word.plain", "quiescence": "compare.variant.word.quiescence",
	"singular": "compare.variant.word.singular", "symmetric": "compare.variant.word.symmetric",
	"beam": "compare.variant.word.beam",
}

// VariantTitle is a pane's variant (scenario.Variant's name, such as
// "quiescence" or "beam1 pvs") as the page writes it, each option in
// the language of ctx: "fixed depth", "quiescence search + beam of 1".
func VariantTitle(ctx context.Context, name string) string {
	words := strings.Fields(name)
	for i, w := range words {
		if k, ok := variantWords[w]; ok {
			words[i] = T(ctx, k)
		} else if strings.HasPrefix(w, "beam") {
			words[i] = T(ctx, "compare.variant.word.beamN", "N", strings.TrimPrefix(w, "beam"))
		} else if strings.HasPrefix(w, "depth") {
			words[i] = T(ctx, "compare.variant.word.depthN", "N", strings.TrimPrefix(w, "depth"))
		}
	}
	return strings.Join(words, " + ")
}

// CompareURL is the comparison of query (without step) at a step.
func CompareURL(query, step string) string {
	q, _ := url.ParseQuery(query)
	q.Set("step", step)
	return "/compare?" + q.Encode()
}

// shortLinks reports whether the page's links name only what they
// change, as fragments ("#step=6", "#by=event&step=0"), for a comparison
// whose query is over MaxLinkQuery: the page's address holds the whole
// query once (compare.js adds it when it follows such a link, and writes
// the address at every step, so it stays a permalink).
func shortLinks(query string) bool { return len(query) > MaxLinkQuery }

// stepLink is a step button's address: CompareURL, or its fragment.
func stepLink(query, step string) string {
	if shortLinks(query) {
		return "#" + url.Values{"step": {step}}.Encode()
	}
	return CompareURL(query, step)
}

// otherLayout is the orientation the layout control switches a
// comparison of query to: down when it names layout=across, else across
// (a query without layout= is drawn down: the server chose so, or it
// would have answered with layout=across).
func otherLayout(query string) string {
	if q, _ := url.ParseQuery(query); q.Get("layout") == view.LayoutAcross {
		return view.LayoutDown
	}
	return view.LayoutAcross
}

// layoutLink is the layout control's address: the same step with the
// trees drawn the other way (otherLayout), or its fragment.
func layoutLink(query, step string) string {
	other := otherLayout(query)
	if shortLinks(query) {
		return "#" + url.Values{"layout": {other}, "step": {step}}.Encode()
	}
	q, _ := url.ParseQuery(query)
	q.Set("layout", other)
	q.Set("step", step)
	return "/compare?" + q.Encode()
}

// byURL is the same comparison stepped the other way, from the start.
func byURL(query string, by view.By) string {
	if shortLinks(query) {
		return "#" + url.Values{"by": {string(by)}, "step": {"0"}}.Encode()
	}
	q, _ := url.ParseQuery(query)
	q.Set("by", string(by))
	q.Set("step", "0")
	return "/compare?" + q.Encode()
}

// labURL is the ordering lab for the same source.
func labURL(query string) string {
	q, _ := url.ParseQuery(query)
	for _, k := range []string{"orders", "algos", "panes", "by", "order", "algo"} {
		q.Del(k)
	}
	return "/lab?" + q.Encode()
}

func paneClass(i int) string { return view.PaneClass(i) }
