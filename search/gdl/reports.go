package gdl

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
)

// The reports of the command line's gdl commands, as their JSON is written
// (abtrace gdl playout, count and bench).

// PlayoutReport is one game played from the initial state.
type PlayoutReport struct {
	Roles []string      `json:"roles"`
	Steps []PlayoutStep `json:"steps"`
	// End is "terminal" or "cut" (MaxSteps reached first).
	End string `json:"end"`
	// Goals are the roles' goal values, only when End is "terminal" (−1
	// for a role with no goal).
	Goals []int `json:"goals,omitempty"`
}

// PlayoutStep is one joint move: how many legal moves each role had, and
// the move each played, in the roles' order.
type PlayoutStep struct {
	Legal []int    `json:"legal"`
	Moves []string `json:"moves"`
}

// Policies of Playout.
const (
	PolicyFirst  = "first"  // every role plays the first of its legal moves in byte order of their text
	PolicyRandom = "random" // every role plays one of its legal moves at random (seeded)
)

// Playout plays one game from the initial state with the policy, for at
// most maxSteps joint moves (0: MaxPlayoutSteps). A role without a legal
// move in a state that is not terminal is an error.
func (g *Game) Playout(policy string, seed uint64, maxSteps int) (PlayoutReport, error) {
	return playout[State](fastPlayer{g}, policy, seed, maxSteps)
}

// PlayoutText plays one game of a game's text as Game.Playout does. A
// game too large to ground within New's limits is played by the Prover
// with tabling (NewTablingProver), which plays most such games in seconds;
// only where one of its questions passes a limit of its own
// (MaxProofSteps, MaxProofFrames) is the game grounded again within the
// playout's larger limits (MaxPlayoutGroundWork and its kin), which cost
// tens of seconds and hundreds of megabytes. Both reasoners list the legal
// moves in the same order, so a seed plays the same game on either.
func PlayoutText(src, policy string, seed uint64, maxSteps int) (PlayoutReport, error) {
	d, err := Load(src)
	if err != nil {
		return PlayoutReport{}, err
	}
	// One game is played: the probe's random games, which New plays to
	// learn what the searches need, would cost many times the playout.
	g, err := build(d, defaultLimits)
	var limit *LimitError
	if !errors.As(err, &limit) {
		if err != nil {
			return PlayoutReport{}, err
		}
		return g.Playout(policy, seed, maxSteps)
	}
	big := limit.Limit != "MaxStateProps"
	rep, err := playout[[]Term](newProverPlayer(NewTablingProver(d)), policy, seed, maxSteps)
	if !big || !errors.As(err, &limit) {
		return rep, err
	}
	g, gerr := build(d, playoutLimits)
	if gerr != nil {
		// Too large for the larger grounding too: the prover's limit is
		// the one to name.
		return rep, err
	}
	return g.Playout(policy, seed, maxSteps)
}

// player is what a playout needs of a reasoner, with states of type S.
type player[S any] interface {
	roles() []string
	start() (S, error)
	legal(s S, r int) ([]string, error)
	step(s S, moves []string) (S, error)
	over(s S) (bool, error)
	goals(s S) ([]int, error)
}

func playout[S any](p player[S], policy string, seed uint64, maxSteps int) (PlayoutReport, error) {
	if policy != PolicyFirst && policy != PolicyRandom {
		return PlayoutReport{}, fmt.Errorf("gdl: policy %q: want first or random", policy)
	}
	if maxSteps < 0 || maxSteps > MaxPlayoutSteps {
		return PlayoutReport{}, fmt.Errorf("gdl: max-steps %d: want 1 to %d (0: %d)", maxSteps, MaxPlayoutSteps, MaxPlayoutSteps)
	}
	if maxSteps == 0 {
		maxSteps = MaxPlayoutSteps
	}
	rng := rand.New(rand.NewPCG(seed, 0x6764))
	roles := p.roles()
	rep := PlayoutReport{Roles: roles, Steps: []PlayoutStep{}, End: "cut"}
	s, err := p.start()
	if err != nil {
		return rep, err
	}
	for {
		over, err := p.over(s)
		if err != nil {
			return rep, err
		}
		if over {
			rep.End = "terminal"
			rep.Goals, err = p.goals(s)
			return rep, err
		}
		if len(rep.Steps) == maxSteps {
			return rep, nil
		}
		st := PlayoutStep{}
		for r, role := range roles {
			legal, err := p.legal(s, r)
			if err != nil {
				return rep, err
			}
			if len(legal) == 0 {
				return rep, fmt.Errorf("gdl: step %d: role %s has no legal move in a state that is not terminal", len(rep.Steps)+1, role)
			}
			k := 0
			if policy == PolicyRandom {
				k = rng.IntN(len(legal))
			}
			st.Legal = append(st.Legal, len(legal))
			st.Moves = append(st.Moves, legal[k])
		}
		rep.Steps = append(rep.Steps, st)
		if s, err = p.step(s, st.Moves); err != nil {
			return rep, err
		}
	}
}

// fastPlayer plays with the compiled game.
type fastPlayer struct{ g *Game }

func (f fastPlayer) roles() []string                        { return f.g.Roles() }
func (f fastPlayer) start() (State, error)                  { return f.g.Init(), nil }
func (f fastPlayer) legal(s State, r int) ([]string, error) { return f.g.Legal(s, r), nil }
func (f fastPlayer) over(s State) (bool, error)             { return f.g.Terminal(s), nil }
func (f fastPlayer) goals(s State) ([]int, error)           { return f.g.Goals(s), nil }
func (f fastPlayer) step(s State, moves []string) (State, error) {
	joint := make([]int, len(moves))
	for r, m := range moves {
		for _, k := range f.g.LegalMoves(s, r) {
			if f.g.MoveText(r, k) == m {
				joint[r] = k
			}
		}
	}
	return f.g.Next(s, joint), nil
}

