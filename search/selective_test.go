package search_test

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/trace"
)

type mstate = minichess.State

// ref is a plain minimax search, written apart from the engine, of what
// quiescence search and the singular extension mean: no pruning, no
// ordering, every rule spelled out once. Values are for MAX.
type ref struct {
	g      minichess.Game
	ev     minichess.Material
	limit  int
	q      bool
	extend bool
	margin float64
	// memo holds quiesce's values by position: a position has at most 20
	// pieces, so no capture sequence reaches MaxQuiescenceDepth and the
	// value depends on the position alone.
	memo map[mstate]float64
}

func (r ref) colour(s mstate) float64 {
	if r.g.ToMove(s) == trace.Min {
		return -1
	}
	return 1
}

// value is the value of s at depth with ext extensions granted on the path.
func (r ref) value(s mstate, depth, ext int) float64 {
	if r.g.Terminal(s) {
		return r.g.Utility(s)
	}
	if depth >= r.limit+ext {
		if r.q {
			return r.colour(s) * r.quiesce(s, depth-(r.limit+ext))
		}
		return r.ev.Evaluate(s)
	}
	moves := r.g.Moves(s, nil)
	c := r.colour(s)
	singular := -1
	if r.extend && ext < search.MaxExtensions {
		first, second, best := math.Inf(-1), math.Inf(-1), -1
		for i, m := range moves {
			x := r.g.Result(s, m)
			v := r.ev.Evaluate(x)
			if r.g.Terminal(x) {
				v = r.g.Utility(x)
			}
			v *= c
			if v > first {
				first, second, best = v, first, i
			} else if v > second {
				second = v
			}
		}
		if len(moves) > 1 && first >= second+r.margin {
			singular = best
		}
	}
	best := math.Inf(-1)
	for i, m := range moves {
		e := ext
		if i == singular {
			e++
		}
		best = math.Max(best, c*r.value(r.g.Result(s, m), depth+1, e))
	}
	return c * best
}

// quiesce is the value of s for the player to move: the better of
// standing pat and each capture, k plies past the limit.
func (r ref) quiesce(s mstate, k int) float64 {
	if v, ok := r.memo[s]; ok {
		return v
	}
	c := r.colour(s)
	v := c * r.ev.Evaluate(s)
	if k >= search.MaxQuiescenceDepth {
		return v
	}
	for _, m := range r.g.Captures(s, nil) {
		x := r.g.Result(s, m)
		var cv float64
		if r.g.Terminal(x) {
			cv = c * r.g.Utility(x)
		} else {
			cv = -r.quiesce(x, k+1)
		}
		v = math.Max(v, cv)
	}
	if r.memo != nil {
		r.memo[s] = v
	}
	return v
}

// randomPositions returns positions for the property tests: random
// boards with both kings and two to four other pieces, where captures
// abound. (The reference follows every capture sequence without pruning,
// which from Gardner's crowded opening would take hours.)
func randomPositions(r *rand.Rand, n int) []mstate {
	g := minichess.Game{}
	out := make([]mstate, 0, n)
	for len(out) < n {
		var s mstate
		sq := r.Perm(minichess.Squares)
		s.Board[sq[0]], s.Board[sq[1]] = minichess.King, -minichess.King
		for k := range 2 + r.IntN(3) {
			p := minichess.Piece(1 + r.IntN(5))
			if k%2 == 1 {
				p = -p
			}
			at := sq[2+k]
			if (p == minichess.Pawn && at >= 20) || (p == -minichess.Pawn && at < 5) {
				continue
			}
			s.Board[at] = p
		}
		s.Black = r.IntN(2) == 1
		if !g.Terminal(s) {
			out = append(out, s)
		}
	}
	return out
}

