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
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// Textbook is the tree of Russell & Norvig's alpha-beta figure (Fig. 5.2 in
// the 3rd edition): value 3, and C's last two leaves are pruned.
const Textbook = "((3 12 8) (2 4 6) (14 5 2))"

// Scenario is one search. Exactly one source is set: Tree (tree text),
// Game ("tictactoe" or "nim") or Random ("B,D"). The zero values of the
// other fields are the defaults: alpha-beta, prune on ≥, fail-soft, natural
// order, no depth limit.
type Scenario struct {
	Tree     string // explicit tree in the classroom notation
	Root     string // "max" (default) or "min": the player at the root of an explicit tree
	Game     string // "tictactoe" or "nim"
	Position string // tic-tac-toe: 9 cells of x, o and . (default: the empty board)
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
}

// UsageError is an error in the scenario itself (a bad flag value, a tree
// that does not parse), as opposed to an error met while searching.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

func usage(format string, args ...any) error {
	return &UsageError{fmt.Errorf("scenario: "+format, args...)}
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
	return v
}

// Names lists the query parameters a Scenario reads.
var Names = []string{"tree", "root", "game", "position", "matches", "take", "random", "seed",
	"algo", "prune", "fail", "order", "depth", "eval"}

// FromQuery decodes a scenario from query parameters. Unknown parameters
// are ignored (the viewer adds its own, such as step); malformed numbers
// are usage errors naming the parameter.
func FromQuery(v url.Values) (Scenario, error) {
	s := Scenario{
		Tree: v.Get("tree"), Root: v.Get("root"), Game: v.Get("game"), Position: v.Get("position"),
		Random: v.Get("random"), Algo: v.Get("algo"), Prune: v.Get("prune"), Fail: v.Get("fail"),
		Order: v.Get("order"), Eval: v.Get("eval"),
	}
	var err error
	num := func(name string, dst *int) {
		if x := v.Get(name); x != "" && err == nil {
			n, e := strconv.Atoi(x)
			if e != nil {
				err = usage("%s must be a whole number, not %q", name, x)
			}
			*dst = n
		}
	}
	num("matches", &s.Matches)
	num("take", &s.Take)
	num("depth", &s.Depth)
	if x := v.Get("seed"); x != "" && err == nil {
		n, e := strconv.ParseUint(x, 10, 64)
		if e != nil {
			err = usage("seed must be a whole number from 0 to %d, not %q", uint64(math.MaxUint64), x)
		}
		s.Seed = n
	}
	return s, err
}

// Source names the scenario's source for display: "tree", "tictactoe",
// "nim" or "random".
func (s Scenario) Source() string {
	switch {
	case s.Game != "":
		return s.Game
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
	run  func(algo search.Algorithm, rec trace.Recorder) (trace.Result, error)

	// shaper draws the tree for Shape, SubtreeSize and Describe (shape.go).
	shaper shaper
}

// Run runs the search with the scenario's algorithm. rec may be nil.
func (p *Search) Run(rec trace.Recorder) (trace.Result, error) {
	return p.run(p.Algorithm, rec)
}

// RunAlgorithm runs the same scenario with another algorithm (the viewer
// compares alpha-beta with minimax).
func (p *Search) RunAlgorithm(algo search.Algorithm, rec trace.Recorder) (trace.Result, error) {
	return p.run(algo, rec)
}

// Prepare checks the scenario and builds what it searches. Every problem
// with the scenario itself is a *UsageError.
func (s Scenario) Prepare() (*Search, error) {
	p := &Search{Scenario: s}
	var err error
	if p.Algorithm, err = search.ParseAlgorithm(orDefault(s.Algo, "alphabeta")); err != nil {
		return nil, &UsageError{err}
	}
	if p.PruneRule, err = search.ParsePruneRule(orDefault(s.Prune, "ge")); err != nil {
		return nil, &UsageError{err}
	}
	if p.FailMode, err = search.ParseFailMode(orDefault(s.Fail, "soft")); err != nil {
		return nil, &UsageError{err}
	}
	if p.Ordering, err = search.ParseOrdering(orDefault(s.Order, "natural")); err != nil {
		return nil, &UsageError{err}
	}
	if s.Depth < 0 || s.Depth > search.MaxSearchDepth {
		return nil, usage("depth must be from 0 (no limit) to %d, not %d", search.MaxSearchDepth, s.Depth)
	}
	sources := 0
	for _, x := range []string{s.Tree, s.Game, s.Random} {
		if x != "" {
			sources++
		}
	}
	if sources > 1 {
		return nil, usage("give one source: a tree, a game or a random recipe, not several")
	}
	if s.Root != "" && (s.Game != "") {
		return nil, usage("root applies to explicit and random trees; in %s the position says who moves", s.Game)
	}
	switch {
	case s.Game == "tictactoe":
		err = p.prepareTicTacToe()
	case s.Game == "nim" || s.Game == "matchsticks":
		err = p.prepareNim()
	case s.Game != "":
		return nil, usage("unknown game %q (want tictactoe or nim)", s.Game)
	case s.Random != "":
		err = p.prepareRandom()
	default:
		err = p.prepareTree()
	}
	if err != nil {
		return nil, err
	}
	vopt := search.Options[struct{}]{Prune: p.PruneRule, Fail: p.FailMode}
	if err := vopt.Validate(p.Algorithm); err != nil {
		return nil, &UsageError{err}
	}
	return p, nil
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
		return usage("no tree given: write one in the classroom notation, such as %s", Textbook)
	}
	rk, err := rootKind(s.Root)
	if err != nil {
		return err
	}
	t, err := tree.Options{Root: rk}.Parse(text)
	if err != nil {
		return &UsageError{err}
	}
	return p.useTree(t)
}

