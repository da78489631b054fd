// Package scenario describes one search as a plain value — where the tree
// comes from, the algorithm and its variant, the ordering, the depth limit
// and the evaluation — and runs it. A Scenario round-trips through a URL
// query string whose names are those of the command line flags, so every
// view is a permalink and every permalink is a command line.
package scenario

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/cards"
	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/dice"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdleval"
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/search/tree/importer"
	"github.com/abtrace/abtrace/trace"
)

// Scenario is one search. Exactly one source is set: Tree (tree text),
// Game ("tictactoe", "connect4", "nim" or "dice") or Random ("B,D"). The zero values of
// the other fields are the defaults: alpha-beta, prune on ≥, fail-soft,
// natural order, no depth limit.
//
// Trees with CHANCE nodes are searched by expectiminimax and star1, trees
// with vector leaves (<3,1,2>) by maxn and paranoid; minimax and alphabeta
// take plain two-player trees only.
type Scenario struct {
	Tree     string // explicit tree in the classroom notation
	Root     string // "max" (default) or "min": the player at the root of an explicit tree
	Game     string // "tictactoe", "connect4", "nim", "dice", "cards" or "roads"
	GDL      string // the text of a game written in GDL (search/gdl), searched from its initial state
	Position string // tic-tac-toe: 9 cells of x, o and . (default: the empty board); connect4: moves such as "dd" or 6 rows of cells (see connect4.Parse); dice: see package dice (default dice.DefaultPosition)
	Matches  int    // nim: matches on the table (default 5)
	Take     int    // nim: most matches a move may take (default 2)
	Random   string // random tree recipe "B,D": branching and depth
	Seed     uint64 // seed of the random tree and of the random ordering

	Algo  string // "minimax" or "alphabeta" (default)
	Prune string // "ge" (default) or "gt"
	Fail  string // "soft" (default) or "hard"
	Order string // "natural" (default), "reversed", "random", "eval", "best", "worst"
	Depth int    // depth limit; 0 means none
	Eval  string // evaluation at the depth limit (default per source)

	// Bounds is "L,U", the least and the greatest leaf value, which star1
	// needs (the dice game's are -1,1 and the default there).
	Bounds string
	// Player is the player (1-based) that paranoid plays for, all the
	// others allied against it; 0 means player 1.
	Player int
	// Transform maps every leaf value (utilities and evaluations) through
	// a monotone table such as "1:1,2:20,3:30,4:400" or a preset ("cube",
	// "exp", "wld:100,10,50"); see search.ParseTransform. The search runs
	// on the mapped values, and Search.TransformReport compares it with the
	// search on the values as they are.
	Transform string
	// Format is the notation of Tree: "abtrace" (the classroom notation,
	// the default), "cmu", "sml", "cs188" or "aima" (see package
	// importer). A CS188 file brings its own agents, depth cut, algorithm
	// and the course's strict pruning rule; Algo and Prune, when given,
	// still win.
	Format string
	// Kuhlmann turns the features of Eval into Kuhlmann et al.'s
	// evaluation, "max" or "min" (Reversi); "" means a weighted sum.
	Kuhlmann string
	// Fuzzy sets the fuzzy goal evaluation of tic-tac-toe (Eval "fuzzy"):
	// "tnorm,p,t,q" as fuzzy.ParseParams reads it.
	Fuzzy string
	// Utilities values a tree's expected values by category
	// ([win=72% loss=20% draw=8%]): "plus-minus" (win +1, loss −1, draw
	// 0; the default, also "") or "zero-half-one" (win 1, loss 0, draw ½);
	// see tree.ParseUtilities.
	Utilities string

	// Budget bounds every search the prepared scenario runs (see
	// search.Budget) and lets the caller cancel them. It is not part of the
	// query: the server sets it (Nodes = MaxWork and the request's or the
	// session's context), the command line leaves it zero. With Nodes set,
	// Prepare refuses a tree with more nodes than that (see CheckSize).
	Budget search.Budget

	// Deal is the card game's deal (package cards; default cards.Lecture)
	// and World which of its MIN hands (1-based; 0 means 1) is searched
	// with open cards. For the roads, World is 1 (diamonds on the left) or
	// 2 (on the right).
	Deal  string
	World int

	// Iterations, C and Playout are the parameters of MCTS (Algo "mcts"):
	// 0 iterations means search.DefaultIterations, C 0 means √2, Playout
	// is "random" (default) or "eval".
	Iterations int
	C          float64
	Playout    string
	// Samples is the number of worlds determinised MCTS draws (Algo
	// "determinized"); 0 means DefaultSamples. Sample is the one of them
	// the viewer steps (1-based; 0 means 1): its MCTS search on the deal it
	// drew, as if the cards were open.
	Samples int
	Sample  int
	// The searches on real games (minimax and the negamax family: negamax,
	// pvs, mtdf, id). TT is the size of the transposition table in
	// entries, 0 for none (mtdf, and symmetry, take
	// search.DefaultTTSize when none is given); Replace its replacement
	// rule, "depth" (default) or "always"; Symmetry stores one
	// representative of symmetric positions (tictactoe, connect4).
	// Aspiration is the half-width of iterative deepening's aspiration
	// window, 0 for none.
	TT         int
	Replace    string
	Symmetry   bool
	Aspiration float64
	// Selective search (alpha-beta and the negamax family). Quiescence
	// follows captures past the depth limit until the position is quiet
	// (minichess). Extend is "singular" or "" (none), with Margin (0:
	// search.DefaultMargin); Forward is "symmetric", "beam" or "" (none),
	// with Beam moves kept (0: search.DefaultBeam).
	Quiescence bool
	Extend     string
	Margin     float64
	Forward    string
	Beam       int

	// Layout is how the viewer draws the tree: LayoutDown (the root at
	// the top, the textbooks' way), LayoutAcross (sideways: the root at
	// the left, for a tall pane such as a phone's) or "" to let the server
	// choose for the viewer's pane (see view.ChooseLayout). It changes no
	// search; it travels in the permalink with the rest.
	Layout string
}

