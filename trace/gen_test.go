package trace

import (
	"math"
	"math/rand/v2"
	"strconv"
)

// Random well-formed traces for property tests. The generator follows the
// event contract (enter, leaf or expand, children each followed by updates,
// an optional prune of the remaining children, exit, done) over random
// trees, but does not compute a correct search: values, windows and cuts
// are drawn at random.

type genMode int

const (
	genMinimax   genMode = iota // no window
	genAlphaBeta                // window, updates of α and β, prunes
	genExotic                   // chance and player kinds, vectors, probabilities
)

type gen struct {
	r        *rand.Rand
	mode     genMode
	maxDepth int
	events   []Event
}

// genTrace returns a random trace from seed; its mode and size vary with seed.
func genTrace(seed uint64) []Event {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	g := &gen{r: r, mode: genMode(r.IntN(3)), maxDepth: 1 + r.IntN(4)}
	kind := Max
	if r.IntN(3) == 0 {
		kind = Min
	}
	v, vec, _ := g.node("", kind, Inf(-1), Inf(1))
	best, pv := "", []string{}
	if root := g.events[1]; root.Type == Expand && len(root.Order) > 0 {
		best = ChildID("", root.Order[0])
		pv = append(pv, best)
	}
	g.emit(Event{Type: Done, Line: "done", Kind: kind, Result: &Result{Value: v, Vec: vec, Best: best, PV: pv, Stats: Stats{Nodes: 1}}})
	return g.events
}

func (g *gen) emit(e Event) {
	e.Step = len(g.events) + 1
	g.events = append(g.events, e)
}

func (g *gen) value() Num { return Num(g.r.IntN(21) - 10) }

func (g *gen) vec() []float64 {
	if g.mode != genExotic || g.r.IntN(2) == 0 {
		return nil
	}
	v := make([]float64, 3)
	for i := range v {
		v[i] = float64(g.r.IntN(10))
	}
	return v
}

func (g *gen) childKind(k Kind) Kind {
	if g.mode == genExotic {
		switch g.r.IntN(4) {
		case 0:
			return Chance
		case 1:
			return Player(1 + g.r.IntN(3))
		}
	}
	if g.r.IntN(8) == 0 { // MIN after MIN, as with two ghosts
		return k
	}
	return k.Opponent()
}

func (g *gen) label() string {
	if g.r.IntN(3) == 0 {
		return string(rune('A' + g.r.IntN(26)))
	}
	return ""
}

// node emits the events of the call at id and returns what it returned.
func (g *gen) node(id string, kind Kind, alpha, beta Num) (Num, []float64, Bound) {
	depth := DepthOf(id)
	window := g.mode == genAlphaBeta
	prefix := kind.String()
	at := func(e Event) Event {
		e.Node, e.Kind, e.Depth = id, kind, depth
		if window && e.Type != Expand && e.Type != Leaf {
			e.Window, e.Alpha, e.Beta = true, alpha, beta
		}
		return e
	}
	g.emit(at(Event{Type: Enter, Line: prefix + "-enter", Label: g.label()}))
	if depth >= g.maxDepth || (depth > 0 && g.r.IntN(4) == 0) {
		v, vec := g.value(), g.vec()
		leaf := Event{Type: Leaf, Line: prefix + "-terminal", Terminal: true, Value: v, Vec: vec}
		if g.r.IntN(2) == 0 {
			leaf.Line, leaf.Terminal, leaf.Eval = prefix+"-cutoff", false, "lines"
			leaf.Terms = []Term{{Name: "X1", Count: float64(v), Weight: 1}}
		}
		g.emit(at(leaf))
		g.emit(at(Event{Type: Exit, Line: leaf.Line, Value: v, Vec: vec, Bound: Exact}))
		return v, vec, Exact
	}
	n := 1 + g.r.IntN(3)
	exp := Event{Type: Expand, Line: prefix + "-loop", Order: g.r.Perm(n), By: "random"}
	switch g.r.IntN(3) {
	case 0:
		exp.Order, exp.By = exp.Order[:0], "natural"
		for i := range n {
			exp.Order = append(exp.Order, i)
		}
	case 1:
		exp.By = "eval"
		for range n {
			exp.Keys = append(exp.Keys, g.value())
		}
		exp.Keys[g.r.IntN(n)] = Num(math.NaN())
	}
	if kind == Chance {
		for range n {
			exp.Probs = append(exp.Probs, 1/float64(n))
		}
	}
	g.emit(at(exp))
	v := Inf(-1)
	if kind == Min {
		v = Inf(1)
	}
	var vec []float64
	for j, i := range exp.Order {
		child := ChildID(id, i)
		cv, cvec, cb := g.node(child, g.childKind(kind), alpha, beta)
		up := Event{Type: Update, Line: prefix + "-value", Child: child, ChildValue: cv, ChildBound: cb, Value: v, Vec: vec}
		if (kind == Min && cv < v) || (kind != Min && cv > v) || g.r.IntN(5) == 0 {
			v, vec = cv, cvec
			up.Value, up.Vec, up.Changed = v, vec, "value"
		}
		g.emit(at(up))
		if !window {
			continue
		}
		if g.r.IntN(4) == 0 {
			var rest []string
			for _, k := range exp.Order[j+1:] {
				rest = append(rest, ChildID(id, k))
			}
			test := v.String() + " ≥ β = " + beta.String()
			b := Lower
			if kind == Min {
				test, b = v.String()+" ≤ α = "+alpha.String(), Upper
			}
			g.emit(at(Event{Type: Prune, Line: prefix + "-prune", Value: v, Test: test, Pruned: rest}))
			g.emit(at(Event{Type: Exit, Line: prefix + "-prune", Value: v, Bound: b}))
			return v, nil, b
		}
		if kind == Max && v > alpha {
			alpha = v
			g.emit(at(Event{Type: Update, Line: "max-alpha", Child: child, ChildValue: cv, ChildBound: cb, Value: v, Changed: "alpha"}))
		}
		if kind == Min && v < beta {
			beta = v
			g.emit(at(Event{Type: Update, Line: "min-beta", Child: child, ChildValue: cv, ChildBound: cb, Value: v, Changed: "beta"}))
		}
	}
	g.emit(at(Event{Type: Exit, Line: prefix + "-return", Value: v, Vec: vec, Bound: Exact}))
	return v, vec, Exact
}

// seeds returns n seeds for random traces.
func seeds(n int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = uint64(i)*7919 + 1
	}
	return s
}

func seedName(s uint64) string { return "seed" + strconv.FormatUint(s, 10) }
