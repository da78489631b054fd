package search

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// Observer is an optional extension of Game for games in which MAX does
// not see everything, such as a card game where MIN's hand is hidden.
type Observer[S any] interface {
	// Observe returns what MAX has seen at s, its whole history included:
	// two states with the same observation are one information set, and
	// MAX must choose the same move in both.
	Observe(s S) string
	// MoveName names move m at s as people write it ("♣9"). Moves with
	// the same name in states MAX cannot tell apart are the same move.
	MoveName(s S, m Move) string
}

// HiddenGame is what the methods for imperfect information need: a game
// whose states MAX observes.
type HiddenGame[S any] interface {
	Game[S]
	Observer[S]
}

// World is one way the hidden part may be (one deal of the cards): an
// open game and its start. MAX cannot tell the worlds apart at the start.
type World[S any, G HiddenGame[S]] struct {
	Name string
	Game G
	Root S
}

// HiddenMethod names a way of choosing a move without seeing everything.
type HiddenMethod uint8

const (
	// MethodClairvoyance is "averaging over clairvoyance": solve every
	// world as if every card were open, and take the move best on average.
	// It assumes MAX will know the world at every later step.
	MethodClairvoyance HiddenMethod = iota
	// MethodInfoSet reasons over information sets: MAX must choose the
	// same move in states it cannot tell apart, while MIN, who sees
	// everything, answers best in each world.
	MethodInfoSet
	// MethodDeterminized is determinised MCTS, the practical method:
	// sample worlds, search each with MCTS as if it were open, and average
	// each move's estimate over the samples. Like clairvoyance it assumes
	// MAX will see everything later (strategy fusion).
	MethodDeterminized
)

func (m HiddenMethod) String() string {
	switch m {
	case MethodInfoSet:
		return "infoset"
	case MethodDeterminized:
		return "determinized"
	}
	return "clairvoyance"
}

// MoveValue is one root move under a method: its name, its value (the
// average over the worlds, each counted equally) and its value in each
// world.
type MoveValue struct {
	Move     Move      `json:"-"`
	ID       string    `json:"id"`
	Name     string    `json:"move"`
	Value    float64   `json:"value"`
	PerWorld []float64 `json:"per_world"`
}

// Fusion is a place where the open solutions of the worlds need different
// moves in states MAX cannot tell apart: what a clairvoyant plan fuses
// into one strategy that MAX cannot follow.
type Fusion struct {
	// Line is the play that leads there, as move names.
	Line []string `json:"line"`
	// Best holds, per world, the names of the moves best in that world
	// there (nil for a world that cannot reach the place).
	Best [][]string `json:"best"`
}

// HiddenReport is what a method concluded at the root.
type HiddenReport struct {
	Method HiddenMethod `json:"-"`
	Worlds []string     `json:"worlds"`
	// Moves holds the root moves in natural order.
	Moves []MoveValue `json:"move_values"`
	// Best is the index in Moves of the chosen move: the greatest value,
	// the first in natural order on ties.
	Best  int     `json:"-"`
	Value float64 `json:"value"`
	// Risk holds, per root move, the first place below it where the
	// worlds' open solutions part ways in states MAX cannot tell apart
	// (nil where there is none); filled by InfoSets.
	Risk []*Fusion `json:"risk,omitempty"`
}

// Limits of the methods for imperfect information.
const (
	// MaxWorlds is the most worlds the methods take.
	MaxWorlds = 16
	// MaxFrontier is the most value vectors InfoSets keeps at one
	// information set: the strategies that are not beaten in every world
	// by another. Past it the game is too large to solve exactly.
	MaxFrontier = 1 << 14
)

