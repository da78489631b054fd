package view

import (
	"context"
	"errors"
	"fmt"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// By is how the panes of a comparison are aligned: what one shared step
// is.
type By string

const (
	// ByEvent moves every pane one event per shared step.
	ByEvent By = "event"
	// ByNode moves every pane to its next entered node per shared step;
	// the last shared step takes every pane to its end.
	ByNode By = "node"
)

// ParseBy reads the by= parameter of a comparison ("" is ByNode).
func ParseBy(s string) (By, error) {
	switch By(s) {
	case "":
		return ByNode, nil
	case ByEvent, ByNode:
		return By(s), nil
	}
	return "", fmt.Errorf("step by event or node, not %q", s)
}

// Limits of a comparison.
const (
	// MaxPaneEvents bounds the events of one pane's search: the panes are
	// counted and charted in full when the comparison loads, so bigger
	// searches belong to the viewer or the ordering lab.
	MaxPaneEvents = 200_000
	// ChartSamples bounds the points of each line of the chart.
	ChartSamples = 400
	// AnchorEvery is the distance, in entered nodes, between the steps a
	// pane remembers for going back by node: a pane aligned by node keeps
	// one int per AnchorEvery nodes its search enters.
	AnchorEvery = 64
)

// ErrPaneTooLong is the error of a pane whose search takes more than
// MaxPaneEvents steps.
var ErrPaneTooLong = errors.New("view: too many steps to compare side by side")

// PaneTooLongError names the pane whose search takes more than Max
// steps; it is ErrPaneTooLong (errors.Is), and its fields let a page word
// it in its own language.
type PaneTooLongError struct {
	Pane string // the pane's name, as its address writes it
	Max  int    // MaxPaneEvents
}

func (e *PaneTooLongError) Error() string {
	return fmt.Sprintf("%v: the %s search takes more than %s steps; try a depth limit, a smaller tree, or the ordering lab", ErrPaneTooLong, e.Pane, Thousands(e.Max))
}

func (e *PaneTooLongError) Unwrap() error { return ErrPaneTooLong }

// Pane is one search of a comparison: its cursor, and what the counting
// pass learnt of its whole search.
type Pane struct {
	Name string
	p    *scenario.Search
	cur  *Cursor
	// Length is the number of events of the whole search, Enters the
	// nodes it enters, Result its result; all known once the panes are
	// ready.
	Length, Enters int
	Result         *trace.Result
	// anchors[j] is the step of the pane's (j+1)·AnchorEvery-th enter.
	anchors []int
	// leaves holds the leaves evaluated at each of the chart's samples.
	leaves []int
	// at is the shared step the pane is aligned at (the cursor is at the
	// pane's own step for it once the move is done).
	at    int
	paint *Painter // hands out the drawing's patches
}

// Frame is the pane's frame at its step.
func (p *Pane) Frame() *trace.Frame { return p.cur.Frame() }

// Drawing is the pane's tree drawn at its step.
func (p *Pane) Drawing() *Drawing { return p.cur.Drawing() }

// Done reports whether the pane's search has finished at its step.
func (p *Pane) Done() bool { return p.cur.Frame().Done }

// Patch is the drawing's change since the last Patch (the whole drawing
// the first time, or after Reset).
func (p *Pane) Patch() *DrawingPatch {
	return p.paint.Patch(p.cur.Touched(), p.cur.FoldsChanged())
}

// Reset forgets the drawing last handed out: the next Patch is whole.
func (p *Pane) Reset() { p.paint.Forget() }

// Panes steps several searches of the same tree side by side, aligned by
// event or by node, as one cursor steps one search. Each pane is a
// Cursor, so the memory of a comparison is that of its cursors: the
// drawn tree and the checkpoints per pane, plus one int per chart sample
// and per AnchorEvery entered nodes.
//
// Like a Cursor, moving is two calls: Forward, Back, Seek or NextCutoff
// says where to go and Work goes there in slices. The first calls to
// Work count and chart every pane's search (two traced passes, without
// replaying it); Ready reports when that is done. Panes is not safe for
// concurrent use; Close releases the searches.
type Panes struct {
	by    By
	panes []*Pane
	step  int // the shared step
	total int // shared steps of the whole comparison, known once ready

	// The preparation: pass 0 counts each pane's steps and enters, pass 1
	// samples its leaves for the chart.
	ready   bool
	pass    int
	pane    int // the pane being scanned
	scan    *Counter
	samples []int

	goal    int  // the shared step the move goes to
	cutoff  bool // the move goes on to the next shared step where a pane cuts off
	cuts    []int
	started bool // the panes' cursors were given the goal's steps
}

// NewPanes returns the panes of searches that share one tree (one scene:
// the same layout, the same node ids), named names, at shared step 0.
func NewPanes(ps []*scenario.Search, names []string, scene *Scene, by By) *Panes {
	pn := &Panes{by: by}
	for i, p := range ps {
		c := NewCursor(p, scene)
		pn.panes = append(pn.panes, &Pane{Name: names[i], p: p, cur: c, paint: NewPainter(c)})
	}
	return pn
}

// SetWords makes every pane word its narration with words (nil: English).
func (pn *Panes) SetWords(words func(trace.Phrase) string) {
	for _, p := range pn.panes {
		p.cur.SetWords(words)
	}
}

// By is how the panes are aligned.
func (pn *Panes) By() By { return pn.by }

// Panes are the panes, in order.
func (pn *Panes) Panes() []*Pane { return pn.panes }

// Step is the shared step.
func (pn *Panes) Step() int { return pn.step }

// Total is the number of the last shared step (valid once Ready).
func (pn *Panes) Total() int { return pn.total }

// Ready reports whether every pane's search is counted and charted.
func (pn *Panes) Ready() bool { return pn.ready }

// AtEnd reports whether every pane is at the end of its search.
func (pn *Panes) AtEnd() bool { return pn.ready && pn.step >= pn.total }

// Samples are the shared steps the chart samples (valid once Ready).
func (pn *Panes) Samples() []int { return pn.samples }

// Series holds, per pane, the leaves evaluated at each of Samples.
func (pn *Panes) Series() [][]int {
	out := make([][]int, len(pn.panes))
	for i, p := range pn.panes {
		out[i] = p.leaves
	}
	return out
}

// Forward sets the goal n shared steps ahead (at most the last).
func (pn *Panes) Forward(n int) { pn.move(satAdd(pn.step, n), false) }

// Back sets the goal n shared steps back (at least 0).
func (pn *Panes) Back(n int) { pn.move(max(0, pn.step-n), false) }

// Seek sets the goal at a shared step (End for the last).
func (pn *Panes) Seek(step int) { pn.move(step, false) }

// NextCutoff sets the goal at the next shared step at which some pane
// prunes at least one child, or the last step.
func (pn *Panes) NextCutoff() { pn.move(pn.step, true) }

func (pn *Panes) move(goal int, cutoff bool) {
	pn.goal, pn.cutoff, pn.started = goal, cutoff, false
	if cutoff {
		pn.cuts = pn.cuts[:0]
		for _, p := range pn.panes {
			pn.cuts = append(pn.cuts, p.cur.Frame().Stats.Cutoffs)
		}
	}
}

// Close stops every pane's search.
func (pn *Panes) Close() {
	if pn.scan != nil {
		pn.scan.Close()
		pn.scan = nil
	}
	for _, p := range pn.panes {
		p.cur.Close()
	}
}

// Work goes on with the preparation and then the move, at most slice
// events per pane at a time (DefaultSlice when slice ≤ 0), and reports
// whether the panes are ready and at their goal. It returns false after a
// slice when more work remains, ErrStopped when ctx ends first, the
// error of a search that fails, and ErrPaneTooLong (wrapped, naming the
// pane) for a search too long to compare.
func (pn *Panes) Work(ctx context.Context, slice int) (bool, error) {
	if !pn.ready {
		done, err := pn.prepare(ctx, slice)
		if !done || err != nil {
			return false, err
		}
	}
	if !pn.started {
		if pn.cutoff {
			if pn.step >= pn.total || pn.cutoffSeen() {
				pn.cutoff = false
				return true, nil
			}
			pn.goal = pn.step + 1
		}
		pn.goal = min(pn.goal, pn.total)
		for _, p := range pn.panes {
			pn.aim(p, pn.goal)
		}
		pn.started = true
	}
	all := true
	for _, p := range pn.panes {
		done, err := p.cur.Work(ctx, slice)
		if err != nil {
			return false, fmt.Errorf("the %s search: %w", p.Name, err)
		}
		all = all && done
	}
	if !all {
		return false, nil
	}
	pn.step = pn.goal
	if !pn.cutoff {
		return true, nil
	}
	// One shared step per call while looking for a cutoff.
	pn.started = false
	return false, nil
}

// cutoffSeen reports whether a pane has cut off since NextCutoff.
func (pn *Panes) cutoffSeen() bool {
	for i, p := range pn.panes {
		if p.cur.Frame().Stats.Cutoffs > pn.cuts[i] {
			return true
		}
	}
	return false
}

// own is the pane's own step for shared step k by event.
func (p *Pane) own(k int) int { return min(k, p.Length) }

// aim gives the pane's cursor the goal of shared step k.
func (pn *Panes) aim(p *Pane, k int) {
	defer func() { p.at = k }()
	if pn.by == ByEvent || k == 0 || k > p.Enters {
		target := p.own(k)
		if pn.by == ByNode && k > 0 {
			target = p.Length
		}
		p.cur.Seek(target)
		return
	}
	if p.at == k && p.cur.Frame().Stats.Nodes == k {
		p.cur.Seek(p.cur.Step())
		return
	}
	// By node: land on the k-th enter. The cursor must stand before it;
	// if it does not, it goes back to the anchor at or before it.
	if p.cur.AtEnd() || p.cur.Frame().Stats.Nodes >= k {
		from := 0
		if j := k/AnchorEvery - 1; j >= 0 {
			from = p.anchors[j]
		}
		p.cur.Seek(from)
	}
	p.cur.forwardMark(ByNode, k)
}

// prepare runs the two counting passes, a slice at a time.
func (pn *Panes) prepare(ctx context.Context, slice int) (bool, error) {
	for pn.pass < 2 {
		if pn.pane == len(pn.panes) {
			pn.pass, pn.pane = pn.pass+1, 0
			if pn.pass == 1 {
				pn.sample()
			}
			continue
		}
		p := pn.panes[pn.pane]
		if pn.scan == nil {
			pn.scan = pn.newScan(p)
		}
		n, done, err := pn.scan.Work(ctx, slice)
		if err == nil && n > MaxPaneEvents {
			err = &PaneTooLongError{Pane: p.Name, Max: MaxPaneEvents}
		}
		if err != nil {
			pn.scan.Close()
			pn.scan = nil
			return false, err
		}
		if !done {
			return false, nil
		}
		pn.scan.Close()
		pn.scan = nil
		if pn.pass == 0 {
			p.Length = n
		}
		pn.pane++
		if slice > 0 {
			return false, nil
		}
	}
	pn.ready = true
	return true, nil
}

// newScan is the pass over pane p's events: the first counts its enters
// and keeps its anchors; the second keeps its leaves at the samples.
func (pn *Panes) newScan(p *Pane) *Counter {
	if pn.pass == 0 {
		p.Enters, p.anchors = 0, p.anchors[:0]
		return newScan(p.p, func(e *trace.Event) {
			switch e.Type {
			case trace.Enter:
				p.Enters++
				if p.Enters%AnchorEvery == 0 {
					p.anchors = append(p.anchors, e.Step)
				}
			case trace.Done:
				p.Result = e.Result.Clone()
			}
		})
	}
	p.leaves = make([]int, 0, len(pn.samples))
	leaves, enters, next := 0, 0, 0
	// take records the leaves at every sample the pane has reached.
	take := func(own int) {
		for next < len(pn.samples) && own >= pn.ownOf(p, pn.samples[next], enters) {
			p.leaves = append(p.leaves, leaves)
			next++
		}
	}
	take(0)
	return newScan(p.p, func(e *trace.Event) {
		switch e.Type {
		case trace.Leaf:
			leaves++
		case trace.Enter:
			enters++
		}
		take(e.Step)
		if e.Type == trace.Done {
			for next < len(pn.samples) {
				p.leaves = append(p.leaves, leaves)
				next++
			}
		}
	})
}

// ownOf is the pane's own step for shared step k, as far as the second
// pass knows it: by node, the step of the k-th enter is the step at which
// the pane has entered k nodes (a large number until then).
func (pn *Panes) ownOf(p *Pane, k, enters int) int {
	switch {
	case pn.by == ByEvent:
		return p.own(k)
	case k == 0:
		return 0
	case k > p.Enters:
		return p.Length
	case enters >= k:
		return 0
	}
	return End
}

// sample fixes the total and the chart's samples once every pane is
// counted: evenly spaced shared steps, always with the last.
func (pn *Panes) sample() {
	pn.total = 0
	for _, p := range pn.panes {
		if pn.by == ByNode {
			pn.total = max(pn.total, p.Enters+1)
		} else {
			pn.total = max(pn.total, p.Length)
		}
	}
	every := max(1, (pn.total+ChartSamples-1)/ChartSamples)
	pn.samples = pn.samples[:0]
	for st := 0; st <= pn.total; st += every {
		pn.samples = append(pn.samples, st)
	}
	if pn.samples[len(pn.samples)-1] != pn.total {
		pn.samples = append(pn.samples, pn.total)
	}
}

// Folds are the pane's fold counts at its step.
func (p *Pane) Folds() map[string]FoldCount { return p.cur.Folds() }

// Search is the pane's prepared search.
func (p *Pane) Search() *scenario.Search { return p.p }
