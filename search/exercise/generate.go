package exercise

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/bits"
	"math/rand/v2"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// Exercise is a generated tree, what it was made from, and its solution.
type Exercise struct {
	Params Params
	// Tree is the tree, its kinds resolved with Params.Root.
	Tree *tree.Tree
	// Text is its canonical text (Tree.String()); parsing it with
	// tree.Options{Root: Params.Root} gives the same tree.
	Text string
	// Solution is what alpha-beta finds, searching with Params.Prune in
	// natural order, fail-soft.
	Solution Solution
	// Attempt is the number, from 0, of the attempt whose tree met the
	// constraints.
	Attempt int
}

// Solution summarises alpha-beta's search of an exercise tree.
type Solution struct {
	Value trace.Num `json:"value"` // the root's minimax value
	Best  string    `json:"best"`  // id of the root child MAX (or MIN) moves to
	// Cutoffs counts prunes that skipped at least one child; DeepCutoffs
	// those among them that skipped inner nodes.
	Cutoffs     int `json:"cutoffs"`
	DeepCutoffs int `json:"deep_cutoffs"`
	Leaves      int `json:"leaves"`      // leaves alpha-beta evaluated
	Nodes       int `json:"nodes"`       // nodes alpha-beta entered, the root included
	TreeLeaves  int `json:"tree_leaves"` // leaves of the tree: minimax evaluates them all
	TreeNodes   int `json:"tree_nodes"`  // nodes of the tree
}

// Generate returns the exercise p describes: the first tree, in a sequence
// of attempts determined by all of p, on which alpha-beta makes at least
// p.MinCutoffs cutoffs (and a deep one if p.Deep). The same p gives the same
// exercise on every run and platform.
//
// Parameters out of range and constraints no tree can meet are refused
// before the first attempt (see Validate). When no tree in MaxAttempts
// attempts meets the constraints, the error names the one that failed and
// wraps ErrNotMet. Every error is an *Error.
func Generate(p Params) (*Exercise, error) {
	return generate(p, search.Budget{}, nil)
}

// GenerateWithin is Generate under a work budget, as a server generates:
// b.Context is looked at before every attempt (an attempt is one search of
// a tree of at most MaxLeaves leaves, well under a millisecond) and inside
// every search, so that the generation stops soon after the caller has
// gone, with an error that wraps the context's; b.Nodes bounds the nodes
// all the attempts' searches enter together, and a generation that would
// need more stops with a *search.BudgetError. These two errors are not
// *Error: they say nothing of the parameters.
func GenerateWithin(p Params, b search.Budget) (*Exercise, error) {
	return generate(p, b, nil)
}

// generate is GenerateWithin, calling onAttempt (if not nil) before each
// attempt.
func generate(p Params, b search.Budget, onAttempt func(attempt int)) (*Exercise, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	var tl tally
	var spent int64 // nodes the attempts' searches entered
	for attempt := range MaxAttempts {
		if onAttempt != nil {
			onAttempt(attempt)
		}
		if b.Context != nil && b.Context.Err() != nil {
			return nil, fmt.Errorf("exercise: generation stopped before attempt %d: %w", attempt, context.Cause(b.Context))
		}
		left := search.Budget{Context: b.Context}
		if b.Nodes > 0 {
			if left.Nodes = b.Nodes - spent; left.Nodes <= 0 {
				return nil, fmt.Errorf("exercise: generation stopped before attempt %d: %w", attempt, &search.BudgetError{Nodes: b.Nodes})
			}
		}
		t, err := p.draw(p.derive(attempt))
		if errors.Is(err, errTooManyLeaves) {
			tl.tooMany++
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("exercise: drawing a tree: %w", err)
		}
		sol, err := solve(t, p, left)
		if err != nil {
			return nil, fmt.Errorf("exercise: searching a tree: %w", err)
		}
		spent += int64(sol.Nodes)
		cuts := sol.Cutoffs >= p.MinCutoffs
		deep := !p.Deep || sol.DeepCutoffs > 0
		tl.add(sol, cuts, deep)
		if cuts && deep {
			return &Exercise{Params: p, Tree: t, Text: t.String(), Solution: sol, Attempt: attempt}, nil
		}
	}
	return nil, tl.err(p)
}

// tally counts how the attempts fared, to say which constraint failed.
type tally struct {
	tooMany  int // range trees with more leaves than distinct values
	cutsMet  int // trees with enough cutoffs
	deepMet  int // trees with a deep cutoff
	mostCuts int // most cutoffs on one tree
}

func (tl *tally) add(s Solution, cuts, deep bool) {
	if cuts {
		tl.cutsMet++
	}
	if deep {
		tl.deepMet++
	}
	tl.mostCuts = max(tl.mostCuts, s.Cutoffs)
}

// notMetSay is an *Error of kind ErrNotMet: the parameters are valid, but
// no attempt met them.
func notMetSay(field, id string, kv ...any) *Error {
	e := invalidSay(field, id, kv...)
	e.Kind = ErrNotMet
	return e
}

