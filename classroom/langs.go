package classroom

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/abtrace/abtrace/i18n"
)

// A room's sentences (the narration in its pictures, a question's prompt,
// the reveal's explanation, the histogram's names of nodes) reach each
// follower in the follower's own language: the room keeps one stage per
// language its followers on this server read (the room's own language
// always), moves them together, and encodes each update once per
// language.

// langStage is the room's stage in one language.
type langStage struct {
	stage Stage
	// picture is the stage's snapshot at the room's step (nil when not
	// made since the last change); change is the last move's change.
	picture, change json.RawMessage
}

// langScenario is the scenario worded in language l (its lang=).
func langScenario(scenario string, l i18n.Lang) string {
	q, err := url.ParseQuery(scenario)
	if err != nil || q.Get("lang") == string(l) {
		return scenario
	}
	q.Set("lang", string(l))
	return q.Encode()
}

// stageLocked is the room's stage in language l, made at the room's step
// if there is none yet (r.mu held).
func (r *Room) stageLocked(l i18n.Lang) (*langStage, error) {
	if ls := r.stages[l]; ls != nil {
		return ls, nil
	}
	st, err := r.c.o.Stage(r.c.ctx, langScenario(r.rec.Scenario, l), r.rec.Step)
	if err != nil {
		return nil, err
	}
	ls := &langStage{stage: st}
	r.stages[l] = ls
	return ls, nil
}

// dropStageLocked closes the stage of language l when no follower reads
// it any more and it is not the room's own (r.mu held).
func (r *Room) dropStageLocked(l i18n.Lang) {
	if l == r.lang {
		return
	}
	for f := range r.followers {
		if f.Lang == l {
			return
		}
	}
	if ls := r.stages[l]; ls != nil {
		ls.stage.Close()
		delete(r.stages, l)
	}
}

// gotoLocked moves every stage to step and returns the step reached
// (r.mu held).
func (r *Room) gotoLocked(ctx context.Context, step int) (int, error) {
	reached := step
	for _, ls := range r.stages {
		change, at, err := ls.stage.Goto(ctx, step)
		if err != nil {
			return 0, err
		}
		ls.change, ls.picture, reached = change, nil, at
	}
	return reached, nil
}

// rescenarioLocked replaces every stage by one of scenario at step: a
// slide with another scenario (r.mu held).
func (r *Room) rescenarioLocked(ctx context.Context, scenario string, step int) error {
	fresh := map[i18n.Lang]*langStage{}
	own := roomLang(scenario)
	langs := []i18n.Lang{own}
	for l := range r.stages {
		if l != own {
			langs = append(langs, l)
		}
	}
	for _, l := range langs {
		st, err := r.c.o.Stage(ctx, langScenario(scenario, l), step)
		if err == nil {
			var pic json.RawMessage
			if pic, err = sceneOf(ctx, st, r.code); err == nil {
				fresh[l] = &langStage{stage: st, change: pic}
				continue
			}
			st.Close()
		}
		for _, ls := range fresh {
			ls.stage.Close()
		}
		return err
	}
	for _, ls := range r.stages {
		ls.stage.Close()
	}
	r.stages, r.lang = fresh, own
	return nil
}

// closeStagesLocked closes every stage (r.mu held).
func (r *Room) closeStagesLocked() {
	for l, ls := range r.stages {
		ls.stage.Close()
		delete(r.stages, l)
	}
}

// fanoutLocked encodes u once per language of the followers, fill
// putting in what is worded, and queues it for every follower (r.mu
// held).
func (r *Room) fanoutLocked(u Update, fill func(l i18n.Lang, ls *langStage, u *Update)) {
	enc := map[i18n.Lang][]byte{}
	for f := range r.followers {
		b, ok := enc[f.Lang]
		if !ok {
			v := u
			if fill != nil {
				fill(f.Lang, r.stages[f.Lang], &v)
			}
			var err error
			if b, err = json.Marshal(v); err != nil {
				r.c.o.Logger.Error("classroom: encoding an update", "err", err)
				return
			}
			enc[f.Lang] = b
		}
		select {
		case f.out <- b:
		default:
			f.lost.Store(true)
		}
	}
}