func checkWorlds[S any, G HiddenGame[S]](worlds []World[S, G]) ([]Move, []string, error) {
	if len(worlds) == 0 {
		return nil, nil, errors.New("search: no worlds to search")
	}
	if len(worlds) > MaxWorlds {
		return nil, nil, fmt.Errorf("search: %d worlds; at most %d", len(worlds), MaxWorlds)
	}
	w0 := worlds[0]
	if w0.Game.Terminal(w0.Root) {
		return nil, nil, errors.New("search: the game is over at the start; there is no move to choose")
	}
	obs := w0.Game.Observe(w0.Root)
	moves := w0.Game.Moves(w0.Root, nil)
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = w0.Game.MoveName(w0.Root, m)
	}
	for _, w := range worlds[1:] {
		if w.Game.Observe(w.Root) != obs || w.Game.ToMove(w.Root) != w0.Game.ToMove(w0.Root) {
			return nil, nil, fmt.Errorf("search: MAX can tell world %q from %q at the start", w.Name, w0.Name)
		}
		ms := w.Game.Moves(w.Root, nil)
		ok := len(ms) == len(moves)
		for i := 0; ok && i < len(ms); i++ {
			ok = w.Game.MoveName(w.Root, ms[i]) == names[i]
		}
		if !ok {
			return nil, nil, fmt.Errorf("search: world %q offers other moves at the start than %q", w.Name, w0.Name)
		}
	}
	if w0.Game.ToMove(w0.Root) != trace.Max {
		return nil, nil, errors.New("search: MAX must be to move at the start")
	}
	return moves, names, nil
}

// Clairvoyance averages over clairvoyance: it solves each world's game as
// if it were open (alpha-beta, exact) after each root move, and rates each
// move by its average over the worlds, each counted equally.
//
// The open searches together run within budget (Budget.Whole).
func Clairvoyance[S any, G HiddenGame[S]](worlds []World[S, G], budget Budget) (HiddenReport, error) {
	moves, names, err := checkWorlds(worlds)
	if err != nil {
		return HiddenReport{}, err
	}
	budget = budget.Whole()
	rep := newReport(MethodClairvoyance, worlds, moves, names)
	for wi, w := range worlds {
		ms := w.Game.Moves(w.Root, nil)
		for i, m := range ms {
			r, err := AlphaBeta(w.Game, w.Game.Result(w.Root, m), Options[S]{Budget: budget}, nil)
			if err != nil {
				return HiddenReport{}, err
			}
			rep.Moves[i].PerWorld[wi] = float64(r.Value)
		}
	}
	rep.average()
	return rep, nil
}

// Determinized is determinised MCTS: it draws samples worlds uniformly at
// random (seeded by opt.Seed), searches each with MCTS (opt) as if its
// cards were open, and rates each root move by the average of its MCTS
// estimates over the samples. PerWorld holds, per world, the average
// estimate over the samples of that world (NaN for a world never drawn).
// opt.Budget bounds the samples' searches together (Budget.Whole), not
// each one: a thousand samples get the budget of one search.
func Determinized[S any, G HiddenGame[S]](worlds []World[S, G], samples int, opt MCTSOptions[S]) (HiddenReport, error) {
	moves, names, err := checkWorlds(worlds)
	if err != nil {
		return HiddenReport{}, err
	}
	if samples < 1 || samples > MaxSamples {
		return HiddenReport{}, fmt.Errorf("search: %d samples: want 1 to %d", samples, MaxSamples)
	}
	rep := newReport(MethodDeterminized, worlds, moves, names)
	opt.Budget = opt.Budget.Whole()
	sum := make([][]float64, len(worlds))
	count := make([]int, len(worlds))
	for i := range sum {
		sum[i] = make([]float64, len(moves))
	}
	for k, wi := range DeterminizedDraws(opt.Seed, len(worlds), samples) {
		w := worlds[wi]
		o := opt
		o.Seed = SampleSeed(opt.Seed, k+1)
		est := make([]float64, len(moves))
		o.Progress = nil
		tr, err := mctsTree(w.Game, w.Root, o)
		if err != nil {
			return HiddenReport{}, err
		}
		for i := range moves {
			est[i] = tr.estimateOf(i)
		}
		for i, v := range est {
			sum[wi][i] += v
		}
		count[wi]++
	}
	for i := range rep.Moves {
		total, n := 0.0, 0
		for wi := range worlds {
			if count[wi] == 0 {
				rep.Moves[i].PerWorld[wi] = math.NaN()
				continue
			}
			rep.Moves[i].PerWorld[wi] = sum[wi][i] / float64(count[wi])
			total += sum[wi][i]
			n += count[wi]
		}
		rep.Moves[i].Value = total / float64(n)
	}
	rep.Best = 0
	for i, m := range rep.Moves {
		if m.Value > rep.Moves[rep.Best].Value {
			rep.Best = i
		}
	}
	rep.Value = rep.Moves[rep.Best].Value
	return rep, nil
}

// MaxSamples bounds the worlds Determinized draws.
const MaxSamples = 1000

