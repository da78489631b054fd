package trace

import (
	"maps"
	"strconv"
	"strings"
)

// LineTTCut is the pseudocode key of the return of a node that the
// transposition table settled, on its tt-probe and exit events.
const LineTTCut = "tt-cut"

// FullDraft is the draft of a table entry searched without a depth limit,
// to the end of the game: it answers a probe at any depth.
const FullDraft = 1 << 20

// isRealGames reports whether t is one of the steps of the searches on
// real games: the table's probe and store, a re-search, a pass.
func (t Type) isRealGames() bool { return t >= TTProbe && t <= Pass }

func init() { maps.Copy(narrationEnglish, narrationRealGames) }

// narrationRealGames is the narration of the searches on real games, in
// English: the table's probes and stores, re-searches, passes, and the
// orders the table, the previous pass and the learned orderings give.
// Entry is an entry's value with its kind (narrate.tt.exact, .lower,
// .upper); Draft how deep it was searched (narrate.tt.draft,
// narrate.tt.draft-full); Where the node that stored it; Move the child
// it suggests trying first.
var narrationRealGames = map[string]Message{
	"narrate.tt.exact":      {Other: "the exact value {{.Value}}", Description: "a table entry's value"},
	"narrate.tt.lower":      {Other: "the lower bound ≥ {{.Value}}", Description: "a table entry's value"},
	"narrate.tt.upper":      {Other: "the upper bound ≤ {{.Value}}", Description: "a table entry's value"},
	"narrate.tt.draft":      {One: "1 ply deep", Other: "{{.Count}} plies deep", Description: "how deep a table entry was searched"},
	"narrate.tt.draft-full": {Other: "to the end of the game", Description: "how deep a table entry was searched: without a depth limit"},
	"narrate.tt.here":       {Other: "this same node earlier", Description: "where an entry was stored: the node now probed, in an earlier pass"},
	"narrate.tt.sym":        {Other: " (a symmetric image of it)", Description: "follows a node's name; starts with a space"},

	"narrate.tt.miss":      {Other: "The table has no entry for {{.Node}}, so it must be searched."},
	"narrate.tt.cut-exact": {Other: "The table already knows {{.Node}}{{.Sym}}: {{.Entry}}, stored at {{.Where}} by a search {{.Draft}}, as deep as this one. The node is settled without a search."},
	"narrate.tt.cut-lower": {Other: "The table already knows {{.Node}}{{.Sym}}: {{.Entry}}, stored at {{.Where}} by a search {{.Draft}}. It reaches β = {{.Beta}}, so the node fails high without a search."},
	"narrate.tt.cut-upper": {Other: "The table already knows {{.Node}}{{.Sym}}: {{.Entry}}, stored at {{.Where}} by a search {{.Draft}}. It is at most α = {{.Alpha}}, so the node fails low without a search."},
	"narrate.tt.narrow-alpha": {Other: "The table knows {{.Node}}{{.Sym}}: {{.Entry}}, stored at {{.Where}} by a search {{.Draft}}. It raises α from {{.Old}} to {{.Alpha}}{{if .Move}}, and {{.Move}} is tried first{{end}}.",
		Description: "Old: α before; Move: the child the entry suggests, or empty"},
	"narrate.tt.narrow-beta": {Other: "The table knows {{.Node}}{{.Sym}}: {{.Entry}}, stored at {{.Where}} by a search {{.Draft}}. It lowers β from {{.Old}} to {{.Beta}}{{if .Move}}, and {{.Move}} is tried first{{end}}.",
		Description: "Old: β before; Move: the child the entry suggests, or empty"},
	"narrate.tt.shallow": {Other: "The table knows {{.Node}}{{.Sym}}: {{.Entry}}, stored at {{.Where}} by a search {{.Draft}}, but here the search looks {{.Need}}, so the entry cannot settle the node{{if .Move}}; its best move {{.Move}} is tried first{{end}}.",
		Description: "Need: how deep the search looks below this node (narrate.tt.draft)"},
	"narrate.tt.keep": {Other: "The table knows {{.Node}}{{.Sym}}: {{.Entry}}, stored at {{.Where}} by a search {{.Draft}}; it neither settles the node nor narrows its window α = {{.Alpha}}, β = {{.Beta}}{{if .Move}}, but its best move {{.Move}} is tried first{{end}}."},
	"narrate.tt.root": {Other: "The table knows the root: {{.Entry}}, from a search {{.Draft}}. The root is always searched, to find its best move{{if .Move}}; {{.Move}}, the best move last time, is tried first{{end}}."},

	"narrate.tt.store":   {Other: "{{cap .Node}} goes into the table: {{.Entry}}, searched {{.Draft}}{{if .Move}}, best move {{.Move}}{{end}}{{if .Replaced}}; it takes the place of another position's entry{{end}}."},
	"narrate.exit.table": {Other: "{{cap .Node}} returns {{.Entry}} from the table, without searching below it."},

	"narrate.research.pvs":       {Other: "{{cap .Child}} failed high on its null window ({{.Test}}): it may be better than the best so far, so it is searched again with the full window α = {{.Alpha}}, β = {{.Beta}} to find its exact value."},
	"narrate.research.fail-low":  {Other: "The aspiration window failed low ({{.Test}}): the root's value lies at or below the window, so the root is searched again with α = {{.Alpha}}, β = {{.Beta}}."},
	"narrate.research.fail-high": {Other: "The aspiration window failed high ({{.Test}}): the root's value lies at or above the window, so the root is searched again with α = {{.Alpha}}, β = {{.Beta}}."},
	"narrate.research.other":     {Other: "{{cap .Node}} is searched again with α = {{.Alpha}}, β = {{.Beta}} ({{.Test}})."},

	"narrate.pass.id": {Other: "Pass {{.Pass}} of iterative deepening: the tree is searched afresh to depth {{.Draft}}{{if .Window}} with the aspiration window α = {{.Alpha}}, β = {{.Beta}} around the last pass's value{{end}}{{if .Again}}; the best moves the last pass found are tried first{{end}}.",
		Description: "Window and Again are flags: an aspiration window is used; this is not the first pass"},
	"narrate.pass.id-full": {Other: "Pass {{.Pass}} of iterative deepening: the tree is searched afresh to the end of the game{{if .Window}} with the aspiration window α = {{.Alpha}}, β = {{.Beta}} around the last pass's value{{end}}{{if .Again}}; the best moves the last pass found are tried first{{end}}."},
	"narrate.pass.mtdf":    {Other: "MTD(f) pass {{.Pass}}: a null-window search with α = {{.Alpha}}, β = {{.Beta}} asks whether the root's value is at least {{.Beta}}{{if .Again}}; the table keeps what the earlier passes learned{{end}}."},

	"narrate.expand.front-table": {One: "{{cap .Node}} has 1 successor, {{.First}}, the best move the table stored for this position.",
		Other: "{{cap .Node}} has {{.Count}} successors; {{.First}} is tried first, the best move the table stored for this position, then the others {{.Rest}}.", Description: "Rest: narrate.expand.rest-natural or narrate.expand.rest-keys"},
	"narrate.expand.front-pass": {One: "{{cap .Node}} has 1 successor, {{.First}}, the best move here in the last pass.",
		Other: "{{cap .Node}} has {{.Count}} successors; {{.First}} is tried first, the best move here in the last pass, then the others {{.Rest}}.", Description: "Rest: narrate.expand.rest-natural or narrate.expand.rest-keys"},
	"narrate.expand.rest-natural": {Other: "in natural order"},
	"narrate.expand.rest-keys":    {Other: "by the {{.By}} ordering (keys {{.Keys}})", Description: "By: killer or history"},
	"narrate.expand.killer": {One: "{{cap .Node}} has 1 successor, in the killer ordering (key {{.Keys}}).",
		Other: "{{cap .Node}} has {{.Count}} successors, in the killer ordering: a move that caused a cutoff at this depth lately goes first (key 2 for the newest, 1 for the one before), the others keep natural order; keys {{.Keys}}.", Description: "killer moves: two slots per depth"},
	"narrate.expand.history": {One: "{{cap .Node}} has 1 successor, in the history ordering (score {{.Keys}}).",
		Other: "{{cap .Node}} has {{.Count}} successors, ordered by the history heuristic: each move scores the square of the depth left whenever it caused a cutoff, highest score first; scores {{.Keys}}."},
}

