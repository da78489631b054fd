package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/abtrace/abtrace/search/tournament"
)

// tournamentCmd plays every pairing of the evaluations with both colours
// and prints the records.
func tournamentCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("tournament", stderr)
	var c tournament.Config
	evals := fs.String("evals", "", "the entrants, comma-separated evaluation names of the game (and random)")
	fs.StringVar(&c.Game, "game", "", strings.Join(tournament.Games(), ", "))
	fs.IntVar(&c.Depth, "depth", 2, "depth of every search")
	fs.IntVar(&c.Games, "games", 10, "openings per pairing, each played with both colours")
	fs.Uint64Var(&c.Seed, "seed", 1, "seed of the openings")
	asJSON := fs.Bool("json", false, "print one JSON object")
	gdlFlag(fs, &c.GDL)
	if err := fs.Parse(args); err != nil {
		return flagError("tournament", err, stderr)
	}
	if c.GDL != "" {
		if c.Game != "" {
			fmt.Fprintln(stderr, "abtrace tournament: give --game or --gdl, not both")
			return exitUsage
		}
		c.Game = tournament.GDLGame
	}
	c.Evals = tournament.ParseEvals(*evals)
	if err := c.Check(); err != nil {
		fmt.Fprintf(stderr, "abtrace tournament: %v\n", err)
		return exitUsage
	}
	r, err := tournament.Run(context.Background(), c, nil)
	if err != nil {
		fmt.Fprintf(stderr, "abtrace tournament: %v\n", err)
		return exitSearch
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(r); err != nil {
			fmt.Fprintf(stderr, "abtrace tournament: %v\n", err)
			return exitSearch
		}
		return exitOK
	}
	printTournament(stdout, r)
	return exitOK
}

// printTournament writes the pairings (wins–draws–losses of the side
// moving first) and the standings with a bar of points.
func printTournament(w io.Writer, r tournament.Result) {
	c := r.Config
	fmt.Fprintf(w, "%s, depth %d, %d openings per pairing with both colours, seed %d: %d games\n\n",
		c.Game, c.Depth, c.Games, c.Seed, c.Total())
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "first\tsecond\twins\tdraws\tlosses\t")
	for _, p := range r.Pairings {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t\n", p.First, p.Second, p.Wins, p.Draws, p.Losses)
	}
	tw.Flush()
	fmt.Fprintln(w)
	per := float64(2 * c.Games * (len(c.Evals) - 1))
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "standing\twins\tdraws\tlosses\tpoints\t")
	for _, s := range r.Standings {
		bar := strings.Repeat("█", int(20*s.Points/per+0.5))
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%g\t%s\n", s.Eval, s.Wins, s.Draws, s.Losses, s.Points, bar)
	}
	tw.Flush()
}
