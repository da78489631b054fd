// Package play is a game against the engine: the moves played so far (a
// plain list of move names, so a game is a permalink), the position they
// lead to, the moves the human may make, and the engine's reply by a
// depth-limited alpha-beta search with a chosen evaluation. It offers
// Reversi, suicide Reversi and Connect Four.
package play

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/feature"
	"github.com/abtrace/abtrace/search/reversi"
	"github.com/abtrace/abtrace/trace"
)

// Limits of a game against the engine.
const (
	// MaxDepth is the deepest search the engine makes per move.
	MaxDepth = 6
	// MaxMoves bounds the moves of a game's list (Reversi ends within 60
	// discs plus passes, Connect Four within 42).
	MaxMoves = 130
)

// Games lists the games offered.
func Games() []string { return []string{"reversi", "suicide-reversi", "connect4"} }

// Spec is a game: which, the moves so far, the engine's evaluation and
// depth, and the side the human plays (first: black or x; second: white
// or o).
type Spec struct {
	Game       string
	Moves      []string
	Eval       string // reversi: a weighting (reversi.ParseEvaluation); connect4: an evaluation name
	Kuhlmann   string // reversi: "max" or "min" for Kuhlmann's construction
	Depth      int
	HumanFirst bool
	// Connect Four's engine options, as the viewer and the command line
	// take them (scenario.Scenario): TT is the transposition table's size
	// (0: none), Symmetry stores one of a position and its mirror image,
	// Order is the successor ordering ("natural" when empty, "killer",
	// "history", ...), Algo the algorithm ("alphabeta" when empty, or
	// one of the negamax family, "negamax", "pvs", "mtdf", "id", which the
	// table needs).
	TT       int
	Symmetry bool
	Order    string
	Algo     string
	// GDL is the text of a game written in GDL (Game is "gdl"). Its
	// engine is alpha-beta (Algo "alphabeta" or "") with the goals as
	// evaluation (Eval "goals" or ""), or decoupled UCT (Algo "mcts").
	GDL string
	// Nodes is the node budget of each of the engine's searches
	// (search.Budget.Nodes); 0 sets none. A server sets one.
	Nodes int64
}

// Cell is one square (Reversi, 8×8) or one slot (Connect Four, 7 wide
// and 6 high), row by row from the top.
type Cell struct {
	Disc string // "b" or "w" (Reversi), "x" or "o" (Connect Four), or ""
	// Move is the name of the human's move that puts a disc here, when
	// it is the human's turn and that move is legal ("d3", or the column
	// "4" on its lowest free slot).
	Move string
}

// Position is where the game stands.
type Position struct {
	Rows, Cols int
	Cells      []Cell
	// HumanToMove is true when it is the human's turn; Pass when the
	// human's only move is to pass.
	HumanToMove, Pass bool
	Over              bool
	// Result says who won, when Over; Winner names the winner's colour
	// or mark (black, white, x, o), "" for a draw.
	Result, Winner string
	// Score is the disc count in Reversi ("black 12, white 7"), Black and
	// White the counts themselves.
	Score        string
	Black, White int
	// Four is the cells of the four in a row that won the game (Connect
	// Four), as indices into Cells.
	Four []int
	// Last is the index of the cell of the last move (-1 for none or a
	// pass).
	Last int
	// EvalName, Value and Terms are the engine's evaluation of the
	// position (for MAX, the first player), explained.
	EvalName string
	Value    float64
	Terms    []trace.Term
	// GDL is where a game written in GDL stands (nil for the others): it
	// has no board of cells but facts, and moves named by their GDL term.
	GDL *GDLPosition
}

// game is one of the offered games behind a common face.
type game interface {
	// replay plays the names from the start; it reports the first that is
	// not legal.
	replay(names []string) error
	position(humanFirst bool) Position
	// reply searches the position and returns the engine's move's name
	// and the search's value.
	reply(b search.Budget, depth int) (string, float64, error)
	toMoveFirst() bool
	over() bool
}

// Game is a game in progress.
type Game struct {
	spec Spec
	g    game
}

// New checks the spec and replays its moves. Errors start with "play: "
// and name the first move that is wrong.
func New(s Spec) (*Game, error) {
	if s.Depth < 1 || s.Depth > MaxDepth {
		return nil, &OptionError{Option: "depth", Value: fmt.Sprint(s.Depth), Why: OutOfRange, Min: 1, Max: MaxDepth}
	}
	if len(s.Moves) > MaxMoves {
		return nil, &FieldError{Field: "moves", Err: fmt.Errorf("play: %d moves, at most %d", len(s.Moves), MaxMoves)}
	}
	var g game
	switch s.Game {
	case "reversi", "suicide-reversi":
		if s.TT != 0 || s.Symmetry || s.Order != "" || s.Algo != "" {
			return nil, fmt.Errorf("play: algo, tt, symmetry and order apply to connect4's engine")
		}
		ev, err := reversi.ParseEvaluation(s.Eval, s.Kuhlmann)
		if err != nil {
			field := "eval"
			if _, derr := feature.ParseDirection(s.Kuhlmann); s.Kuhlmann != "" && derr != nil {
				field = "kuhlmann"
			}
			return nil, &FieldError{Field: field, Err: fmt.Errorf("play: %w", err)}
		}
		g = &reversiGame{rules: reversi.Game{Suicide: s.Game == "suicide-reversi"}, engine: reversi.ForEvaluation(s.Game == "suicide-reversi", ev), eval: ev, s: reversi.Start, last: -1}
	case "connect4":
		if s.Kuhlmann != "" {
			return nil, &FieldError{Field: "kuhlmann", Err: fmt.Errorf("play: kuhlmann applies to reversi's features")}
		}
		if err := checkConnect4Options(s); err != nil {
			return nil, err
		}
		ev, err := connect4.Evaluation(s.Eval)
		if err != nil {
			return nil, &FieldError{Field: "eval", Err: fmt.Errorf("play: %w", err)}
		}
		c := &connect4Game{eval: ev, last: -1, spec: s}
		if _, err := c.prepare(s.Depth, search.Budget{}); err != nil {
			return nil, err
		}
		g = c
	case GDL:
		x, err := newGDLGame(s)
		if err != nil {
			return nil, err
		}
		g = x
	default:
		return nil, &FieldError{Field: "game", Err: fmt.Errorf("play: unknown game %q (want %s)", s.Game, strings.Join(Games(), ", "))}
	}
	if err := g.replay(s.Moves); err != nil {
		var me *MoveError
		var ge *GDLError
		if errors.As(err, &me) || errors.As(err, &ge) {
			return nil, err
		}
		return nil, &FieldError{Field: "moves", Err: err}
	}
	return &Game{spec: s, g: g}, nil
}

