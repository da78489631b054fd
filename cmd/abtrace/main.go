// Command abtrace shows game-tree search happening.
//
//	abtrace [serve] [--addr 127.0.0.1:8080]     the viewer, in the browser
//	abtrace solve  [source] [options] [--json]   run one search, print the result
//	abtrace trace  [source] [options]            print every step as JSON lines
//	abtrace bench  --game tictactoe --algo A [--traced] [--json]
//
// Run "abtrace help" for the flags.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os/signal"
	"syscall"

	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/abtrace/abtrace/classroom"
	"github.com/abtrace/abtrace/classroom/bus"
	"github.com/abtrace/abtrace/classroom/store"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/web"
)

// Exit codes: scripts and graders rely on them.
const (
	exitOK     = 0
	exitSearch = 1 // the search itself failed
	exitUsage  = 2 // the command line or its input is wrong
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const helpText = `abtrace shows game-tree search happening.

Usage:
  abtrace [serve] [--addr HOST:PORT] [--host NAMES] [--db PATH|postgres://...] [--nats URL]
                                              serve the viewer (default 127.0.0.1:8080); it answers
                                              to IP addresses, localhost and the names in --host;
                                              the live classroom's rooms are kept in --db (a SQLite
                                              file, by default in the user's cache folder, or a
                                              PostgreSQL URL) and shared with other servers over
                                              --nats (default: a NATS server inside this one)
  abtrace solve [source] [options] [--json]   run one search and print its result
  abtrace trace [source] [options]            print every step as JSON lines
  abtrace bench --game tictactoe --algo minimax|alphabeta [--traced] [--json]
  abtrace tournament --game G --evals A,B,... [--depth N] [--games K] [--seed S] [--json]
                                              every pairing of the evaluations plays K openings
                                              with both colours; G is reversi, suicide-reversi,
                                              connect4 or tictactoe; an entrant is an evaluation
                                              of the game (reversi: discs, min-discs,
                                              discs+mobility:5, ...) or random
  abtrace tournament --gdl FILE --evals A,B,... [--depth N] [--games K] [--seed S] [--json]
                                              the same on a game written in GDL: goals, mobility,
                                              inverse-mobility, goal-fuzzy, kuhlmann:count(cell,x):max, ...
  abtrace gdl check FILE                      read a game written in GDL (.kif) and check the rules of
                                              the GDL specification: a summary, or every error at its
                                              line and column (exit 1)
  abtrace gdl playout FILE --policy first|random [--seed S] [--max-steps N] [--json]
                                              play one game from the initial state
  abtrace gdl count FILE [--json]             count the states reachable by any joint moves
  abtrace gdl bench FILE --playouts N [--seed S] [--json]
                                              random games to the end: state changes and time
  abtrace gdl structures FILE [--states N] [--seed S] [--lang en|de|cs] [--json]
                                              successor relations, boards, pieces, counters and
                                              quantities found in the rules and random games, and why
                                              (in the language --lang names; default en)
  abtrace gdl features FILE [--games N] [--seed S] [--lang en|de|cs] [--json]
                                              the features built from them and the general ones,
                                              scored by correlation with the final goal in random games
  abtrace diff REF STUDENT [--json]           compare a student's trace with a reference trace
  abtrace diff [source] [options] STUDENT     ... with the search the flags describe
  abtrace help                                this text

Source (one of):
  --tree TEXT           a tree in the classroom notation, e.g. '((3 12 8) (2 4 6) (14 5 2))';
                        chance nodes '([chance](3 12 8) [chance](0.9:2 0.1:3))', vector leaves '((<3,1,2> <1,5,2>))'
  --tree-file PATH      the same, read from a file ("-" for standard input)
  --format NAME         the notation of --tree / --tree-file: abtrace (default), cmu (the CMU 15-150
                        visualizer's text, a leaf is (v)), sml (its ExplicitGame: Node [...], Esti ~2),
                        cs188 (a GraphGameTree .test file: its agents, depth, alg and the course's
                        strict pruning, v > β / v < α) or aima (nested lists [[3, 12, 8], [2, 4, 6]])
  --gdl FILE            a game written in GDL (.kif), searched from its initial state; two roles whose
                        goals sum to a constant are MAX and MIN (maxn and paranoid: one player per role);
                        --depth estimates with the goals that hold (--eval goals), or with an evaluation
                        built from the rules: mobility, inverse-mobility, opponent-mobility, novelty,
                        goal-distance, goal-fuzzy (--fuzzy tnorm,p,t,q; goal-fuzzy:tconorm joins the goal
                        values by the product t-conorm, not the sum), kuhlmann:FEATURE:max|min
  --game tictactoe      [--position CELLS]  9 cells row-major of x, o and . (default empty)
  --game connect4       [--position MOVES]  Connect Four 7×6 from the moves played, such as dd or 4455
                        (or 6 rows of 7 cells from the top, '/'-separated); needs --depth (at most 8)
  --game minichess      [--position 'rnbqk/ppppp/5/PPPPP/RNBQK w' | start | horizon]  5×5 chess with captures,
                        material evaluation; default the horizon position; needs --depth (at most 4)
  --game nim            [--matches N] [--take K]  matchsticks: take 1..K, taking the last loses (default 5, 2)
  --game dice           [--position 'max=1,3 min=2,4 turn=max roll=1 goal=6']  Coin Race, a race game
                        with throws (CHANCE nodes); needs --depth and --algo expectiminimax or star1
  --game reversi        [--position 64 SQUARES [x|o]]  Othello on 8×8 (default the opening); needs --depth
  --game suicide-reversi   the same rules, but whoever ends with fewer discs wins
  --game cards          [--deal 'max: ♥6 ♦6 ♣9 ♣8; min: ♥4 ♠2 ♣10 ♣5 | ♦4 ♠2 ♣10 ♣5'] [--world K]  the lecture's
                        four-trick card game (that deal by default); the hands after | are the ones MIN might
                        hold; --world K searches the K-th with open cards (default 1); --deal trap is a deal
                        where averaging over clairvoyance picks the worse card (--deal lecture: the default)
  --game roads          [--world 1|2]  the road story: A to gold, B to a fork of diamonds and a bus
  --random B,D          a random uniform tree, branching B and depth D [--seed S]
Options:
  --root max|min        player at the root of an explicit or random tree (default max)
  --algo NAME           minimax, alphabeta (default), expectiminimax (chance nodes), star1 (chance
                        nodes, pruned; needs --bounds), maxn (vector leaves), paranoid (vector leaves);
                        for cards and roads also clairvoyance (averaging over clairvoyance) and infoset
                        (information sets), which choose without seeing MIN's hand; mcts (Monte-Carlo
                        tree search with UCT) on trees and two-player games
  --algo determinized   cards, roads: determinised MCTS, each of --samples N sampled worlds (default 20)
                        searched by MCTS as if open (--iterations, --c, --seed), the estimates averaged
  --iterations N        mcts: iterations (default 1000, at most 200000)
  --c C                 mcts: the exploration constant of UCB1 = w/n + C·√(ln N / n) (default √2)
  --playout P           mcts: random (default) or eval, greedy by the --eval evaluation; --seed S seeds it
  --curve N             solve --algo mcts: MCTS's choice and estimate at N iteration counts (log-spaced)
                        against alpha-beta's exact answer
  --bounds L,U          star1: the least and greatest leaf value (dice: -1,1 by default)
  --player K            paranoid: the player (1, 2, ...) all the others ally against (default 1)
  --transform T         map every leaf value through a monotone table such as 1:1,2:20,3:30,4:400 or a
                        preset (cube, exp, wld:W,L,D for win/loss/draw); solve reports whether the
                        decision changed
  --prune ge|gt         cut on v ≥ β / v ≤ α (ge, default) or on v > β / v < α (gt)
  --fail soft|hard      fail-soft (default) or fail-hard
  --order natural|reversed|random|eval|best|worst|killer|history   successor ordering (default
                        natural); killer and history learn from the cutoffs (alpha-beta and below)
Searches on real games:
  --algo negamax|pvs|mtdf|id   negamax alpha-beta, principal variation search (NegaScout), MTD(f),
                        iterative deepening (passes 1, 2, … to --depth, or until a pass sees the whole tree)
  --tt                  keep a transposition table (minimax and the four above) of 65536 entries
  --tt-size N           ... of N entries (at most 1048576); mtdf always keeps one
  --replace depth|always  which entry a full slot keeps: the deeper one (default) or the newest
  --symmetry            store one representative of symmetric positions (tictactoe: 8, connect4: 2)
  --aspiration W        id: search each pass in (v − W, v + W) around the last value, again on a fail
  --quiescence          past the depth limit, follow captures until quiet, standing pat (minichess;
                        alphabeta and the four above)
  --extend singular     search a move one ply deeper when its evaluation beats every other's by
  --margin M            M (default 3); at most 2 extra plies on a path
  --forward symmetric|beam  drop moves before searching: mirror images of earlier moves (safe), or
  --beam N              all but the N best by evaluation (default 2; unsafe: may lose the best move)
  --seed N              seed of the random tree and the random ordering (default 0)
  --depth N             depth limit, 0 for none (default 0; throws count as a level)
  --eval NAME           evaluation at the depth limit: h (trees), lines, aima or fuzzy (tictactoe), threats (connect4),
                        theory (nim), race (dice); for reversi a weighting of features such as
                        discs:1,mobility:5 (features: discs, mobility, invmobility, novelty, corners,
                        edges; default discs:1,mobility:2,corners:10)
  --kuhlmann max|min    reversi: Kuhlmann et al.'s evaluation E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V (max) or with 1 − V
                        (min) from the features of --eval, with goal values R⁻ = 0, R⁺ = 100
  --fuzzy T,P,TH,Q      tictactoe --eval fuzzy, the fuzzy goal distance: t-norm (min, product, lukasiewicz or
                        threshold), p (a true fluent's degree), t (threshold), q (exponent); default
                        threshold,0.75,0.55,5
  --utilities U         a tree's expected values by category ([win=72% loss=20% draw=8%]): plus-minus (win +1,
                        loss −1, draw 0; default: 0.52) or zero-half-one (win 1, loss 0, draw ½, Russell &
                        Norvig's later editions: 0.76)

solve --json prints {"value", "best", "pv", "stats", "evaluated", "pruned", "labels"}; "value" is a number,
or for maxn a list with one number per player; "labels" maps node ids to labels (state names of imported
trees) for every labelled node, and is left out when no node has one; with --transform it adds "transform": {"name",
"order_preserving", "value_before", "best_before", "changed"}; with --algo clairvoyance or infoset it
adds "method", "worlds" and "move_values": [{"move": "♣9", "id", "value", "per_world", "risk"}], and
"value" and "best" are the method's. For mtdf and id, "evaluated" and "pruned" are those of the last pass, and
"stats" adds tt_stored, tt_hits, researches, iterations, q_nodes, extensions and forward_pruned where they apply.

diff reads the student's trace (a file, or - for standard input) as abtrace's JSON lines, or as a list of
the visited nodes' names or ids (CS188 state names, say), and prints the first step where it parts from the
reference: what the reference did there and why (the cut test that fired, the window).

Exit status: 0 on success, 1 when the search fails, 2 for a usage error; diff exits 0 only when the
traces agree and 1 when they part.
`

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && args[0] != "-h" && args[0] != "--help" && args[0] != "-help" {
		return serve(args, stdout, stderr)
	}
	switch args[0] {
	case "serve":
		return serve(args[1:], stdout, stderr)
	case "solve":
		return solve(args[1:], stdout, stderr)
	case "trace":
		return traceCmd(args[1:], stdout, stderr)
	case "bench":
		return bench(args[1:], stdout, stderr)
	case "tournament":
		return tournamentCmd(args[1:], stdout, stderr)
	case "diff":
		return diffCmd(args[1:], os.Stdin, stdout, stderr)
	case "gdl":
		return gdlCmd(args[1:], stdout, stderr)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, helpText)
		return exitOK
	}
	fmt.Fprintf(stderr, "abtrace: unknown command %q (want serve, solve, trace, bench, tournament, diff, gdl or help)\n", args[0])
	return exitUsage
}

