// Package tournament pits evaluations against each other: every pairing
// plays the same openings with both colours, each side choosing its moves
// by a depth-limited alpha-beta search with its own evaluation. The
// openings are random moves drawn from the seed, so a tournament is
// reproducible: the same configuration gives the same games, move for
// move, however many goroutines play them.
package tournament

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/reversi"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/trace"
)

// Limits of one tournament, so that a page or a command line asking for
// one cannot ask for hours of work.
const (
	// MaxEvals is the most evaluations one tournament takes.
	MaxEvals = 8
	// MaxGames is the most openings per pairing (each played with both
	// colours).
	MaxGames = 100
	// MaxDepth is the deepest search a side may make per move.
	MaxDepth = 5
	// MaxPlies ends a game that has not ended after this many moves (no
	// game offered here lasts that long; it guards against a bug).
	MaxPlies = 200
)

// GDLGame is Config.Game for a game written in GDL (Config.GDL).
const GDLGame = "gdl"

// Random is the name of the entrant that plays uniformly random legal
// moves (drawn from the seed): the baseline every evaluation should beat.
const Random = "random"

// Games lists the games a tournament can be played in.
func Games() []string { return []string{"reversi", "suicide-reversi", "connect4", "tictactoe"} }

// Config is one tournament.
type Config struct {
	Game  string   `json:"game"`
	Evals []string `json:"evals"` // the entrants, each an evaluation name of the game, or Random
	Depth int      `json:"depth"` // the depth of every search
	Games int      `json:"games"` // openings per pairing, each played with both colours
	Seed  uint64   `json:"seed"`  // draws the openings and the random entrant's moves
	// GDL is the text of a game written in GDL, played when Game is
	// "gdl": two roles whose goals sum to a constant, its evaluations
	// those built from its rules (package gdleval) and goals.
	GDL string `json:"-"`
	// Nodes is the node budget of each search (search.Budget.Nodes); 0
	// sets none. A server sets one; a search over it ends the tournament
	// with a *search.BudgetError.
	Nodes int64 `json:"-"`
}

// Game is one game played.
type Game struct {
	First   int      `json:"first"`   // index into Config.Evals of the side that moved first (black, x)
	Second  int      `json:"second"`  // and of the other side
	Opening int      `json:"opening"` // which opening (0 .. Games−1)
	Moves   []string `json:"moves"`   // every move, the opening's random moves first
	Book    int      `json:"book"`    // how many of Moves are the opening's
	Outcome int      `json:"outcome"` // +1 when First won, −1 when Second won, 0 for a draw
	Score   string   `json:"score"`   // the final disc count, black–white, in Reversi; "" elsewhere
}

// Pairing is the record of one evaluation moving first against another.
type Pairing struct {
	First  string `json:"first"`
	Second string `json:"second"`
	Wins   int    `json:"wins"` // games First won
	Draws  int    `json:"draws"`
	Losses int    `json:"losses"`
}