// DeterminizedDraws returns the worlds (indices among n) that Determinized
// draws with this seed, one per sample, in order: the viewer steps the
// k-th sample's search on its world with SampleSeed(seed, k).
func DeterminizedDraws(seed uint64, n, samples int) []int {
	rng := rand.New(rand.NewPCG(seed, 0x64657465))
	out := make([]int, samples)
	for k := range out {
		out[k] = rng.IntN(n)
	}
	return out
}

// SampleSeed is the seed of the MCTS search of Determinized's k-th sample
// (1-based) when the method's seed is seed.
func SampleSeed(seed uint64, k int) uint64 { return seed + uint64(k) }

func newReport[S any, G HiddenGame[S]](m HiddenMethod, worlds []World[S, G], moves []Move, names []string) HiddenReport {
	rep := HiddenReport{Method: m}
	for _, w := range worlds {
		rep.Worlds = append(rep.Worlds, w.Name)
	}
	for i, mv := range moves {
		rep.Moves = append(rep.Moves, MoveValue{Move: mv, ID: trace.ChildID("", i), Name: names[i], PerWorld: make([]float64, len(worlds))})
	}
	return rep
}

// average fills each move's value and the choice.
func (r *HiddenReport) average() {
	for i := range r.Moves {
		r.Moves[i].Value = mean(r.Moves[i].PerWorld)
	}
	r.Best = 0
	for i, m := range r.Moves {
		if m.Value > r.Moves[r.Best].Value {
			r.Best = i
		}
	}
	r.Value = r.Moves[r.Best].Value
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// InfoSets solves the game exactly over MAX's information sets: MAX picks
// one move per information set (the same in every world it cannot tell
// apart), MIN sees everything and answers best in each world, and each
// move is rated by the best average over the worlds that a plan starting
// with it can guarantee. PerWorld holds that plan's value in each world.
//
// It works on the frontier of value vectors (one number per world) that
// MAX's plans can reach, keeping only the plans no other beats in every
// world; at a MIN node, MIN's answers are what MAX observes, so each
// answer leads to its own information set and MAX combines one plan per
// answer. It fails when a frontier grows past MaxFrontier, and when it
// visits more information sets than budget allows (or its context ends).
func InfoSets[S any, G HiddenGame[S]](worlds []World[S, G], budget Budget) (HiddenReport, error) {
	moves, names, err := checkWorlds(worlds)
	if err != nil {
		return HiddenReport{}, err
	}
	rep := newReport(MethodInfoSet, worlds, moves, names)
	h := &hidden[S, G]{worlds: worlds, meter: newMeter(budget), budget: budget}
	root := belief[S]{worlds: make([]int, len(worlds)), states: make([]S, len(worlds))}
	for i, w := range worlds {
		root.worlds[i], root.states[i] = i, w.Root
	}
	for i, m := range moves {
		f, err := h.frontier(h.after(root, m))
		if err != nil {
			return HiddenReport{}, err
		}
		best := -1
		for j, v := range f {
			if best < 0 || mean(v) > mean(f[best]) {
				best = j
			}
		}
		copy(rep.Moves[i].PerWorld, f[best])
		risk, err := h.fusion(h.after(root, m), []string{names[i]})
		if err != nil {
			return HiddenReport{}, err
		}
		rep.Risk = append(rep.Risk, risk)
	}
	rep.average()
	return rep, nil
}

// belief is an information set: the states MAX cannot tell apart, one per
// world that is still possible.
type belief[S any] struct {
	worlds []int
	states []S
}

type hidden[S any, G HiddenGame[S]] struct {
	worlds []World[S, G]
	meter  *meter // information sets visited, against budget
	budget Budget
}

// count counts one information set against the budget.
func (h *hidden[S, G]) count() error {
	h.meter.work++
	if h.meter.work >= h.meter.checkAt {
		return h.meter.over()
	}
	return nil
}

// after plays the move named like m in every state of b (MAX's move, the
// same in every world).
func (h *hidden[S, G]) after(b belief[S], m Move) belief[S] {
	w0 := h.worlds[b.worlds[0]]
	name := w0.Game.MoveName(b.states[0], m)
	nb := belief[S]{worlds: b.worlds, states: make([]S, len(b.states))}
	for i, wi := range b.worlds {
		g := h.worlds[wi].Game
		mm := m
		for _, x := range g.Moves(b.states[i], nil) {
			if g.MoveName(b.states[i], x) == name {
				mm = x
			}
		}
		nb.states[i] = g.Result(b.states[i], mm)
	}
	return nb
}

// frontier returns the value vectors (one entry per world; worlds not in
// b are 0) of MAX's plans from b that no other plan beats in every world.
func (h *hidden[S, G]) frontier(b belief[S]) ([][]float64, error) {
	if err := h.count(); err != nil {
		return nil, err
	}
	n := len(h.worlds)
	w0, s0 := h.worlds[b.worlds[0]].Game, b.states[0]
	if w0.Terminal(s0) {
		v := make([]float64, n)
		for i, wi := range b.worlds {
			g := h.worlds[wi].Game
			if !g.Terminal(b.states[i]) {
				return nil, fmt.Errorf("search: MAX sees the same in world %q, where the game goes on, as where it is over", h.worlds[wi].Name)
			}
			v[wi] = g.Utility(b.states[i])
		}
		return [][]float64{v}, nil
	}
	switch w0.ToMove(s0) {
	case trace.Max:
		var all [][]float64
		for _, m := range w0.Moves(s0, nil) {
			f, err := h.frontier(h.after(b, m))
			if err != nil {
				return nil, err
			}
			all = append(all, f...)
		}
		return pareto(all, b.worlds), nil
	case trace.Min:
		// MIN's card is seen: group the successors by what MAX observes.
		groups, keys, _ := h.successors(b, nil)
		acc := [][]float64{make([]float64, n)}
		for _, wi := range b.worlds {
			acc[0][wi] = math.Inf(1)
		}
		for _, k := range keys {
			f, err := h.frontier(*groups[k])
			if err != nil {
				return nil, err
			}
			next := make([][]float64, 0, len(acc)*len(f))
			for _, a := range acc {
				for _, v := range f {
					c := slices.Clone(a)
					for _, wi := range groups[k].worlds {
						c[wi] = min(c[wi], v[wi])
					}
					next = append(next, c)
				}
			}
			acc = pareto(next, b.worlds)
			if len(acc) > MaxFrontier {
				return nil, fmt.Errorf("search: more than %d plans to compare at one information set; the game is too large to solve exactly", MaxFrontier)
			}
		}
		return acc, nil
	}
	return nil, fmt.Errorf("search: the methods for imperfect information handle MAX and MIN, not %s", w0.ToMove(s0).Upper())
}

// pareto keeps the vectors no other vector beats or equals in every world
// of ws (one copy of equal vectors).
func pareto(vs [][]float64, ws []int) [][]float64 {
	var out [][]float64
	for i, v := range vs {
		dominated := false
		for j, u := range vs {
			if i == j {
				continue
			}
			ge, gt := true, false
			for _, w := range ws {
				if u[w] < v[w] {
					ge = false
					break
				}
				if u[w] > v[w] {
					gt = true
				}
			}
			if ge && (gt || j < i) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, v)
		}
	}
	return out
}

