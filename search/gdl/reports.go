package gdl

import (
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
	rep := PlayoutReport{Roles: g.Roles(), Steps: []PlayoutStep{}, End: "cut"}
	s := g.Init()
	for len(rep.Steps) < maxSteps {
		if g.Terminal(s) {
			break
		}
		st := PlayoutStep{}
		joint := make([]int, len(g.Roles()))
		for r, role := range g.Roles() {
			legal := g.LegalMoves(s, r)
			if len(legal) == 0 {
				return rep, fmt.Errorf("gdl: step %d: role %s has no legal move in a state that is not terminal: %s", len(rep.Steps)+1, role, g.Facts(s))
			}
			k := 0
			if policy == PolicyRandom {
				k = rng.IntN(len(legal))
			}
			joint[r] = legal[k]
			st.Legal = append(st.Legal, len(legal))
			st.Moves = append(st.Moves, g.MoveText(r, legal[k]))
		}
		rep.Steps = append(rep.Steps, st)
		s = g.Next(s, joint)
	}
	if g.Terminal(s) {
		rep.End, rep.Goals = "terminal", g.Goals(s)
	}
	return rep, nil
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
func (g *Game) Count() (CountReport, error) {
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
					if len(seen) >= MaxCountStates {
						return &LimitError{"MaxCountStates", MaxCountStates, "the states reachable from the initial state"}
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
		return BenchReport{}, fmt.Errorf("gdl: playouts %d: want 1 to %d", n, MaxBenchPlayouts)
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