// selectiveVariants are the algorithms and options that must agree with
// the reference.
var selectiveVariants = []struct {
	name string
	algo search.Algorithm
	opt  func(o *search.Options[mstate])
}{
	{"alphabeta", search.AlgoAlphaBeta, func(o *search.Options[mstate]) {}},
	{"alphabeta-hard", search.AlgoAlphaBeta, func(o *search.Options[mstate]) { o.Fail = search.FailHard }},
	{"alphabeta-gt", search.AlgoAlphaBeta, func(o *search.Options[mstate]) { o.Prune = search.PruneGT }},
	{"alphabeta-eval", search.AlgoAlphaBeta, func(o *search.Options[mstate]) { o.Order = search.OrderEval }},
	{"alphabeta-best", search.AlgoAlphaBeta, func(o *search.Options[mstate]) { o.Order = search.OrderBest }},
	{"negamax", search.AlgoNegamax, func(o *search.Options[mstate]) {}},
	{"negamax-killer-hard", search.AlgoNegamax, func(o *search.Options[mstate]) { o.Order, o.Fail = search.OrderKiller, search.FailHard }},
	{"pvs", search.AlgoPVS, func(o *search.Options[mstate]) { o.Grain = 1 }},
	{"pvs-history", search.AlgoPVS, func(o *search.Options[mstate]) { o.Order = search.OrderHistory }},
	{"id", search.AlgoID, func(o *search.Options[mstate]) {}},
}

// TestSelectiveAgreesWithReference: on thousands of random minichess
// positions at depths 1 and 2, alpha-beta and the negamax family with
// quiescence search, with the singular extension and with both return
// the reference's value, the same best move where that move's value is
// unique, and traced, events that replay to the same counts. With a
// table (negamax, PVS, MTD(f), iterative deepening), quiescence gives
// the same value too.
func TestSelectiveAgreesWithReference(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 51))
	n := 2000
	if testing.Short() || search.RaceDetectorForTests {
		n = 200
	}
	g := minichess.Game{}
	kinds := []struct {
		name      string
		q, extend bool
		margin    float64
	}{{"quiescence", true, false, 0}, {"singular", false, true, 0}, {"singular-margin-1", false, true, 1}, {"both", true, true, 0}}
	checked, changed := 0, 0
	for k, s := range randomPositions(r, n) {
		kd := kinds[k%len(kinds)]
		// The reference searches every node: depth 2 at most, and depth 1
		// with the extension (which adds up to two plies).
		depth := 1 + k/len(kinds)%2
		if kd.extend {
			depth = 1
		}
		moves := g.Moves(s, nil)
		margin := kd.margin
		if margin == 0 {
			margin = search.DefaultMargin
		}
		rf := ref{g: g, limit: depth, q: kd.q, extend: kd.extend, margin: margin, memo: map[mstate]float64{}}
		want := rf.value(s, 0, 0)
		if plain := (ref{g: g, limit: depth}).value(s, 0, 0); plain != want {
			changed++
		}
		// The children's reference values, for the best move; the root's
		// singular child is searched one ply deeper.
		c := rf.colour(s)
		singular := -1
		if rf.extend {
			first, second := math.Inf(-1), math.Inf(-1)
			for i, m := range moves {
				x := g.Result(s, m)
				v := minichess.Material{}.Evaluate(x)
				if g.Terminal(x) {
					v = g.Utility(x)
				}
				if v*c > first {
					first, second, singular = v*c, first, i
				} else if v*c > second {
					second = v * c
				}
			}
			if len(moves) < 2 || first < second+margin {
				singular = -1
			}
		}
		unique := -1
		for i, m := range moves {
			e := 0
			if i == singular {
				e = 1
			}
			if rf.value(g.Result(s, m), 1, e) == want {
				if unique == -1 {
					unique = i
				} else {
					unique = -2
				}
			}
		}
		for _, vr := range []int{0, 1 + k%(len(selectiveVariants)-1)} {
			vr := selectiveVariants[vr]
			opt := search.Options[mstate]{Depth: depth, Eval: minichess.Material{}, EvalName: "material",
				Quiescence: kd.q, Margin: kd.margin}
			if kd.extend {
				opt.Extend = search.ExtendSingular
			}
			vr.opt(&opt)
			name := kd.name + "/" + vr.name
			res, err := search.Run(vr.algo, g, s, opt, nil)
			if err != nil {
				t.Fatalf("%s at %s depth %d: %v", name, s, depth, err)
			}
			if float64(res.Value) != want {
				t.Fatalf("%s at %s depth %d: value %v, want %v", name, s, depth, res.Value, want)
			}
			if unique >= 0 && res.Best != strconv.Itoa(unique) {
				t.Fatalf("%s at %s depth %d: best %q, want %d, the only move worth %v", name, s, depth, res.Best, unique, want)
			}
			checked++
			if k%10 == 0 {
				evs, tr, err := search.Collect(vr.algo, g, s, opt)
				if err != nil {
					t.Fatal(err)
				}
				f, err := trace.Replay(evs)
				if err != nil {
					t.Fatalf("%s at %s depth %d: %v", name, s, depth, err)
				}
				if tr.Value != res.Value || f.Stats.Nodes != tr.Stats.Nodes || f.Stats.Leaves != tr.Stats.Leaves ||
					f.Stats.QNodes != tr.Stats.QNodes || f.Stats.Extensions != tr.Stats.Extensions {
					t.Fatalf("%s at %s: traced %v %+v, replayed %+v, untraced %v", name, s, tr.Value, tr.Stats, f.Stats, res.Value)
				}
			}
		}
		if kd.q && !kd.extend {
			algo := []search.Algorithm{search.AlgoNegamax, search.AlgoPVS, search.AlgoMTDF, search.AlgoID}[k%4]
			opt := search.Options[mstate]{Depth: depth, Eval: minichess.Material{}, Quiescence: true, TT: 512, Grain: 1}
			res, err := search.Run(algo, g, s, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			if float64(res.Value) != want {
				t.Fatalf("quiescence/%v with a table at %s depth %d: value %v, want %v", algo, s, depth, res.Value, want)
			}
		}
	}
	if changed == 0 {
		t.Errorf("no position's value changed with quiescence or the extension: the test shows nothing")
	}
	t.Logf("%d searches agree; %d position-option pairs changed the value against the plain search", checked, changed)
}

