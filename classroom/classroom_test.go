package classroom

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/abtrace/abtrace/search/tree"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/abtrace/abtrace/classroom/bus"
	"github.com/abtrace/abtrace/classroom/store"
)

// textbook is the textbook's tree, searched by alpha-beta.
var textbook = "tree=" + url.QueryEscape(tree.TwoPlyGameTreePlain) + "&algo=alphabeta"

func newClass(t testing.TB, s store.Store, b bus.Bus) *Classroom {
	t.Helper()
	c, err := New(Options{Store: s, Bus: b})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

func sqliteStore(t testing.TB, path string) store.Store {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "c.db")
	}
	s, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// next reads f's next message, decoded.
func next(t testing.TB, f *Follower) Update {
	t.Helper()
	select {
	case b, ok := <-f.Updates():
		if !ok {
			t.Fatal("the follower's updates closed")
		}
		var u Update
		if err := json.Unmarshal(b, &u); err != nil {
			t.Fatal(err)
		}
		return u
	case <-time.After(10 * time.Second):
		t.Fatal("no update within 10 s")
	}
	return Update{}
}

// nextRoom skips histograms and returns f's next room update.
func nextRoom(t testing.TB, f *Follower) Update {
	t.Helper()
	for {
		u := next(t, f)
		if u.Type == "room" {
			return u
		}
	}
}

func decode(t testing.TB, b []byte) Update {
	t.Helper()
	var u Update
	if err := json.Unmarshal(b, &u); err != nil {
		t.Fatal(err)
	}
	return u
}

func TestCodes(t *testing.T) {
	for range 200 {
		c := NewCode()
		if len(c) != CodeLen || strings.ContainsAny(c, "01OIL") {
			t.Fatalf("code %q: want %d characters of %s", c, CodeLen, CodeAlphabet)
		}
		if got, err := ParseCode(strings.ToLower(c[:3]) + " - " + c[3:]); err != nil || got != c {
			t.Fatalf("ParseCode of %q typed loosely: got %q, %v", c, got, err)
		}
	}
	for _, bad := range []string{"", "ABC23", "ABC2345", "ABC0O1", "ÄBC234"} {
		if _, err := ParseCode(bad); err == nil {
			t.Errorf("ParseCode(%q): no error", bad)
		}
	}
	s := NewSecret()
	h := HashSecret(s)
	if !SecretMatches(h, s) || SecretMatches(h, s+"x") || SecretMatches(h, "") || strings.Contains(h, s) {
		t.Fatal("the secret's hash does not match it alone")
	}
}

