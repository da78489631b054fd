package classroom

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/view"
)

// Stage is a room's picture on one server: the one cursor of the room's
// scenario there. It moves to the steps the lecturer asks for and makes
// each change of the picture once; the room hands the same bytes to every
// follower. Package web's stage sends what its sessions send (frames and
// patches); ViewStage sends the drawing's patches alone.
type Stage interface {
	// Goto moves to step (or as far as the search goes) and returns the
	// change of the picture since the last Goto or Snapshot, and the step
	// reached.
	Goto(ctx context.Context, step int) (change json.RawMessage, reached int, err error)
	// Snapshot is the whole picture at the stage's step.
	Snapshot(ctx context.Context) (json.RawMessage, error)
	Close()
}

// Scener is a stage that can draw the whole page of its scenario for
// room code: what a follower's page swaps in, without a reload, when a
// slide changes the room's scenario (package web's stages: the page's
// HTML). A stage without it sends its Snapshot then.
type Scener interface {
	Scene(ctx context.Context, code string) (json.RawMessage, error)
}

// sceneOf is the picture of a stage that has just opened on a slide's
// new scenario: its Scene, else its Snapshot.
func sceneOf(ctx context.Context, st Stage, code string) (json.RawMessage, error) {
	if sc, ok := st.(Scener); ok {
		return sc.Scene(ctx, code)
	}
	return st.Snapshot(ctx)
}

// StageMaker makes the stage of a scenario (a viewer permalink's query)
// at a step.
type StageMaker func(ctx context.Context, scenario string, step int) (Stage, error)

// ViewStage is the stage of the view package's cursor and painter: its
// pictures are view.DrawingPatch values (Snapshot a whole one).
type ViewStage struct {
	cur   *view.Cursor
	paint *view.Painter
}

// Prepare reads and prepares a room's scenario: the viewer permalink's
// query (with or without its "?"), under the server's work budget and
// ctx.
func Prepare(ctx context.Context, query string) (*scenario.Search, url.Values, error) {
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil {
		return nil, nil, sayErr("classroom.err.scenario", "Detail", err.Error())
	}
	sc, err := scenario.FromQuery(q)
	if err != nil {
		return nil, nil, err
	}
	sc.Budget = search.Budget{Nodes: scenario.MaxWork, Context: ctx}
	p, err := sc.Prepare()
	if err != nil {
		return nil, nil, err
	}
	return p, q, nil
}

// NewViewStage is a StageMaker.
func NewViewStage(ctx context.Context, query string, step int) (Stage, error) {
	p, q, err := Prepare(ctx, query)
	if err != nil {
		return nil, err
	}
	var open []string
	if o := q.Get("open"); o != "" {
		open = strings.Split(o, ",")
	}
	scene, err := view.NewScene(p, open)
	if err != nil {
		return nil, err
	}
	cur := view.NewCursor(p, scene)
	s := &ViewStage{cur: cur, paint: view.NewPainter(cur)}
	cur.Seek(step)
	if err := cur.WorkAll(ctx); err != nil {
		cur.Close()
		return nil, err
	}
	return s, nil
}

func (s *ViewStage) Goto(ctx context.Context, step int) (json.RawMessage, int, error) {
	s.cur.Seek(step)
	if err := s.cur.WorkAll(ctx); err != nil {
		return nil, s.cur.Step(), err
	}
	d := s.paint.Patch(s.cur.Touched(), s.cur.FoldsChanged())
	s.cur.ClearChanged()
	b, err := json.Marshal(d)
	return b, s.cur.Step(), err
}

func (s *ViewStage) Snapshot(ctx context.Context) (json.RawMessage, error) {
	s.cur.Touched()
	s.cur.ClearChanged()
	return json.Marshal(s.paint.Whole())
}

func (s *ViewStage) Close() { s.cur.Close() }