// Standing is one evaluation's record over all its games.
type Standing struct {
	Eval   string  `json:"eval"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Points float64 `json:"points"` // a win 1, a draw ½
}

// Result is a finished tournament.
type Result struct {
	Config    Config     `json:"config"`
	Pairings  []Pairing  `json:"pairings"`  // every ordered pair (both colours), in the order of Evals
	Standings []Standing `json:"standings"` // best first (points, then wins, then the order of Evals)
	Games     []Game     `json:"games"`     // in a fixed order: by pairing, then opening, then colour
}

// Progress is told of every game as it finishes (in the order they
// finish), with the number finished and the total.
type Progress func(done, total int, g Game)

// Total returns the number of games of c: every unordered pair of
// entrants plays Games openings with both colours.
func (c Config) Total() int {
	n := len(c.Evals)
	return n * (n - 1) * c.Games
}

// Check reports a configuration that cannot be played. Errors start with
// "tournament: ".
func (c Config) Check() error {
	if !slices.Contains(Games(), c.Game) && (c.Game != GDLGame || c.GDL == "") {
		return sayError("tournament.err.game", "Got", strconv.Quote(c.Game), "Want", strings.Join(Games(), ", "))
	}
	if len(c.Evals) < 2 || len(c.Evals) > MaxEvals {
		return sayError("tournament.err.evals", "Got", len(c.Evals), "Max", MaxEvals)
	}
	for i, e := range c.Evals {
		if slices.Contains(c.Evals[:i], e) {
			return sayError("tournament.err.twice", "Got", strconv.Quote(e))
		}
	}
	if c.Depth < 1 || c.Depth > MaxDepth {
		return sayError("tournament.err.depth", "Max", MaxDepth, "Got", c.Depth)
	}
	if c.Games < 1 || c.Games > MaxGames {
		return sayError("tournament.err.games", "Max", MaxGames, "Got", c.Games)
	}
	_, err := newArena(c)
	return err
}

// ParseEvals splits a comma-separated list of entrants ("discs,min-discs";
// a weighted Reversi evaluation joins its terms with "+":
// "discs+mobility:5"); a comma inside parentheses belongs to the name
// ("kuhlmann:count(cell,x):max").
func ParseEvals(text string) []string {
	var out []string
	depth, start := 0, 0
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	for i, r := range text {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case r == ',' && depth == 0:
			add(text[start:i])
			start = i + 1
		}
	}
	add(text[start:])
	return out
}

// Run plays the tournament on search.Workers goroutines (a core is left
// to the rest). progress may be
// nil. When ctx ends, Run stops starting games and returns ctx's error.
func Run(ctx context.Context, c Config, progress Progress) (Result, error) {
	if err := c.Check(); err != nil {
		return Result{}, err
	}
	a, err := newArena(c)
	if err != nil {
		return Result{}, err
	}
	type job struct{ i, first, second, opening int }
	var jobs []job
	n := len(c.Evals)
	for x := range n {
		for y := x + 1; y < n; y++ {
			for o := range c.Games {
				jobs = append(jobs, job{len(jobs), x, y, o}, job{len(jobs) + 1, y, x, o})
			}
		}
	}
	games := make([]Game, len(jobs))
	work := make(chan job)
	done := make(chan Game)
	var wg sync.WaitGroup
	var panicked error
	var pmu sync.Mutex
	for range search.Workers(len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				g, err := safePlay(ctx, a, c, j.first, j.second, j.opening)
				if err != nil {
					pmu.Lock()
					panicked = err
					pmu.Unlock()
					continue
				}
				games[j.i] = g
				select {
				case done <- g:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(work)
		for _, j := range jobs {
			select {
			case work <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(done) }()
	finished := 0
	for g := range done {
		finished++
		if progress != nil {
			progress(finished, len(jobs), g)
		}
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	if panicked != nil {
		return Result{}, panicked
	}
	if finished != len(jobs) {
		return Result{}, errors.New("tournament: games were lost")
	}
	return summarise(c, games), nil
}

// safePlay plays one game, turning a panic into an error.
func safePlay(ctx context.Context, a arena, c Config, first, second, opening int) (g Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok {
				// A search's own error (its budget, its context) stays one.
				err = fmt.Errorf("tournament: game %d of %s against %s failed: %w", opening, c.Evals[first], c.Evals[second], e)
				return
			}
			err = fmt.Errorf("tournament: game %d of %s against %s failed: %v", opening, c.Evals[first], c.Evals[second], r)
		}
	}()
	return a.play(ctx, c, first, second, opening), nil
}

// summarise counts the games into pairings and standings.
func summarise(c Config, games []Game) Result {
	n := len(c.Evals)
	r := Result{Config: c, Games: games}
	idx := map[[2]int]int{}
	for x := range n {
		for y := range n {
			if x != y {
				idx[[2]int{x, y}] = len(r.Pairings)
				r.Pairings = append(r.Pairings, Pairing{First: c.Evals[x], Second: c.Evals[y]})
			}
		}
	}
	st := make([]Standing, n)
	for i := range st {
		st[i].Eval = c.Evals[i]
	}
	for _, g := range games {
		p := &r.Pairings[idx[[2]int{g.First, g.Second}]]
		switch g.Outcome {
		case 1:
			p.Wins++
			st[g.First].Wins++
			st[g.Second].Losses++
		case -1:
			p.Losses++
			st[g.Second].Wins++
			st[g.First].Losses++
		default:
			p.Draws++
			st[g.First].Draws++
			st[g.Second].Draws++
		}
	}
	for i := range st {
		st[i].Points = float64(st[i].Wins) + float64(st[i].Draws)/2
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case st[a].Points != st[b].Points:
			if st[a].Points > st[b].Points {
				return -1
			}
			return 1
		case st[a].Wins != st[b].Wins:
			return st[b].Wins - st[a].Wins
		}
		return a - b
	})
	for _, i := range order {
		r.Standings = append(r.Standings, st[i])
	}
	return r
}

// arena plays games of one configuration.
type arena interface {
	play(ctx context.Context, c Config, first, second, opening int) Game
}

func newArena(c Config) (arena, error) {
	switch c.Game {
	case "reversi", "suicide-reversi":
		suicide := c.Game == "suicide-reversi"
		a := &gameArena[reversi.State]{ref: reversi.Game{Suicide: suicide}, start: reversi.Start, book: ReversiBook, name: reversi.MoveString,
			score: func(s reversi.State) string {
				b, w := s.Discs()
				return strconv.Itoa(b) + "–" + strconv.Itoa(w)
			}}
		return a, a.enter(c.Game, reversi.FeatureNames(), c.Evals, func(name string) (side[reversi.State], error) {
			ev, err := reversi.ParseEvaluation(name, "")
			if err != nil {
				return side[reversi.State]{}, err
			}
			return side[reversi.State]{game: reversi.ForEvaluation(suicide, ev), eval: ev}, nil
		})
	case "connect4":
		a := &gameArena[connect4.State]{ref: connect4.Game{}, book: Connect4Book, name: connect4.ColumnName}
		return a, a.enter(c.Game, connect4.EvaluationNames(), c.Evals, func(name string) (side[connect4.State], error) {
			ev, err := connect4.Evaluation(name)
			return side[connect4.State]{game: connect4.Game{Win: connect4.WinScore}, eval: ev}, err
		})
	case GDLGame:
		return newGDLArena(c)
	case "tictactoe":
		a := &gameArena[tictactoe.State]{ref: tictactoe.Game{}, book: TicTacToeBook, name: tictactoe.MoveString}
		return a, a.enter(c.Game, tictactoe.EvaluationNames(), c.Evals, func(name string) (side[tictactoe.State], error) {
			ev, err := tictactoe.Evaluation(name)
			return side[tictactoe.State]{game: tictactoe.Game{Win: 100}, eval: ev}, err
		})
	}
	return nil, fmt.Errorf("tournament: unknown game %q (want %s)", c.Game, strings.Join(Games(), ", "))
}

// enter makes a side of every entrant: Random plays random moves, any
// other name is looked up. A name the game cannot make into an evaluation
// is an *Error naming the game and its evaluations (known).
func (a *gameArena[S]) enter(game string, known, evals []string, lookup func(name string) (side[S], error)) error {
	for _, name := range evals {
		if name == Random {
			a.players = append(a.players, side[S]{})
			continue
		}
		sd, err := lookup(name)
		if err != nil {
			p := trace.Phrase{ID: "tournament.err.eval", Args: map[string]any{"Got": strconv.Quote(name), "Game": game, "Want": strings.Join(known, ", ")}}
			return &Error{Say: p, Err: err}
		}
		a.players = append(a.players, sd)
	}
	return nil
}

// The openings: how many random moves start each game.
const (
	ReversiBook   = 4 // Reversi: 4 moves give 244 openings (perft 4)
	Connect4Book  = 2 // Connect Four: 2 moves give 49
	TicTacToeBook = 1 // tic-tac-toe: 1 move gives 9
)

// side is one entrant: the game as its search sees it (with utilities
// beyond its evaluation's values) and its evaluation; a nil eval plays
// random moves.
type side[S any] struct {
	game search.Game[S]
	eval search.Evaluation[S]
}

type gameArena[S any] struct {
	ref     search.Game[S] // the referee: who moves, the moves, the end and the winner
	start   S
	book    int
	players []side[S]
	name    func(search.Move) string
	nameAt  func(S, search.Move) string // a move's name in a state (GDL: the mover's move)
	score   func(S) string
}

// play plays one game: the opening's random moves (the same for both
// colours of a pairing), then each side's choice by alpha-beta to the
// configured depth. The first side is MAX.
func (a *gameArena[S]) play(ctx context.Context, c Config, first, second, opening int) Game {
	g := Game{First: first, Second: second, Opening: opening}
	s := a.start
	var buf []search.Move
	book := rand.New(rand.NewPCG(c.Seed, uint64(opening)))
	for range a.book {
		buf = a.ref.Moves(s, buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[book.IntN(len(buf))]
		g.Moves = append(g.Moves, a.moveName(s, m))
		s = a.ref.Result(s, m)
	}
	g.Book = len(g.Moves)
	// The random entrant draws from its own stream, fixed by the seed,
	// the opening and the colours.
	dice := rand.New(rand.NewPCG(c.Seed^0x9e3779b97f4a7c15, uint64(opening)<<16|uint64(first)<<8|uint64(second)))
	for len(g.Moves) < MaxPlies {
		buf = a.ref.Moves(s, buf[:0])
		if len(buf) == 0 {
			break
		}
		p := a.players[second]
		if a.ref.ToMove(s) == trace.Max {
			p = a.players[first]
		}
		m := buf[0]
		if p.eval == nil {
			m = buf[dice.IntN(len(buf))]
		} else if len(buf) > 1 {
			m = buf[bestIndex(search.Budget{Nodes: c.Nodes, Context: ctx}, p, s, c.Depth)]
		}
		g.Moves = append(g.Moves, a.moveName(s, m))
		s = a.ref.Result(s, m)
	}
	switch u := a.ref.Utility(s); {
	case u > 0:
		g.Outcome = 1
	case u < 0:
		g.Outcome = -1
	}
	if a.score != nil {
		g.Score = a.score(s)
	}
	return g
}

func (a *gameArena[S]) moveName(s S, m search.Move) string {
	if a.nameAt != nil {
		return a.nameAt(s, m)
	}
	return a.name(m)
}

// bestIndex searches s with the side's evaluation and returns the index
// (natural order) of the move it chooses.
func bestIndex[S any](b search.Budget, p side[S], s S, depth int) int {
	res, err := search.AlphaBeta(p.game, s, search.Options[S]{Depth: depth, Eval: p.eval, Budget: b}, nil)
	if err != nil {
		panic(err)
	}
	i, err := strconv.Atoi(res.Best)
	if err != nil {
		panic(fmt.Sprintf("best move %q: %v", res.Best, err))
	}
	return i
}