// The class in one server: ten steps followed, a question answered by
// three students once each, the histogram and the reveal, a late joiner
// at the right step, and a student's step refused.
func TestRoomFollowsTheLecturer(t *testing.T) {
	ctx := t.Context()
	st := sqliteStore(t, "")
	c := newClass(t, st, nil)
	code, secret, err := c.Create(ctx, textbook)
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.Room(ctx, strings.ToLower(code))
	if err != nil {
		t.Fatal(err)
	}
	lect, snap, err := r.Follow(ctx, "", "", secret)
	if err != nil {
		t.Fatal(err)
	}
	if u := decode(t, snap); u.Kind != "snapshot" || u.Step != 0 || u.Seq != 0 || len(u.Picture) == 0 {
		t.Fatalf("lecturer's snapshot: got %+v", u)
	}
	if _, _, err := r.Follow(ctx, "", "", "wrong"); !errors.Is(err, ErrNotLecturer) {
		t.Fatalf("a wrong secret: got %v", err)
	}
	var students []*Follower
	for i, nick := range []string{"Ada", "Bo", "Cy"} {
		f, _, err := r.Follow(ctx, "student-"+nick+"-token", nick, "")
		if err != nil {
			t.Fatal(i, err)
		}
		students = append(students, f)
	}
	for i := 1; i <= 10; i++ {
		if err := r.StepBy(ctx, secret, 1); err != nil {
			t.Fatal(err)
		}
		for _, f := range append(students, lect) {
			u := nextRoom(t, f)
			if u.Kind != "step" || u.Seq != uint64(i) || u.Step != i || len(u.Picture) == 0 {
				t.Fatalf("%s, step %d: got %s %+v", f.Nick, i, u.Kind, u)
			}
		}
	}
	if err := r.Step(ctx, "", 3); !errors.Is(err, ErrNotLecturer) {
		t.Fatalf("a student's step: got %v, want ErrNotLecturer", err)
	}
	if err := r.Step(ctx, students[0].ID, 3); !errors.Is(err, ErrNotLecturer) {
		t.Fatalf("a student's step with their token: got %v, want ErrNotLecturer", err)
	}
	if _, err := r.Ask(ctx, "nope", QuestionSpec{Kind: AskEnter}); !errors.Is(err, ErrNotLecturer) {
		t.Fatalf("a student's question: got %v", err)
	}
	qid, err := r.Ask(ctx, secret, QuestionSpec{Kind: AskEnter})
	if err != nil {
		t.Fatal(err)
	}
	var ask Update
	for _, f := range append(students, lect) {
		ask = nextRoom(t, f)
		if ask.Kind != "ask" || ask.Seq != 11 || ask.Question == nil || ask.Question.ID != qid || !ask.Question.Taps {
			t.Fatalf("question: got %+v", ask)
		}
	}
	if !strings.Contains(ask.Question.Prompt, "enter") {
		t.Fatalf("prompt: got %q", ask.Question.Prompt)
	}
	// At step 10 of the textbook search the next node entered is 0.2.
	answers := []string{"0.2", "0.2", "1"}
	for i, f := range students {
		if _, err := r.Answer(ctx, f, qid, answers[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.Answer(ctx, students[0], qid, "2"); !errors.Is(err, ErrAnswered) {
		t.Fatalf("a second answer: got %v, want ErrAnswered", err)
	}
	if _, err := r.Answer(ctx, students[0], qid+1, "2"); !errors.Is(err, ErrClosed) {
		t.Fatalf("an answer to no question: got %v, want ErrClosed", err)
	}
	if _, err := r.Answer(ctx, lect, qid, "2"); err == nil {
		t.Fatal("the lecturer answered")
	}
	h := waitHistogram(t, lect, 3)
	if len(h.Bars) != 2 || h.Bars[0] != (Bar{Answer: "0.2", Label: "8 (child 3 of B)", Count: 2}) || h.Bars[1] != (Bar{Answer: "1", Label: "C", Count: 1}) {
		t.Fatalf("histogram: got %+v", h)
	}
	// A late joiner, and a student who reconnects, see the step and the
	// question, and their answer.
	late, snap, err := r.Follow(ctx, "late-joiner-token", "Dee", "")
	if err != nil {
		t.Fatal(err)
	}
	if u := decode(t, snap); u.Step != 10 || u.Seq != 11 || u.Question == nil || u.Question.ID != qid || u.Mine != "" {
		t.Fatalf("late joiner's snapshot: got %+v", u)
	}
	students[1].Leave()
	back, snap, err := r.Follow(ctx, students[1].ID, "Bo", "")
	if err != nil {
		t.Fatal(err)
	}
	if u := decode(t, snap); u.Step != 10 || u.Mine != "0.2" {
		t.Fatalf("reconnected student's snapshot: got step %d, mine %q", u.Step, u.Mine)
	}
	if err := r.Reveal(ctx, secret); err != nil {
		t.Fatal(err)
	}
	for _, f := range []*Follower{students[0], back, late, lect} {
		u := nextRoom(t, f)
		if u.Kind != "reveal" || u.Reveal == nil || u.Seq != 12 {
			t.Fatalf("reveal: got %+v", u)
		}
		rv := u.Reveal
		if len(rv.Right) != 1 || rv.Right[0] != "0.2" || rv.Answers != 3 || !rv.Bars[0].Right || rv.Bars[1].Right {
			t.Fatalf("reveal: got %+v", rv)
		}
		if !strings.HasPrefix(rv.Explain, "It enters") {
			t.Fatalf("explanation: got %q", rv.Explain)
		}
	}
	if _, err := r.Answer(ctx, late, qid, "0.2"); !errors.Is(err, ErrClosed) {
		t.Fatalf("an answer after the reveal: got %v, want ErrClosed", err)
	}
	if info := r.Info(ctx); info.Step != 10 || info.Followers != 4 || info.Code != code {
		t.Fatalf("info: got %+v", info)
	}
}

// waitHistogram reads f's messages until a histogram counts n answers.
func waitHistogram(t *testing.T, f *Follower, n int) Histogram {
	t.Helper()
	for {
		select {
		case b := <-f.Updates():
			var h Histogram
			json.Unmarshal(b, &h)
			if h.Type == "histogram" && h.Answers == n {
				return h
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no histogram of %d answers", n)
		}
	}
}

// A server stopped and started again on the same SQLite file has the
// room at its step, its question and its answers; a student's second
// answer is still refused.
func TestRoomResumesAfterRestart(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "c.db")
	st := sqliteStore(t, path)
	c, err := New(Options{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	code, secret, err := c.Create(ctx, textbook)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := c.Room(ctx, code)
	f, _, _ := r.Follow(ctx, "student-token-1", "Ada", "")
	if err := r.Step(ctx, secret, 7); err != nil {
		t.Fatal(err)
	}
	nextRoom(t, f)
	qid, err := r.Ask(ctx, secret, QuestionSpec{Kind: AskValue, Node: "0"})
	if err != nil {
		t.Fatal(err)
	}
	nextRoom(t, f)
	if _, err := r.Answer(ctx, f, qid, "3"); err != nil {
		t.Fatal(err)
	}
	c.Close()
	st.Close()

	st2 := sqliteStore(t, path)
	c2 := newClass(t, st2, nil)
	r2, err := c2.Room(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	f2, snap, err := r2.Follow(ctx, "student-token-1", "Ada", "")
	if err != nil {
		t.Fatal(err)
	}
	u := decode(t, snap)
	if u.Step != 7 || u.Seq != 2 || u.Question == nil || u.Question.ID != qid || u.Mine != "3" {
		t.Fatalf("after the restart: got step %d seq %d question %+v mine %q", u.Step, u.Seq, u.Question, u.Mine)
	}
	if _, err := r2.Answer(ctx, f2, qid, "4"); !errors.Is(err, ErrAnswered) {
		t.Fatalf("a second answer after the restart: got %v", err)
	}
	if err := r2.StepBy(ctx, secret, 1); err != nil {
		t.Fatal(err)
	}
	if u := nextRoom(t, f2); u.Step != 8 || u.Seq != 3 {
		t.Fatalf("the first step after the restart: got step %d seq %d", u.Step, u.Seq)
	}
	var csv bytes.Buffer
	if err := c2.ExportCSV(ctx, code, secret, ByQuestion, &csv); err != nil {
		t.Fatal(err)
	}
	if want := "question,kind,step,nickname,answer,right,time\n1,value,7,Ada,3,true,"; !strings.HasPrefix(csv.String(), want) {
		t.Fatalf("CSV by question: got %q, want it to begin %q", csv.String(), want)
	}
	if strings.Contains(csv.String(), "student-token") {
		t.Fatal("the CSV holds the student's token")
	}
	csv.Reset()
	if err := c2.ExportCSV(ctx, code, secret, ByStudent, &csv); err != nil {
		t.Fatal(err)
	}
	if want := "nickname,q1,right\nAda,3,1\n"; csv.String() != want {
		t.Fatalf("CSV by student: got %q, want %q", csv.String(), want)
	}
	if err := c2.ExportCSV(ctx, code, "nope", ByStudent, &csv); !errors.Is(err, ErrNotLecturer) {
		t.Fatalf("CSV without the secret: got %v", err)
	}
	if err := r2.Delete(ctx, "nope"); !errors.Is(err, ErrNotLecturer) {
		t.Fatalf("a student's delete: got %v", err)
	}
	if err := r2.Delete(ctx, secret); err != nil {
		t.Fatal(err)
	}
	if u := nextRoom(t, f2); u.Kind != "closed" {
		t.Fatalf("after the delete: got %+v", u)
	}
	if _, err := st2.Room(ctx, code); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the deleted room is still kept: %v", err)
	}
}

// A code expires RoomLifetime after the lecturer's last command.
func TestRoomExpires(t *testing.T) {
	ctx := t.Context()
	now := time.Now()
	c, err := New(Options{Store: sqliteStore(t, ""), Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	code, _, err := c.Create(ctx, textbook)
	if err != nil {
		t.Fatal(err)
	}
	now = now.Add(RoomLifetime + time.Second)
	if _, err := c.Room(ctx, code); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("an expired code: got %v, want ErrNoRoom", err)
	}
	if _, err := c.Room(ctx, "ZZZZZZ"); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("no such code: got %v", err)
	}
	now = now.Add(store.Retention)
	if n, err := c.Purge(ctx); err != nil || n != 1 {
		t.Fatalf("purge: got %d, %v", n, err)
	}
}

func TestQuestionKeys(t *testing.T) {
	ctx := t.Context()
	for _, tc := range []struct {
		step  int
		spec  QuestionSpec
		right string
		wrong string
	}{
		{0, QuestionSpec{Kind: AskEnter}, "", "0"},
		{1, QuestionSpec{Kind: AskEnter}, "0", "1"},
		{0, QuestionSpec{Kind: AskValue, Node: "1"}, "≤ 2", "2"},
		{0, QuestionSpec{Kind: AskValue, Node: ""}, "3", "≥ 3"},
		{0, QuestionSpec{Kind: AskPruned}, "1.1", "1.0"},
		{0, QuestionSpec{Kind: AskMove}, "0", "2"},
		{0, QuestionSpec{Kind: AskAlpha, Node: "1"}, "3", "2"},
		{0, QuestionSpec{Kind: AskBeta, Node: "1"}, "∞", "2"},
		{0, QuestionSpec{Kind: AskChoice, Prompt: "Which is faster?", Options: []string{"minimax", "alpha-beta"}, Correct: 1}, "1", "0"},
	} {
		t.Run(tc.spec.Kind, func(t *testing.T) {
			if err := tc.spec.Check(); err != nil {
				t.Fatal(err)
			}
			key, _, err := keyOf(ctx, textbook, tc.step, tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			a := newAsked(1, tc.spec, tc.step, textbook, key, nil)
			if _, right, err := a.grade(tc.right, nil); err != nil || !right {
				t.Errorf("%q: got right=%v, %v; want right", tc.right, right, err)
			}
			if _, right, err := a.grade(tc.wrong, nil); err != nil || right {
				t.Errorf("%q: got right=%v, %v; want wrong", tc.wrong, right, err)
			}
			if tc.spec.Kind != AskChoice && a.reveal(nil).Explain == "" {
				t.Error("no explanation")
			}
		})
	}
	// No cutoff after the last one.
	if _, _, err := keyOf(ctx, textbook, 1000, QuestionSpec{Kind: AskPruned}); err == nil {
		t.Fatal("a question with no answer was taken")
	}
	for _, bad := range []QuestionSpec{
		{Kind: "what"}, {Kind: AskValue, Node: "a.b"}, {Kind: AskChoice, Prompt: "?", Options: []string{"one"}},
		{Kind: AskChoice, Prompt: "?", Options: []string{"a", "b"}, Correct: 2}, {Kind: AskChoice, Options: []string{"a", "b"}},
	} {
		if bad.Check() == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

func TestDeck(t *testing.T) {
	ctx := t.Context()
	c := newClass(t, sqliteStore(t, ""), nil)
	d := &Deck{Version: DeckVersion, Title: "Lecture 3: alpha-beta", Slides: []Slide{
		{Scenario: textbook, Step: 4},
		{Scenario: textbook, Step: 9, Question: &QuestionSpec{Kind: AskPruned}},
		{Scenario: "tree=" + url.QueryEscape("((1 2) (3 4))") + "&algo=minimax", Step: 2},
	}}
	var file bytes.Buffer
	if err := d.Export(&file); err != nil {
		t.Fatal(err)
	}
	back, err := ParseDeck(bytes.NewReader(file.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.SaveDeck(ctx, back)
	if err != nil {
		t.Fatal(err)
	}
	code, secret, err := c.CreateFromDeck(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := c.Room(ctx, code)
	f, snap, _ := r.Follow(ctx, "student-token", "Ada", "")
	if u := decode(t, snap); u.Step != 4 || u.Slide == nil || u.Slide.Of != 3 {
		t.Fatalf("deck room's snapshot: got %+v", u)
	}
	if err := r.Slide(ctx, secret, 1); err != nil {
		t.Fatal(err)
	}
	if u := nextRoom(t, f); u.Kind != "slide" || u.Step != 9 || u.Slide.N != 1 {
		t.Fatalf("slide 1: got %+v", u)
	}
	if u := nextRoom(t, f); u.Kind != "ask" || u.Question.Kind != AskPruned {
		t.Fatalf("slide 1's question: got %+v", u)
	}
	if err := r.Slide(ctx, secret, 2); err != nil {
		t.Fatal(err)
	}
	if u := nextRoom(t, f); u.Kind != "slide" || u.Step != 2 || !strings.Contains(u.Scenario, "minimax") || len(u.Picture) == 0 {
		t.Fatalf("slide 2: got %+v", u)
	}
	if err := r.Slide(ctx, secret, 3); err == nil {
		t.Fatal("a slide past the end was taken")
	}
	if err := r.Slide(ctx, "nope", 0); !errors.Is(err, ErrNotLecturer) {
		t.Fatalf("a student's slide: got %v", err)
	}
	for _, bad := range []string{
		`{}`, `{"version":1,"title":"x","slides":[]}`, `{"version":2,"title":"x","slides":[{"scenario":"tree=(1 2)"}]}`,
		`{"version":1,"title":"x","slides":[{"scenario":"algo=nope"}]}`, `{"version":1,"title":"x","slides":[{"scenario":"tree=(1 2)"}],"extra":1}`,
		`{"version":1,"title":"x","slides":[{"scenario":"tree=(1 2)","question":{"kind":"x"}}]}`,
	} {
		if _, err := ParseDeck(strings.NewReader(bad)); err == nil {
			t.Errorf("deck %s: no error", bad)
		}
	}
	_, err = ParseDeck(strings.NewReader(`{"version":1,"title":"x","slides":[{"scenario":"tree=(1 2)","step":-1}]}`))
	if err == nil || !strings.Contains(err.Error(), "slides[0].step") {
		t.Fatalf("a bad step: got %v, want the field named", err)
	}
}

// A follower too slow to take its updates loses them, and sees a gap.
func TestSlowFollowerSeesAGap(t *testing.T) {
	ctx := t.Context()
	c := newClass(t, sqliteStore(t, ""), nil)
	code, secret, _ := c.Create(ctx, textbook)
	r, _ := c.Room(ctx, code)
	slow, _, _ := r.Follow(ctx, "slow-student", "Slow", "")
	fast, _, _ := r.Follow(ctx, "fast-student", "Fast", "")
	for i := 1; i <= FollowerQueue+5; i++ {
		if err := r.Step(ctx, secret, i); err != nil {
			t.Fatal(err)
		}
		if u := nextRoom(t, fast); u.Seq != uint64(i) {
			t.Fatalf("fast follower: got seq %d, want %d", u.Seq, i)
		}
	}
	if !slow.Lost() {
		t.Fatal("the slow follower lost nothing")
	}
}

func TestLimiter(t *testing.T) {
	now := time.Now()
	l := NewLimiter(60, 3)
	l.now = func() time.Time { return now }
	for i := range 3 {
		if !l.Allow("a") {
			t.Fatalf("take %d refused", i)
		}
	}
	if l.Allow("a") {
		t.Fatal("a fourth at once was allowed")
	}
	if !l.Allow("b") {
		t.Fatal("another client was refused")
	}
	now = now.Add(time.Second)
	if !l.Allow("a") || l.Allow("a") {
		t.Fatal("one a second: not one more after a second")
	}
}

func TestNick(t *testing.T) {
	if n, err := Nick("  Ada  "); err != nil || n != "Ada" {
		t.Fatalf("got %q, %v", n, err)
	}
	for _, bad := range []string{"", "   ", strings.Repeat("x", MaxNick+1), "a\x00b"} {
		if _, err := Nick(bad); err == nil {
			t.Errorf("Nick(%q): no error", bad)
		}
	}
}
