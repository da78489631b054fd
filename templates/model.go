// Package templates holds the pages of the abtrace viewer as templ
// components: the home page, where a lecturer or student picks what to
// search, and the viewer, which draws the tree as SVG and the state of the
// search at one step, rendered on the server so the page is right before
// any script runs (and prints well).
//
// The package depends only on trace (and templ): the web handlers convert
// what the engine offers (listings, fold counts) into the plain types here.
// Every element that tests or scripts look for carries a data-testid or a
// data-node attribute; static/viewer.js updates the same attributes as the
// viewer steps.
package templates

import (
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/view"
)

// Listing is one pseudocode listing as the page shows it.
type Listing struct {
	Form  string // "textbook" or "negamax": the value of the form= parameter
	Title string
	Lines []Line
}

// Line is one line of a listing. Keys are the trace line keys it stands for
// (trace.Event.Line); the line whose keys hold the current event's key is
// highlighted.
type Line struct {
	Text   string
	Indent int
	Keys   []string
}

// Has reports whether the line stands for key.
func (l Line) Has(key string) bool {
	for _, k := range l.Keys {
		if k == key {
			return true
		}
	}
	return false
}

// FoldCount is what a fold glyph shows of the nodes below a folded node:
// how many the search entered, how many lie in pruned subtrees, and how
// many there are.
type FoldCount = view.FoldCount

// View is everything the viewer page shows at one step.
type View struct {
	// Scene is the shared scene whose Layout the page draws (the viewer's
	// page sets it): its sketch, made once for every viewer, draws the
	// page's drawing and names its followed path. Nil sketches Layout
	// anew.
	Scene *view.Scene
	// Zoom is the window of the drawing a comparison's pane shows
	// (view.ZoomOf); nil elsewhere.
	Zoom *view.Zoom
	// Names names a node as the page's scene does (view.Scene.Namer in
	// the page's language): a game's node by the move into it, which its
	// drawing does not carry; nil names nodes by their labels alone.
	Names func(id string) string
	// GDL is the panel of a game written in GDL (nil for other sources).
	GDL *GDLPanel
	// Room is the room the page follows (the live classroom); nil for a
	// viewer of one's own.
	Room *RoomView
	// Title names the algorithm and its variant, as the listing does.
	Title string
	// Exports is the view's export menu.
	Exports Exports
	// Source is "tree", "random", "tictactoe" or "nim"; SourceText says
	// what is searched in words, Options the ordering and depth limit.
	Source, SourceText, Options string
	// Query is the scenario as a query string (the command line's flag
	// names), without the viewer's own step, open and form parameters.
	Query string
	Open  []string // ids of the folds the viewer opened
	// Selective says which counters of selective search the stats panel
	// shows: quiescence nodes, extensions, moves pruned forward.
	Selective struct{ Quiescence, Extend, Forward bool }
	Form      string // pseudocode form shown first: "textbook" or "negamax"
	// By is the step size of the step buttons and arrow keys: "event",
	// "node" or "cutoff" (view.By).
	By string
	// Present is presenter mode: the tree takes the screen, the narration
	// large under it, the panels shown on a key.
	Present bool
	Step    int // the step shown: Frame.Step
	// Total is the number of steps of the whole search; 0 when not known
	// (the websocket session reports it later).
	Total int
	// NextCutoff is the step of the next prune that skips a child after
	// Step, or 0 when there is none (or it is not known).
	NextCutoff int
	// NoCutoffs is set when the search makes no cutoffs (minimax,
	// Monte-Carlo tree search, …): the page offers no next-cutoff button
	// and its key's hint is left out.
	NoCutoffs bool
	Frame     *view.Frame
	Layout    *view.Layout
	Listings  []Listing // every form, the one named by Form among them
	Folds     map[string]FoldCount
	// MinimaxLeaves is the number of leaves the baseline (the algorithm
	// without pruning: plain minimax, or expectiminimax for star1)
	// evaluates on the same scenario, to tell how many the pruning spares;
	// -1 when not known. BaselineName names that algorithm.
	MinimaxLeaves int
	BaselineName  string
	// Transform is what the scenario's evaluation transform did to the
	// decision; nil when it has none.
	Transform *TransformView
	// Hidden is the table of a method for hidden cards (clairvoyance,
	// infoset, determinized); nil for other scenarios.
	Hidden *HiddenView
	// MCTS is the Monte-Carlo panel (UCB1 scores and the playout) at the
	// step; nil for other searches.
	MCTS *view.MCTSPanel
	// Focus is the focus of a tree too large to read whole (the path
	// from the root to the current node with its siblings, the rest
	// folded), shown over the overview where the server says; nil when
	// the overview reads well enough everywhere.
	Focus *FocusView
	// fragmentLinks says that the folds link to their fragment
	// (#open=ID) whatever the query's length: the focus's, sent at each
	// step, whose page opens them in the whole tree.
	fragmentLinks bool
	// WSPath is the path of the websocket the script connects to.
	WSPath string
	// Real is the panel of the searches on real games (the table, the
	// passes, the re-searches, the learned orderings); nil for others.
	Real *view.RealGames
	// Eval explains the last leaf an evaluation valued (nil before the
	// first, and in searches without an evaluation).
	Eval *view.EvalPanel
	// InfoSet shows the information set of the current node in the card
	// game (nil for other sources); it shares the evaluation's box.
	InfoSet *view.InfoSetPanel
	// Overview is the whole tree as the server drew it for the page
	// where it marks more than the frame (the card game's information
	// set: view.OverviewSet); nil: drawn from Scene.
	Overview *view.Drawing

	drawn     *view.Drawing             // the drawing at Frame, once drawn
	openLinks *openLink                 // the folds' address, once made (OpenURL)
	foldTexts map[foldTextKey][3]string // the folds' texts worded (foldText)
	shown     *view.Panels              // the panels at Frame, once made
	followed  *followed                 // the followed path at Frame, once computed
}