// fusion follows open best play in every world below b (MIN's best
// answers and MAX's best moves, each world solved as if open) and returns
// the first information set, breadth first, where the worlds still in it
// have no best move in common.
func (h *hidden[S, G]) fusion(b belief[S], line []string) (*Fusion, error) {
	type item struct {
		b    belief[S]
		line []string
	}
	queue := []item{{b, line}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		b := it.b
		w0, s0 := h.worlds[b.worlds[0]].Game, b.states[0]
		if w0.Terminal(s0) {
			continue
		}
		if err := h.count(); err != nil {
			return nil, err
		}
		kind := w0.ToMove(s0)
		// Per world, the names of the moves best in the open game.
		best := make([][]string, len(b.worlds))
		for i, wi := range b.worlds {
			g := h.worlds[wi].Game
			var err error
			if best[i], err = openBest(g, b.states[i], kind, h.budget); err != nil {
				return nil, err
			}
		}
		if kind == trace.Max && len(b.worlds) > 1 {
			common := best[0]
			for _, bs := range best[1:] {
				common = slices.DeleteFunc(slices.Clone(common), func(x string) bool { return !slices.Contains(bs, x) })
			}
			if len(common) == 0 {
				f := &Fusion{Line: it.line, Best: make([][]string, len(h.worlds))}
				for i, wi := range b.worlds {
					f.Best[wi] = best[i]
				}
				return f, nil
			}
		}
		// Follow every best move, grouped by what MAX sees after it.
		groups, keys, names := h.successors(b, best)
		for i, k := range keys {
			queue = append(queue, item{*groups[k], append(slices.Clone(it.line), names[i])})
		}
	}
	return nil, nil
}