// The values of Scenario.Layout.
const (
	LayoutDown   = "down"
	LayoutAcross = "across"
)

// UsageError is an error in the scenario itself (a bad flag value, a tree
// that does not parse), as opposed to an error met while searching.
type UsageError struct {
	Err error
	// Say is the error as a phrase of English (the package's messages),
	// for a page to word in its language; its ID is empty where the error
	// is only Err.
	Say trace.Phrase
	// Param is the query parameter (and command line flag, without its
	// dashes) the error is about, such as "algo" or "position"; empty when
	// it is about several together (a tree and a game given at once).
	Param string
}

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// InParam is err as the error of query parameter param: a *UsageError
// keeps its words and learns the parameter (unless it already names one),
// any other error becomes one.
func InParam(param string, err error) error {
	var ue *UsageError
	if errors.As(err, &ue) {
		if ue.Param != "" {
			return err
		}
		c := *ue
		c.Param = param
		return &c
	}
	return &UsageError{Err: err, Param: param}
}

func usage(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf("scenario: "+format, args...)}
}

// positionError is a position of game that does not read: err, the
// game's own account of what is wrong and where (the English the command
// line prints), with a phrase for a page saying what a position of the
// game is (scenario.err.position.<game>).
func positionError(game, position string, err error) error {
	return &UsageError{Err: err, Say: trace.Phrase{ID: "scenario.err.position." + game, Args: map[string]any{"Got": strconv.Quote(position)}}, Param: "position"}
}

// evalError is an evaluation that game does not know, with the names it
// knows.
func evalError(game, name string, known []string, err error) error {
	var ce *gdleval.CombineError
	if errors.As(err, &ce) {
		return &UsageError{Err: err, Say: ce.Say(), Param: "eval"}
	}
	return &UsageError{Err: err, Say: trace.Phrase{ID: "scenario.err.game-eval", Args: map[string]any{"Got": strconv.Quote(name), "Game": game, "Want": strings.Join(known, ", ")}}, Param: "eval"}
}

// sayWith is a usage error whose English is err (its package's own
// account, with the place and the cause) and whose phrase, from
// English[id] with the arguments kv (name, value, …), says for a page what
// the option takes.
func sayWith(err error, id string, kv ...any) error {
	return &UsageError{Err: err, Say: trace.PhraseOf(id, kv...)}
}

// usageSay is a usage error worded from English[id] with the arguments
// kv (name, value, …). An argument Name names the parameter it is about.
func usageSay(id string, kv ...any) error {
	p := trace.Phrase{ID: id, Args: map[string]any{}}
	for i := 0; i+1 < len(kv); i += 2 {
		p.Args[kv[i].(string)] = kv[i+1]
	}
	param, _ := p.Args["Name"].(string)
	return &UsageError{Err: errors.New("scenario: " + p.WordIn(English)), Say: p, Param: param}
}

// Query encodes the scenario with the command line flag names, leaving out
// defaults.
func (s Scenario) Query() url.Values {
	v := url.Values{}
	set := func(k, x string) {
		if x != "" {
			v.Set(k, x)
		}
	}
	setInt := func(k string, x int) {
		if x != 0 {
			v.Set(k, strconv.Itoa(x))
		}
	}
	set("tree", s.Tree)
	set("root", s.Root)
	set("game", s.Game)
	set("gdlz", compressedGDL(s.GDL))
	set("position", s.Position)
	setInt("matches", s.Matches)
	setInt("take", s.Take)
	set("random", s.Random)
	if s.Seed != 0 {
		v.Set("seed", strconv.FormatUint(s.Seed, 10))
	}
	set("algo", s.Algo)
	set("prune", s.Prune)
	set("fail", s.Fail)
	set("order", s.Order)
	setInt("depth", s.Depth)
	set("eval", s.Eval)
	set("bounds", s.Bounds)
	setInt("player", s.Player)
	set("transform", s.Transform)
	set("format", s.Format)
	set("kuhlmann", s.Kuhlmann)
	set("fuzzy", s.Fuzzy)
	set("utilities", s.Utilities)
	set("deal", s.Deal)
	setInt("world", s.World)
	setInt("iterations", s.Iterations)
	if s.C != 0 {
		v.Set("c", strconv.FormatFloat(s.C, 'g', -1, 64))
	}
	set("playout", s.Playout)
	setInt("samples", s.Samples)
	setInt("sample", s.Sample)
	setInt("tt", s.TT)
	set("replace", s.Replace)
	if s.Symmetry {
		v.Set("symmetry", "1")
	}
	if s.Aspiration != 0 {
		v.Set("aspiration", strconv.FormatFloat(s.Aspiration, 'f', -1, 64))
	}
	if s.Quiescence {
		v.Set("quiescence", "1")
	}
	set("extend", s.Extend)
	if s.Margin != 0 {
		v.Set("margin", strconv.FormatFloat(s.Margin, 'f', -1, 64))
	}
	set("forward", s.Forward)
	setInt("beam", s.Beam)
	set("layout", s.Layout)
	return v
}

// Names lists the query parameters a Scenario reads.
var Names = []string{"tree", "root", "game", "gdl", "gdlz", "position", "matches", "take", "random", "seed",
	"algo", "prune", "fail", "order", "depth", "eval", "bounds", "player", "transform", "format", "kuhlmann", "fuzzy", "utilities", "deal", "world", "iterations", "c", "playout", "samples", "sample",
	"tt", "replace", "symmetry", "aspiration", "quiescence", "extend", "margin", "forward", "beam", "layout"}

