package exercise

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// Exercises on a game written in GDL: the tree is not drawn at random but
// is the game's own, from a position reached by random moves (seeded as
// the random trees are) to Params.Depth plies or the game's end. A leaf's
// value is the first role's goal there (0 to 100; at a leaf that is not
// terminal, the goal that holds, as GDL's goal heuristic reads it), an
// inner node is MAX where the first role moves and MIN where the second
// does, and a node's label is the move that leads to it, written as a
// label ((mark 1 2) is mark_1_2). The answers are graded as for every
// exercise: the exercise's text (Exercise.Text) is the tree.

// MaxGDLPlies is the most random moves from the initial state to the
// position an exercise on a GDL game starts from.
const MaxGDLPlies = 40

// gdlStream is the second PCG seed word of the walk to the position ("gdl
// walk" in ASCII).
const gdlStream = 0x67646c2077616c6b

// GenerateGDL returns the exercise p describes on the game of GDL text src:
// the first position, in a sequence of attempts determined by p, whose
// tree to p.Depth plies has MinBranching to MaxBranching moves at every
// inner node, at most MaxLeaves leaves, a goal for the first role at
// every leaf, and on which alpha-beta makes at least p.MinCutoffs cutoffs
// (and a deep one if p.Deep). p's branching, values and root are the
// game's: BMin, BMax, Min, Max, Distinct and Root are not used, and the
// exercise's Params.Root is the root's player. A game that cannot be read,
// takes no turns or is not for two roles whose goals sum to a constant is
// an *Error naming "gdlz"; the budget is GenerateWithin's.
func GenerateGDL(src string, p Params, b search.Budget) (*Exercise, error) {
	if p.Depth < 1 || p.Depth > MaxDepth {
		return nil, invalidSay("d", "exercise.err.gdl-depth", "Max", MaxDepth)
	}
	g, err := gdl.CompileCached(src)
	if err != nil {
		return nil, &Error{Field: "gdlz", Msg: err.Error(), Kind: ErrInvalid, Err: err, Say: gdlSay(err)}
	}
	if err := g.CheckTurns(); err != nil {
		return nil, &Error{Field: "gdlz", Msg: err.Error(), Kind: ErrInvalid, Err: err, Say: say("exercise.err.gdl-turns")}
	}
	if !g.ZeroSum() {
		return nil, invalidSay("gdlz", "exercise.err.gdl-players")
	}
	var tl tally
	suitable := 0
	for attempt := range MaxAttempts {
		if b.Context != nil && b.Context.Err() != nil {
			return nil, fmt.Errorf("exercise: generation stopped before attempt %d: %w", attempt, context.Cause(b.Context))
		}
		t, ok := gdlTree(g, gdlPosition(g, p.derive(attempt)), p.Depth)
		if !ok {
			continue
		}
		suitable++
		q := p
		q.Root = t.Root.Kind
		sol, err := solve(t, q, search.Budget{Context: b.Context, Nodes: b.Nodes})
		if err != nil {
			return nil, fmt.Errorf("exercise: searching a tree: %w", err)
		}
		cuts, deep := sol.Cutoffs >= p.MinCutoffs, !p.Deep || sol.DeepCutoffs > 0
		tl.add(sol, cuts, deep)
		if cuts && deep {
			return &Exercise{Params: q, Tree: t, Text: t.String(), Solution: sol, Attempt: attempt}, nil
		}
	}
	if suitable == 0 {
		// No position gave a tree an exercise can hold: the game's
		// branching or its leaves at this depth, not the cutoffs.
		return nil, notMetSay("d", "exercise.err.gdl-unsuitable", "D", p.Depth, "Min", MinBranching, "Max", MaxBranching, "Leaves", MaxLeaves, "Attempts", MaxAttempts)
	}
	return nil, tl.err(p)
}

// gdlSay words why a game's text gives no game: its first error at its
// line and column with the rule it breaks, or the limit of the reasoner
// it passes.
func gdlSay(err error) trace.Phrase {
	var list gdl.ErrorList
	var one *gdl.Error
	var lim *gdl.LimitError
	switch {
	case errors.As(err, &list) && len(list) > 0:
		one = list[0]
	case errors.As(err, &one):
	case errors.As(err, &lim):
		return say("exercise.err.gdl-limit", "Limit", lim.Limit, "Max", lim.Value)
	default:
		return say("exercise.err.gdl", "Error", err.Error())
	}
	rule := one.Rule
	if rule == "" {
		rule = "syntax"
	}
	p := say("exercise.err.gdl-at", "Line", one.Pos.Line, "Col", one.Pos.Col)
	p.Args["Rule"], p.Args["Msg"] = trace.Phrase{ID: "gdl.rule." + rule}, one.Say
	return p
}

// gdlPosition plays 0 to MaxGDLPlies random moves from the initial state
// (stopping before the game ends).
func gdlPosition(g *gdl.Game, seed uint64) gdl.State {
	r := pcg{rand.NewPCG(seed, gdlStream)}
	s := g.Init()
	plies := int(r.below(MaxGDLPlies + 1))
	for range plies {
		ms := g.Moves(s, nil)
		if len(ms) == 0 {
			break
		}
		t := g.Result(s, ms[r.below(uint64(len(ms)))])
		if g.Terminal(t) {
			break
		}
		s = t
	}
	return s
}

// gdlTree builds the game's tree from s to depth plies; false when it does
// not suit an exercise (see GenerateGDL).
func gdlTree(g *gdl.Game, s gdl.State, depth int) (*tree.Tree, bool) {
	leaves := 0
	var grow func(s gdl.State, d int, label string) *tree.Node
	grow = func(s gdl.State, d int, label string) *tree.Node {
		n := &tree.Node{Label: label}
		if g.Terminal(s) || d == depth {
			v := g.Goals(s)[0]
			if leaves++; v < 0 || leaves > MaxLeaves {
				return nil
			}
			n.Value = float64(v)
			return n
		}
		ms := g.Moves(s, nil)
		if len(ms) < MinBranching || len(ms) > MaxBranching {
			return nil
		}
		n.Kind, n.KindSet = g.ToMove(s), true
		for _, m := range ms {
			c := grow(g.Result(s, m), d+1, MoveLabel(g.Name(s, m)))
			if c == nil {
				return nil
			}
			n.Children = append(n.Children, c)
		}
		return n
	}
	root := grow(s, 0, "")
	if root == nil || len(root.Children) == 0 {
		return nil, false
	}
	t, err := tree.Build(root, tree.Options{Root: root.Kind})
	return t, err == nil && g.Err() == nil
}

// MoveLabel writes a GDL move as a tree label: (mark 1 2) as mark_1_2;
// "" when it cannot be one.
func MoveLabel(move string) string {
	l := strings.Join(strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(move)), "_")
	if l == "" || len(l) > tree.MaxLabelLen || !(l[0] >= 'a' && l[0] <= 'z' || l[0] >= 'A' && l[0] <= 'Z' || l[0] == '_') {
		return ""
	}
	for i := range len(l) {
		c := l[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '\'') {
			return ""
		}
	}
	return l
}
