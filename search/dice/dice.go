// Package dice is Coin Race, a dice game of our own design for teaching
// expectiminimax: backgammon at toy scale, where the throw decides which
// moves are legal.
//
// # Rules
//
// The track has squares 0 (the start) to Goal (6 unless the position says
// otherwise). MAX and MIN each have two tokens, which start on square 0 and
// race the same way along the same track. A turn:
//
//  1. The player to move throws two coins and must move one of its tokens
//     forward by 1 + the number of heads: 1 with probability 1/4, 2 with
//     probability 1/2, 3 with probability 1/4. This throw is a CHANCE node.
//  2. A token must land exactly on the goal: it may not overshoot it.
//  3. A token may not land on the square of the player's other token,
//     except on the goal, which holds any number.
//  4. A token that lands on an opponent's token (anywhere but the start
//     and the goal) hits it: the opponent's token goes back to the start.
//  5. If no token can move by the number thrown, the player passes.
//
// The first player with both tokens on the goal wins: the utility is +1
// for a MAX win and −1 for a MIN win. Hits can send tokens back forever,
// so the game has no bound on its length: search it with a depth limit.
//
// # The tree
//
// A state is a decision of MAX or MIN after their throw (Roll 1 to 3), or
// a CHANCE node before it (Roll 0): the search alternates MAX, CHANCE, MIN,
// CHANCE, … Depths count every level, the throws included: a depth limit of
// 4 looks at one move of each player. From the default position the tree
// has 49 nodes to depth 4, 249 to depth 6, 1,121 to depth 8 and 4,837 to
// depth 10.
//
// The moves of a decision are the squares of the tokens that can move,
// rearmost first (Move is the square the token leaves), or Pass alone; the
// moves of a throw are 1, 2 and 3 with their probabilities (Probabilities).
//
// # Evaluation
//
// "race" counts the squares each player's tokens still have to go (the
// pip count, as in backgammon) and values a position at 0.05 × (MIN's
// count − MAX's count): strictly between −1 and 1, so that a real win
// outranks every estimate, and all leaf values (utilities and estimates)
// lie in [−1, 1], which Star1 uses as its bounds.
//
// # Positions
//
// Parse reads a position as space-separated key=value words, each
// optional: max=1,3 min=2,4 turn=max roll=2 goal=6. Tokens default to the
// start, turn to max, roll to 0 (the root is then MAX's throw), goal to 6.
package dice

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// DefaultPosition is the position the command line and the viewer start
// from: MAX has thrown 1 and can hit either of MIN's tokens: the one on 2
// with its rear token, or the one on 4 with its front token.
const DefaultPosition = "max=1,3 min=2,4 turn=max roll=1"

// Pass is the only move of a player whose throw moves no token.
const Pass search.Move = -1

// Goal lengths a position may have.
const (
	MinGoal     = 4
	MaxGoal     = 9
	DefaultGoal = 6
)

// probs are the chances of moving 1, 2 and 3: two coins, 1 + heads.
var probs = [3]float64{0.25, 0.5, 0.25}

// State is a position: where the tokens stand (each pair sorted, rearmost
// first), whose turn it is, and the throw (0 while it is still to come).
type State struct {
	Max, Min [2]int8
	Turn     trace.Kind // trace.Max or trace.Min
	Roll     int8       // 1..3 once thrown; 0 before the throw
}

// Game plays Coin Race on a track whose last square is Goal.
type Game struct{ Goal int8 }

var (
	_ search.Game[State]   = Game{}
	_ search.Prober[State] = Game{}
)

// tokens returns the tokens of the player k (MAX or MIN).
func (s *State) tokens(k trace.Kind) *[2]int8 {
	if k == trace.Min {
		return &s.Min
	}
	return &s.Max
}

func sort2(t *[2]int8) {
	if t[0] > t[1] {
		t[0], t[1] = t[1], t[0]
	}
}

// ToMove is CHANCE before a throw and the player to move after it (and at
// the end of the game).
func (g Game) ToMove(s State) trace.Kind {
	if s.Roll == 0 && !g.Terminal(s) {
		return trace.Chance
	}
	return s.Turn
}