// FieldError is a field of a Spec that New does not take, other than an
// engine's option (OptionError) or a Connect Four move (MoveError): Field
// names it as a page's query does (game, eval, kuhlmann, moves), Err is
// the engine's account.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// Position returns where the game stands.
func (g *Game) Position() Position { return g.g.position(g.spec.HumanFirst) }

// EngineToMove reports whether the engine is to move.
func (g *Game) EngineToMove() bool {
	return !g.g.over() && g.g.toMoveFirst() != g.spec.HumanFirst
}

// Reply searches for the engine's move and returns its name and the
// search's value. ctx bounds the search.
func (g *Game) Reply(ctx context.Context) (string, float64, error) {
	if !g.EngineToMove() {
		return "", 0, fmt.Errorf("play: it is not the engine's turn")
	}
	return g.g.reply(search.Budget{Nodes: g.spec.Nodes, Context: ctx}, g.spec.Depth)
}

// ParseMoves splits a comma-separated list of moves.
func ParseMoves(text string) []string {
	var out []string
	for _, m := range strings.Split(text, ",") {
		if m = strings.TrimSpace(m); m != "" {
			out = append(out, m)
		}
	}
	return out
}

// choose runs alpha-beta to depth and returns the index (natural order)
// of the move it chooses and its value, within the budget b.
func choose[S any, G search.Game[S]](b search.Budget, g G, s S, ev search.Evaluation[S], depth int) (int, float64, error) {
	res, err := search.AlphaBeta(g, s, search.Options[S]{Depth: depth, Eval: ev, Budget: b}, nil)
	if err != nil {
		return 0, 0, err
	}
	i, err := strconv.Atoi(res.Best)
	if err != nil {
		return 0, 0, fmt.Errorf("play: the search chose %q", res.Best)
	}
	return i, float64(res.Value), nil
}

type reversiGame struct {
	rules, engine reversi.Game
	eval          reversi.Evaluator
	s             reversi.State
	last          int
}

func (r *reversiGame) replay(names []string) error {
	for i, n := range names {
		m, err := reversi.ParseMove(n)
		if err != nil {
			return fmt.Errorf("play: move %d: %w", i+1, err)
		}
		if !slices.Contains(r.rules.Moves(r.s, nil), m) {
			return fmt.Errorf("play: move %d, %s, is not legal here", i+1, n)
		}
		r.s = r.rules.Result(r.s, m)
		r.last = int(m)
		if m == reversi.Pass {
			r.last = -1
		}
	}
	return nil
}

func (r *reversiGame) toMoveFirst() bool { return !r.s.WhiteToMove }
func (r *reversiGame) over() bool        { return r.rules.Terminal(r.s) }

func (r *reversiGame) position(humanFirst bool) Position {
	p := Position{Rows: 8, Cols: 8, Last: r.last, EvalName: r.eval.Name()}
	human := r.toMoveFirst() == humanFirst && !r.over()
	p.HumanToMove = human
	var legal uint64
	if human {
		legal = r.s.Legal()
		p.Pass = legal == 0
	}
	for i := range reversi.Squares {
		c := Cell{}
		switch {
		case r.s.Black>>i&1 != 0:
			c.Disc = "b"
		case r.s.White>>i&1 != 0:
			c.Disc = "w"
		}
		if legal>>i&1 != 0 {
			c.Move = reversi.MoveString(search.Move(i))
		}
		p.Cells = append(p.Cells, c)
	}
	b, w := r.s.Discs()
	p.Score, p.Black, p.White = fmt.Sprintf("black %d, white %d", b, w), b, w
	if r.over() {
		p.Over = true
		switch u := r.rules.Utility(r.s); {
		case u > 0:
			p.Result, p.Winner = "black wins", "black"
		case u < 0:
			p.Result, p.Winner = "white wins", "white"
		default:
			p.Result = "a draw"
		}
	} else {
		p.Value, p.Terms = r.eval.Evaluate(r.s), r.eval.Explain(r.s)
	}
	return p
}

func (r *reversiGame) reply(b search.Budget, depth int) (string, float64, error) {
	ms := r.rules.Moves(r.s, nil)
	if len(ms) == 1 {
		return reversi.MoveString(ms[0]), 0, nil
	}
	i, v, err := choose(b, r.engine, r.s, search.Evaluation[reversi.State](r.eval), depth)
	if err != nil {
		return "", 0, err
	}
	return reversi.MoveString(ms[i]), v, nil
}