func (tl *tally) err(p Params) error {
	notMet := func(field, id string, kv ...any) *Error {
		return notMetSay(field, id, append([]any{"B", branchText(p), "D", p.Depth, "Attempts", MaxAttempts}, kv...)...)
	}
	switch {
	case tl.tooMany == MaxAttempts:
		return notMet("distinct", "exercise.err.notmet-distinct", "Min", p.Min, "Max", p.Max)
	case p.Deep && tl.deepMet == 0:
		return notMet("deep", "exercise.err.notmet-deep")
	case tl.cutsMet == 0:
		return notMet("min_cutoffs", "exercise.err.notmet-cutoffs", "N", p.MinCutoffs, "Most", tl.mostCuts)
	}
	return notMet("min_cutoffs", "exercise.err.notmet-both", "N", p.MinCutoffs)
}

// derive returns the seed of one attempt: FNV-1a over a text that names
// every parameter and the attempt, then SplitMix64's finaliser, which
// spreads the hash over all 64 bits. Changing the text changes every
// exercise: its version tag says so.
func (p Params) derive(attempt int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "abtrace exercise v1|seed=%d|variant=%s|b=%d..%d|d=%d|values=%d..%d|min_cutoffs=%d|deep=%t|root=%s|prune=%s|distinct=%t|attempt=%d",
		p.Seed, p.Variant, p.BMin, p.BMax, p.Depth, p.Min, p.Max, p.MinCutoffs, p.Deep, p.Root, p.Prune, p.Distinct, attempt)
	z := h.Sum64()
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// errTooManyLeaves: a range tree drawn with more leaves than the value
// range has distinct values. The attempt fails; the next may fit.
var errTooManyLeaves = errors.New("more leaves than distinct values")

// draw makes the tree of one attempt. A fixed branching is tree.Random's
// uniform tree for the seed; a range is drawn here (see drawRange).
func (p Params) draw(seed uint64) (*tree.Tree, error) {
	if !p.Fixed() {
		return p.drawRange(seed)
	}
	t, err := tree.Random(tree.Recipe{Branching: p.BMin, Depth: p.Depth, Min: p.Min, Max: p.Max, Seed: seed, Distinct: p.Distinct})
	if err != nil {
		return nil, err
	}
	if p.Root != trace.Max {
		if err := t.SetRoot(p.Root); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// rangeStream is the second PCG seed word for range trees ("exercise" in
// ASCII). Changing it changes every range tree.
const rangeStream = 0x6578657263697365

// drawRange makes a level tree whose inner nodes have BMin to BMax children
// each (uniformly, drawn in preorder), with every leaf at depth Depth, then
// draws the leaf values in preorder: uniform in Min..Max, or, for distinct
// values, the first values of a Fisher–Yates shuffle of the range. Every
// draw is made by this code from PCG, so it is the same on every platform.
func (p Params) drawRange(seed uint64) (*tree.Tree, error) {
	r := pcg{rand.NewPCG(seed, rangeStream)}
	var leaves []*tree.Node
	var grow func(depth int) *tree.Node
	grow = func(depth int) *tree.Node {
		n := &tree.Node{}
		if depth == p.Depth {
			leaves = append(leaves, n)
			return n
		}
		k := p.BMin + int(r.below(uint64(p.BMax-p.BMin+1)))
		n.Children = make([]*tree.Node, k)
		for i := range n.Children {
			n.Children[i] = grow(depth + 1)
		}
		return n
	}
	root := grow(0)
	span := p.Max - p.Min + 1
	if p.Distinct {
		if len(leaves) > span {
			return nil, errTooManyLeaves
		}
		vals := make([]int, span)
		for i := range vals {
			vals[i] = p.Min + i
		}
		for i, n := range leaves {
			j := i + int(r.below(uint64(span-i)))
			vals[i], vals[j] = vals[j], vals[i]
			n.Value = float64(vals[i])
		}
	} else {
		for _, n := range leaves {
			n.Value = float64(p.Min + int(r.below(uint64(span))))
		}
	}
	return tree.Build(root, tree.Options{Root: p.Root})
}

// pcg draws bounded integers from PCG with Lemire's method. It does not use
// math/rand's Rand methods, whose algorithms are not promised to stay the
// same across Go releases.
type pcg struct{ src *rand.PCG }

// below returns a uniform integer in [0, n), n ≥ 1.
func (r pcg) below(n uint64) uint64 {
	hi, lo := bits.Mul64(r.src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.src.Uint64(), n)
		}
	}
	return hi
}

// solve searches t untraced, as the exercise is solved: alpha-beta with p's
// prune rule, natural order, fail-soft. Deep cutoffs are those at depth
// ≤ Depth−2, whose children are inner nodes in a level tree.
func solve(t *tree.Tree, p Params, b search.Budget) (Solution, error) {
	res, err := search.AlphaBeta(tree.Game{}, t.Root, search.Options[*tree.Node]{Prune: p.Prune, Budget: b}, nil)
	if err != nil {
		return Solution{}, err
	}
	st := res.Stats
	s := Solution{Value: res.Value, Best: res.Best, Cutoffs: st.Cutoffs, Leaves: st.Leaves, Nodes: st.Nodes,
		TreeLeaves: t.Leaves, TreeNodes: t.Size}
	for d, c := range st.CutoffsAt {
		if d <= p.Depth-2 {
			s.DeepCutoffs += c
		}
	}
	return s, nil
}