// TransformView is what a monotone transform of the leaf values did: the
// decision (the chosen root child's id) and value before and after.
type TransformView struct {
	Transform               string
	OrderPreserving         bool
	BeforeBest, AfterBest   string
	BeforeValue, AfterValue string
	Changed                 bool
}

// Field is one hidden field of a form that re-submits the scenario.
type Field struct{ Name, Value string }

// ScenarioFields are the scenario's query parameters but its transform,
// for the transform control, which re-searches with a new one.
func (v *View) ScenarioFields() []Field {
	q, _ := url.ParseQuery(v.Query)
	var out []Field
	for _, k := range sortedKeys(q) {
		if k == "transform" {
			continue
		}
		for _, x := range q[k] {
			out = append(out, Field{k, x})
		}
	}
	if len(v.Open) > 0 {
		out = append(out, Field{"open", strings.Join(v.Open, ",")})
	}
	if v.Form != "" && v.Form != "textbook" {
		out = append(out, Field{"form", v.Form})
	}
	return out
}

// TransformText is the scenario's transform, as given; "" when none.
func (v *View) TransformText() string {
	q, _ := url.ParseQuery(v.Query)
	return q.Get("transform")
}

// WithoutTransformURL is the address of the same view with the values as
// they are.
func (v *View) WithoutTransformURL() string {
	q, _ := url.ParseQuery(v.Query)
	q.Del("transform")
	w := *v
	w.Query = q.Encode()
	return w.fullLink("end", w.Open)
}

// ChildName names a root child by its id, in the language of ctx: as
// the page names it (Names: its label, a game's move), else "move 2
// (from the left)"; "none" where there is no child.
func (v *View) ChildName(ctx context.Context, id string) string {
	if id == "" || id == "—" {
		return T(ctx, "tf.none")
	}
	if v.Names != nil {
		if name := v.Names(id); name != id && name != "" {
			return name
		}
	}
	if v.Layout != nil {
		if n, ok := v.Layout.Node(id); ok && n.Label != "" {
			return n.Label
		}
	}
	if i, err := strconv.Atoi(id); err == nil {
		return T(ctx, "tf.move", "N", strconv.Itoa(i+1))
	}
	return id
}

