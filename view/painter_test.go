package view

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"math/rand/v2"
	"testing"
)

// painterCheck steps a cursor and checks after every move that the
// painter's patch, made from the nodes the move touched, is byte for byte
// the patch Diff makes from the whole drawings before and after.
type painterCheck struct {
	t     *testing.T
	name  string
	c     *Cursor
	paint *Painter
	prev  *Drawing
}

func newPainterCheck(t *testing.T, query string) *painterCheck {
	t.Helper()
	p, s := prepare(t, query)
	c := NewCursor(p, s)
	work(t, c, 0)
	pc := &painterCheck{t: t, name: query, c: c, paint: NewPainter(c)}
	pc.check("load", true)
	return pc
}

func encode(t *testing.T, p *DrawingPatch) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// check compares the painter's patch with Diff after a move (a whole
// patch with Diff from no drawing).
func (pc *painterCheck) check(move string, whole bool) {
	pc.t.Helper()
	work(pc.t, pc.c, 0)
	d := pc.c.Drawing()
	var got, want *DrawingPatch
	if whole {
		pc.c.Touched()
		pc.c.FoldsChanged()
		pc.paint.Forget()
		got, want = pc.paint.Whole(), Diff(nil, d)
	} else {
		got, want = pc.paint.Patch(pc.c.Touched(), pc.c.FoldsChanged()), Diff(pc.prev, d)
	}
	if g, w := encode(pc.t, got), encode(pc.t, want); !bytes.Equal(g, w) {
		pc.t.Fatalf("%s, %s to step %d:\ngot  %s\nwant %s", pc.name, move, d.Step, g, w)
	}
	pc.prev = d
}

// random makes one random move: steps, back, seeks, by node or by cutoff,
// now and then a whole drawing.
func (pc *painterCheck) random(r *rand.Rand) {
	c := pc.c
	var move string
	switch r.IntN(10) {
	case 0, 1, 2:
		n := 1 + r.IntN(4)
		c.Forward(n)
		move = fmt.Sprintf("forward %d", n)
	case 3:
		n := 1 + r.IntN(3)
		c.Seek(max(c.Step()-n, 0))
		move = fmt.Sprintf("back %d", n)
	case 4:
		to := r.IntN(c.Step() + 40)
		c.Seek(to)
		move = fmt.Sprintf("seek %d", to)
	case 5:
		n := 1 + r.IntN(2)
		if r.IntN(2) == 0 {
			n = -n
		}
		c.Move(ByNode, n)
		move = fmt.Sprintf("by node %d", n)
	case 6:
		c.Move(ByCutoff, 1-2*r.IntN(2))
		move = "by cutoff"
	case 7:
		c.NextCutoff()
		move = "next cutoff"
	case 8:
		c.Seek(c.Step())
		move = "stay"
	case 9:
		c.Forward(1)
		pc.check("forward 1, whole", true)
		return
	}
	pc.check(move, false)
}

// every steps one event at a time to the end or at most limit steps.
func (pc *painterCheck) every(limit int) {
	for i := 0; i < limit && !pc.c.AtEnd(); i++ {
		pc.c.Forward(1)
		pc.check("forward 1", false)
	}
}

// TestPainterEqualsDiff: the patch a step makes from the nodes it touched
// equals the diff of the whole drawings, at every step of the cursor
// tests' scenarios (the textbook tree, chance trees, max^n, games with
// folds, Monte-Carlo, iterative deepening, MTD(f)), of tic-tac-toe's first
// steps, and after random moves back, forward, by node, by cutoff and
// seeks.
func TestPainterEqualsDiff(t *testing.T) {
	queries := append([]string{
		"game=tictactoe&algo=alphabeta",
		"game=tictactoe&algo=minimax",
		"game=tictactoe&algo=alphabeta&order=best",
		"game=connect4&depth=3",
	}, cursorScenarios...)
	for qi, q := range queries {
		if qi >= 4 && !raceShare(qi, 0) {
			continue // under the race detector, half of the scenarios (TestPatchesRebuildDrawing the others)
		}
		t.Run(q, func(t *testing.T) {
			pc := newPainterCheck(t, q)
			defer pc.c.Close()
			pc.every(800)
			r := rand.New(rand.NewPCG(uint64(qi), 11))
			pc.c.Seek(r.IntN(pc.c.Step() + 1))
			pc.check("seek back", false)
			moves := 150
			if qi < 4 {
				moves = 25 // the whole game: going back reruns a long search
			}
			if raceDetector {
				moves /= 3
			}
			for range moves {
				pc.random(r)
			}
		})
	}
}

