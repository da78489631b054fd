package classroom

import (
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
)

// A room started in English speaks to each follower in the follower's
// own language: the question's prompt, the reveal's explanation and the
// histogram's names of nodes; two leaves of the same value are named
// apart, and no node is named by its id.
func TestRoomSpeaksEachFollowersLanguage(t *testing.T) {
	ctx := t.Context()
	c := newClass(t, sqliteStore(t, ""), nil)
	code, secret, err := c.Create(ctx, textbook)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := c.Room(ctx, code)
	lect, _, err := r.FollowIn(ctx, i18n.German, "", "", secret)
	if err != nil {
		t.Fatal(err)
	}
	en, _, _ := r.FollowIn(ctx, i18n.English, "student-en-1", "Ada", "")
	de, _, _ := r.FollowIn(ctx, i18n.German, "student-de-1", "Bo", "")
	cs, _, _ := r.FollowIn(ctx, i18n.Czech, "student-cs-1", "Cy", "")
	qid, err := r.Ask(ctx, secret, QuestionSpec{Kind: AskValue, Node: "1"})
	if err != nil {
		t.Fatal(err)
	}
	for f, want := range map[*Follower]string{en: "What does C return?", de: "Was liefert C?", cs: "Co vrátí C?"} {
		if u := nextRoom(t, f); u.Question == nil || u.Question.Prompt != want {
			t.Errorf("%s's prompt: got %+v, want %q", f.Lang, u.Question, want)
		}
	}
	lect2, _, _ := r.FollowIn(ctx, i18n.German, "", "", secret)
	lect2.Leave()
	if _, err := r.Ask(ctx, secret, QuestionSpec{Kind: AskEnter}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []*Follower{en, de, cs} {
		nextRoom(t, f)
	}
	// The two leaves of value 2 (the first of C, the last of D).
	if _, err := r.Answer(ctx, en, qid+1, "1.0"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Answer(ctx, de, qid+1, "2.2"); err != nil {
		t.Fatal(err)
	}
	h := waitHistogram(t, lect, 2)
	if len(h.Bars) != 2 || h.Bars[0].Label != "2 (Kind 1 von C)" || h.Bars[1].Label != "2 (Kind 3 von D)" {
		t.Fatalf("the German lecturer's histogram: %+v", h.Bars)
	}
	if err := r.Reveal(ctx, secret); err != nil {
		t.Fatal(err)
	}
	for f, not := range map[*Follower]string{de: "enters", cs: "enters"} {
		u := nextRoom(t, f)
		if u.Reveal == nil || u.Reveal.Explain == "" || strings.Contains(u.Reveal.Explain, not) {
			t.Errorf("%s's explanation is not in their language: %+v", f.Lang, u.Reveal)
		}
		for _, b := range u.Reveal.Bars {
			if strings.Contains(b.Label, ".") {
				t.Errorf("%s: a node named by its id: %q", f.Lang, b.Label)
			}
		}
	}
	if u := nextRoom(t, en); !strings.HasPrefix(u.Reveal.Explain, "It enters") {
		t.Errorf("the English explanation: %q", u.Reveal.Explain)
	}
}
