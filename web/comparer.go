package web

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/view"
)

// comparer is a comparison loaded in a session (the compare command): its
// panes, stepped together by the viewer's commands, each move answered
// with one panes message holding every pane's drawing patch, counters and
// place on the chart. Like the viewer it keeps no list of events: each
// pane is a view.Cursor.
type comparer struct {
	cmp *comparison
	// words carries the viewer's language for the texts the server words.
	words context.Context
	chart *view.LeavesChart // drawn once the panes are ready
	job   string            // the command under way, "" when none
	whole bool              // the next answer carries whole drawings
	// zooms are the windows of the panes the page shows (view.ZoomOf):
	// an answer carries a pane's window only when it changed.
	zooms []*view.Zoom
}

// newComparer loads the comparison of query for a session whose context
// is ctx: its searches run under the server's budget and stop when ctx
// ends.
func newComparer(ctx context.Context, query string) (*comparer, error) {
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil {
		return nil, queryError(err)
	}
	r, err := parseCompare(q)
	if err != nil {
		return nil, err
	}
	cmp, err := openComparison(ctx, r)
	if err != nil {
		return nil, err
	}
	lang, ok := i18n.Parse(q.Get("lang"))
	if !ok {
		lang = i18n.English
	}
	cmp.panes.SetWords(i18n.For(lang).Phrase)
	return &comparer{cmp: cmp, words: i18n.NewContext(context.Background(), i18n.For(lang))}, nil
}

func (c *comparer) busy() bool  { return c.job != "" }
func (c *comparer) ended() bool { return c.cmp.panes.AtEnd() }
func (c *comparer) close()      { c.cmp.panes.Close() }

// position is the panes' shared step and total; the total is known once
// the panes are ready (they count their searches as they load).
func (c *comparer) position() (step, total int) {
	pn := c.cmp.panes
	if !pn.Ready() {
		return pn.Step(), -1
	}
	return pn.Step(), pn.Total()
}

// chooseLayout is the way the comparison's trees read larger in pane p:
// every pane has the same scene, and the same width.
func (c *comparer) chooseLayout(_ url.Values, p *Pane) (string, error) {
	other, err := c.cmp.other()
	if err != nil {
		return "", err
	}
	return view.ChooseBetween(c.cmp.scene, other, p.W, p.H, p.Across), nil
}

// command starts compare (the load), step, back, seek or next-cutoff, and
// answers count. A comparison steps by the unit its address names (by=),
// so step and back by another unit are refused.
func (c *comparer) command(cmd Command) []Message {
	pn := c.cmp.panes
	if (cmd.Cmd == "step" || cmd.Cmd == "back") && cmd.By != "" && view.By(cmd.By) != pn.By() {
		return []Message{errMsg(cmd.Cmd, say("ws.err.compare-by", "By", pn.By(), "Got", cmd.By))}
	}
	switch cmd.Cmd {
	case "count":
		if !pn.Ready() {
			return nil // the total comes with the load's answer
		}
		t := pn.Total()
		return []Message{{Type: "total", Total: &t}}
	case "step":
		pn.Forward(cmd.N)
	case "back":
		pn.Back(cmd.N)
	case "next-cutoff":
		pn.NextCutoff()
	default: // compare, seek
		c.cmp.seekTo(cmd.Step.Value, cmd.Step.End)
		c.whole = c.whole || cmd.Cmd == "compare"
	}
	c.job = cmd.Cmd
	return nil
}

// work does one slice of the move under way and, when it is done,
// answers with the panes at their new step.
func (c *comparer) work(ctx context.Context, slice int) []Message {
	done, err := c.cmp.panes.Work(ctx, slice)
	if errors.Is(err, view.ErrStopped) {
		return nil
	}
	job := c.job
	if err != nil {
		c.job = ""
		return []Message{errMsg(job, comparisonError(err, c.cmp.req))}
	}
	if !done {
		return nil
	}
	c.job = ""
	return []Message{c.message()}
}

// halt stops a move where it got to: the panes go back to the last
// shared step they all reached, and the answer follows from work. While
// the panes are still being counted, the load goes on.
func (c *comparer) halt() []Message {
	pn := c.cmp.panes
	if pn.Ready() {
		pn.Seek(pn.Step())
		c.job = "seek"
	}
	return nil
}

// zoom adds to st the window of every pane whose window changed since the
// last answer (every pane's after a load).
func (c *comparer) zoom(st *templates.CompareStep) {
	w, h := c.cmp.paneSize()
	words := i18n.FromContext(c.words).Phrase
	for i, p := range c.cmp.panes.Panes() {
		z := view.ZoomOf(c.cmp.scene, p.Frame(), w, h, words)
		if i < len(c.zooms) && c.zooms[i].Equal(z) {
			continue
		}
		if len(c.zooms) <= i {
			c.zooms = append(c.zooms, make([]*view.Zoom, i+1-len(c.zooms))...)
		}
		c.zooms[i] = z
		st.Panes[i].Zoom = z
	}
}

// message is the panes at their step: each pane's drawing patch since
// the last message (whole after a load), its counters, and the chart.
func (c *comparer) message() Message {
	pn := c.cmp.panes
	if c.chart == nil {
		ch := view.LeavesChartOf(pn, c.cmp.minimax, c.cmp.knuthMoore, i18n.FromContext(c.words).Phrase)
		c.chart = &ch
	}
	if c.whole {
		for _, p := range pn.Panes() {
			p.Reset()
		}
		c.zooms = nil
		c.whole = false
	}
	st := templates.StepOf(c.words, pn, c.chart, c.cmp.req.query().Encode(), true)
	c.zoom(&st)
	t := pn.Total()
	return Message{Type: "panes", Compare: &st, Total: &t, End: pn.AtEnd()}
}