// TestForwardSymmetricLosesNothing: dropping moves whose positions are
// symmetric images of earlier ones gives plain alpha-beta's value, on
// random tic-tac-toe, Connect Four and minichess positions, and drops
// moves on some of them.
func TestForwardSymmetricLosesNothing(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 70))
	n := 2000
	if testing.Short() || search.RaceDetectorForTests {
		n = 200
	}
	dropped := map[string]int{}
	check := func(name string, run func(opt func(o *search.Options[struct{}])) (trace.Result, trace.Result, error)) {
		plain, fwd, err := run(nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if plain.Value != fwd.Value {
			t.Fatalf("%s: value %v with symmetric forward pruning, %v without", name, fwd.Value, plain.Value)
		}
		dropped[name[:3]] += fwd.Stats.Forward
	}
	ttt := tictactoe.Game{}
	c4 := connect4.Game{Win: connect4.WinScore}
	mc := minichess.Game{}
	// A position that is its own mirror image, whose moves come in
	// mirrored pairs.
	mstart, _ := minichess.Parse("1nkn1/p3p/5/P3P/1NKN1 w")
	for k := range n {
		var ts tictactoe.State
		for range r.IntN(5) {
			ms := ttt.Moves(ts, nil)
			if len(ms) == 0 {
				break
			}
			ts = ttt.Result(ts, ms[r.IntN(len(ms))])
		}
		for _, algo := range []search.Algorithm{search.AlgoAlphaBeta, search.AlgoNegamax} {
			check("ttt "+ts.String()+" "+algo.String(), func(func(o *search.Options[struct{}])) (trace.Result, trace.Result, error) {
				a, err := search.Run(search.AlgoAlphaBeta, ttt, ts, search.Options[tictactoe.State]{}, nil)
				if err != nil {
					return a, a, err
				}
				b, err := search.Run(algo, ttt, ts, search.Options[tictactoe.State]{Forward: search.ForwardSymmetric}, nil)
				return a, b, err
			})
		}
		if k%4 == 0 {
			var cs connect4.State
			for range r.IntN(6) {
				ms := c4.Moves(cs, nil)
				if len(ms) == 0 {
					break
				}
				cs = c4.Result(cs, ms[r.IntN(len(ms))])
			}
			ev, _ := connect4.Evaluation("")
			check("c4  "+cs.String(), func(func(o *search.Options[struct{}])) (trace.Result, trace.Result, error) {
				o := search.Options[connect4.State]{Depth: 3, Eval: ev}
				a, err := search.Run(search.AlgoAlphaBeta, c4, cs, o, nil)
				if err != nil {
					return a, a, err
				}
				o.Forward = search.ForwardSymmetric
				b, err := search.Run(search.AlgoPVS, c4, cs, o, nil)
				return a, b, err
			})
		}
		ms := mstart
		if k%2 == 1 {
			ms = randomPositions(r, 2)[1]
		}
		check("mc  "+ms.String(), func(func(o *search.Options[struct{}])) (trace.Result, trace.Result, error) {
			o := search.Options[mstate]{Depth: 2, Eval: minichess.Material{}, Quiescence: k%3 == 0}
			a, err := search.Run(search.AlgoAlphaBeta, mc, ms, o, nil)
			if err != nil {
				return a, a, err
			}
			o.Forward = search.ForwardSymmetric
			b, err := search.Run(search.AlgoAlphaBeta, mc, ms, o, nil)
			return a, b, err
		})
	}
	for _, g := range []string{"ttt", "c4 ", "mc "} {
		if dropped[g] == 0 {
			t.Errorf("%s: symmetric forward pruning dropped no move on any position", g)
		}
	}
}