// successors groups the successors of the states of b by what MAX
// observes after the move: one information set per observation, in the
// order first met, with the name of a move that leads there. With keep
// set, only the moves keep[i] names are followed in the i-th state.
func (h *hidden[S, G]) successors(b belief[S], keep [][]string) (map[string]*belief[S], []string, []string) {
	groups := map[string]*belief[S]{}
	var keys, names []string
	for i, wi := range b.worlds {
		g := h.worlds[wi].Game
		for _, m := range g.Moves(b.states[i], nil) {
			name := g.MoveName(b.states[i], m)
			if keep != nil && !slices.Contains(keep[i], name) {
				continue
			}
			c := g.Result(b.states[i], m)
			k := g.Observe(c)
			nb := groups[k]
			if nb == nil {
				nb = &belief[S]{}
				groups[k] = nb
				keys = append(keys, k)
				names = append(names, name)
			}
			nb.worlds = append(nb.worlds, wi)
			nb.states = append(nb.states, c)
		}
	}
	return groups, keys, names
}

// RiskText says the risk below the i-th root move in a sentence: "after
// ♣9 ♣10 ♠2, world 1 needs ♦6, world 2 needs ♥6, and MAX cannot tell
// which"; "" when there is none. world names the worlds ("world", "deal").
func (r HiddenReport) RiskText(i int, world string) string {
	if i >= len(r.Risk) || r.Risk[i] == nil {
		return ""
	}
	f := r.Risk[i]
	var parts []string
	for wi, b := range f.Best {
		if b != nil {
			parts = append(parts, fmt.Sprintf("%s %d needs %s", world, wi+1, strings.Join(b, " or ")))
		}
	}
	return "after " + strings.Join(f.Line, " ") + ", " + strings.Join(parts, ", ") + ", and MAX cannot tell which"
}

// openBest returns the names of the moves best at s in the open game.
func openBest[S any, G HiddenGame[S]](g G, s S, kind trace.Kind, budget Budget) ([]string, error) {
	var out []string
	bestV := math.NaN()
	for _, m := range g.Moves(s, nil) {
		r, err := AlphaBeta(g, g.Result(s, m), Options[S]{Budget: budget}, nil)
		if err != nil {
			return nil, err
		}
		v := float64(r.Value)
		name := g.MoveName(s, m)
		switch {
		case math.IsNaN(bestV) || betterFor(kind, v, bestV):
			bestV, out = v, []string{name}
		case v == bestV:
			out = append(out, name)
		}
	}
	return out, nil
}

// Number writes a value as the table shows it: MCTS estimates to two
// decimals, exact values as a lecturer writes them (trace.Written: 2,
// 1.5, and an average of 7/3 as 2.33).
func (r HiddenReport) Number(v float64) string {
	if r.Method == MethodDeterminized && !math.IsNaN(v) {
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return trace.Written(v)
}

// Table writes the report as a plain table, one row per root move and a
// column per world, as the command line prints it.
func (r HiddenReport) Table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-8s", "move")
	for i := range r.Worlds {
		fmt.Fprintf(&b, " %8s", fmt.Sprintf("world %d", i+1))
	}
	fmt.Fprintf(&b, " %8s\n", "average")
	for i, m := range r.Moves {
		mark := " "
		if i == r.Best {
			mark = "*"
		}
		fmt.Fprintf(&b, "%s%-7s", mark, m.Name)
		for _, v := range m.PerWorld {
			fmt.Fprintf(&b, " %8s", r.Number(v))
		}
		fmt.Fprintf(&b, " %8s\n", r.Number(m.Value))
	}
	return b.String()
}

// Hider is an optional extension of Observer: what MAX does not see at s,
// written for people ("♠8 ♥9 ♣8", the cards MIN still holds). The viewer
// writes it under each position of an information set.
type Hider[S any] interface {
	Hidden(s S) string
}

// InfoSet is the information set of one node: the positions, one per
// world, that MAX cannot tell apart there, with what MAX does not see and
// each position's value with every card open.
type InfoSet struct {
	// Line names the moves that lead to the node, as MAX has seen them.
	Line []string
	// Kind is who is to move at the node (trace.Max, trace.Min); Over
	// is set where the game is over.
	Kind trace.Kind
	Over bool
	// Moves names the moves at the node, in natural order (none at a
	// leaf); they are the same in every position of the set.
	Moves   []string
	Members []InfoSetMember
	// At is the world of the node asked for.
	At int
}