// scenarioFlags declares the flags shared by solve and trace.
func scenarioFlags(fs *flag.FlagSet) (*scenario.Scenario, *string) {
	s := &scenario.Scenario{}
	treeFile := new(string)
	fs.StringVar(&s.Tree, "tree", "", "tree in the classroom notation")
	fs.StringVar(treeFile, "tree-file", "", "file holding a tree (- for standard input)")
	fs.StringVar(&s.Format, "format", "", "notation of the tree: abtrace, cmu, sml, cs188 or aima")
	fs.StringVar(&s.Game, "game", "", "tictactoe, connect4, minichess, nim, dice, reversi or suicide-reversi")
	gdlFlag(fs, &s.GDL)
	fs.StringVar(&s.Position, "position", "", "tic-tac-toe position (9 cells of x, o and .) or dice position")
	fs.IntVar(&s.Matches, "matches", 0, "nim: matches on the table (default 5)")
	fs.IntVar(&s.Take, "take", 0, "nim: most matches one move takes (default 2)")
	fs.StringVar(&s.Random, "random", "", "random tree B,D")
	fs.Uint64Var(&s.Seed, "seed", 0, "seed of the random tree and ordering")
	fs.StringVar(&s.Root, "root", "", "max or min")
	fs.StringVar(&s.Algo, "algo", "", "minimax, alphabeta, expectiminimax, star1, maxn or paranoid")
	fs.StringVar(&s.Bounds, "bounds", "", "star1: L,U, the least and greatest leaf value")
	fs.IntVar(&s.Player, "player", 0, "paranoid: the player the others ally against (default 1)")
	fs.StringVar(&s.Transform, "transform", "", "monotone map of the leaf values: a table x:y,... or cube, exp, wld:W,L,D")
	fs.StringVar(&s.Prune, "prune", "", "ge or gt")
	fs.StringVar(&s.Fail, "fail", "", "soft or hard")
	fs.StringVar(&s.Order, "order", "", "natural, reversed, random, eval, best or worst")
	fs.IntVar(&s.Depth, "depth", 0, "depth limit (0 = none)")
	fs.StringVar(&s.Eval, "eval", "", "evaluation at the depth limit")
	fs.StringVar(&s.Kuhlmann, "kuhlmann", "", "reversi: max or min, Kuhlmann et al.'s evaluation from the features of --eval")
	fs.StringVar(&s.Fuzzy, "fuzzy", "", "tictactoe --eval fuzzy: tnorm,p,t,q")
	fs.StringVar(&s.Utilities, "utilities", "", "a tree's expected values by category: plus-minus (win +1, loss -1, draw 0; default) or zero-half-one (win 1, loss 0, draw 1/2)")
	fs.StringVar(&s.Deal, "deal", "", "cards: the deal, such as 'max: ♥6 ♦6 ♣9 ♣8; min: ♥4 ♠2 ♣10 ♣5 | ♦4 ♠2 ♣10 ♣5'")
	fs.IntVar(&s.World, "world", 0, "cards, roads: which MIN hand (world) is searched open (default 1)")
	fs.IntVar(&s.Iterations, "iterations", 0, "mcts: iterations (default 1000)")
	fs.Float64Var(&s.C, "c", 0, "mcts: the exploration constant C of UCB1 (default √2)")
	fs.StringVar(&s.Playout, "playout", "", "mcts: random (default) or eval (greedy by --eval)")
	fs.IntVar(&s.Samples, "samples", 0, "determinized: worlds drawn (default 20)")
	fs.Var(ttFlag{s}, "tt", "keep a transposition table of the default size")
	fs.IntVar(&s.TT, "tt-size", 0, "transposition table size in entries")
	fs.StringVar(&s.Replace, "replace", "", "table replacement rule: depth or always")
	fs.BoolVar(&s.Symmetry, "symmetry", false, "store one representative of symmetric positions")
	fs.Float64Var(&s.Aspiration, "aspiration", 0, "iterative deepening: aspiration window half-width")
	fs.BoolVar(&s.Quiescence, "quiescence", false, "follow captures past the depth limit until quiet")
	fs.StringVar(&s.Extend, "extend", "", "singular: extend a move better than every other by --margin")
	fs.Float64Var(&s.Margin, "margin", 0, "singular extension margin (default 3)")
	fs.StringVar(&s.Forward, "forward", "", "forward pruning: symmetric or beam")
	fs.IntVar(&s.Beam, "beam", 0, "moves the beam keeps (default 2)")
	return s, treeFile
}

