package web

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/classroom"
	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/templates"
)

// Rooms on a comparison: the lecturer starts a room from /compare, and
// the room's stage is the comparison's panes, stepped together; every
// follower's page is the comparison page, which applies the panes
// messages the stage makes once for all of them.

// The key of a room's scenario that says what its stage is: absent for a
// viewer's scenario, stageCompare for a comparison's query (the panes'
// orders=, algos= or panes=, and by=).
const (
	stageKey     = templates.StageKey
	stageCompare = templates.StageCompare
)

// onComparison reports whether a room's scenario is a comparison's, and
// returns the comparison's own query (without the stage key).
func onComparison(query string) (url.Values, bool) {
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil || q.Get(stageKey) != stageCompare {
		return nil, false
	}
	q.Del(stageKey)
	return q, true
}

// compareRoomScenario is the scenario of a room on comparison query q.
func compareRoomScenario(q url.Values) string {
	r := url.Values{}
	for k, v := range q {
		r[k] = v
	}
	r.Del("step")
	r.Set(stageKey, stageCompare)
	return r.Encode()
}

// compareStage is a room's stage on a comparison: the session's own
// comparer, whose answers are the comparison page's panes messages.
type compareStage struct {
	c   *comparer
	enc encoder
}

func newCompareStage(ctx context.Context, q url.Values, step int) (classroom.Stage, error) {
	c, err := newComparer(ctx, q.Encode())
	if err != nil {
		return nil, err
	}
	st := &compareStage{c: c}
	if _, _, err := st.Goto(ctx, step); err != nil {
		c.close()
		return nil, err
	}
	return st, nil
}

// Goto seeks the panes to step and answers with every pane's patch.
func (st *compareStage) Goto(ctx context.Context, step int) (json.RawMessage, int, error) {
	c := st.c
	c.cmp.seekTo(step, false)
	if err := c.cmp.workAll(ctx); err != nil {
		return nil, c.cmp.panes.Step(), err
	}
	b, err := stageEncode(&st.enc, c.message())
	return b, c.cmp.panes.Step(), err
}

// Snapshot is every pane drawn whole at the stage's step.
func (st *compareStage) Snapshot(context.Context) (json.RawMessage, error) {
	st.c.whole = true
	return stageEncode(&st.enc, st.c.message())
}

func (st *compareStage) Close() { st.c.close() }

// questionScenario is what a room's question is about (classroom's
// Options.Asked): a viewer's scenario as it is; on a comparison, the
// first pane's search at its own step where the room's panes stand.
func questionScenario(ctx context.Context, scenario string, step int) (string, int, error) {
	q, ok := onComparison(scenario)
	if !ok {
		return scenario, step, nil
	}
	r, err := parseCompare(q)
	if err != nil {
		return "", 0, err
	}
	cmp, err := openComparison(ctx, r)
	if err != nil {
		return "", 0, err
	}
	defer cmp.panes.Close()
	cmp.seekTo(step, false)
	if err := cmp.workAll(ctx); err != nil {
		return "", 0, err
	}
	first := cmp.panes.Panes()[0]
	pq := first.Search().Scenario.Query()
	if r.lang != "" {
		pq.Set("lang", r.lang)
	}
	return pq.Encode(), first.Frame().Step, nil
}

// roomCompareHTML is the page of a room on comparison q: the comparison
// page at step, with the room's panel.
func (s *Server) roomCompareHTML(ctx context.Context, rv templates.RoomView, q url.Values, step int) ([]byte, error) {
	q.Set("step", strconv.Itoa(step))
	q.Del("lang")
	req, err := parseCompare(q)
	if err != nil {
		return nil, err
	}
	req.lang = string(i18n.FromContext(ctx).Lang())
	cmp, err := openAtStep(ctx, req)
	if err != nil {
		return nil, err
	}
	defer cmp.panes.Close()
	cmp.script, cmp.export = s.assetURL("compare.js"), s.assetURL("export.js")
	m := cmp.model(ctx)
	rv.About = templates.T(ctx, "room.about.compare", "Name", m.Panes[0].Title)
	rv.Query = m.Query
	m.Room = &rv
	return renderHTML(ctx, templates.ComparePage(m, s.assets))
}

// compareRoomButton is the comparison page's "start a room": the room's
// scenario in the page's language, none when the server keeps no rooms
// or the query is too long to stand in the page again.
func (s *Server) compareRoomButton(m *templates.Compare, r compareRequest, lang i18n.Lang) {
	if s.cfg.Classroom == nil {
		return
	}
	q := r.query()
	q.Set("lang", string(lang))
	if rs := compareRoomScenario(q); len(rs) <= templates.MaxInlineRoomQuery {
		m.RoomScenario = rs
	}
}
