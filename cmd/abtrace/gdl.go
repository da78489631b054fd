package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/gdleval"
	"github.com/abtrace/abtrace/trace"
)

// gdlCmd runs `abtrace gdl check|playout|count|bench|structures|features FILE`: the command
// line of search/gdl (flags and wiring; the work is in the package).
func gdlCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "abtrace gdl: want check, playout, count, bench, structures or features, then a .kif file")
		return exitUsage
	}
	sub, args := args[0], args[1:]
	name := "gdl " + sub
	fs := newFlagSet(name, stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	policy := fs.String("policy", "", "playout: first or random")
	seed := fs.Uint64("seed", 0, "playout, bench, structures: seed of the random moves")
	maxSteps := fs.Int("max-steps", 0, fmt.Sprintf("playout: most joint moves (default %d)", gdl.MaxPlayoutSteps))
	playouts := fs.Int("playouts", 0, "bench: random games to play")
	games := fs.Int("games", gdleval.SelectGames, fmt.Sprintf("features: random games to score the features in (1 to %d)", gdleval.MaxSelectGames))
	states := fs.Int("states", gdl.StructureStates, fmt.Sprintf("structures: simulated states to check the structures in (1 to %d)", gdl.MaxStructureStates))
	lang := fs.String("lang", "en", "structures, features: the language of the reasons, en, de or cs, as the pages speak them (--json is the same in every language)")
	switch sub {
	case "check", "playout", "count", "bench", "structures", "features":
	default:
		fmt.Fprintf(stderr, "abtrace gdl: unknown command %q (want check, playout, count, bench, structures or features)\n", sub)
		return exitUsage
	}
	// The file may come before or after the flags.
	var file string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		file, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return flagError(name, err, stderr)
	}
	if file == "" && fs.NArg() > 0 {
		file = fs.Arg(0)
	} else if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "abtrace %s: unexpected argument %q\n", name, fs.Arg(0))
		return exitUsage
	}
	if file == "" {
		fmt.Fprintf(stderr, "abtrace %s: no game: give a .kif file\n", name)
		return exitUsage
	}
	l, ok := i18n.Parse(*lang)
	if !ok || *lang == "" {
		fmt.Fprintf(stderr, "abtrace %s: --lang %q: want en, de or cs\n", name, *lang)
		return exitUsage
	}
	loc := i18n.For(l)
	src, err := readGDLFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "abtrace %s: %v\n", name, err)
		return exitUsage
	}
	if sub == "check" {
		d, err := gdl.Load(src)
		if err != nil {
			fmt.Fprintln(stdout, err)
			return exitSearch
		}
		fmt.Fprintln(stdout, gdl.Summary(d))
		return exitOK
	}
	var out any
	if sub == "playout" {
		if *policy == "" {
			fmt.Fprintf(stderr, "abtrace %s: give --policy first or --policy random\n", name)
			return exitUsage
		}
		// A game too large to ground is played by the simple reasoner.
		out, err = gdl.PlayoutText(src, *policy, *seed, *maxSteps)
	}
	var g *gdl.Game
	if sub != "playout" {
		if g, err = gdl.Compile(src); err != nil {
			fmt.Fprintf(stderr, "abtrace %s: %v\n", name, err)
			return exitSearch
		}
	}
	switch sub {
	case "count":
		out, err = g.Count()
	case "bench":
		out, err = g.Bench(*playouts, *seed)
	case "structures":
		var r gdl.StructureReport
		if r, err = g.Structures(*states, *seed); err == nil && !*asJSON {
			// Without --json: what was found and why, one finding a line,
			// in the language asked for.
			for _, why := range gdl.StructureTexts(r, loc.Phrase) {
				fmt.Fprintln(stdout, why)
			}
			return exitOK
		}
		out = r
	case "features":
		var sel gdleval.Selection
		if sel, err = gdlFeatures(g, *games, *seed); err == nil && !*asJSON {
			printFeatures(stdout, loc, sel)
			return exitOK
		}
		out = sel
	}
	if err != nil {
		fmt.Fprintf(stderr, "abtrace %s: %v\n", name, err)
		return exitSearch
	}
	if !*asJSON {
		b, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintln(stdout, string(b))
		return exitOK
	}
	b, _ := json.Marshal(out)
	fmt.Fprintln(stdout, string(b))
	return exitOK
}

// gdlFeatures analyses g and scores its candidate features over random
// games.
func gdlFeatures(g *gdl.Game, games int, seed uint64) (gdleval.Selection, error) {
	a, err := gdleval.Analyze(g)
	if err != nil {
		return gdleval.Selection{}, err
	}
	return a.Select(games, seed)
}

// printFeatures writes the table of candidates, best first, in loc's
// language.
func printFeatures(w io.Writer, loc *i18n.Localizer, sel gdleval.Selection) {
	fmt.Fprintln(w, loc.T("ge.cli.games", "Games", sel.Games, "Seed", sel.Seed, "States", sel.States,
		"Lo", trace.Written(sel.Goals[0]), "Hi", trace.Written(sel.Goals[1])))
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", loc.T("ge.col.feature"), loc.T("ge.col.score"), loc.T("ge.col.eval"), loc.T("ge.col.why"))
	for _, c := range sel.Candidates {
		fmt.Fprintf(tw, "%s\t%+.4f\t%s\t%s\t\n", c.Feature, c.Score, c.Evaluation, loc.Phrase(c.Say))
	}
	tw.Flush()
}

// readGDLFile reads a game's text ("-": standard input), refusing more
// than gdl.MaxSourceBytes.
func readGDLFile(path string) (string, error) {
	r, done, err := openInput(path, os.Stdin)
	if err != nil {
		return "", err
	}
	defer done()
	b, err := io.ReadAll(io.LimitReader(r, gdl.MaxSourceBytes+1))
	if err != nil {
		return "", err
	}
	if len(b) > gdl.MaxSourceBytes {
		return "", fmt.Errorf("%s: more than %d bytes (gdl.MaxSourceBytes)", path, gdl.MaxSourceBytes)
	}
	return string(b), nil
}

// gdlFlag is solve's and trace's --gdl FILE: the game's text goes into the
// scenario.
func gdlFlag(fs *flag.FlagSet, text *string) {
	fs.Func("gdl", "a game written in GDL (a .kif file, - for standard input)", func(path string) error {
		src, err := readGDLFile(path)
		if err != nil {
			return err
		}
		*text = src
		return nil
	})
}