// Moves appends the throws 1, 2, 3 at a chance node; after a throw, the
// squares of the tokens that can move (rearmost first, each square once),
// or Pass when none can.
func (g Game) Moves(s State, buf []search.Move) []search.Move {
	if s.Roll == 0 {
		return append(buf, 1, 2, 3)
	}
	own := *s.tokens(s.Turn)
	n := len(buf)
	for i, from := range own {
		if i == 1 && from == own[0] {
			break
		}
		if g.legal(own, i, s.Roll) {
			buf = append(buf, search.Move(from))
		}
	}
	if len(buf) == n {
		buf = append(buf, Pass)
	}
	return buf
}

// legal reports whether token i of own may move by r.
func (g Game) legal(own [2]int8, i int, r int8) bool {
	from := own[i]
	to := from + r
	if from == g.Goal || to > g.Goal {
		return false
	}
	return to == g.Goal || own[1-i] != to
}

// Result makes a move: a throw sets Roll; a token move (or a pass) moves,
// hits, and hands the turn to the other player, whose throw comes next.
func (g Game) Result(s State, m search.Move) State {
	if s.Roll == 0 {
		s.Roll = int8(m)
		return s
	}
	if m != Pass {
		own, opp := s.tokens(s.Turn), s.tokens(s.Turn.Opponent())
		i := 0
		if own[0] != int8(m) {
			i = 1
		}
		to := own[i] + s.Roll
		own[i] = to
		sort2(own)
		if to != g.Goal {
			for j := range opp {
				if opp[j] == to {
					opp[j] = 0
				}
			}
			sort2(opp)
		}
	}
	s.Turn = s.Turn.Opponent()
	s.Roll = 0
	return s
}

// Terminal reports whether a player has both tokens on the goal.
func (g Game) Terminal(s State) bool {
	return s.Max == [2]int8{g.Goal, g.Goal} || s.Min == [2]int8{g.Goal, g.Goal}
}

// Utility is +1 when MAX has won, −1 when MIN has, and 0 before the end.
func (g Game) Utility(s State) float64 {
	switch {
	case s.Max == [2]int8{g.Goal, g.Goal}:
		return 1
	case s.Min == [2]int8{g.Goal, g.Goal}:
		return -1
	}
	return 0
}

// Probabilities appends 1/4, 1/2, 1/4 at a chance node (and nothing
// elsewhere).
func (g Game) Probabilities(s State, buf []float64) []float64 {
	if s.Roll != 0 {
		return buf
	}
	return append(buf, probs[:]...)
}

// ToGo is the number of squares the tokens of player k still have to go.
func (g Game) ToGo(s State, k trace.Kind) int {
	t := s.tokens(k)
	return 2*int(g.Goal) - int(t[0]) - int(t[1])
}

// Race is the evaluation of the package doc: 0.05 × (MIN's squares to go
// − MAX's), with its two terms for the viewer.
type Race struct{ Game Game }

var (
	_ search.Evaluation[State] = Race{}
	_ search.Explainer[State]  = Race{}
)

// RaceWeight is what one square to go is worth.
const RaceWeight = 0.05

// Evaluate returns 0.05 × (MIN's squares to go − MAX's).
func (r Race) Evaluate(s State) float64 {
	return float64(r.Game.ToGo(s, trace.Min)-r.Game.ToGo(s, trace.Max)) / 20
}

// Explain names the two terms.
func (r Race) Explain(s State) []trace.Term {
	return []trace.Term{
		{Name: "MIN to go", Count: float64(r.Game.ToGo(s, trace.Min)), Weight: RaceWeight},
		{Name: "MAX to go", Count: float64(r.Game.ToGo(s, trace.Max)), Weight: -RaceWeight},
	}
}

// Name is "race".
func (Race) Name() string { return "race" }

// Evaluation returns the evaluation called name; "race" is the only one.
func Evaluation(name string, g Game) (Race, error) {
	if name != "race" && name != "" {
		return Race{}, fmt.Errorf("dice: unknown evaluation %q (want %s)", name, strings.Join(EvaluationNames(), ", "))
	}
	return Race{g}, nil
}

// EvaluationNames lists the names Evaluation accepts.
func EvaluationNames() []string { return []string{"race"} }

// Bounds are the least and greatest leaf value of the game under Race.
var Bounds = search.Bounds{L: -1, U: 1}