// InfoSetMember is one position of an information set.
type InfoSetMember struct {
	World int // index among the worlds
	// Hidden is what MAX does not see there (Hider), "" when the game
	// does not say.
	Hidden string
	// Value is the position's value with every card open; After holds,
	// per move of InfoSet.Moves, the value after it, every card open.
	Value float64
	After []float64
}

// Key identifies the set: the line and the worlds in it.
func (s InfoSet) Key() string {
	var b strings.Builder
	b.WriteString(strings.Join(s.Line, " "))
	for _, m := range s.Members {
		b.WriteString("|" + strconv.Itoa(m.World))
	}
	return b.String()
}

// Best returns the names of the moves best in member k with every card
// open (none at a leaf).
func (s InfoSet) Best(k int) []string {
	var out []string
	for i, v := range s.Members[k].After {
		if v == s.Members[k].Value {
			out = append(out, s.Moves[i])
		}
	}
	return out
}

// InfoSetAt returns the information set of the node at path (child
// indices in natural order) in worlds[world]: the node itself and, in
// every other world, the position reached by the moves of the same names,
// where it exists and MAX observes there what it observes at the node.
// For a game that, like the card game, shows MAX every move it makes and
// every answer (its observation is the line of moves), these are all the
// positions with the node's observation. Each position is solved with
// every card open (alpha-beta, exact), within budget.
func InfoSetAt[S any, G HiddenGame[S]](worlds []World[S, G], world int, path []int, budget Budget) (InfoSet, error) {
	if world < 0 || world >= len(worlds) {
		return InfoSet{}, fmt.Errorf("search: world %d of %d", world+1, len(worlds))
	}
	w := worlds[world]
	s := w.Root
	var set InfoSet
	for _, i := range path {
		ms := w.Game.Moves(s, nil)
		if w.Game.Terminal(s) || i < 0 || i >= len(ms) {
			return InfoSet{}, fmt.Errorf("search: no node at %v in world %q", path, w.Name)
		}
		set.Line = append(set.Line, w.Game.MoveName(s, ms[i]))
		s = w.Game.Result(s, ms[i])
	}
	obs := w.Game.Observe(s)
	set.At = world
	set.Over = w.Game.Terminal(s)
	if !set.Over {
		set.Kind = w.Game.ToMove(s)
		for _, m := range w.Game.Moves(s, nil) {
			set.Moves = append(set.Moves, w.Game.MoveName(s, m))
		}
	}
	budget = budget.Whole()
	for wi, o := range worlds {
		x, ok := replayNamed(o, set.Line)
		if !ok || o.Game.Observe(x) != obs {
			continue
		}
		m, err := openMember(o.Game, x, set.Kind, budget)
		if err != nil {
			return InfoSet{}, err
		}
		m.World = wi
		set.Members = append(set.Members, m)
	}
	return set, nil
}

// replayNamed plays the moves named line from w's root; ok is false where one
// is not legal.
func replayNamed[S any, G HiddenGame[S]](w World[S, G], line []string) (S, bool) {
	s := w.Root
	for _, name := range line {
		found := false
		for _, m := range w.Game.Moves(s, nil) {
			if !w.Game.Terminal(s) && w.Game.MoveName(s, m) == name {
				s, found = w.Game.Result(s, m), true
				break
			}
		}
		if !found {
			return s, false
		}
	}
	return s, true
}

// openMember solves s with every card open: its value and the value
// after each move.
func openMember[S any, G HiddenGame[S]](g G, s S, kind trace.Kind, budget Budget) (InfoSetMember, error) {
	var m InfoSetMember
	if h, ok := any(g).(Hider[S]); ok {
		m.Hidden = h.Hidden(s)
	}
	if g.Terminal(s) {
		m.Value = g.Utility(s)
		return m, nil
	}
	for i, mv := range g.Moves(s, nil) {
		r, err := AlphaBeta(g, g.Result(s, mv), Options[S]{Budget: budget}, nil)
		if err != nil {
			return InfoSetMember{}, err
		}
		v := float64(r.Value)
		m.After = append(m.After, v)
		if i == 0 || betterFor(kind, v, m.Value) {
			m.Value = v
		}
	}
	return m, nil
}