// entryPhrase words a table entry's value with its kind.
func entryPhrase(v Num, b Bound) Phrase {
	switch b {
	case Lower:
		return say("narrate.tt.lower", "Value", v.String())
	case Upper:
		return say("narrate.tt.upper", "Value", v.String())
	}
	return say("narrate.tt.exact", "Value", v.String())
}

// draftPhrase words how deep an entry was searched.
func draftPhrase(d int) Phrase {
	if d >= FullDraft {
		return say("narrate.tt.draft-full")
	}
	return sayN("narrate.tt.draft", d)
}

// named names node id, from the frame, else from the table's memory
// (nodes of an earlier pass are no longer in the frame).
func (nr narrator) named(id string) any {
	if nr.label(id) == "" {
		if l := nr.f.Memory.labelOf(id); l != "" {
			return l
		}
	}
	return nr.short(id)
}

func (nr narrator) ttProbe() Phrase {
	e := nr.e
	node := nr.short(e.Node)
	if !e.Hit {
		return say("narrate.tt.miss", "Node", node)
	}
	var where any = say("narrate.tt.here")
	if e.Stored != e.Node {
		where = nr.named(e.Stored)
	}
	if e.Stored == "" {
		where = say("narrate.tt.here")
	}
	var symText any = ""
	if e.Sym != 0 {
		symText = say("narrate.tt.sym")
	}
	var move any = ""
	if e.Child != "" {
		move = nr.named(e.Child)
	}
	a, b := WindowText(e.Alpha, e.Beta)
	args := []any{"Node", node, "Sym", symText, "Entry", entryPhrase(e.Value, e.Bound), "Where", where,
		"Draft", draftPhrase(e.Draft), "Alpha", a, "Beta", b, "Move", move}
	if e.Cut {
		switch e.Bound {
		case Lower:
			return say("narrate.tt.cut-lower", args...)
		case Upper:
			return say("narrate.tt.cut-upper", args...)
		}
		return say("narrate.tt.cut-exact", args...)
	}
	if e.Node == "" {
		return say("narrate.tt.root", args...)
	}
	if prev := nr.f.Nodes[e.Node]; prev != nil && prev.Window && e.Window {
		if e.Alpha != prev.Alpha {
			return say("narrate.tt.narrow-alpha", append(args, "Old", prev.Alpha.String())...)
		}
		if e.Beta != prev.Beta {
			return say("narrate.tt.narrow-beta", append(args, "Old", prev.Beta.String())...)
		}
	}
	// How deep this node is searched, when the pass says it.
	if p := nr.f.Memory.pass(); p != nil && p.Draft > 0 && p.Draft-e.Depth != e.Draft {
		return say("narrate.tt.shallow", append(args, "Need", draftPhrase(p.Draft-e.Depth))...)
	}
	return say("narrate.tt.keep", args...)
}