// proverPlayer plays with the Prover, states being their facts. It keeps
// the legal moves of the state last asked about (the step asks for the
// moves it makes).
type proverPlayer struct {
	p     *Prover
	state []Term
	moves [][]Term
}

func newProverPlayer(p *Prover) *proverPlayer {
	return &proverPlayer{p: p, moves: make([][]Term, len(p.d.Roles()))}
}

func (q *proverPlayer) roles() []string { return q.p.d.Roles() }
func (q *proverPlayer) start() ([]Term, error) {
	return q.p.AskArgs(Term{Name: "init", Args: []Term{{Name: "?x"}}}, nil, nil)
}

// legalTerms returns the answers (legal role m) of role r in s.
func (q *proverPlayer) legalTerms(s []Term, r int) ([]Term, error) {
	if !sameState(s, q.state) || s == nil {
		q.state = s
		clear(q.moves)
	}
	if q.moves[r] != nil {
		return q.moves[r], nil
	}
	ts, err := q.p.AskTerms(Term{Name: "legal", Args: []Term{{Name: q.roles()[r]}, {Name: "?m"}}}, s, nil)
	if err == nil && ts == nil {
		ts = []Term{}
	}
	q.moves[r] = ts
	return ts, err
}

func (q *proverPlayer) legal(s []Term, r int) ([]string, error) {
	ts, err := q.legalTerms(s, r)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Args[1].String()
	}
	return out, nil
}
func (q *proverPlayer) over(s []Term) (bool, error) { return q.p.Terminal(s) }
func (q *proverPlayer) goals(s []Term) ([]int, error) {
	out := make([]int, len(q.roles()))
	for r, role := range q.roles() {
		v, err := q.p.Goal(s, role)
		if err != nil {
			return nil, err
		}
		out[r] = v
	}
	return out, nil
}
func (q *proverPlayer) step(s []Term, moves []string) ([]Term, error) {
	var does []Term
	for r := range q.roles() {
		ts, err := q.legalTerms(s, r)
		if err != nil {
			return nil, err
		}
		for _, t := range ts {
			if t.Args[1].String() == moves[r] {
				does = append(does, Term{Name: "does", Args: t.Args})
			}
		}
	}
	return q.p.AskArgs(Term{Name: "next", Args: []Term{{Name: "?x"}}}, s, does)
}

// MaxCountStates bounds the states Count enumerates.
const MaxCountStates = 1 << 20

// CountReport is the number of states reachable from the initial one by
// any joint moves, and how many of them are terminal.
type CountReport struct {
	States   int `json:"states"`
	Terminal int `json:"terminal"`
}

// Count enumerates every state reachable from the initial state by any
// joint moves (every combination of the roles' legal moves). It fails,
// naming MaxCountStates, when there are more.
func (g *Game) Count() (CountReport, error) { return g.count(MaxCountStates) }

// count is Count with a bound on the states (MaxCountStates but in the
// test of the limit's error).
func (g *Game) count(limit int) (CountReport, error) {
	seen := map[string]bool{}
	start := g.Init()
	seen[g.Base(start)] = true
	queue := []State{start}
	rep := CountReport{}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		rep.States++
		if g.Terminal(s) {
			rep.Terminal++
			continue
		}
		legal := make([][]int, len(g.Roles()))
		for r := range legal {
			legal[r] = g.LegalMoves(s, r)
			if len(legal[r]) == 0 {
				break
			}
		}
		joint := make([]int, len(legal))
		var each func(r int) error
		each = func(r int) error {
			if r == len(legal) {
				t := g.Next(s, joint)
				if k := g.Base(t); !seen[k] {
					if len(seen) >= limit {
						return &LimitError{"MaxCountStates", MaxCountStates, "the number of states reachable from the initial state"}
					}
					seen[k] = true
					queue = append(queue, t)
				}
				return nil
			}
			for _, m := range legal[r] {
				joint[r] = m
				if err := each(r + 1); err != nil {
					return err
				}
			}
			return nil
		}
		if err := each(0); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// MaxBenchPlayouts bounds Bench's playouts.
const MaxBenchPlayouts = 1 << 24

// BenchReport is random playouts to the end, in the fields of the usual
// GDL reasoner benchmarks.
type BenchReport struct {
	Rollouts     int   `json:"rollouts"`
	StateChanges int   `json:"state_changes"`
	Milliseconds int64 `json:"milliseconds"`
}

// Bench plays n random games from the initial state to the end (or
// MaxPlayoutSteps) with the reasoner alone (no cache of state changes) and
// reports the state changes and the time taken.
func (g *Game) Bench(n int, seed uint64) (BenchReport, error) {
	if n < 1 || n > MaxBenchPlayouts {
		return BenchReport{}, &LimitError{"MaxBenchPlayouts", MaxBenchPlayouts, fmt.Sprintf("the number of playouts of one benchmark (%d asked for; want at least 1)", n)}
	}
	u := g.Uncached()
	rng := rand.New(rand.NewPCG(seed, 0x6764))
	rep := BenchReport{Rollouts: n}
	start := time.Now()
	for range n {
		rep.StateChanges += u.playout(rng).steps
	}
	rep.Milliseconds = time.Since(start).Milliseconds()
	return rep, nil
}
