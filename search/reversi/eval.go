package reversi

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/feature"
)

// Evaluator is a named evaluation of Reversi positions for MAX (black)
// whose value Explain breaks into the terms of its features.
type Evaluator interface {
	search.Evaluation[State]
	search.Explainer[State]
	// Name is the evaluation as ParseEvaluation reads it back.
	Name() string
	// Bound is the largest absolute value Evaluate takes: a win must be
	// worth more.
	Bound() float64
}

// Features are Reversi's features, each seen from black's (MAX's) side:
//
//   - discs: black's discs minus white's; V = black's discs / 64 (the
//     lecture's example: 8 of 64 squares give V = 0.125).
//   - mobility: the squares black could move to minus white's; V = black's
//     share of all the moves (½ when neither can move).
//   - invmobility: inverse mobility, white's moves minus black's: fewer own
//     moves and more for the opponent is better; V = white's share.
//   - novelty: how much the last move changed the board (the disc placed
//     and the discs flipped), counted for the side that made it: positive
//     when black moved, negative when white did, 0 after a pass.
//   - corners: black's corners minus white's; V = black's corners / 4.
//   - edges: black's discs on the 24 border squares that are not corners
//     minus white's; V = black's edge discs / 24.
var Features = []feature.Feature[State]{
	{Name: "discs", Doc: "discs (black − white)", Bound: Squares,
		Diff:  func(s State) float64 { b, w := s.Discs(); return float64(b - w) },
		Share: func(s State) float64 { b, _ := s.Discs(); return float64(b) / Squares }},
	{Name: "mobility", Doc: "legal moves (black − white)", Bound: Squares,
		Diff:  func(s State) float64 { b, w := mobility(s); return float64(b - w) },
		Share: func(s State) float64 { b, w := mobility(s); return share(b, w) }},
	{Name: "invmobility", Doc: "inverse mobility: legal moves (white − black)", Bound: Squares,
		Diff:  func(s State) float64 { b, w := mobility(s); return float64(w - b) },
		Share: func(s State) float64 { b, w := mobility(s); return share(w, b) }},
	{Name: "novelty", Doc: "squares the last move changed (+ by black, − by white)", Bound: maxChanged,
		Diff: novelty},
	{Name: "corners", Doc: "corners (black − white)", Bound: 4,
		Diff:  func(s State) float64 { return float64(count(s.Black&corners) - count(s.White&corners)) },
		Share: func(s State) float64 { return float64(count(s.Black&corners)) / 4 }},
	{Name: "edges", Doc: "edge squares that are not corners (black − white)", Bound: 24,
		Diff:  func(s State) float64 { return float64(count(s.Black&edges) - count(s.White&edges)) },
		Share: func(s State) float64 { return float64(count(s.Black&edges)) / 24 }},
}

// maxChanged bounds the squares one move changes: the disc placed and
// the flipped discs, which lie on the lines through it (a queen reaches at
// most 27 squares from a square on 8×8). The bound need not be tight.
const maxChanged = 28

func count(b uint64) int { return bits.OnesCount64(b) }

// mobility returns the number of squares black and white could move to.
func mobility(s State) (black, white int) {
	return count(legal(s.Black, s.White)), count(legal(s.White, s.Black))
}

func share(a, b int) float64 {
	if a+b == 0 {
		return 0.5
	}
	return float64(a) / float64(a+b)
}

// novelty is the squares the last move changed, signed for the side that
// made it: the side to move now is the other one.
func novelty(s State) float64 {
	if s.WhiteToMove {
		return float64(s.Changed)
	}
	return -float64(s.Changed)
}

// FeatureNames lists the names of Features in order.
func FeatureNames() []string {
	names := make([]string, len(Features))
	for i, f := range Features {
		names[i] = f.Name
	}
	return names
}

// DefaultEvaluation is the weighting used when none is given.
const DefaultEvaluation = "discs:1,mobility:2,corners:10"

// ParseEvaluation reads an evaluation: a weighting of Features such as
// "discs:1,mobility:5" (see feature.Parse; "" means DefaultEvaluation),
// summed as a weighted sum when kuhlmann is "", or turned into Kuhlmann et
// al.'s evaluation in the direction kuhlmann ("max" or "min") with the
// goal values of general game playing (0 and 100; see KuhlmannGame).
//
// A name that starts with "max-" or "min-" ("min-discs") is the Kuhlmann
// form too, so that a tournament can list both kinds in one flag.
func ParseEvaluation(spec, kuhlmann string) (Evaluator, error) {
	spec = strings.TrimSpace(spec)
	for _, d := range []string{"max-", "min-"} {
		if rest, ok := strings.CutPrefix(spec, d); ok {
			if kuhlmann != "" && kuhlmann+"-" != d {
				return nil, fmt.Errorf("reversi: evaluation %q is %s, but kuhlmann %s is asked for", spec, strings.TrimSuffix(d, "-"), kuhlmann)
			}
			spec, kuhlmann = rest, strings.TrimSuffix(d, "-")
		}
	}
	if spec == "" {
		spec = DefaultEvaluation
	}
	ws, err := feature.Parse(spec, FeatureNames())
	if err != nil {
		return nil, fmt.Errorf("reversi: evaluation: %w", err)
	}
	if kuhlmann == "" {
		e, err := feature.NewWeighted(Features, ws)
		if err != nil {
			return nil, fmt.Errorf("reversi: %w", err)
		}
		return e, nil
	}
	dir, err := feature.ParseDirection(kuhlmann)
	if err != nil {
		return nil, fmt.Errorf("reversi: %w", err)
	}
	e, err := feature.NewKuhlmann(Features, ws, dir, feature.GGP)
	if err != nil {
		return nil, fmt.Errorf("reversi: %w", err)
	}
	return e, nil
}

// ForEvaluation returns the game with utilities that suit e: for a
// Kuhlmann evaluation the goal values R⁺ = 100 for a black win and R⁻ = 0
// for a white win (50 for a draw), so that E, which lies in [1, 99], falls
// between them; for a weighted sum ±feature.WinAbove(e.Bound()).
func ForEvaluation(suicide bool, e Evaluator) Game {
	if k, ok := e.(interface{ Goals() feature.Goals }); ok {
		g := k.Goals()
		return Game{Suicide: suicide, Win: g.Hi, Loss: g.Lo}
	}
	w := feature.WinAbove(e.Bound())
	return Game{Suicide: suicide, Win: w, Loss: -w}
}