func (p *Search) prepareRandom() error {
	s := p.Scenario
	parts := strings.Split(s.Random, ",")
	if len(parts) != 2 {
		return usage("random wants B,D (branching and depth), such as 3,4; got %q", s.Random)
	}
	b, err1 := strconv.Atoi(strings.TrimSpace(parts[0]))
	d, err2 := strconv.Atoi(strings.TrimSpace(parts[1]))
	if err1 != nil || err2 != nil {
		return usage("random wants two whole numbers B,D, such as 3,4; got %q", s.Random)
	}
	t, err := tree.Random(tree.Recipe{Branching: b, Depth: d, Seed: s.Seed})
	if err != nil {
		return &UsageError{err}
	}
	rk, err := rootKind(s.Root)
	if err != nil {
		return err
	}
	if err := t.SetRoot(rk); err != nil {
		return &UsageError{err}
	}
	return p.useTree(t)
}

func rootKind(root string) (trace.Kind, error) {
	switch root {
	case "", "max":
		return trace.Max, nil
	case "min":
		return trace.Min, nil
	}
	return 0, usage("root must be max or min, not %q", root)
}

func (p *Search) useTree(t *tree.Tree) error {
	s := p.Scenario
	p.Tree = t
	p.RootKind = t.Root.Kind
	if t.Players > 0 {
		return usage("this tree has vector leaves for %d players; minimax and alpha-beta need one value per leaf", t.Players)
	}
	for n := range t.All() {
		if n.Kind == trace.Chance {
			return usage("node %q is a CHANCE node; minimax and alpha-beta handle MAX and MIN nodes only", n.ID)
		}
	}
	var eval search.Evaluation[*tree.Node]
	if s.Depth > 0 || p.Ordering == search.OrderEval {
		if s.Eval != "" && s.Eval != "h" {
			return usage("explicit trees have one evaluation, h (the static estimates written as [h=5]); not %q", s.Eval)
		}
		eval = tree.Game{}
	}
	opt := search.Options[*tree.Node]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: s.Seed,
		Depth: s.Depth, Eval: eval, EvalName: "h"}
	g, root := tree.Game{}, t.Root
	p.shaper = treeShaper(t, s.Depth)
	p.run = func(algo search.Algorithm, rec trace.Recorder) (trace.Result, error) {
		return search.Run(algo, g, root, opt, rec)
	}
	return nil
}

func (p *Search) prepareTicTacToe() error {
	s := p.Scenario
	st := tictactoe.State{}
	if s.Position != "" {
		var err error
		if st, err = tictactoe.Parse(s.Position); err != nil {
			return &UsageError{err}
		}
	}
	if s.Matches != 0 || s.Take != 0 {
		return usage("matches and take belong to nim, not tictactoe")
	}
	g := tictactoe.Game{}
	var eval tictactoe.Evaluator
	if s.Depth > 0 || p.Ordering == search.OrderEval || s.Eval != "" {
		var err error
		if eval, err = tictactoe.Evaluation(orDefault(s.Eval, "lines")); err != nil {
			return &UsageError{err}
		}
	}
	if s.Depth > 0 {
		// A real win must outrank every heuristic value.
		g.Win = 100
	}
	opt := search.Options[tictactoe.State]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: s.Seed, Depth: s.Depth}
	if eval != nil {
		opt.Eval, opt.EvalName = eval, eval.Name()
	}
	p.RootKind = g.ToMove(st)
	p.shaper = tictactoeShaper(g, st, s.Depth)
	p.run = func(algo search.Algorithm, rec trace.Recorder) (trace.Result, error) {
		return search.Run(algo, g, st, opt, rec)
	}
	return nil
}

func (p *Search) prepareNim() error {
	s := p.Scenario
	if s.Position != "" {
		return usage("position belongs to tictactoe; nim takes matches and take")
	}
	g, st, err := nim.New(orDefaultInt(s.Matches, 5), orDefaultInt(s.Take, 2))
	if err != nil {
		return &UsageError{err}
	}
	opt := search.Options[nim.State]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: s.Seed, Depth: s.Depth}
	if s.Depth > 0 || p.Ordering == search.OrderEval || s.Eval != "" {
		ev, err := nim.Evaluation(orDefault(s.Eval, "theory"), g)
		if err != nil {
			return &UsageError{err}
		}
		opt.Eval, opt.EvalName = ev, ev.Name()
	}
	p.RootKind = g.ToMove(st)
	p.shaper = nimShaper(g, st, s.Depth)
	p.run = func(algo search.Algorithm, rec trace.Recorder) (trace.Result, error) {
		return search.Run(algo, g, st, opt, rec)
	}
	return nil
}

func orDefaultInt(n, d int) int {
	if n == 0 {
		return d
	}
	return n
}

// IsUsage reports whether err is a problem with the scenario rather than
// with the search.
func IsUsage(err error) bool {
	var u *UsageError
	return errors.As(err, &u)
}
