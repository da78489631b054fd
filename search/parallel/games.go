package parallel

import (
	"context"
	"fmt"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/reversi"
	"github.com/abtrace/abtrace/search/tictactoe"
)

// Limits of one coordinated search.
const (
	// MaxWorkers is the most evaluations searched at once.
	MaxWorkers = 8
	// MaxDepth is the deepest any worker goes.
	MaxDepth = 7
)

// Games lists the games Run plays.
func Games() []string { return []string{"reversi", "suicide-reversi", "connect4", "tictactoe"} }

// Config is one coordinated search of a game position.
type Config struct {
	Game     string   `json:"game"`
	Position string   `json:"position"` // as the game's Parse reads it; "" is the start
	Evals    []string `json:"evals"`    // one worker per evaluation
	MaxDepth int      `json:"max_depth"`
	// GDL is the text of a game written in GDL, played when Game is
	// GDLGame (see gdlWorkers for what it takes).
	GDL string `json:"-"`
	// Nodes is the node budget of each of the workers' searches
	// (search.Budget.Nodes); 0 sets none. A server sets one.
	Nodes int64 `json:"-"`
}

// Result is a finished coordinated search.
type Result struct {
	Latest []*Report `json:"latest"` // each worker's last report
	Choice int       `json:"choice"` // the worker whose move is played
	Move   string    `json:"move"`   // that move, as the game writes it
}

// Run builds one local worker per evaluation for the game and coordinates
// them (see Coordinate). Errors in the configuration start with
// "parallel: "; those Check finds are an *Error.
func Run(ctx context.Context, c Config, update func(Update)) (Result, error) {
	run, err := c.prepare()
	if err != nil {
		return Result{}, err
	}
	return run(ctx, update)
}

// Check reports a configuration that Run would refuse, without searching:
// the number of evaluations or the depth out of range, an unknown game, a
// position the game cannot read, an evaluation the game does not know.
// The last three are an *Error naming the parameter at fault.
func (c Config) Check() error {
	_, err := c.prepare()
	return err
}

// Error is a configuration's game, position or evaluation that Run
// cannot use.
type Error struct {
	// Field is "game", "gdl" (a game written in GDL that cannot be
	// searched so), "position" or "evals".
	Field string
	// Got is the value at fault (the game, the position, one evaluation).
	Got string
	// Known lists the games (Field "game") or the game's evaluations
	// (Field "evals"); nil for a position.
	Known []string
	// Err is the game's own error behind it (a position's or an
	// evaluation's), if any.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return "parallel: " + e.Err.Error()
	}
	return fmt.Sprintf("parallel: unknown %s %q (want %s)", e.Field, e.Got, strings.Join(e.Known, ", "))
}

// Unwrap returns the game's error behind it.
func (e *Error) Unwrap() error { return e.Err }

// prepare checks c and returns the coordinated search it describes.
func (c Config) prepare() (func(context.Context, func(Update)) (Result, error), error) {
	if len(c.Evals) < 1 || len(c.Evals) > MaxWorkers {
		return nil, fmt.Errorf("parallel: %d evaluations; give from 1 to %d", len(c.Evals), MaxWorkers)
	}
	if c.MaxDepth < 1 || c.MaxDepth > MaxDepth {
		return nil, fmt.Errorf("parallel: depth must be from 1 to %d, not %d", MaxDepth, c.MaxDepth)
	}
	position := func(err error) error { return &Error{Field: "position", Got: c.Position, Err: err} }
	eval := func(name string, known []string, err error) error {
		return &Error{Field: "evals", Got: name, Known: known, Err: err}
	}
	switch c.Game {
	case GDLGame:
		if c.GDL == "" {
			break
		}
		st, ws, err := c.gdlWorkers()
		if err != nil {
			return nil, err
		}
		return runner(st, ws), nil
	case "reversi", "suicide-reversi":
		st, err := reversi.Parse(c.Position)
		if err != nil {
			return nil, position(err)
		}
		var ws []Worker[reversi.State]
		for _, name := range c.Evals {
			ev, err := reversi.ParseEvaluation(name, "")
			if err != nil {
				return nil, eval(name, reversi.FeatureNames(), err)
			}
			g := reversi.ForEvaluation(c.Game == "suicide-reversi", ev)
			ws = append(ws, &Deepening[reversi.State, reversi.Game]{Eval: ev, EvalName: ev.Name(), Game: g,
				Win: g.Win, Loss: g.Loss, MaxDepth: c.MaxDepth, Nodes: c.Nodes, MoveName: reversi.MoveString})
		}
		return runner(st, ws), nil
	case "connect4":
		st, err := connect4.Parse(c.Position)
		if err != nil {
			return nil, position(err)
		}
		var ws []Worker[connect4.State]
		for _, name := range c.Evals {
			ev, err := connect4.Evaluation(name)
			if err != nil {
				return nil, eval(name, connect4.EvaluationNames(), err)
			}
			ws = append(ws, &Deepening[connect4.State, connect4.Game]{Eval: ev, EvalName: ev.Name(),
				Game: connect4.Game{Win: connect4.WinScore}, Win: connect4.WinScore, Loss: -connect4.WinScore, MaxDepth: c.MaxDepth, Nodes: c.Nodes, MoveName: connect4.ColumnName})
		}
		return runner(st, ws), nil
	case "tictactoe":
		var st tictactoe.State
		if c.Position != "" {
			var err error
			if st, err = tictactoe.Parse(c.Position); err != nil {
				return nil, position(err)
			}
		}
		var ws []Worker[tictactoe.State]
		for _, name := range c.Evals {
			ev, err := tictactoe.Evaluation(name)
			if err != nil {
				return nil, eval(name, tictactoe.EvaluationNames(), err)
			}
			ws = append(ws, &Deepening[tictactoe.State, tictactoe.Game]{Eval: ev, EvalName: ev.Name(),
				Game: tictactoe.Game{Win: 100}, Win: 100, Loss: -100, MaxDepth: c.MaxDepth, Nodes: c.Nodes, MoveName: tictactoe.MoveString})
		}
		return runner(st, ws), nil
	}
	return nil, &Error{Field: "game", Got: c.Game, Known: Games()}
}

// runner is the coordinated search of workers ws from position s. Its
// local workers share search.Workers cores (Deepening.Cores).
func runner[S any](s S, ws []Worker[S]) func(context.Context, func(Update)) (Result, error) {
	cores := make(chan struct{}, search.Workers(len(ws)))
	for _, w := range ws {
		if c, ok := w.(interface{ shareCores(chan struct{}) }); ok {
			c.shareCores(cores)
		}
	}
	return func(ctx context.Context, update func(Update)) (Result, error) { return finish(ctx, s, ws, update) }
}

func finish[S any](ctx context.Context, s S, ws []Worker[S], update func(Update)) (Result, error) {
	latest, choice, err := Coordinate(ctx, s, ws, update)
	r := Result{Latest: latest, Choice: choice}
	if choice >= 0 {
		r.Move = latest[choice].Name
	}
	return r, err
}