// TestBeamLosesTheBestMove is the warning: the beam keeps the moves that
// look best at once, and on the horizon position at depth 2 it keeps only
// the greedy Qd1xd3 (beam 1) and loses the queen, where the full search
// keeps it. On random positions the beam changes the value of some.
func TestBeamLosesTheBestMove(t *testing.T) {
	g := minichess.Game{}
	s, _ := minichess.Parse(minichess.Horizon)
	opt := search.Options[mstate]{Depth: 2, Eval: minichess.Material{}}
	full, err := search.AlphaBeta(g, s, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	opt.Forward, opt.Beam = search.ForwardBeam, 1
	beam, err := search.AlphaBeta(g, s, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	name := func(id string) string {
		i, _ := strconv.Atoi(id)
		return minichess.MoveString(s, g.Moves(s, nil)[i])
	}
	if full.Value != 7 || beam.Value != -1 || name(beam.Best) != "Qd1xd3" || name(full.Best) == "Qd1xd3" {
		t.Errorf("full search %v with %s, beam 1 %v with %s; want 7 with a queen kept, and -1 with Qd1xd3",
			full.Value, name(full.Best), beam.Value, name(beam.Best))
	}
	r := rand.New(rand.NewPCG(9, 90))
	lost := 0
	for _, p := range randomPositions(r, 300) {
		o := search.Options[mstate]{Depth: 2, Eval: minichess.Material{}}
		a, err := search.AlphaBeta(g, p, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		o.Forward = search.ForwardBeam
		b, err := search.AlphaBeta(g, p, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		if b.Value != a.Value {
			lost++
		}
	}
	if lost == 0 {
		t.Error("the beam of 2 never changed a value on 300 random positions")
	}
	t.Logf("the beam of %d changed the value of %d of 300 random positions", search.DefaultBeam, lost)
}

// TestHorizonQuiescence pins the lecture's point: at depth 1 alpha-beta
// takes the defended pawn (value 8), quiescence search sees the
// recapture and keeps the queen (value 7).
func TestHorizonQuiescence(t *testing.T) {
	g := minichess.Game{}
	s, _ := minichess.Parse(minichess.Horizon)
	for _, q := range []bool{false, true} {
		res, err := search.AlphaBeta(g, s, search.Options[mstate]{Depth: 1, Eval: minichess.Material{}, Quiescence: q}, nil)
		if err != nil {
			t.Fatal(err)
		}
		i, _ := strconv.Atoi(res.Best)
		got := minichess.MoveString(s, g.Moves(s, nil)[i])
		wantV, takes := 8.0, true
		if q {
			wantV, takes = 7, false
		}
		if float64(res.Value) != wantV || (got == "Qd1xd3") != takes {
			t.Errorf("quiescence %v: %v with %s, want %v (takes the pawn: %v)", q, res.Value, got, wantV, takes)
		}
	}
}

// TestSelectiveErrors checks that options the game or the algorithm
// cannot take are refused.
func TestSelectiveErrors(t *testing.T) {
	ms, _ := minichess.Parse(minichess.Horizon)
	ev := minichess.Material{}
	cases := []struct {
		name string
		run  func() error
	}{
		{"quiescence without captures", func() error {
			_, err := search.AlphaBeta(tictactoe.Game{}, tictactoe.State{}, search.Options[tictactoe.State]{Depth: 2, Eval: tictactoe.Lines{}, Quiescence: true}, nil)
			return err
		}},
		{"quiescence without a limit", func() error {
			_, err := search.AlphaBeta(minichess.Game{}, ms, search.Options[mstate]{Quiescence: true}, nil)
			return err
		}},
		{"quiescence with minimax", func() error {
			_, err := search.Minimax(minichess.Game{}, ms, search.Options[mstate]{Depth: 1, Eval: ev, Quiescence: true}, nil)
			return err
		}},
		{"singular with a table", func() error {
			_, err := search.Negamax(minichess.Game{}, ms, search.Options[mstate]{Depth: 1, Eval: ev, Extend: search.ExtendSingular, TT: 64}, nil)
			return err
		}},
		{"negative margin", func() error {
			_, err := search.AlphaBeta(minichess.Game{}, ms, search.Options[mstate]{Depth: 1, Eval: ev, Extend: search.ExtendSingular, Margin: -1}, nil)
			return err
		}},
		{"beam too wide", func() error {
			_, err := search.AlphaBeta(minichess.Game{}, ms, search.Options[mstate]{Depth: 1, Eval: ev, Forward: search.ForwardBeam, Beam: search.MaxBeam + 1}, nil)
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.run(); err == nil {
				t.Errorf("got no error, want one")
			}
		})
	}
}

// TestSelectiveBudget: quiescence, the extension and forward pruning
// count every node against the budget: a budget one node short of the
// search stops it with a budget error, and the exact budget does not.
func TestSelectiveBudget(t *testing.T) {
	g := minichess.Game{}
	s, _ := minichess.Parse("rnbqk/ppppp/5/PPPPP/RNBQK w")
	for _, o := range []search.Options[mstate]{
		{Depth: 3, Eval: minichess.Material{}, Quiescence: true},
		{Depth: 2, Eval: minichess.Material{}, Extend: search.ExtendSingular, Margin: 1},
		{Depth: 3, Eval: minichess.Material{}, Forward: search.ForwardBeam},
		{Depth: 3, Eval: minichess.Material{}, Forward: search.ForwardSymmetric, Quiescence: true},
	} {
		for _, algo := range []search.Algorithm{search.AlgoAlphaBeta, search.AlgoPVS, search.AlgoID} {
			res, err := search.Run(algo, g, s, o, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The least budget that lets the search finish, found by
			// bisection: the searches that rank moves count too.
			lo, hi := int64(0), int64(res.Stats.Nodes)*4
			for lo+1 < hi {
				o.Budget.Nodes = (lo + hi) / 2
				if _, err := search.Run(algo, g, s, o, nil); err == nil {
					hi = o.Budget.Nodes
				} else {
					lo = o.Budget.Nodes
				}
			}
			work := hi
			if algo != search.AlgoID && work != int64(res.Stats.Nodes) {
				t.Errorf("%v %+v: the least budget is %d nodes, but it entered %d", algo, o, work, res.Stats.Nodes)
			}
			o.Budget.Nodes = work
			if _, err := search.Run(algo, g, s, o, nil); err != nil {
				t.Errorf("%v %+v: budget of its %d nodes: %v", algo, o, work, err)
			}
			o.Budget.Nodes = work - 1
			if _, err := search.Run(algo, g, s, o, nil); !search.IsBudget(err) {
				t.Errorf("%v: budget of %d nodes: got %v, want a budget error", algo, work-1, err)
			}
			o.Budget.Nodes = 0
		}
	}
}

// TestGoldenQuiescence pins every event of quiescence search on the
// horizon position at depth 1 (alpha-beta and negamax), and of the
// singular extension and the beam there at depth 2.
func TestGoldenQuiescence(t *testing.T) {
	g := minichess.Game{}
	s, _ := minichess.Parse(minichess.Horizon)
	ev := minichess.Material{}
	cases := []struct {
		file string
		algo search.Algorithm
		opt  search.Options[mstate]
	}{
		{"horizon-alphabeta-depth1.jsonl", search.AlgoAlphaBeta, search.Options[mstate]{Depth: 1, Eval: ev, EvalName: "material"}},
		{"horizon-alphabeta-quiescence.jsonl", search.AlgoAlphaBeta, search.Options[mstate]{Depth: 1, Eval: ev, EvalName: "material", Quiescence: true}},
		{"horizon-negamax-quiescence.jsonl", search.AlgoNegamax, search.Options[mstate]{Depth: 1, Eval: ev, EvalName: "material", Quiescence: true}},
		{"horizon-alphabeta-singular.jsonl", search.AlgoAlphaBeta, search.Options[mstate]{Depth: 1, Eval: ev, EvalName: "material", Extend: search.ExtendSingular, Margin: 1}},
		{"horizon-alphabeta-beam.jsonl", search.AlgoAlphaBeta, search.Options[mstate]{Depth: 2, Eval: ev, EvalName: "material", Forward: search.ForwardBeam, Beam: 1}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			evs, _, err := search.Collect(c.algo, g, s, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := trace.Replay(evs); err != nil {
				t.Fatal(err)
			}
			for _, form := range search.Forms(c.algo) {
				l := search.WithSelective(search.Pseudocode(c.algo, form, c.opt.Prune, c.opt.Fail, trace.Max), c.opt.Quiescence, c.opt.Extend, c.opt.Forward, c.opt.Prune, c.opt.Fail)
				for _, e := range evs {
					if l.LineOf(e.Line) < 0 {
						t.Fatalf("%v listing: event %v has line %q, not in the listing", form, e, e.Line)
					}
				}
			}
			var buf bytes.Buffer
			for _, e := range evs {
				b, err := json.Marshal(e)
				if err != nil {
					t.Fatal(err)
				}
				buf.Write(b)
				buf.WriteByte('\n')
			}
			path := filepath.Join("testdata", c.file)
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./search -run GoldenQuiescence -update to create it)", err)
			}
			got, wl := bytes.Split(buf.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
			for i := 0; i < len(got) && i < len(wl); i++ {
				if !bytes.Equal(got[i], wl[i]) {
					t.Fatalf("event %d differs:\n got %s\nwant %s", i+1, got[i], wl[i])
				}
			}
			if len(got) != len(wl) {
				t.Fatalf("got %d lines, want %d", len(got), len(wl))
			}
			var back []trace.Event
			for _, line := range wl[:len(wl)-1] {
				var e trace.Event
				if err := json.Unmarshal(line, &e); err != nil {
					t.Fatal(err)
				}
				back = append(back, e)
			}
			if _, err := trace.Replay(back); err != nil {
				t.Fatalf("the golden file does not replay: %v", err)
			}
		})
	}
}
