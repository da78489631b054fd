package parallel

import (
	"context"
	"fmt"
	"strings"

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
// "parallel: ".
func Run(ctx context.Context, c Config, update func(Update)) (Result, error) {
	if len(c.Evals) < 1 || len(c.Evals) > MaxWorkers {
		return Result{}, fmt.Errorf("parallel: %d evaluations; give from 1 to %d", len(c.Evals), MaxWorkers)
	}
	if c.MaxDepth < 1 || c.MaxDepth > MaxDepth {
		return Result{}, fmt.Errorf("parallel: depth must be from 1 to %d, not %d", MaxDepth, c.MaxDepth)
	}
	switch c.Game {
	case "reversi", "suicide-reversi":
		st, err := reversi.Parse(c.Position)
		if err != nil {
			return Result{}, err
		}
		var ws []Worker[reversi.State]
		for _, name := range c.Evals {
			ev, err := reversi.ParseEvaluation(name, "")
			if err != nil {
				return Result{}, err
			}
			g := reversi.ForEvaluation(c.Game == "suicide-reversi", ev)
			ws = append(ws, &Deepening[reversi.State, reversi.Game]{Eval: ev, EvalName: ev.Name(), Game: g,
				Win: g.Win, Loss: g.Loss, MaxDepth: c.MaxDepth, Nodes: c.Nodes, MoveName: reversi.MoveString})
		}
		return finish(ctx, st, ws, update)
	case "connect4":
		st, err := connect4.Parse(c.Position)
		if err != nil {
			return Result{}, err
		}
		var ws []Worker[connect4.State]
		for _, name := range c.Evals {
			ev, err := connect4.Evaluation(name)
			if err != nil {
				return Result{}, err
			}
			ws = append(ws, &Deepening[connect4.State, connect4.Game]{Eval: ev, EvalName: ev.Name(),
				Game: connect4.Game{Win: connect4.WinScore}, Win: connect4.WinScore, Loss: -connect4.WinScore, MaxDepth: c.MaxDepth, Nodes: c.Nodes, MoveName: connect4.MoveString})
		}
		return finish(ctx, st, ws, update)
	case "tictactoe":
		var st tictactoe.State
		if c.Position != "" {
			var err error
			if st, err = tictactoe.Parse(c.Position); err != nil {
				return Result{}, err
			}
		}
		var ws []Worker[tictactoe.State]
		for _, name := range c.Evals {
			ev, err := tictactoe.Evaluation(name)
			if err != nil {
				return Result{}, err
			}
			ws = append(ws, &Deepening[tictactoe.State, tictactoe.Game]{Eval: ev, EvalName: ev.Name(),
				Game: tictactoe.Game{Win: 100}, Win: 100, Loss: -100, MaxDepth: c.MaxDepth, Nodes: c.Nodes, MoveName: tictactoe.MoveString})
		}
		return finish(ctx, st, ws, update)
	}
	return Result{}, fmt.Errorf("parallel: unknown game %q (want %s)", c.Game, strings.Join(Games(), ", "))
}

func finish[S any](ctx context.Context, s S, ws []Worker[S], update func(Update)) (Result, error) {
	latest, choice, err := Coordinate(ctx, s, ws, update)
	r := Result{Latest: latest, Choice: choice}
	if choice >= 0 {
		r.Move = latest[choice].Name
	}
	return r, err
}