// TestPainterEqualsDiffRandomTrees is the same property over a thousand
// random trees, every algorithm that reads them and every ordering, each
// stepped to its end and then moved at random.
func TestPainterEqualsDiffRandomTrees(t *testing.T) {
	n := 1000
	switch {
	case testing.Short():
		n = 100
	case raceDetector:
		// Under the race detector (CI's run) 100 trees: each still meets
		// all six algorithms and five orderings many times over.
		n = 100
	}
	r := rand.New(rand.NewPCG(5, 5))
	algos := []string{"alphabeta", "minimax", "alphabeta", "negamax", "pvs", "alphabeta&fail=hard"}
	orders := []string{"natural", "reversed", "random", "best", "worst"}
	for i := range n {
		// Depth 2 or 3, and 4 for one tree in ten: each step is checked
		// against a whole drawing, so the trees are kept small.
		d := 2 + r.IntN(2)
		if i%10 == 0 {
			d = 4
		}
		q := fmt.Sprintf("random=%d,%d&seed=%d&algo=%s&order=%s", 2+r.IntN(2), d, i, algos[i%len(algos)], orders[r.IntN(len(orders))])
		pc := newPainterCheck(t, q)
		pc.every(1 << 20)
		for range 20 {
			pc.random(r)
		}
		pc.c.Close()
	}
}

// A painter that takes another painter's patches (TakePatch) instead of
// drawing has what that painter has after each, and its own next patch
// is the one Diff makes; a patch that does not start at its step, or does
// not end at its cursor's, is refused and changes nothing.
func TestPainterTakePatch(t *testing.T) {
	for _, q := range []string{"tree=" + tree.TwoPlyGameTreePlain, "game=tictactoe&algo=alphabeta&open=0"} {
		t.Run(q, func(t *testing.T) {
			maker, taker := newPainterCheck(t, q), newPainterCheck(t, q)
			for i := range 12 {
				for _, pc := range []*painterCheck{maker, taker} {
					pc.c.Forward(1)
					work(t, pc.c, 0)
				}
				d := maker.paint.Patch(maker.c.Touched(), maker.c.FoldsChanged())
				if i == 5 {
					// Patches from a step the taker is not at, and to one
					// its cursor is not at.
					before := encode(t, &DrawingPatch{Nodes: taker.paint.Attrs()})
					for _, wrong := range []DrawingPatch{{From: d.From - 1, Step: d.Step, Nodes: d.Nodes}, {From: d.From, Step: d.Step + 1, Nodes: d.Nodes}} {
						if taker.paint.TakePatch(&wrong) {
							t.Fatalf("a patch from step %d to %d was taken by a painter at %d, its cursor at %d", wrong.From, wrong.Step, d.From, d.Step)
						}
					}
					if after := encode(t, &DrawingPatch{Nodes: taker.paint.Attrs()}); !bytes.Equal(after, before) {
						t.Fatalf("a refused patch changed the drawing:\n%s\nwas\n%s", after, before)
					}
				}
				if !taker.paint.TakePatch(d) {
					t.Fatalf("step %d: the patch from step %d was refused", d.Step, d.From)
				}
				taker.c.Touched()
				taker.c.FoldsChanged()
				taker.prev = taker.c.Drawing()
				if g, w := encode(t, &DrawingPatch{Step: d.Step, Nodes: taker.paint.Attrs()}), encode(t, Diff(nil, taker.prev)); !bytes.Equal(g, w) {
					t.Fatalf("step %d: the taker has\n%s\nwant\n%s", d.Step, g, w)
				}
				maker.prev = maker.c.Drawing()
			}
			// The taker's own patches go on from there.
			for range 5 {
				taker.c.Forward(1)
				taker.check("step after the taken patches", false)
			}
			taker.c.Seek(3)
			taker.check("back after the taken patches", false)
		})
	}
}