// FromQuery decodes a scenario from query parameters. Unknown parameters
// are ignored (the viewer adds its own, such as step); malformed numbers
// are usage errors naming the parameter.
func FromQuery(v url.Values) (Scenario, error) {
	s := Scenario{
		Tree: v.Get("tree"), Root: v.Get("root"), Game: v.Get("game"), Position: v.Get("position"),
		Random: v.Get("random"), Algo: v.Get("algo"), Prune: v.Get("prune"), Fail: v.Get("fail"),
		Order: v.Get("order"), Eval: v.Get("eval"), Bounds: v.Get("bounds"), Transform: v.Get("transform"),
		Format:   v.Get("format"),
		Kuhlmann: v.Get("kuhlmann"), Fuzzy: v.Get("fuzzy"), Utilities: v.Get("utilities"),
		Deal: v.Get("deal"), Playout: v.Get("playout"),
		Replace: v.Get("replace"),
		Extend:  v.Get("extend"), Forward: v.Get("forward"),
		Layout: v.Get("layout"),
	}
	gdl, err := gdlFromQuery(v)
	s.GDL = gdl
	r := queryReader{v: v, err: err}
	r.num("matches", &s.Matches)
	r.num("take", &s.Take)
	// 0 is how a Scenario says "not given"; written out, it would silently
	// mean the default, so it is refused.
	for _, f := range []struct {
		name string
		lim  int
	}{{"matches", nim.MaxMatches}, {"take", nim.MaxTake}} {
		if x := strings.TrimSpace(v.Get(f.name)); r.err == nil && x != "" && strings.Trim(x, "+-0") == "" {
			r.err = usageSay("scenario.err.range", "Name", f.name, "Min", 1, "Max", f.lim, "Got", x)
		}
	}
	r.num("depth", &s.Depth)
	r.num("player", &s.Player)
	r.num("world", &s.World)
	r.num("iterations", &s.Iterations)
	r.num("samples", &s.Samples)
	r.num("sample", &s.Sample)
	r.float("c", &s.C)
	r.num("tt", &s.TT)
	r.num("beam", &s.Beam)
	r.flag("quiescence", &s.Quiescence)
	r.float("margin", &s.Margin)
	r.flag("symmetry", &s.Symmetry)
	r.float("aspiration", &s.Aspiration)
	switch s.Layout {
	case "", LayoutDown, LayoutAcross:
	default:
		if r.err == nil {
			r.err = InParam("layout", usageSay("scenario.err.layout", "Got", strconv.Quote(s.Layout)))
		}
	}
	if x := v.Get("seed"); x != "" && r.err == nil {
		n, e := strconv.ParseUint(x, 10, 64)
		if e != nil {
			r.err = usageSay("scenario.err.range", "Name", "seed", "Min", 0, "Max", uint64(math.MaxUint64), "Got", strconv.Quote(x))
		}
		s.Seed = n
	}
	return s, r.err
}

// queryReader reads a query's numbers and flags, keeping the first error:
// once one is found, numbers are no longer read (flags still are).
type queryReader struct {
	v   url.Values
	err error
}

// num reads the whole number named name into dst.
func (r *queryReader) num(name string, dst *int) {
	if x := r.v.Get(name); x != "" && r.err == nil {
		n, e := strconv.Atoi(x)
		if e != nil {
			r.err = usageSay("scenario.err.whole", "Name", name, "Got", strconv.Quote(x))
		}
		*dst = n
	}
}

// float reads the number named name into dst.
func (r *queryReader) float(name string, dst *float64) {
	if x := r.v.Get(name); x != "" && r.err == nil {
		f, e := strconv.ParseFloat(x, 64)
		if e != nil {
			r.err = usageSay("scenario.err.number", "Name", name, "Got", strconv.Quote(x))
		}
		*dst = f
	}
}

// flag reads the flag named name (1 or true, 0 or false) into dst.
func (r *queryReader) flag(name string, dst *bool) {
	switch x := r.v.Get(name); x {
	case "", "0", "false":
	case "1", "true":
		*dst = true
	default:
		if r.err == nil {
			r.err = usageSay("scenario.err.flag", "Name", name, "Got", strconv.Quote(x))
		}
	}
}

// Source names the scenario's source for display: "tree", "tictactoe",
// "nim", "dice" or "random".
func (s Scenario) Source() string {
	switch {
	case s.Game != "":
		return s.Game
	case s.GDL != "":
		return "gdl"
	case s.Random != "":
		return "random"
	}
	return "tree"
}

// Search is a prepared scenario, ready to run any number of times.
type Search struct {
	Scenario  Scenario
	Algorithm search.Algorithm
	PruneRule search.PruneRule
	FailMode  search.FailMode
	Ordering  search.Ordering
	RootKind  trace.Kind
	// Tree is the explicit tree for tree and random sources (nil for games).
	Tree *tree.Tree
	// Bounds are star1's leaf bounds (zero when not given); Player is the
	// player paranoid plays for (1 when not given).
	Bounds search.Bounds
	Player int
	// Transform is the parsed Scenario.Transform (nil when there is none).
	Transform *search.Transform
	// Replacement is the table's replacement rule.
	Replacement search.Replacement
	// Extension and Forward are the parsed Scenario.Extend and Forward.
	Extension search.Extension
	Forward   search.ForwardPruning
	// integral says every value of the source is a whole number, so the
	// null windows of pvs and mtdf are one wide.
	integral bool
	// facts are the explicit tree's (nil for games), which a search of the
	// same tree in another order takes on.
	facts *treeFacts
	run   func(algo search.Algorithm, rec trace.Recorder) (trace.Result, error)
	// names makes, for one search, a namer of nodes by their ids, where
	// the game's states cannot name them (a tic-tac-toe position does not
	// know its last move); nil elsewhere.
	names func() func(id string) string
	// compare runs the search untransformed and transformed (when
	// Transform is set).
	compare func(algo search.Algorithm) (search.TransformReport, error)

	// shaper draws the tree for Shape, SubtreeSize and Describe (shape.go).
	shaper shaper
	// moveName names the move into a node as its game writes it (nil
	// where the game does not say).
	moveName func(id string) string
	// keyLabel gives the phrase of a label that is a key rather than a
	// name (the road story's "left"), for LabelIn; nil where the game's
	// labels are all names.
	keyLabel func(label string) (trace.Phrase, bool)

	// Method is set when Scenario.Algo names a method for imperfect
	// information (clairvoyance, infoset); Algorithm is then alpha-beta,
	// which searches the open world that the viewer steps through.
	Method *search.HiddenMethod
	// Deal is the card game's parsed deal (nil for other sources).
	Deal        *cards.Deal
	hidden      func(search.HiddenMethod) (search.HiddenReport, error)
	infoSet     func(id string) (search.InfoSet, error)
	sampleWorld *[2]int // determinized: the stepped sample's world, and the number of worlds
	// mcts holds the MCTS parameters, outcomes the least and greatest
	// utility of the source (the rewards' scale; zero for [−1, 1]).
	mcts     search.MCTSParams
	outcomes search.Bounds
	// progress runs MCTS untraced, reporting every iteration (MCTSCurve).
	progress func(func(search.Progress)) error
	// decoupled is set for decoupled UCT on a GDL game whose roles choose
	// at once (gdlduct.go).
	decoupled bool
	// jointMoves names every role's move into a node of decoupled UCT
	// (JointMoves).
	jointMoves func(id string) []string
}