// ttFlag is --tt: a table of search.DefaultTTSize entries, unless
// --tt-size gives another size.
type ttFlag struct{ s *scenario.Scenario }

func (f ttFlag) String() string   { return "" }
func (f ttFlag) IsBoolFlag() bool { return true }
func (f ttFlag) Set(v string) error {
	on, err := strconv.ParseBool(v)
	if err != nil {
		return err
	}
	switch {
	case !on:
		f.s.TT = 0
	case f.s.TT == 0:
		f.s.TT = search.DefaultTTSize
	}
	return nil
}

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseScenario parses the flags and prepares the search, printing any
// usage error. It returns the exit code to use when it fails.
func parseScenario(name string, args []string, stdin io.Reader, stderr io.Writer, extra func(*flag.FlagSet)) (*scenario.Search, int) {
	fs := newFlagSet(name, stderr)
	s, treeFile := scenarioFlags(fs)
	if extra != nil {
		extra(fs)
	}
	if err := fs.Parse(args); err != nil {
		return nil, flagError(name, err, stderr)
	}
	if code := zeroNotDefault(fs, name, stderr); code != exitOK {
		return nil, code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "abtrace %s: unexpected argument %q (a tree goes after --tree, in quotes)\n", name, fs.Arg(0))
		return nil, exitUsage
	}
	if *treeFile != "" {
		if s.Tree != "" {
			fmt.Fprintf(stderr, "abtrace %s: give --tree or --tree-file, not both\n", name)
			return nil, exitUsage
		}
		text, err := readTreeFile(*treeFile, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "abtrace %s: %v\n", name, err)
			return nil, exitUsage
		}
		s.Tree = text
	}
	if s.Tree == "" && s.Game == "" && s.GDL == "" && s.Random == "" {
		fmt.Fprintf(stderr, "abtrace %s: no source: give --tree, --tree-file, --game, --gdl or --random\n", name)
		return nil, exitUsage
	}
	p, err := s.Prepare()
	if err != nil {
		fmt.Fprintf(stderr, "abtrace %s: %v\n", name, err)
		if scenario.IsUsage(err) {
			return nil, exitUsage
		}
		return nil, exitSearch
	}
	return p, exitOK
}

