package tournament

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/abtrace/abtrace/search"
)

// TestReproducible plays the same tournament twice and checks that every
// game is the same, move for move, and that the counts add up.
func TestReproducible(t *testing.T) {
	for _, c := range []Config{
		{Game: "reversi", Evals: []string{"discs", "mobility", Random}, Depth: 1, Games: 3, Seed: 7},
		{Game: "tictactoe", Evals: []string{"lines", "aima", "fuzzy"}, Depth: 2, Games: 3, Seed: 1},
		{Game: "connect4", Evals: []string{"threats", Random}, Depth: 2, Games: 3, Seed: 2},
	} {
		t.Run(c.Game, func(t *testing.T) {
			var calls atomic.Int32
			a, err := Run(context.Background(), c, func(done, total int, g Game) {
				calls.Add(1)
				if total != c.Total() || done < 1 || done > total {
					t.Errorf("progress %d of %d, want up to %d", done, total, c.Total())
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			b, err := Run(context.Background(), c, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("two runs with seed %d differ", c.Seed)
			}
			if int(calls.Load()) != c.Total() || len(a.Games) != c.Total() {
				t.Errorf("%d progress calls and %d games, want %d", calls.Load(), len(a.Games), c.Total())
			}
			n := len(c.Evals)
			if len(a.Pairings) != n*(n-1) {
				t.Errorf("%d pairings, want %d", len(a.Pairings), n*(n-1))
			}
			games := 0
			for _, p := range a.Pairings {
				if got := p.Wins + p.Draws + p.Losses; got != c.Games {
					t.Errorf("%s first against %s: %d games, want %d", p.First, p.Second, got, c.Games)
				}
				games += p.Wins + p.Draws + p.Losses
			}
			points := 0.0
			for _, s := range a.Standings {
				points += s.Points
			}
			if games != c.Total() || points != float64(c.Total()) {
				t.Errorf("pairings count %d games and standings %v points, want %d of each", games, points, c.Total())
			}
			// Both colours of an opening begin with the same book moves.
			for i := 0; i < len(a.Games); i += 2 {
				g, h := a.Games[i], a.Games[i+1]
				if g.First != h.Second || g.Second != h.First || g.Opening != h.Opening ||
					strings.Join(g.Moves[:g.Book], " ") != strings.Join(h.Moves[:h.Book], " ") {
					t.Fatalf("games %d and %d are not one opening with both colours: %+v / %+v", i, i+1, g, h)
				}
			}
		})
	}
	// Another seed plays other openings.
	c := Config{Game: "reversi", Evals: []string{"discs", "mobility"}, Depth: 1, Games: 4, Seed: 1}
	a, _ := Run(context.Background(), c, nil)
	c.Seed = 2
	b, _ := Run(context.Background(), c, nil)
	if reflect.DeepEqual(a.Games, b.Games) {
		t.Errorf("seeds 1 and 2 play the same games")
	}
}

// TestSuicideMinimisingWins is the lecture's point in numbers: in suicide
// Reversi, where fewer discs win, the minimising features beat the
// maximising ones. (The numbers for the README come from the command
// line; see docs/performance.md.)
func TestSuicideMinimisingWins(t *testing.T) {
	c := Config{Game: "suicide-reversi", Evals: []string{"max-discs", "min-discs"}, Depth: 2, Games: 10, Seed: 1}
	r, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Standings[0].Eval != "min-discs" || r.Standings[0].Points <= r.Standings[1].Points {
		t.Errorf("standings %+v; want min-discs ahead of max-discs", r.Standings)
	}
}

func TestCheck(t *testing.T) {
	ok := Config{Game: "reversi", Evals: []string{"discs", "min-discs"}, Depth: 2, Games: 2}
	tests := []struct {
		mod  func(*Config)
		want string
	}{
		{func(c *Config) { c.Game = "chess" }, `unknown game "chess"`},
		{func(c *Config) { c.Evals = []string{"discs"} }, "1 evaluations"},
		{func(c *Config) { c.Evals = []string{"discs", "discs"} }, "listed twice"},
		{func(c *Config) { c.Evals = []string{"discs", "lines"} }, `unknown feature "lines"`},
		{func(c *Config) { c.Depth = MaxDepth + 1 }, "depth must be from 1"},
		{func(c *Config) { c.Games = 0 }, "games must be from 1"},
		{func(c *Config) { c.Game, c.Evals = "tictactoe", []string{"lines", "discs"} }, `unknown evaluation "discs"`},
	}
	if err := ok.Check(); err != nil {
		t.Fatalf("Check(%+v) = %v", ok, err)
	}
	for _, tc := range tests {
		c := ok
		c.Evals = slicesClone(ok.Evals)
		tc.mod(&c)
		err := c.Check()
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "tournament: ") {
			t.Errorf("Check(%+v) = %v, want an error containing %q", c, err, tc.want)
		}
		// Every error is a phrase a page words in its language.
		var te *Error
		if !errors.As(err, &te) {
			t.Errorf("Check(%+v) = %T, want a *tournament.Error", c, err)
		} else if _, ok := English[te.Say.ID]; !ok {
			t.Errorf("Check(%+v): got phrase %q, want one of English", c, te.Say.ID)
		}
	}
}

func slicesClone(s []string) []string { return append([]string(nil), s...) }

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := Config{Game: "reversi", Evals: []string{"discs", "mobility", "corners"}, Depth: 2, Games: 20, Seed: 3}
	_, err := Run(ctx, c, func(done, total int, g Game) {
		if done == 2 {
			cancel()
		}
	})
	if err != context.Canceled {
		t.Errorf("Run after cancel = %v, want context.Canceled", err)
	}
}

func TestParseEvals(t *testing.T) {
	if got := ParseEvals(" discs, min-discs ,,discs+mobility:5"); !reflect.DeepEqual(got, []string{"discs", "min-discs", "discs+mobility:5"}) {
		t.Errorf("ParseEvals = %q", got)
	}
}

// benchGames plays one game of c per iteration, each on the next
// opening, and reports games per second.
func benchGames(b *testing.B, c Config) {
	a, err := newArena(c)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		a.play(context.Background(), c, i%2, 1-i%2, i%MaxGames)
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkReversiDepth3 plays Reversi games at depth 3 between two
// weighted evaluations.
func BenchmarkReversiDepth3(b *testing.B) {
	benchGames(b, Config{Game: "reversi", Evals: []string{"discs:1,mobility:2,corners:10", "discs"}, Depth: 3, Games: MaxGames, Seed: 1})
}

// BenchmarkTicTacToeDepth3 is the same for tic-tac-toe, lines against the
// fuzzy goal evaluation.
func BenchmarkTicTacToeDepth3(b *testing.B) {
	benchGames(b, Config{Game: "tictactoe", Evals: []string{"lines", "fuzzy"}, Depth: 3, Games: MaxGames, Seed: 1})
}

// TestBudget checks that a search over the node budget ends the
// tournament with a *search.BudgetError, and that a large enough budget
// changes nothing.
func TestBudget(t *testing.T) {
	c := Config{Game: "tictactoe", Evals: []string{"lines", "aima"}, Depth: 3, Games: 1, Seed: 1}
	want, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		nodes int64
		over  bool
	}{{5, true}, {1 << 20, false}} {
		t.Run(fmt.Sprint(tc.nodes), func(t *testing.T) {
			b := c
			b.Nodes = tc.nodes
			got, err := Run(context.Background(), b, nil)
			if search.IsBudget(err) != tc.over {
				t.Fatalf("over the budget: got %t (err %v), want %t", search.IsBudget(err), err, tc.over)
			}
			if !tc.over && !reflect.DeepEqual(got.Games, want.Games) {
				t.Errorf("games with a budget: got %v, want %v", got.Games, want.Games)
			}
		})
	}
}