// MoveName names the move that leads from the parent of node id to it as
// the game writes it ("d3" in Reversi), or "" where the game has no names
// or the id names no node.
func (p *Search) MoveName(id string) string {
	if p.moveName == nil || id == "" {
		return ""
	}
	return p.moveName(id)
}

// KeyLabels reports whether some of the game's labels are keys, worded in
// the viewer's language by LabelIn: the road story's "left" and "right".
// The labels of trees and the moves of games ("B", "b2", "e4xd3") are
// names, the same in every language.
func (p *Search) KeyLabels() bool { return p.keyLabel != nil }

// LabelIn is a node's label as a viewer reads it: a key label (see
// KeyLabels) worded by words, the viewer's language (nil: English), and
// every other label as it is.
func (p *Search) LabelIn(label string, words func(trace.Phrase) string) string {
	if p.keyLabel == nil {
		return label
	}
	ph, ok := p.keyLabel(label)
	switch {
	case !ok:
		return label
	case words == nil:
		return ph.WordIn(English)
	}
	return words(ph)
}

// Run runs the search with the scenario's algorithm. rec may be nil.
func (p *Search) Run(rec trace.Recorder) (trace.Result, error) {
	r, err := p.run(p.Algorithm, p.naming(rec))
	return r, p.personal(err)
}

// RunAlgorithm runs the same scenario with another algorithm (the viewer
// compares alpha-beta with minimax). On a tree with vector leaves, minimax
// and alphabeta search the paranoid reduction for the scenario's player,
// so that paranoid can be compared with minimax like alpha-beta is.
func (p *Search) RunAlgorithm(algo search.Algorithm, rec trace.Recorder) (trace.Result, error) {
	r, err := p.run(algo, p.naming(rec))
	return r, p.personal(err)
}

// naming gives the enter events rec receives the names of their nodes,
// and the killer slots of expand and prune events the names of their
// moves, for the sources whose names come from the path (see names).
func (p *Search) naming(rec trace.Recorder) trace.Recorder {
	if rec == nil || p.names == nil {
		return rec
	}
	name := p.names()
	return func(e *trace.Event) bool {
		switch {
		case (e.Type == trace.Enter || e.Type == trace.Grow) && e.Label == "" && e.Node != "":
			// A node is named where it is entered, or where Monte-Carlo
			// search adds it to its tree.
			e.Label = name(e.Node)
		case e.Type == trace.Extend && e.Label == "" && e.Child != "":
			// The extended move is named before it is entered.
			e.Label = name(e.Child)
		}
		// Killer slots are named by the move as it was played where it
		// cut off; each event has a slice of its own.
		for i := range e.Killers {
			if k := &e.Killers[i]; k.Label == "" {
				k.Label = name(k.Node)
			}
		}
		return rec(e)
	}
}

// Baseline is the algorithm that searches the same tree as the
// scenario's without pruning, to count what the pruning saves: minimax
// for alphabeta and paranoid, expectiminimax for star1, and the
// algorithm itself for the others.
func (p *Search) Baseline() search.Algorithm {
	switch p.Algorithm {
	case search.AlgoAlphaBeta, search.AlgoParanoid:
		return search.AlgoMinimax
	case search.AlgoStar1:
		return search.AlgoExpectiminimax
	}
	return p.Algorithm
}

// TransformReport searches the scenario untraced with its leaf values as
// they are and mapped by its transform, and says whether the decision
// (the best root move) changed. It is a *UsageError when the scenario has
// no transform.
func (p *Search) TransformReport() (search.TransformReport, error) {
	if p.compare == nil {
		return search.TransformReport{}, usageSay("scenario.err.transform-none")
	}
	return p.compare(p.Algorithm)
}