// openInput opens a file named on the command line, "-" being standard
// input; done closes it.
func openInput(path string, stdin io.Reader) (r io.Reader, done func(), err error) {
	if path == "-" {
		return stdin, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// maxTreeFile bounds what --tree-file reads; the parser's own limit is
// smaller, so a larger file is refused with the parser's message.
const maxTreeFile = 4 << 20

func readTreeFile(path string, stdin io.Reader) (string, error) {
	r, done, err := openInput(path, stdin)
	if err != nil {
		return "", err
	}
	defer done()
	b, err := io.ReadAll(io.LimitReader(r, maxTreeFile))
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// solveJSON is the agreed output of solve --json. Value is a number; for
// max^n, Vec is set and "value" is written as the list of its numbers.
type solveJSON struct {
	Value     trace.Num `json:"value"`
	Vec       []float64 `json:"-"`
	Best      string    `json:"best"`
	PV        []string  `json:"pv"`
	Stats     statsJSON `json:"stats"`
	Evaluated []string  `json:"evaluated"`
	Pruned    []string  `json:"pruned"`
	// Labels maps the id of every labelled node to its label, so that a
	// grader can compare by state name.
	Labels    map[string]string `json:"labels,omitempty"`
	Transform *transformJSON    `json:"transform,omitempty"`
	// MoveValues is set for the methods for hidden cards: each root move
	// by name with its value under the method.
	MoveValues []moveValueJSON `json:"move_values,omitempty"`
	Method     string          `json:"method,omitempty"`
	// Curve is MCTS against alpha-beta (solve --algo mcts --curve N).
	Curve  *scenario.Curve `json:"curve,omitempty"`
	Worlds []string        `json:"worlds,omitempty"`
}

// moveValueJSON is one root move under clairvoyance or infoset.
type moveValueJSON struct {
	Move     string      `json:"move"`
	ID       string      `json:"id"`
	Value    trace.Num   `json:"value"`
	PerWorld []trace.Num `json:"per_world"`
	// Risk is where the worlds' open solutions need different moves that
	// MAX cannot tell apart (infoset only).
	Risk *search.Fusion `json:"risk,omitempty"`
}

// transformJSON says what --transform did: the search before it, and
// whether the decision changed.
type transformJSON struct {
	Name            string    `json:"name"`
	OrderPreserving bool      `json:"order_preserving"`
	ValueBefore     trace.Num `json:"value_before"`
	BestBefore      string    `json:"best_before"`
	Changed         bool      `json:"changed"`
}

func (o solveJSON) MarshalJSON() ([]byte, error) {
	type plain solveJSON
	var value any = o.Value
	if o.Vec != nil {
		value = o.Vec
	}
	return json.Marshal(struct {
		Value any `json:"value"`
		plain
	}{value, plain(o)})
}

type statsJSON struct {
	Nodes      int `json:"nodes"`
	Leaves     int `json:"leaves"`
	Cutoffs    int `json:"cutoffs"`
	TTStored   int `json:"tt_stored,omitempty"`
	TTHits     int `json:"tt_hits,omitempty"`
	Researches int `json:"researches,omitempty"`
	Iterations int `json:"iterations,omitempty"`
	QNodes     int `json:"q_nodes,omitempty"`
	Extensions int `json:"extensions,omitempty"`
	Forward    int `json:"forward_pruned,omitempty"`
}

func solve(args []string, stdout, stderr io.Writer) int {
	asJSON := false
	curve := 0
	p, code := parseScenario("solve", args, os.Stdin, stderr, func(fs *flag.FlagSet) {
		fs.BoolVar(&asJSON, "json", false, "print one JSON object")
		fs.IntVar(&curve, "curve", 0, "mcts: compare with alpha-beta at N points as the iterations grow")
	})
	if p == nil {
		return code
	}
	out := solveJSON{Evaluated: []string{}, Pruned: []string{}}
	if p.Method != nil {
		return solveHidden(p, asJSON, out, stdout, stderr)
	}
	res, err := p.Run(func(e *trace.Event) bool {
		switch e.Type {
		case trace.Leaf:
			out.Evaluated = append(out.Evaluated, e.Node)
		case trace.Prune:
			out.Pruned = append(out.Pruned, e.Pruned...)
		case trace.Pass:
			// Evaluated and pruned describe the last pass.
			out.Evaluated, out.Pruned = out.Evaluated[:0], out.Pruned[:0]
		}
		return true
	})
	if err != nil {
		fmt.Fprintf(stderr, "abtrace solve: %v\n", err)
		return exitSearch
	}
	out.Value, out.Vec, out.Best, out.PV = res.Value, res.Vec, res.Best, res.PV
	st := res.Stats
	out.Stats = statsJSON{st.Nodes, st.Leaves, st.Cutoffs, st.TTStored, st.TTHits, st.Researches, st.Iterations, st.QNodes, st.Extensions, st.Forward}
	out.Labels = treeLabels(p)
	if p.Transform != nil {
		rep, err := p.TransformReport()
		if err != nil {
			fmt.Fprintf(stderr, "abtrace solve: %v\n", err)
			return exitSearch
		}
		out.Transform = &transformJSON{Name: rep.Transform, OrderPreserving: rep.OrderPreserving,
			ValueBefore: rep.Before.Value, BestBefore: rep.Before.Best, Changed: rep.Changed}
	}
	if curve != 0 {
		c, err := p.MCTSCurve(curve)
		if err != nil {
			fmt.Fprintf(stderr, "abtrace solve: %v\n", err)
			if scenario.IsUsage(err) {
				return exitUsage
			}
			return exitSearch
		}
		out.Curve = &c
	}
	if asJSON {
		b, err := json.Marshal(out)
		if err != nil {
			fmt.Fprintf(stderr, "abtrace solve: %v\n", err)
			return exitSearch
		}
		fmt.Fprintf(stdout, "%s\n", b)
		return exitOK
	}
	printSummary(stdout, p, res, out)
	if out.Curve != nil {
		printCurve(stdout, *out.Curve)
	}
	return exitOK
}

// printCurve prints MCTS against alpha-beta, one line per point.
func printCurve(w io.Writer, c scenario.Curve) {
	fmt.Fprintf(w, "alpha-beta: value %s, best %s\n%10s  %-8s %9s\n", trace.Num(c.Exact).Plain(), strings.Join(c.ExactBest, " or "), "iterations", "mcts", "estimate")
	for _, p := range c.Points {
		mark := "differs"
		if p.Agrees {
			mark = "agrees"
		}
		fmt.Fprintf(w, "%10d  %-8s %9.3f  %s\n", p.Iter, p.Move, p.Estimate, mark)
	}
}

// solveHidden runs a method for hidden cards (clairvoyance, infoset) and
// prints its choice; value and best are the method's, and the counts of
// the open search are left out.
func solveHidden(p *scenario.Search, asJSON bool, out solveJSON, stdout, stderr io.Writer) int {
	rep, err := p.HiddenReport()
	if err != nil {
		fmt.Fprintf(stderr, "abtrace solve: %v\n", err)
		return exitSearch
	}
	out.Method, out.Worlds = rep.Method.String(), rep.Worlds
	out.Value, out.Best, out.PV = trace.Num(rep.Value), rep.Moves[rep.Best].ID, []string{rep.Moves[rep.Best].ID}
	for i, m := range rep.Moves {
		mv := moveValueJSON{Move: m.Name, ID: m.ID, Value: trace.Num(m.Value)}
		for _, v := range m.PerWorld {
			mv.PerWorld = append(mv.PerWorld, trace.Num(v))
		}
		if i < len(rep.Risk) {
			mv.Risk = rep.Risk[i]
		}
		out.MoveValues = append(out.MoveValues, mv)
	}
	if !asJSON {
		printHidden(stdout, p, rep)
		return exitOK
	}
	b, err := json.Marshal(out)
	if err != nil {
		fmt.Fprintf(stderr, "abtrace solve: %v\n", err)
		return exitSearch
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return exitOK
}

// printHidden prints what a method for hidden cards chose, with a table of
// every first move's value per world.
func printHidden(w io.Writer, p *scenario.Search, rep search.HiddenReport) {
	what := "averaging over clairvoyance (each world solved with open cards, then averaged)"
	switch rep.Method {
	case search.MethodInfoSet:
		what = "information sets (MAX plays the same in states it cannot tell apart; MIN answers best in each world)"
	case search.MethodDeterminized:
		what = "determinised MCTS (sampled worlds, each searched by MCTS with open cards, estimates averaged)"
	}
	fmt.Fprintf(w, "%s, on %s\n", what, p.Scenario.Source())
	for i, name := range rep.Worlds {
		fmt.Fprintf(w, "world %d: %s\n", i+1, name)
	}
	best := rep.Moves[rep.Best]
	fmt.Fprintf(w, "best move %s, value %s on average\n", best.Name, rep.Number(best.Value))
	fmt.Fprint(w, rep.Table())
	for i, m := range rep.Moves {
		if risk := rep.RiskText(i, "world"); risk != "" {
			fmt.Fprintf(w, "risk of %s: %s\n", m.Name, risk)
		}
	}
}

func printSummary(w io.Writer, p *scenario.Search, res trace.Result, out solveJSON) {
	algo := "minimax"
	rule := "v ≥ β / v ≤ α"
	if p.PruneRule == search.PruneGT {
		rule = "v > β / v < α"
	}
	switch p.Algorithm {
	case search.AlgoAlphaBeta:
		algo = fmt.Sprintf("alpha-beta (cut on %s, fail-%s)", rule, p.FailMode)
	case search.AlgoExpectiminimax:
		algo = "expectiminimax"
	case search.AlgoStar1:
		algo = fmt.Sprintf("star1 (leaf bounds [%s, %s], cut on %s, fail-%s)", trace.Num(p.Bounds.L).Plain(), trace.Num(p.Bounds.U).Plain(), rule, p.FailMode)
	case search.AlgoMaxN:
		algo = "max^n"
	case search.AlgoMCTS:
		algo = fmt.Sprintf("mcts (%d iterations, C = %s, %s playouts, seed %d; the value is the chosen move's estimate)",
			orDefaultInt(p.Scenario.Iterations, search.DefaultIterations), trace.Num(orDefaultFloat(p.Scenario.C, search.DefaultC)).Plain(),
			orDefaultString(p.Scenario.Playout, "random"), p.Scenario.Seed)
	case search.AlgoParanoid:
		algo = fmt.Sprintf("paranoid for player %d (alpha-beta on the reduced game, cut on %s, fail-%s)", p.Player, rule, p.FailMode)
	case search.AlgoNegamax, search.AlgoPVS, search.AlgoMTDF, search.AlgoID:
		algo = realGamesName(p, rule)
	}
	src := p.Scenario.Source()
	if p.Tree != nil {
		src = "tree " + p.Tree.String()
		if len(src) > 70 {
			src = src[:67] + "..."
		}
	}
	fmt.Fprintf(w, "%s, %s order, on %s\n", algo, p.Ordering, src)
	best := res.Best
	if best == "" {
		best = "(the root is a leaf)"
	} else if p.Tree != nil {
		if n := p.Tree.Find(best); n != nil && n.Label != "" {
			best += " (" + n.Label + ")"
		}
	} else if name := p.MoveName(best); name != "" {
		best += " (" + name + ")"
	}
	value := res.Value.Plain()
	if res.Vec != nil {
		parts := make([]string, len(res.Vec))
		for i, x := range res.Vec {
			parts[i] = trace.Num(x).Plain()
		}
		value = "(" + strings.Join(parts, ", ") + ")"
	}
	fmt.Fprintf(w, "value %s, best move %s, principal variation %s\n", value, best, strings.Join(res.PV, " "))
	fmt.Fprintf(w, "%d nodes, %d leaves evaluated, %d %s", res.Stats.Nodes, res.Stats.Leaves, res.Stats.Cutoffs, plural(res.Stats.Cutoffs, "cutoff", "cutoffs"))
	if len(out.Pruned) > 0 {
		list := out.Pruned
		more := ""
		if len(list) > 12 {
			list, more = list[:12], fmt.Sprintf(" and %d more", len(out.Pruned)-12)
		}
		fmt.Fprintf(w, "; pruned %s%s", strings.Join(list, " "), more)
	}
	fmt.Fprintln(w)
	if t := out.Transform; t != nil {
		kind := "order-preserving"
		if !t.OrderPreserving {
			kind = "monotone, not order-preserving"
		}
		verdict := "the decision is unchanged"
		if t.Changed {
			verdict = fmt.Sprintf("the decision changed: best move %s before, %s after", orNone(t.BestBefore), orNone(res.Best))
		}
		fmt.Fprintf(w, "transform %s (%s): value %s before, %s after; %s\n", t.Name, kind, t.ValueBefore.Plain(), res.Value.Plain(), verdict)
	}
}

func orDefaultInt(n, d int) int {
	if n == 0 {
		return d
	}
	return n
}

func orDefaultFloat(x, d float64) float64 {
	if x == 0 {
		return d
	}
	return x
}

func orDefaultString(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func orNone(id string) string {
	if id == "" {
		return "(none)"
	}
	return id
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func traceCmd(args []string, stdout, stderr io.Writer) int {
	p, code := parseScenario("trace", args, os.Stdin, stderr, nil)
	if p == nil {
		return code
	}
	bw := bufio.NewWriter(stdout)
	var werr error
	_, err := p.Run(func(e *trace.Event) bool {
		b, err := json.Marshal(e)
		if err != nil {
			werr = err
			return false
		}
		b = append(b, '\n')
		if _, err := bw.Write(b); err != nil {
			werr = err
			return false
		}
		return true
	})
	if ferr := bw.Flush(); werr == nil {
		werr = ferr
	}
	if werr != nil {
		fmt.Fprintf(stderr, "abtrace trace: %v\n", werr)
		return exitSearch
	}
	if err != nil {
		fmt.Fprintf(stderr, "abtrace trace: %v\n", err)
		return exitSearch
	}
	return exitOK
}

type benchJSON struct {
	Nodes       int     `json:"nodes"`
	NsPerSearch float64 `json:"ns_per_search"`
	NodesPerS   float64 `json:"nodes_per_s"`
}

func bench(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", stderr)
	game := fs.String("game", "tictactoe", "the game to search from its start (tictactoe)")
	algoName := fs.String("algo", "alphabeta", "minimax or alphabeta")
	traced := fs.Bool("traced", false, "produce every event and consume it")
	asJSON := fs.Bool("json", false, "print one JSON object")
	dur := fs.Duration("time", time.Second, "how long to repeat the search")
	if err := fs.Parse(args); err != nil {
		return flagError("bench", err, stderr)
	}
	if *game != "tictactoe" {
		fmt.Fprintf(stderr, "abtrace bench: only --game tictactoe is benchmarked, not %q\n", *game)
		return exitUsage
	}
	algo, err := search.ParseAlgorithm(*algoName)
	if err != nil {
		fmt.Fprintf(stderr, "abtrace bench: %v\n", err)
		return exitUsage
	}
	if algo != search.AlgoMinimax && algo != search.AlgoAlphaBeta {
		fmt.Fprintf(stderr, "abtrace bench: --algo %s: only minimax and alphabeta are benchmarked on tic-tac-toe\n", algo)
		return exitUsage
	}
	if *dur <= 0 || *dur > time.Minute {
		fmt.Fprintf(stderr, "abtrace bench: --time must be between 0 and 1m, not %v\n", *dur)
		return exitUsage
	}
	var rec trace.Recorder
	var sink int
	if *traced {
		rec = func(e *trace.Event) bool {
			sink += e.Step + len(e.Node)
			return true
		}
	}
	g, root := tictactoe.Game{}, tictactoe.State{}
	var nodes, searches int
	start := time.Now()
	for searches == 0 || time.Since(start) < *dur {
		res, err := search.Run(algo, g, root, search.Options[tictactoe.State]{}, rec)
		if err != nil {
			fmt.Fprintf(stderr, "abtrace bench: %v\n", err)
			return exitSearch
		}
		nodes = res.Stats.Nodes
		searches++
	}
	elapsed := time.Since(start)
	out := benchJSON{Nodes: nodes, NsPerSearch: float64(elapsed.Nanoseconds()) / float64(searches)}
	out.NodesPerS = float64(nodes) / (out.NsPerSearch / 1e9)
	if *asJSON {
		b, _ := json.Marshal(out)
		fmt.Fprintf(stdout, "%s\n", b)
		return exitOK
	}
	mode := "untraced"
	if *traced {
		mode = "traced"
	}
	fmt.Fprintf(stdout, "%s %s over the full tic-tac-toe tree: %d nodes per search, %d searches, %.2f ms per search, %.1f million nodes/s\n",
		*algoName, mode, nodes, searches, out.NsPerSearch/1e6, out.NodesPerS/1e6)
	return exitOK
}

// shutdownGrace is how long open requests and websockets get to finish
// when the server is asked to stop. Their work is cancelled at once
// (web.Server.Shutdown), so they answer within milliseconds; the grace
// covers writing the answers to slow clients.
const shutdownGrace = 5 * time.Second

// serve runs the viewer until interrupted, then shuts down gracefully.
func serve(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	hosts := fs.String("host", "", "more names the server answers to, comma-separated")
	db := fs.String("db", "", "where the classroom's rooms are kept: a SQLite file's path, or a postgres:// URL (default: "+store.DefaultPath()+")")
	natsURL := fs.String("nats", "", "the NATS cluster the classroom's servers share, nats://host:port (default: a NATS server inside this one)")
	if err := fs.Parse(args); err != nil {
		return flagError("serve", err, stderr)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "abtrace serve: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	// The first interrupt or SIGTERM shuts the server down gracefully; a
	// second one while it does stops it at once.
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	force := make(chan struct{})
	go func() {
		if _, ok := <-sigs; !ok {
			return
		}
		stop()
		if _, ok := <-sigs; ok {
			close(force)
		}
	}()
	cr, closeRooms, err := openClassroom(ctx, *db, *natsURL)
	if err != nil {
		fmt.Fprintf(stderr, "abtrace serve: %v\n", err)
		return exitUsage
	}
	defer closeRooms()
	return serveUntil(ctx, force, web.Config{Addr: *addr, Hosts: splitHosts(*hosts), IdleForget: web.DefaultIdleForget, Classroom: cr}, stdout, stderr)
}

// openClassroom opens the live classroom's store (--db: a SQLite file,
// by default store.DefaultPath(), or a PostgreSQL URL) and bus (--nats: a
// NATS cluster's URL, by default a NATS server embedded in this process),
// and returns the classroom and what closes them.
func openClassroom(ctx context.Context, db, natsURL string) (*classroom.Classroom, func(), error) {
	if db == "" {
		db = store.DefaultPath()
	}
	st, err := store.Open(ctx, db)
	if err != nil {
		return nil, nil, err
	}
	var b *bus.NATS
	if natsURL == "" {
		b, err = bus.Embedded(bus.EmbeddedOptions{})
	} else {
		b, err = bus.Connect(natsURL)
	}
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	cr, err := web.NewClassroom(classroom.Options{Store: st, Bus: b})
	if err != nil {
		b.Close()
		st.Close()
		return nil, nil, err
	}
	return cr, func() {
		cr.Close()
		b.Close()
		st.Close()
	}, nil
}

// splitHosts splits the --host list.
func splitHosts(s string) []string {
	var out []string
	for _, h := range strings.Split(s, ",") {
		if h = strings.TrimSpace(h); h != "" {
			out = append(out, h)
		}
	}
	return out
}

// serveUntil serves with cfg until ctx ends, then shuts down within
// shutdownGrace, or at once when force is closed meanwhile (exit status 1).
func serveUntil(ctx context.Context, force <-chan struct{}, cfg web.Config, stdout, stderr io.Writer) int {
	addr := cfg.Addr
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	if limit, fromEnv := web.ApplyMemoryLimit(); !fromEnv {
		logger.Info("memory limit", "bytes", limit, "set", "by default; GOMEMLIMIT overrides it")
	}
	if percent, fromEnv := web.ApplyGCPercent(); !fromEnv {
		logger.Info("garbage collector target", "percent", percent, "set", "by default; GOGC overrides it")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "abtrace serve: %v\n", err)
		return exitUsage
	}
	cfg.Logger = logger
	srv := web.New(cfg)
	fmt.Fprintf(stdout, "abtrace: serving the viewer on http://%s/ (Ctrl-C stops it)\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "abtrace serve: %v\n", err)
			return exitSearch
		}
		return exitOK
	case <-ctx.Done():
	}
	fmt.Fprintln(stdout, "abtrace: stopping (a second Ctrl-C or SIGTERM stops at once)")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	shut := make(chan error, 1)
	go func() { shut <- srv.Shutdown(sctx) }()
	select {
	case err := <-shut:
		if err != nil {
			fmt.Fprintf(stderr, "abtrace serve: shutdown: %v\n", err)
			return exitSearch
		}
	case <-force:
		srv.Close()
		fmt.Fprintln(stderr, "abtrace serve: stopped at once by a second signal")
		return exitSearch
	}
	fmt.Fprintln(stdout, "abtrace: stopped")
	return exitOK
}

// flagError reports a command line the flag package refused and returns
// the exit code. Asking for help (-h, --help) is not an error: the help
// goes to w, as Go's own commands print theirs, and the exit code is 0.
func flagError(name string, err error, w io.Writer) int {
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(w, helpText)
		return exitOK
	}
	fmt.Fprintf(w, "abtrace %s: %v\nRun 'abtrace help' for the flags.\n", name, err)
	return exitUsage
}

// zeroNotDefault refuses --matches 0 and --take 0: 0 is how a scenario
// says "not given", so without this check they would silently run the
// defaults (5 and 2).
func zeroNotDefault(fs *flag.FlagSet, name string, w io.Writer) int {
	code := exitOK
	fs.Visit(func(f *flag.Flag) {
		if (f.Name == "matches" || f.Name == "take") && f.Value.String() == "0" && code == exitOK {
			lim := nim.MaxMatches
			if f.Name == "take" {
				lim = nim.MaxTake
			}
			fmt.Fprintf(w, "abtrace %s: --%s 0: want a number from 1 to %d\n", name, f.Name, lim)
			code = exitUsage
		}
	})
	return code
}