func sortedKeys(q url.Values) []string {
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// End reports whether the step shown is the last one of the search.
func (v *View) End() bool { return v.Frame.Done }

// URL returns the viewer's address for this scenario at a step ("end" or
// a number), keeping the opened folds and the pseudocode form.
func (v *View) URL(step string) string {
	return v.link(step, v.Open)
}

// StepURL is URL for a step number.
func (v *View) StepURL(n int) string {
	if n < 0 {
		n = 0
	}
	return v.URL(strconv.Itoa(n))
}

// MaxLinkQuery is the longest scenario query a page repeats in its links.
// A drawing has up to about a thousand folds and a page about ten step
// controls, so a large tree typed as text (a 90,000-node tree is 300 KB of
// query) would otherwise make a page of hundreds of megabytes. Above it,
// the page holds the query once (the script's data) and a link names only
// what it changes, as a fragment: a fold's link "#open=2.1", a step
// control's "#step=6" (and "&form=negamax" when that form is shown). The
// viewer's script, which holds the query, follows them; the address bar
// always holds the whole query (the script writes it at every step), so a
// copied address stays a permalink. These pages need the script anyway:
// their folds open by it.
const MaxLinkQuery = 4 << 10

// ShortLinks reports whether the page's links name only what they change
// (see MaxLinkQuery).
func (v *View) ShortLinks() bool { return len(v.Query) > MaxLinkQuery }

// OpenURL returns the address of the same view with one more fold opened,
// or, for a scenario whose query is longer than MaxLinkQuery, the fold's
// fragment.
func (v *View) OpenURL(id string) string {
	if v.ShortLinks() || v.fragmentLinks {
		return "#open=" + url.QueryEscape(id)
	}
	// Every fold's address is the same but for its id: the address is
	// made once (with a mark for the id) and the id put in its place.
	ol := v.openLinks
	if ol == nil || !ol.madeFor(v) {
		ol = newOpenLink(v)
		v.openLinks = ol
	}
	if ol.ok {
		return ol.before + url.QueryEscape(id) + ol.after
	}
	open := append(append([]string(nil), v.Open...), id)
	return v.link(strconv.Itoa(v.Step), open)
}

// openMark stands for a fold's id in openLink's address: a byte no id
// and no scenario's query holds (it is escaped as %00).
const openMark = "\x00"

// openLink is a fold's address as made for a view's step and query: what
// stands before the fold's escaped id and after it (ok false when the
// address could not be split at one mark).
type openLink struct {
	step            int
	open            []string
	query, form, by string
	present, ok     bool
	before, after   string
}

func newOpenLink(v *View) *openLink {
	ol := &openLink{step: v.Step, open: v.Open, query: v.Query, form: v.Form, by: v.By, present: v.Present}
	link := v.link(strconv.Itoa(v.Step), append(append([]string(nil), v.Open...), openMark))
	esc := url.QueryEscape(openMark)
	if strings.Count(link, esc) == 1 {
		ol.before, ol.after, ol.ok = strings.Cut(link, esc)
	}
	return ol
}

// madeFor reports whether ol was made for what v's links are made of.
func (ol *openLink) madeFor(v *View) bool {
	return ol.step == v.Step && slices.Equal(ol.open, v.Open) && ol.query == v.Query && ol.form == v.Form &&
		ol.by == v.By && ol.present == v.Present
}

// link is the viewer's address of this scenario at step with the folds
// open, or, for ShortLinks, the fragment that names the step (and the form
// when not the textbook's), the open folds being in the page's query.
func (v *View) link(step string, open []string) string {
	if v.ShortLinks() {
		f := url.Values{"step": {step}}
		if v.Form != "" && v.Form != "textbook" {
			f.Set("form", v.Form)
		}
		return "#" + f.Encode()
	}
	return v.fullLink(step, open)
}

// fullLink is the viewer's whole address of this scenario at step with the
// folds open.
func (v *View) fullLink(step string, open []string) string {
	q, _ := url.ParseQuery(v.Query)
	q.Set("step", step)
	if len(open) > 0 {
		q.Set("open", strings.Join(open, ","))
	}
	if v.Form != "" && v.Form != "textbook" {
		q.Set("form", v.Form)
	}
	if v.By != "" && v.By != string(view.ByEvent) {
		q.Set("by", v.By)
	}
	if v.Present {
		q.Set("present", "1")
	}
	return "/view?" + q.Encode()
}

// ByURL is the address of the same step with another step size. For a
// scenario longer than MaxLinkQuery it is a fragment, as fold links are:
// the script switches the size.
func (v *View) ByURL(by string) string {
	if len(v.Query) > MaxLinkQuery {
		return "#by=" + url.QueryEscape(by)
	}
	w := *v
	w.By = by
	return w.StepURL(v.Step)
}

// PresentURL is the address of the same step in presenter mode (on) or
// out of it (a fragment beyond MaxLinkQuery, as ByURL).
func (v *View) PresentURL(on bool) string {
	if len(v.Query) > MaxLinkQuery {
		return "#present"
	}
	w := *v
	w.Present = on
	return w.StepURL(v.Step)
}

// Across reports whether the tree is drawn sideways (layout=across).
func (v *View) Across() bool { return v.Layout != nil && v.Layout.Across }

// OtherLayout is the orientation the layout control (key o) switches to.
func (v *View) OtherLayout() string {
	if v.Across() {
		return view.LayoutDown
	}
	return view.LayoutAcross
}

// LayoutURL is the address of the same step drawn the other way (see
// OtherLayout); a fragment beyond MaxLinkQuery, as ByURL.
func (v *View) LayoutURL() string {
	if v.ShortLinks() {
		return "#layout=" + v.OtherLayout()
	}
	q, _ := url.ParseQuery(v.Query)
	q.Set("layout", v.OtherLayout())
	w := *v
	w.Query = q.Encode()
	return w.fullLink(strconv.Itoa(v.Step), v.Open)
}

// LoadQuery is the query the script sends in its load command: the
// scenario with its opened folds.
// MaxInlineRoomQuery is the longest scenario query the viewer's "start a
// room" form carries in itself. A longer one (a large tree typed as text)
// would stand in the page twice, beside the page's starting state; its form
// is sent empty and the script copies the query from Init.Query when the
// lecturer presses the button.
const MaxInlineRoomQuery = 8 << 10

// RoomScenario is the scenario the "start a room" form sends: the page's
// load query in the page's language, or "" when it is longer than
// MaxInlineRoomQuery.
func (v *View) RoomScenario(lang string) string {
	q := v.LoadQuery()
	if len(q) > MaxInlineRoomQuery {
		return ""
	}
	return q + "&lang=" + lang
}

func (v *View) LoadQuery() string {
	q, _ := url.ParseQuery(v.Query)
	if len(v.Open) > 0 {
		q.Set("open", strings.Join(v.Open, ","))
	}
	return q.Encode()
}

// thousands writes n with its thousands separated in the page's language
// (view.ThousandsIn): 2,199,784, 2 199 784.
func thousands(ctx context.Context, n int) string {
	return view.ThousandsIn(i18n.FromContext(ctx).Phrase, n)
}

// ScrubMax is the largest value of the scrubber.
func (v *View) ScrubMax() int {
	if v.Total > 0 {
		return v.Total
	}
	return max(v.Step, 1)
}

// Narration is the sentence under the controls.
func (v *View) Narration() string {
	return v.panels().Narration
}

// Init is the state the script starts from, embedded in the page as JSON.
type Init struct {
	Query         string `json:"query"` // as sent in the load command
	Step          int    `json:"step"`
	Total         int    `json:"total"` // 0 when not known
	End           bool   `json:"end"`
	Form          string `json:"form"`
	WS            string `json:"ws"`
	MinimaxLeaves int    `json:"minimaxLeaves"`
	Baseline      string `json:"baseline,omitempty"`
	Window        bool   `json:"window"`  // the algorithm keeps an α-β window
	By            string `json:"by"`      // step size: event, node or cutoff
	Present       bool   `json:"present"` // presenter mode
	// Short says that the page's links name only what they change, as
	// fragments ("#step=6"): the script adds Query (see MaxLinkQuery).
	Short bool `json:"short,omitempty"`
	// Follow is the path the view keeps in view when zoomed in, until the
	// first message brings the step's own (view.Follow).
	Follow *view.Follow `json:"follow,omitempty"`
	// Drawn is the print of the drawing the page was rendered with
	// (view.Print): the script names it in its first load, so that the
	// server need not send the drawing again.
	Drawn string `json:"drawn,omitempty"`
	// Room is the room the page follows, nil for none.
	Room *RoomInit `json:"room,omitempty"`
}

// InitData returns the script's starting state.
func (v *View) InitData() Init {
	return Init{Query: v.LoadQuery(), Step: v.Step, Total: v.Total, End: v.End(), Form: v.Form,
		WS: v.WSPath, MinimaxLeaves: v.MinimaxLeaves, Baseline: v.BaselineName, Window: v.window(), Short: v.ShortLinks(),
		By: v.by(), Present: v.Present, Follow: v.follow(), Drawn: view.Print(v.drawing().Attrs()), Room: v.roomInit()}
}

// follow is the path the view follows at the step shown, computed once.
func (v *View) follow() *view.Follow {
	if v.followed == nil {
		scene := v.Scene
		if scene == nil {
			scene = view.SceneOf(v.Source, nil, v.Layout, v.Open)
		}
		f := view.FollowOf(scene, v.Frame, v.Frame.Words)
		if f != nil && v.Names != nil {
			// The scene made from the layout alone names a game's nodes
			// by their ids; the page's names them by their moves.
			for i := range f.Path {
				f.Path[i].Name = v.Names(f.Path[i].ID)
			}
		}
		v.followed = &followed{f}
	}
	return v.followed.f
}

// followed holds View.follow's answer, nil included.
type followed struct{ f *view.Follow }

// by is the step size, "event" when none is named.
func (v *View) by() string {
	if v.By == "" {
		return string(view.ByEvent)
	}
	return v.By
}

func (v *View) window() bool {
	for _, ln := range v.Listings {
		for _, l := range ln.Lines {
			if l.Has("max-prune") || l.Has("min-prune") {
				return true
			}
		}
	}
	return false
}

// CurrentLine reports whether line i of a listing is the current event's.
func (v *View) CurrentLine(l Line) bool {
	return v.Frame.Line != "" && l.Has(v.Frame.Line)
}

// StackEntry is one open call as the stack panel lists it.
type StackEntry = view.StackEntry

// Stack lists the open calls from the root down.
func (v *View) Stack() []StackEntry { return v.panels().Stack }

// panels are the panels at the view's frame, the same as the websocket
// sends after each step (view.PanelsOf): the page is first rendered from
// them.
func (v *View) panels() *view.Panels {
	if v.shown == nil {
		v.shown = view.PanelsOf(v.Frame, v.MinimaxLeaves)
	}
	return v.shown
}

// NodeName is how the page names a node: its label, or "root", or its id.
func NodeName(id, label string) string { return view.NodeName(id, label) }

// Spared is the statistics line comparing with minimax: the number of
// leaves alpha-beta did not evaluate, once the search is done; "—" before.
func (v *View) Spared() string { return v.panels().Spared }

// Itoa is strconv.Itoa, for the templates.
func Itoa(n int) string { return strconv.Itoa(n) }

// nameOf is what the page calls drawn node n (the outline, a fold's
// label): its label, else its name from Names, else NodeName's.
func (v *View) nameOf(n view.Node) string {
	if v.Names != nil {
		return v.Names(n.ID)
	}
	return NodeName(n.ID, n.Label)
}