// Prepare checks the scenario and builds what it searches. Every problem
// with the scenario itself is a *UsageError.
func (s Scenario) Prepare() (*Search, error) {
	p := &Search{Scenario: s}
	for _, step := range []func() error{p.prepareAlgorithm, p.prepareOptions, p.prepareRealGames, p.checkSources, p.checkUtilities, p.prepareSource, p.checkOptions} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	if s.Budget.Nodes > 0 {
		if err := p.checkSizeShared(s.Budget.Nodes); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// prepareAlgorithm reads the algorithm (or the hidden-information method)
// and the options that belong to one source: deal, world and MCTS's.
func (p *Search) prepareAlgorithm() error {
	s := p.Scenario
	var err error
	if m, ok := hiddenMethod(s.Algo); ok {
		if s.Game != "cards" && s.Game != "roads" {
			return usageSay("scenario.err.hidden-method", "Method", m)
		}
		p.Method, p.Algorithm = &m, search.AlgoAlphaBeta
	} else if p.Algorithm, err = search.ParseAlgorithm(orDefault(s.Algo, "alphabeta")); err != nil {
		return InParam("algo", err)
	}
	if s.Deal != "" && s.Game != "cards" {
		return usageSay("scenario.err.deal-only")
	}
	if err := p.prepareMCTS(); err != nil {
		return err
	}
	if s.World != 0 && s.Game != "cards" && s.Game != "roads" {
		return usageSay("scenario.err.world-only")
	}
	return nil
}

// prepareOptions reads the search's options: prune rule, fail mode,
// ordering, depth, bounds, player and transform.
func (p *Search) prepareOptions() error {
	s := p.Scenario
	var err error
	if p.PruneRule, err = search.ParsePruneRule(orDefault(s.Prune, "ge")); err != nil {
		return InParam("prune", err)
	}
	if p.FailMode, err = search.ParseFailMode(orDefault(s.Fail, "soft")); err != nil {
		return InParam("fail", err)
	}
	if p.Ordering, err = search.ParseOrdering(orDefault(s.Order, "natural")); err != nil {
		return InParam("order", err)
	}
	if s.Depth < 0 || s.Depth > search.MaxSearchDepth {
		return InParam("depth", usageSay("scenario.err.depth", "Max", search.MaxSearchDepth, "Got", s.Depth))
	}
	if s.Bounds != "" {
		if p.Bounds, err = search.ParseBounds(s.Bounds); err != nil {
			return InParam("bounds", fmt.Errorf("scenario: bounds: %w", err))
		}
	}
	if s.Player < 0 || s.Player > trace.MaxPlayers {
		return usageSay("scenario.err.range", "Name", "player", "Min", 1, "Max", trace.MaxPlayers, "Got", s.Player)
	}
	p.Player = orDefaultInt(s.Player, 1)
	if s.Transform != "" {
		t, err := search.ParseTransform(s.Transform)
		if err != nil {
			return InParam("transform", sayWith(fmt.Errorf("scenario: %w", err), "scenario.err.transform", "Got", strconv.Quote(s.Transform)))
		}
		p.Transform = &t
	}
	return nil
}

// checkSources checks that at most one source is given, and that the
// options that belong to one source come with it.
func (p *Search) checkSources() error {
	s := p.Scenario
	sources := 0
	for _, x := range []string{s.Tree, s.Game, s.GDL, s.Random} {
		if x != "" {
			sources++
		}
	}
	switch {
	case sources > 1:
		return usageSay("scenario.err.sources")
	case s.Format != "" && s.Format != "abtrace" && (s.Game != "" || s.GDL != "" || s.Random != ""):
		return usageSay("scenario.err.format-tree", "Format", s.Format)
	case s.Kuhlmann != "" && s.Game != "reversi" && s.Game != "suicide-reversi":
		return InParam("kuhlmann", usageSay("scenario.err.kuhlmann"))
	case s.Fuzzy != "" && s.Game != "tictactoe" && s.GDL == "":
		return InParam("fuzzy", usageSay("scenario.err.fuzzy-only"))
	case s.Root != "" && (s.Game != "" || s.GDL != ""):
		return InParam("root", usageSay("scenario.err.root-game", "Game", s.Source()))
	}
	return nil
}

// gamePreparers prepare the search of each game, by its name.
var gamePreparers = map[string]func(*Search) error{
	"tictactoe":       (*Search).prepareTicTacToe,
	"nim":             (*Search).prepareNim,
	"matchsticks":     (*Search).prepareNim,
	"dice":            (*Search).prepareDice,
	"connect4":        (*Search).prepareConnect4,
	"minichess":       (*Search).prepareMinichess,
	"cards":           (*Search).prepareCards,
	"roads":           (*Search).prepareRoads,
	"reversi":         (*Search).prepareReversi,
	"suicide-reversi": (*Search).prepareReversi,
}

// prepareSource prepares the search of the scenario's one source: a game,
// a GDL game, a random tree or a tree's text.
func (p *Search) prepareSource() error {
	s := p.Scenario
	switch {
	case s.Game != "":
		prepare, ok := gamePreparers[s.Game]
		if !ok {
			return InParam("game", usageSay("scenario.err.game", "Got", strconv.Quote(s.Game), "Want", "tictactoe, connect4, nim, dice, reversi, suicide-reversi, cards, roads, minichess"))
		}
		return prepare(p)
	case s.GDL != "":
		return p.prepareGDL()
	case s.Random != "":
		return p.prepareRandom()
	}
	return p.prepareTree()
}

// checkOptions checks the options, as the source's preparation completed
// them, against the algorithm.
func (p *Search) checkOptions() error {
	s := p.Scenario
	vopt := search.Options[struct{}]{Prune: p.PruneRule, Fail: p.FailMode, Bounds: p.Bounds, Player: p.Player,
		TT: s.TT, Symmetry: s.Symmetry, Aspiration: s.Aspiration}
	if vopt.TT == 0 && (p.Algorithm == search.AlgoMTDF || s.Symmetry) {
		vopt.TT = search.DefaultTTSize
	}
	vopt.Order = p.Ordering
	if p.Ordering == search.OrderEval || p.Algorithm == search.AlgoID {
		// The game's preparation gave these their evaluation.
		vopt.Eval = search.EvaluationFunc[struct{}](func(struct{}) float64 { return 0 })
	}
	if err := vopt.Validate(p.Algorithm); err != nil {
		return &UsageError{Err: err}
	}
	if p.Algorithm == search.AlgoParanoid && p.Tree != nil && p.Player > p.Tree.Players {
		return usageSay("scenario.err.player", "Got", p.Player, "N", p.Tree.Players)
	}
	return nil
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func (p *Search) prepareTree() error {
	s := p.Scenario
	text := s.Tree
	if strings.TrimSpace(text) == "" {
		return InParam("tree", usageSay("scenario.err.no-tree", "Example", tree.TwoPlyGameTree))
	}
	rk, err := rootKind(s.Root)
	if err != nil {
		return err
	}
	f, err := importer.ParseFormat(s.Format)
	if err != nil {
		return InParam("format", sayWith(err, "scenario.err.format", "Got", strconv.Quote(s.Format), "Want", strings.Join(importer.FormatNames(), ", ")))
	}
	imp, err := importer.Import(f, text, tree.Options{Root: rk})
	if err != nil {
		var ie *importer.Error
		if errors.As(err, &ie) {
			return InParam("tree", sayWith(err, "scenario.err.import", "Format", f.String()))
		}
		return InParam("tree", err)
	}
	if f == importer.CS188 && s.Root == "min" {
		return usageSay("scenario.err.cs188-root")
	}
	// The source's algorithm and pruning rule, unless the scenario names
	// its own.
	if s.Algo == "" && imp.Algo != "" {
		if p.Algorithm, err = search.ParseAlgorithm(imp.Algo); err != nil {
			return &UsageError{Err: err}
		}
	}
	if s.Prune == "" && imp.Prune != "" {
		if p.PruneRule, err = search.ParsePruneRule(imp.Prune); err != nil {
			return &UsageError{Err: err}
		}
	}
	return p.useTree(imp.Tree, nil)
}

func (p *Search) prepareRandom() error {
	s := p.Scenario
	parts := strings.Split(s.Random, ",")
	if len(parts) != 2 {
		return InParam("random", usageSay("scenario.err.random", "Got", strconv.Quote(s.Random)))
	}
	b, err1 := strconv.Atoi(strings.TrimSpace(parts[0]))
	d, err2 := strconv.Atoi(strings.TrimSpace(parts[1]))
	if err1 != nil || err2 != nil {
		return InParam("random", usageSay("scenario.err.random-numbers", "Got", strconv.Quote(s.Random)))
	}
	r := tree.Recipe{Branching: b, Depth: d, Seed: s.Seed}
	rk, rkErr := rootKind(s.Root)
	build := func() (*tree.Tree, error) {
		t, err := tree.Random(r)
		if err != nil {
			return nil, InParam("random", sayWith(err, "scenario.err.random-recipe", "Got", strconv.Quote(s.Random), "Max", tree.MaxChildren, "MaxDepth", tree.MaxDepth, "Nodes", tree.MaxRandomNodes))
		}
		if rkErr != nil {
			return nil, rkErr
		}
		if err := t.SetRoot(rk); err != nil {
			return nil, &UsageError{Err: err}
		}
		return t, nil
	}
	var t *tree.Tree
	var f *treeFacts
	var err error
	if rkErr != nil {
		t, err = build()
	} else {
		t, f, err = randomTreeOf(r, rk, build)
	}
	if err != nil {
		return err
	}
	return p.useTree(t, f)
}

func rootKind(root string) (trace.Kind, error) {
	switch root {
	case "", "max":
		return trace.Max, nil
	case "min":
		return trace.Min, nil
	}
	return 0, InParam("root", usageSay("scenario.err.root", "Got", strconv.Quote(root)))
}

// useTree prepares the search of tree t, whose facts are f (nil: found
// here).
func (p *Search) useTree(t *tree.Tree, f *treeFacts) error {
	s := p.Scenario
	p.Tree = t
	p.RootKind = t.Root.Kind
	if f == nil {
		f = factsOf(t)
	}
	p.facts = f
	switch p.Algorithm {
	case search.AlgoMinimax, search.AlgoAlphaBeta, search.AlgoMCTS:
		if t.Players > 0 {
			return usageSay("scenario.err.vector-minimax", "N", t.Players)
		}
		if n := f.chance; n != nil {
			return usageSay("scenario.err.chance-minimax", "Node", strconv.Quote(n.Name))
		}
	case search.AlgoExpectiminimax, search.AlgoStar1:
		if t.Players > 0 {
			return usageSay("scenario.err.vector-chance", "N", t.Players, "Algo", p.Algorithm.String())
		}
	case search.AlgoMaxN, search.AlgoParanoid:
		if t.Players == 0 {
			return usageSay("scenario.err.needs-vector", "Algo", p.Algorithm.String())
		}
		if n := f.chance; n != nil && p.Algorithm == search.AlgoParanoid {
			return usageSay("scenario.err.chance-paranoid", "Node", strconv.Quote(n.Name))
		}
		if p.Algorithm == search.AlgoParanoid {
			if p.Player > t.Players {
				return usageSay("scenario.err.player", "Got", p.Player, "N", t.Players)
			}
			// The viewer shows the reduced tree: the player's nodes are MAX.
			p.RootKind = trace.Min
			if t.Root.Kind.PlayerIndex() == p.Player {
				p.RootKind = trace.Max
			}
		}
	}
	var eval search.Evaluation[*tree.Node]
	if s.Depth > 0 || p.Ordering == search.OrderEval || p.Algorithm == search.AlgoID {
		if s.Eval != "" && s.Eval != "h" {
			return InParam("eval", usageSay("scenario.err.tree-eval", "Got", strconv.Quote(s.Eval)))
		}
		eval = tree.Game{}
	}
	opt := search.Options[*tree.Node]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: s.Seed,
		Depth: s.Depth, Eval: eval, EvalName: "h", Bounds: p.Bounds, Player: p.Player}
	g, root := tree.Game{}, t.Root
	if t.Players > 0 {
		opt.Budget = s.Budget
		p.shaper = vectorTreeShaper(t, s.Depth)
		// Minimax and alpha-beta search the paranoid reduction (see
		// RunAlgorithm).
		rg, ropt, err := search.Reduce(g, opt)
		if err != nil {
			return &UsageError{Err: fmt.Errorf("scenario: %w", err)}
		}
		p.run = func(algo search.Algorithm, rec trace.Recorder) (trace.Result, error) {
			if algo == search.AlgoMinimax || algo == search.AlgoAlphaBeta {
				return search.Run(algo, rg, root, ropt, rec)
			}
			return search.Run(algo, g, root, opt, rec)
		}
		if p.Transform != nil {
			return usageSay("scenario.err.transform-vector")
		}
		return nil
	}
	p.shaper = treeShaper(t, s.Depth)
	f = p.valueCategories(t, f)
	p.keyLabel = f.keyLabels(s.Tree)
	p.outcomes = f.outcomes
	p.integral = f.integral
	return setRun(p, g, root, opt)
}

// valueCategories values the expected values by category of t with the
// scenario's utilities, where it has them, and returns t's facts then.
func (p *Search) valueCategories(t *tree.Tree, f *treeFacts) *treeFacts {
	if !f.shares {
		return f
	}
	if u, ok := tree.ParseUtilities(p.Scenario.Utilities); ok {
		// The estimates by category change with the utilities: the
		// tree's facts again.
		t.SetUtilities(u)
		f = factsOf(t)
		p.facts = f
	}
	return f
}

// setRun makes the scenario's run (and transform comparison) for a game
// with scalar values.
func setRun[S any, G search.Game[S]](p *Search, g G, root S, opt search.Options[S]) error {
	opt.Budget = p.Scenario.Budget
	opt.MCTS = p.mcts
	if p.Algorithm == search.AlgoMCTS && !opt.Bounds.Set() {
		opt.Bounds = p.outcomes
	}
	p.progress = func(progress func(search.Progress)) error {
		mo := opt.MCTSOptions()
		mo.Bounds = p.outcomes
		mo.Progress = progress
		_, err := search.MCTS(g, root, mo, nil)
		return err
	}
	if err := realGameOptions(p, g, &opt); err != nil {
		return err
	}
	if p.Transform == nil {
		p.run = func(algo search.Algorithm, rec trace.Recorder) (trace.Result, error) {
			return search.Run(algo, g, root, opt, rec)
		}
		return nil
	}
	t := *p.Transform
	tg, topt, err := search.Transformed(g, opt, t)
	if err != nil {
		return &UsageError{Err: fmt.Errorf("scenario: %w", err)}
	}
	p.run = func(algo search.Algorithm, rec trace.Recorder) (trace.Result, error) {
		return search.Run(algo, tg, root, topt, rec)
	}
	p.compare = func(algo search.Algorithm) (search.TransformReport, error) {
		return search.CompareTransform(algo, g, root, opt, t)
	}
	return nil
}

// vectorTreeShaper draws a tree with vector leaves, whose leaves show
// their vectors.
func vectorTreeShaper(t *tree.Tree, limit int) shaper {
	g := tree.Game{}
	gs := newGameShaper(search.Game[*tree.Node](g), t.Root, limit, false, func(n *tree.Node, sh *trace.Shape) {
		sh.Label, sh.Prob = n.Name, n.Prob
		if n.IsLeaf() && n.Vec != nil {
			sh.Text = vecText(n.Vec)
		}
	})
	gs.known = nodeSize
	return gs
}

// vecText writes a vector as the viewer shows it: "(3, 1, 2)".
func vecText(vec []float64) string {
	parts := make([]string, len(vec))
	for i, x := range vec {
		parts[i] = trace.Num(x).String()
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (p *Search) prepareTicTacToe() error {
	s := p.Scenario
	st := tictactoe.State{}
	if s.Position != "" {
		var err error
		if st, err = tictactoe.Parse(s.Position); err != nil {
			return positionError("tictactoe", s.Position, err)
		}
	}
	if s.Matches != 0 || s.Take != 0 {
		return usageSay("scenario.err.nim-params", "Game", "tictactoe")
	}
	g := tictactoe.Game{}
	var eval tictactoe.Evaluator
	if s.Depth > 0 || p.Ordering == search.OrderEval || s.Eval != "" || p.Algorithm == search.AlgoID {
		var err error
		if eval, err = tictactoe.Evaluation(orDefault(s.Eval, "lines")); err != nil {
			return evalError("tictactoe", s.Eval, tictactoe.EvaluationNames(), err)
		}
	}
	if s.Fuzzy != "" {
		if _, ok := eval.(tictactoe.Fuzzy); !ok {
			return usageSay("scenario.err.fuzzy-eval")
		}
		fp, err := fuzzy.ParseParams(s.Fuzzy)
		if err != nil {
			return InParam("fuzzy", sayWith(err, "scenario.err.fuzzy", "Got", strconv.Quote(s.Fuzzy), "Default", fuzzy.Default.String()))
		}
		eval = tictactoe.Fuzzy{Params: fp}
	}
	_, fz := eval.(tictactoe.Fuzzy)
	p.integral = !fz
	if s.Depth > 0 || p.Algorithm == search.AlgoID {
		// A real win must outrank every heuristic value.
		g.Win = 100
	}
	opt := search.Options[tictactoe.State]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: s.Seed, Depth: s.Depth}
	if eval != nil {
		opt.Eval, opt.EvalName = eval, eval.Name()
	}
	p.RootKind = g.ToMove(st)
	p.shaper = tictactoeShaper(g, st, s.Depth)
	if g.Win != 0 {
		p.outcomes = search.Bounds{L: -g.Win, U: g.Win}
	}
	p.names = tictactoeNames(g, st)
	p.moveName = pathNames(search.Game[tictactoe.State](g), st, tictactoeMoveName)
	if err := p.twoPlayerGame("tictactoe"); err != nil {
		return err
	}
	opt.Bounds = p.Bounds
	return setRun(p, g, st, opt)
}

// twoPlayerGame refuses the algorithms a two-player game without chance
// cannot run.
func (p *Search) twoPlayerGame(name any) error {
	switch p.Algorithm {
	case search.AlgoMaxN, search.AlgoParanoid:
		return usageSay("scenario.err.two-player", "Game", name, "Algo", p.Algorithm.String())
	}
	return nil
}

func (p *Search) prepareNim() error {
	s := p.Scenario
	if s.Position != "" {
		return usageSay("scenario.err.nim-position")
	}
	g, st, err := nim.New(orDefaultInt(s.Matches, 5), orDefaultInt(s.Take, 2))
	if err != nil {
		return &UsageError{Err: err, Say: trace.Phrase{ID: "scenario.err.nim", Args: map[string]any{"Matches": nim.MaxMatches, "Take": nim.MaxTake}}}
	}
	opt := search.Options[nim.State]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: s.Seed, Depth: s.Depth}
	p.integral = true
	if s.Depth > 0 || p.Ordering == search.OrderEval || s.Eval != "" || p.Algorithm == search.AlgoID {
		ev, err := nim.Evaluation(orDefault(s.Eval, "theory"), g)
		if err != nil {
			return evalError("nim", s.Eval, nim.EvaluationNames(), err)
		}
		opt.Eval, opt.EvalName = ev, ev.Name()
	}
	p.RootKind = g.ToMove(st)
	p.shaper = nimShaper(g, st, s.Depth)
	nameMoves(p, search.Game[nim.State](g), st, nimMoveName)
	if err := p.twoPlayerGame("nim"); err != nil {
		return err
	}
	opt.Bounds = p.Bounds
	return setRun(p, g, st, opt)
}

// prepareDice sets up Coin Race (package dice), which needs a depth limit.
// Star1 takes the game's bounds, -1,1, unless others are given.
func (p *Search) prepareDice() error {
	s := p.Scenario
	if s.Matches != 0 || s.Take != 0 {
		return usageSay("scenario.err.nim-params", "Game", "dice")
	}
	g, st, err := dice.New(s.Position)
	if err != nil {
		return positionError("dice", s.Position, err)
	}
	if s.Depth == 0 {
		return usageSay("scenario.err.dice-depth")
	}
	switch p.Algorithm {
	case search.AlgoMinimax, search.AlgoAlphaBeta, search.AlgoMCTS:
		return usageSay("scenario.err.dice-chance")
	}
	if err := p.twoPlayerGame("dice"); err != nil {
		return err
	}
	ev, err := dice.Evaluation(s.Eval, g)
	if err != nil {
		return evalError("dice", s.Eval, dice.EvaluationNames(), err)
	}
	if p.Algorithm == search.AlgoStar1 && !p.Bounds.Set() {
		p.Bounds = dice.Bounds
	}
	opt := search.Options[dice.State]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: s.Seed, Depth: s.Depth,
		Eval: ev, EvalName: ev.Name(), Bounds: p.Bounds}
	p.RootKind = g.ToMove(st)
	nameMoves(p, search.Game[dice.State](g), st, diceMoveName)
	p.shaper = newGameShaper(search.Game[dice.State](g), st, s.Depth, true, func(x dice.State, sh *trace.Shape) {
		// A decision below a throw shows the throw's probability on its edge.
		if x.Roll != 0 && x != st {
			sh.Prob = g.Probabilities(dice.State{Roll: 0}, nil)[x.Roll-1]
		}
	})
	return setRun(p, g, st, opt)
}

func orDefaultInt(n, d int) int {
	if n == 0 {
		return d
	}
	return n
}

// IsUsage reports whether err is a problem with the scenario rather than
// with the search: a UsageError, or an option that does not fit the
// search (search.OptionError, such as a depth limit that cuts where the
// tree has no estimate, found only as the search gets there).
func IsUsage(err error) bool {
	var u *UsageError
	var o *search.OptionError
	return errors.As(err, &u) || errors.As(err, &o)
}

// prepareConnect4 sets up Connect Four (package connect4), which needs a
// depth limit: the full game is far too large to search to the end.
func (p *Search) prepareConnect4() error {
	s := p.Scenario
	if s.Matches != 0 || s.Take != 0 {
		return usageSay("scenario.err.nim-params", "Game", "connect4")
	}
	st, err := connect4.Parse(s.Position)
	if err != nil {
		return positionError("connect4", s.Position, err)
	}
	if s.Depth == 0 {
		return usageSay("scenario.err.connect4-depth", "N", MaxConnect4Depth/2)
	}
	if s.Depth > MaxConnect4Depth {
		return usageSay("scenario.err.connect4-max", "Max", MaxConnect4Depth, "Got", s.Depth)
	}
	if err := p.twoPlayerGame("connect4"); err != nil {
		return err
	}
	ev, err := connect4.Evaluation(s.Eval)
	if err != nil {
		return evalError("connect4", s.Eval, connect4.EvaluationNames(), err)
	}
	// A real win must outrank every heuristic value.
	g := connect4.Game{Win: connect4.WinScore}
	p.outcomes = search.Bounds{L: -g.Win, U: g.Win}
	p.integral = true
	opt := search.Options[connect4.State]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: s.Seed, Depth: s.Depth,
		Eval: ev, EvalName: ev.Name(), Bounds: p.Bounds}
	p.RootKind = g.ToMove(st)
	p.shaper = newGameShaper(search.Game[connect4.State](g), st, s.Depth, true, func(x connect4.State, sh *trace.Shape) {
		sh.Board = x.String()
	})
	// Nodes are named by the column of the move into them ("column 4"),
	// the evaluation's terms in words (connect4Term).
	p.keyLabel = connect4Term
	nameMoves(p, search.Game[connect4.State](g), st, func(_ connect4.State, m search.Move) string { return ColumnLabel(m) })
	return setRun(p, g, st, opt)
}

// MaxConnect4Depth is the deepest depth limit a Connect Four scenario
// takes: depth 8 is about 5.7 million nodes without pruning, a few seconds
// of untraced search, and is already more than a lecture steps through.
const MaxConnect4Depth = 8