func (nr narrator) ttStore() Phrase {
	e := nr.e
	var move any = ""
	if e.Child != "" {
		move = nr.named(e.Child)
	}
	replaced := ""
	if e.Replaced {
		replaced = "yes"
	}
	return say("narrate.tt.store", "Node", nr.short(e.Node), "Entry", entryPhrase(e.Value, e.Bound),
		"Draft", draftPhrase(e.Draft), "Move", move, "Replaced", replaced)
}

func (nr narrator) research() Phrase {
	e := nr.e
	a, b := WindowText(e.Alpha, e.Beta)
	args := []any{"Node", nr.short(e.Node), "Alpha", a, "Beta", b, "Test", e.Test}
	switch {
	case e.Child != "":
		return say("narrate.research.pvs", append(args, "Child", nr.short(e.Child))...)
	case strings.HasPrefix(e.Test, "fail-low"):
		return say("narrate.research.fail-low", args...)
	case strings.HasPrefix(e.Test, "fail-high"):
		return say("narrate.research.fail-high", args...)
	}
	return say("narrate.research.other", args...)
}

func (nr narrator) pass() Phrase {
	e := nr.e
	again, window := "", ""
	if e.Pass > 1 {
		again = "yes"
	}
	if e.Window && !(isInf(e.Alpha, -1) && isInf(e.Beta, 1)) {
		window = "yes"
	}
	a, b := WindowText(e.Alpha, e.Beta)
	args := []any{"Pass", strconv.Itoa(e.Pass), "Draft", strconv.Itoa(e.Draft), "Alpha", a, "Beta", b,
		"Again", again, "Window", window}
	switch {
	case e.Draft <= 0:
		return say("narrate.pass.mtdf", args...)
	case e.Draft >= FullDraft:
		return say("narrate.pass.id-full", args...)
	}
	return say("narrate.pass.id", args...)
}

// learnedExpand narrates an expansion whose order the table or the last
// pass changed (a child moved to the front), or that the killer or
// history ordering made; it reports false for others.
func (nr narrator) learnedExpand() (Phrase, bool) {
	e := nr.e
	n := len(e.Order)
	if n == 0 {
		return Phrase{}, false
	}
	learned := e.By == "killer" || e.By == "history"
	if e.By != "natural" && !learned {
		return Phrase{}, false
	}
	// The order the ordering alone gives: natural, or by descending keys
	// (ties in natural order).
	want := make([]int, n)
	for i := range want {
		want[i] = i
	}
	if learned && len(e.Keys) == n {
		for i := 1; i < n; i++ {
			for j := i; j > 0 && e.Keys[want[j]] > e.Keys[want[j-1]]; j-- {
				want[j], want[j-1] = want[j-1], want[j]
			}
		}
	}
	keys := ""
	if len(e.Keys) > 0 {
		ks := make([]Num, 0, n)
		for _, i := range e.Order {
			if i >= 0 && i < len(e.Keys) {
				ks = append(ks, e.Keys[i])
			}
		}
		keys = joinNums(ks)
	}
	node := nr.short(e.Node)
	if e.Order[0] != want[0] {
		first := ChildID(e.Node, e.Order[0])
		why := "narrate.expand.front-pass"
		if m := nr.f.Memory; m != nil && m.HintNode == e.Node && m.Hint == first {
			why = "narrate.expand.front-table"
		}
		var rest any = say("narrate.expand.rest-natural")
		if learned {
			rest = say("narrate.expand.rest-keys", "By", e.By, "Keys", keys)
		}
		return sayN(why, n, "Node", node, "First", nr.named(first), "Rest", rest), true
	}
	if learned {
		return sayN("narrate.expand."+e.By, n, "Node", node, "Keys", keys), true
	}
	return Phrase{}, false
}