// New returns the game and state of a position (see the package doc); ""
// is DefaultPosition.
func New(position string) (Game, State, error) {
	if strings.TrimSpace(position) == "" {
		position = DefaultPosition
	}
	return Parse(position)
}

// Parse reads a position: space-separated key=value words, each optional:
// max=A,B min=C,D turn=max|min roll=0..3 goal=4..9.
func Parse(position string) (Game, State, error) {
	g := Game{Goal: DefaultGoal}
	s := State{Turn: trace.Max}
	tokens := map[string]string{}
	seen := map[string]bool{}
	for _, w := range strings.Fields(position) {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			return g, s, fmt.Errorf("dice: %q is not key=value (want max=A,B min=C,D turn=max|min roll=0..3 goal=%d..%d)", w, MinGoal, MaxGoal)
		}
		k = strings.ToLower(k)
		if seen[k] {
			return g, s, fmt.Errorf("dice: %s is given twice", k)
		}
		seen[k] = true
		if err := parseKey(&g, &s, tokens, k, v); err != nil {
			return g, s, err
		}
	}
	for _, p := range []struct {
		name string
		dst  *[2]int8
	}{{"max", &s.Max}, {"min", &s.Min}} {
		if text := tokens[p.name]; text != "" {
			if err := parseTokens(g, p.name, text, p.dst); err != nil {
				return g, s, err
			}
		}
	}
	for _, a := range s.Max {
		for _, b := range s.Min {
			if a == b && a != 0 && a != g.Goal {
				return g, s, fmt.Errorf("dice: MAX and MIN both have a token on square %d; a hit would have sent one back", a)
			}
		}
	}
	if g.Terminal(s) && s.Max == s.Min {
		return g, s, fmt.Errorf("dice: both players have finished; only one can win")
	}
	return g, s, nil
}

// parseKey reads the value v of the position's key k into g and s; the
// players' tokens (max, min) are kept in tokens as text, read once the
// goal is known.
func parseKey(g *Game, s *State, tokens map[string]string, k, v string) error {
	switch k {
	case "max", "min":
		tokens[k] = v
	case "turn":
		switch strings.ToLower(v) {
		case "max":
			s.Turn = trace.Max
		case "min":
			s.Turn = trace.Min
		default:
			return fmt.Errorf("dice: turn must be max or min, not %q", v)
		}
	case "roll":
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 3 {
			return fmt.Errorf("dice: roll must be 0 (not thrown yet) or 1 to 3, not %q", v)
		}
		s.Roll = int8(n)
	case "goal":
		n, err := strconv.Atoi(v)
		if err != nil || n < MinGoal || n > MaxGoal {
			return fmt.Errorf("dice: goal must be a whole number from %d to %d, not %q", MinGoal, MaxGoal, v)
		}
		g.Goal = int8(n)
	default:
		return fmt.Errorf("dice: unknown key %q (want max, min, turn, roll or goal)", k)
	}
	return nil
}

// parseTokens reads the squares of the player name's two tokens, text
// "A,B", into dst, in order.
func parseTokens(g Game, name, text string, dst *[2]int8) error {
	a, b, ok := strings.Cut(text, ",")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return fmt.Errorf("dice: %s=%s must be the squares of two tokens, such as %s=0,3", name, text, name)
	}
	for _, q := range []int{x, y} {
		if q < 0 || q > int(g.Goal) {
			return fmt.Errorf("dice: %s's token on square %d is off the track 0..%d", name, q, g.Goal)
		}
	}
	if x == y && x != 0 && x != int(g.Goal) {
		return fmt.Errorf("dice: %s's two tokens share square %d; only the start and the goal hold both", name, x)
	}
	*dst = [2]int8{int8(x), int8(y)}
	sort2(dst)
	return nil
}

// String writes the position in the form Parse reads.
func (g Game) String(s State) string {
	t := "max"
	if s.Turn == trace.Min {
		t = "min"
	}
	str := fmt.Sprintf("max=%d,%d min=%d,%d turn=%s roll=%d", s.Max[0], s.Max[1], s.Min[0], s.Min[1], t, s.Roll)
	if g.Goal != DefaultGoal {
		str += fmt.Sprintf(" goal=%d", g.Goal)
	}
	return str
}
