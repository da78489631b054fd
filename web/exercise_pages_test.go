package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/abtrace/abtrace/search/exercise"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/view"
)

// exercise42 is the exercise the pages' tests work: the home page's link.
const exercise42 = "seed=42&b=3&d=3&min_cutoffs=3"

// exerciseKey returns the expected answers of an exercise: the value or
// bound of every visited inner node, and the nodes a cutoff skipped, as
// the checker wants them.
func exerciseKey(t *testing.T, query string) (ex *exercise.Exercise, answers map[string]string, pruned []string) {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	p, err := exercise.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	ex, err = exercise.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	res, err := exercise.Check(exercise.Submission{Tree: ex.Text, Root: p.Query().Get("root"), Prune: p.Query().Get("prune")})
	if err != nil {
		t.Fatal(err)
	}
	answers = map[string]string{}
	for id, r := range res.Nodes {
		if r.Want == "pruned" {
			pruned = append(pruned, id)
		} else {
			answers[id] = r.Want
		}
	}
	sort.Strings(pruned)
	return ex, answers, pruned
}

func TestExercisePage(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/exercise?"+exercise42)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /exercise = %d, want 200: %s", rec.Code, rec.Body)
	}
	if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("content security policy = %q", csp)
	}
	if strings.Contains(rec.Body.String(), " style=") {
		t.Error("the page has an inline style attribute")
	}
	ex, answers, pruned := exerciseKey(t, exercise42)
	p := parsePage(t, rec.Body.String())
	form := p.one("exercise")
	if got := attrOf(form, "data-tree"); got != ex.Text {
		t.Errorf("data-tree = %q, want %q", got, ex.Text)
	}
	if attrOf(form, "data-root") != "max" || attrOf(form, "data-prune") != "ge" {
		t.Errorf("data-root %q data-prune %q, want max ge", attrOf(form, "data-root"), attrOf(form, "data-prune"))
	}
	if key := attrOf(form, "data-key"); !strings.Contains(key, "seed=42") || !strings.Contains(key, "min_cutoffs=3") {
		t.Errorf("data-key = %q: want the full parameters", key)
	}
	// An input for every inner node (b = 3, d = 3: 1 + 3 + 9), none for a leaf.
	inputs := p.all(func(n *html.Node) bool { return n.Data == "input" && attrHas(n, "data-answer") })
	if len(inputs) != 13 {
		t.Errorf("%d answer inputs, want 13", len(inputs))
	}
	for id := range answers {
		if len(p.testid("answer-"+id)) != 1 {
			t.Errorf("no input for node %q", id)
		}
	}
	// An edge for every node but the root, a checkbox reachable by keyboard.
	edges := p.all(hasClass("ex-edge"))
	if len(edges) != 39 {
		t.Errorf("%d edges, want 39", len(edges))
	}
	for _, e := range edges {
		if attrOf(e, "tabindex") != "0" || attrOf(e, "role") != "checkbox" || attrOf(e, "aria-label") == "" {
			t.Errorf("edge %q: tabindex %q role %q label %q", attrOf(e, "data-edge"), attrOf(e, "tabindex"), attrOf(e, "role"), attrOf(e, "aria-label"))
		}
	}
	for _, id := range pruned {
		if len(p.testid("edge-"+id)) != 1 {
			t.Errorf("no edge to pruned node %q", id)
		}
	}
	// The hints: every step of the search, hidden, each with a link to the viewer.
	steps := p.all(func(n *html.Node) bool { return n.Data == "li" && attrHas(n, "data-step") })
	if len(steps) < 10 {
		t.Fatalf("%d steps, want the whole search", len(steps))
	}
	for i, li := range steps {
		if !attrHas(li, "hidden") || strings.TrimSpace(textOf(li)) == "" {
			t.Errorf("step %d: hidden %v text %q", i, attrHas(li, "hidden"), textOf(li))
		}
		a := descendant(li, isTag("a"))
		if a == nil || !strings.HasPrefix(attrOf(a, "href"), "/view?") {
			t.Errorf("step %d has no link to the viewer", i)
			continue
		}
		u, _ := url.Parse(attrOf(a, "href"))
		if u.Query().Get("tree") != ex.Text || u.Query().Get("step") != attrOf(li, "data-step") {
			t.Errorf("step %d links %s", i, attrOf(a, "href"))
		}
	}
	// The links work: a hint's viewer step and the solution.
	last := descendant(steps[len(steps)-1], isTag("a"))
	for _, href := range []string{attrOf(last, "href"), attrOf(p.one("solution"), "href")} {
		if r := httpGet(t, s, href); r.Code != http.StatusOK {
			t.Errorf("GET %s = %d", href, r.Code)
		}
	}
	// The script is served.
	var script string
	for _, n := range p.all(isTag("script")) {
		if strings.Contains(attrOf(n, "src"), "exercise.js") {
			script = attrOf(n, "src")
		}
	}
	if script == "" {
		t.Fatal("the page does not load exercise.js")
	}
	if r := httpGet(t, s, script); r.Code != http.StatusOK || !strings.Contains(r.Body.String(), "/api/exercise/check") {
		t.Errorf("GET %s = %d", script, r.Code)
	}
}

// TestExercisePageGrades posts the page's own tree with the right answers
// to the check API, as the script does: full marks.
func TestExercisePageGrades(t *testing.T) {
	s := newTestServer(t)
	p := parsePage(t, httpGet(t, s, "/exercise?"+exercise42).Body.String())
	form := p.one("exercise")
	_, answers, pruned := exerciseKey(t, exercise42)
	body, _ := json.Marshal(map[string]any{"tree": attrOf(form, "data-tree"), "root": attrOf(form, "data-root"),
		"prune": attrOf(form, "data-prune"), "answers": answers, "pruned": pruned})
	req := httptest.NewRequest(http.MethodPost, "/api/exercise/check", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	var res exercise.Result
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("check = %d %s", rec.Code, rec.Body)
	}
	if !res.Correct || res.Score != res.Total {
		t.Errorf("the right answers score %d / %d", res.Score, res.Total)
	}
}

func TestExercisePageBadParams(t *testing.T) {
	s := newTestServer(t)
	for _, tc := range []struct {
		query, field, kept string
	}{
		{"seed=42&d=abc", "d", "abc"},
		{"seed=42&b=3&d=2&min_cutoffs=99", "min_cutoffs", "99"},
		{"seed=-4", "seed", "-4"},
		{"seed=42&colour=red", "colour", ""},
		{"seed=42&root=sideways", "root", ""},
	} {
		rec := httpGet(t, s, "/exercise?"+tc.query)
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", tc.query, rec.Code)
			continue
		}
		p := parsePage(t, rec.Body.String())
		e := p.one("error")
		if attrOf(e, "data-field") != tc.field || !strings.Contains(textOf(e), tc.field) {
			t.Errorf("%s: error %q on field %q, want it to name %q", tc.query, textOf(e), attrOf(e, "data-field"), tc.field)
		}
		if len(p.testid("exercise")) != 0 {
			t.Errorf("%s: the page draws a tree", tc.query)
		}
		if !attrHas(p.one("params"), "open") {
			t.Errorf("%s: the settings are closed", tc.query)
		}
		if tc.kept != "" {
			in := p.all(func(n *html.Node) bool { return n.Data == "input" && attrOf(n, "name") == tc.field })
			if len(in) != 1 || attrOf(in[0], "value") != tc.kept || attrOf(in[0], "aria-invalid") == "" && !attrHas(in[0], "aria-invalid") {
				t.Errorf("%s: the field %s does not keep %q", tc.query, tc.field, tc.kept)
			}
		}
	}
}

// TestExercisePageForm: the settings form holds the parameters, and
// submitting it as is gives the same exercise.
func TestExercisePageForm(t *testing.T) {
	s := newTestServer(t)
	p := parsePage(t, httpGet(t, s, "/exercise?seed=7&b=2&d=4&min_cutoffs=2&root=min&prune=gt&deep=1").Body.String())
	q := url.Values{}
	for _, n := range p.all(func(n *html.Node) bool { return attrHas(n, "name") }) {
		name := attrOf(n, "name")
		switch {
		case n.Data == "input" && attrOf(n, "type") == "checkbox":
			if attrHas(n, "checked") {
				q.Set(name, attrOf(n, "value"))
			}
		case n.Data == "input":
			q.Set(name, attrOf(n, "value"))
		case n.Data == "select":
			for _, o := range (&htmlPage{t: t, root: n}).all(isTag("option")) {
				if attrHas(o, "selected") {
					q.Set(name, attrOf(o, "value"))
				}
			}
		}
	}
	for k, want := range map[string]string{"seed": "7", "b": "2", "d": "4", "min_cutoffs": "2", "root": "min", "prune": "gt", "deep": "1"} {
		if q.Get(k) != want {
			t.Errorf("form field %s = %q, want %q", k, q.Get(k), want)
		}
	}
	rec := httpGet(t, s, "/exercise?"+q.Encode())
	if rec.Code != http.StatusOK {
		t.Fatalf("the form as is (%s): %d %s", q.Encode(), rec.Code, textOf(parsePage(t, rec.Body.String()).one("error")))
	}
	if attrOf(parsePage(t, rec.Body.String()).one("exercise"), "data-root") != "min" {
		t.Error("the form lost root=min")
	}
}

func TestHomeLinksExercise(t *testing.T) {
	s := newTestServer(t)
	p := parsePage(t, httpGet(t, s, "/").Body.String())
	a := descendant(p.one("home-exercise"), isTag("a"))
	if a == nil {
		t.Fatal("no exercise link on the home page")
	}
	if rec := httpGet(t, s, attrOf(a, "href")); rec.Code != http.StatusOK {
		t.Errorf("GET %s = %d", attrOf(a, "href"), rec.Code)
	}
}

// TestWorksheet: the blank tree, then the key with every visited inner
// node's value or bound and the pruned edges crossed out, in the notation
// and rule asked for.
func TestWorksheet(t *testing.T) {
	s := newTestServer(t)
	_, answers, pruned := exerciseKey(t, exercise42)
	rec := httpGet(t, s, "/exercise/worksheet?"+exercise42)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /exercise/worksheet = %d", rec.Code)
	}
	p := parsePage(t, rec.Body.String())
	blank, key := p.one("worksheet"), p.one("answer-key")
	if n := len((&htmlPage{t: t, root: blank}).all(hasClass("ws-answer"))); n != 0 {
		t.Errorf("the blank sheet shows %d answers", n)
	}
	if n := len((&htmlPage{t: t, root: blank}).all(hasClass("cross"))); n != 0 {
		t.Errorf("the blank sheet crosses out %d edges", n)
	}
	if !strings.Contains(textOf(p.one("instructions")), "α ≥ β") {
		t.Errorf("instructions: %q", textOf(p.one("instructions")))
	}
	kp := &htmlPage{t: t, root: key}
	for id, want := range answers {
		if len(id) > 0 && strings.Count(id, ".") >= 2 {
			continue // a leaf
		}
		var got string
		for _, n := range kp.all(hasAttr("data-node", id)) {
			if n.Data == "g" {
				if a := descendant(n, hasClass("ws-answer")); a != nil {
					got = textOf(a)
				}
			}
		}
		if got != want {
			t.Errorf("key: node %q shows %q, want %q", id, got, want)
		}
	}
	var crossed []string
	for _, g := range kp.all(hasClass("ws-edge")) {
		if descendant(g, hasClass("cross")) != nil {
			crossed = append(crossed, attrOf(g, "data-edge"))
		}
	}
	sort.Strings(crossed)
	if strings.Join(crossed, " ") != strings.Join(pruned, " ") {
		t.Errorf("key crosses out %v, want %v", crossed, pruned)
	}
	// The lecturer's conventions: ASCII bounds and the strict rule.
	rec = httpGet(t, s, "/exercise/worksheet?"+exercise42+"&prune=gt&notation=ascii")
	if rec.Code != http.StatusOK {
		t.Fatalf("ascii, gt: %d", rec.Code)
	}
	body := rec.Body.String()
	if !strings.Contains(body, "alpha &gt; beta") || strings.Contains(parsePageText(t, body, "answer-key"), "≥") || strings.Contains(parsePageText(t, body, "answer-key"), "≤") {
		t.Errorf("ascii, gt: the key is not in the notation asked for")
	}
	// Bad parameters: 400 naming the field.
	for q, field := range map[string]string{"notation=fancy": "notation", "seed=42&d=x": "d"} {
		rec := httpGet(t, s, "/exercise/worksheet?"+q)
		if rec.Code != http.StatusBadRequest || attrOf(parsePage(t, rec.Body.String()).one("error"), "data-field") != field {
			t.Errorf("%s: %d, want 400 naming %s", q, rec.Code, field)
		}
	}
	// The fill-in page links its worksheet, predict mode, the ordering
	// exercise and the matchsticks.
	fp := parsePage(t, httpGet(t, s, "/exercise?"+exercise42).Body.String())
	for _, id := range []string{"worksheet-link", "predict-link", "ordering-link", "matchsticks-link"} {
		if href := attrOf(fp.one(id), "href"); httpGet(t, s, href).Code != http.StatusOK {
			t.Errorf("%s %s does not work", id, href)
		}
	}
}

func parsePageText(t *testing.T, body, testid string) string {
	t.Helper()
	return textOf(parsePage(t, body).one(testid))
}

// nimValue is the matchstick game's value worked out independently of the
// engine: 0 left means the player to move has won.
func nimValue(left int, maxToMove bool) int {
	if left == 0 {
		if maxToMove {
			return 1
		}
		return -1
	}
	best := 0
	for take := 1; take <= 2 && take <= left; take++ {
		v := nimValue(left-take, !maxToMove)
		if take == 1 || maxToMove && v > best || !maxToMove && v < best {
			best = v
		}
	}
	return best
}

// matchAnswers reads the states off the page and answers each with its
// value, as +1 and −1.
func matchAnswers(t *testing.T, p *htmlPage) url.Values {
	t.Helper()
	q := url.Values{"check": {"1"}}
	for _, g := range p.all(func(n *html.Node) bool { return n.Data == "g" && attrHas(n, "data-node") }) {
		left, err := strconv.Atoi(textOf(descendant(g, hasClass("left"))))
		if err != nil {
			t.Fatalf("node %q: matches left %q", attrOf(g, "data-node"), textOf(descendant(g, hasClass("left"))))
		}
		v := "+1"
		if nimValue(left, strings.Contains(attrOf(g, "class"), "max")) < 0 {
			v = "−1"
		}
		q.Set("a."+attrOf(g, "data-node"), v)
	}
	return q
}

func TestMatchsticks(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/exercise/matchsticks")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /exercise/matchsticks = %d", rec.Code)
	}
	p := parsePage(t, rec.Body.String())
	// 5 matches, take 1 or 2: 20 states (f(n) = 1 + f(n−1) + f(n−2)).
	if n := len(p.all(func(n *html.Node) bool { return n.Data == "input" && strings.HasPrefix(attrOf(n, "name"), "a.") })); n != 20 {
		t.Errorf("%d value inputs, want 20", n)
	}
	if len(p.testid("score")) != 0 || len(p.testid("feedback")) != 0 {
		t.Error("a blank exercise is graded")
	}
	q := matchAnswers(t, p)
	// From 5 matches MAX wins by taking 1 (leaving 4 = 3k+1 for MIN).
	q.Set("move", "1")
	rec = httpGet(t, s, "/exercise/matchsticks?"+q.Encode())
	if rec.Code != http.StatusOK {
		t.Fatalf("graded: %d", rec.Code)
	}
	p = parsePage(t, rec.Body.String())
	if got := textOf(p.one("score")); !strings.Contains(got, "21 / 21: all right") {
		t.Errorf("all right: score %q", got)
	}
	// The answers stay in their boxes.
	if got := attrOf(p.one("answer-"), "value"); got != q.Get("a.") {
		t.Errorf("the root's box holds %q, want %q", got, q.Get("a."))
	}
	// One mistake in a state, and the wrong move.
	q.Set("a.0", "+1")
	if nimValue(4, false) > 0 {
		q.Set("a.0", "-1")
	}
	q.Set("move", "2")
	p = parsePage(t, httpGet(t, s, "/exercise/matchsticks?"+q.Encode()).Body.String())
	if got := textOf(p.one("score")); !strings.Contains(got, "19 / 21") {
		t.Errorf("two mistakes: score %q", got)
	}
	for _, n := range p.all(isTag("li")) {
		switch attrOf(n, "data-node") {
		case "0":
			if attrOf(n, "class") != "wrong" || !strings.Contains(textOf(n), "Why: MIN to move with 4 left picks the smallest") {
				t.Errorf("node 0's feedback: %q %q", attrOf(n, "class"), textOf(n))
			}
		case "move":
			if attrOf(n, "class") != "wrong" || !strings.Contains(textOf(n), "The winning move is to take 1") {
				t.Errorf("the move's feedback: %q", textOf(n))
			}
		}
	}
	// A malformed value: 400 naming the field, everything kept.
	q.Set("a.1", "abc")
	rec = httpGet(t, s, "/exercise/matchsticks?"+q.Encode())
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("abc: %d, want 400", rec.Code)
	}
	p = parsePage(t, rec.Body.String())
	if e := p.one("error"); attrOf(e, "data-field") != "a.1" || !strings.Contains(textOf(e), "a.1") {
		t.Errorf("error %q field %q", textOf(p.one("error")), attrOf(p.one("error"), "data-field"))
	}
	if got := attrOf(p.one("answer-1"), "value"); got != "abc" {
		t.Errorf("the bad box holds %q, want abc kept", got)
	}
	if got := attrOf(p.one("answer-0.0"), "value"); got != q.Get("a.0.0") {
		t.Errorf("another box holds %q, want %q", got, q.Get("a.0.0"))
	}
}

// TestPredictPage: the page holds every question's prompt and what the
// search shows after it, in the order of exercise.Questions, and none of
// the answers (the server grades them).
func TestPredictPage(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/exercise/predict?"+exercise42)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /exercise/predict = %d", rec.Code)
	}
	ex, _, _ := exerciseKey(t, exercise42)
	want, err := exercise.Questions(ex)
	if err != nil {
		t.Fatal(err)
	}
	p := parsePage(t, rec.Body.String())
	p.one("predict")
	qs := p.all(func(n *html.Node) bool { return n.Data == "li" && attrHas(n, "data-kind") })
	if len(qs) != len(want) {
		t.Fatalf("%d questions on the page, want %d", len(qs), len(want))
	}
	for i, q := range qs {
		w := want[i]
		got := []string{attrOf(q, "data-kind"), attrOf(q, "data-at"), attrOf(q, "data-prompt"), strings.TrimSpace(textOf(q))}
		exp := []string{w.Kind, w.At, w.Prompt, w.Prompt}
		if !slices.Equal(got, exp) {
			t.Errorf("question %d: %q, want %q", i, got, exp)
		}
		if w.Kind == exercise.AskWindow && attrOf(q, "data-which") == "" {
			t.Errorf("question %d asks for a window and names no letter", i)
		}
		// Neither the answer nor what the search shows after it: the
		// server sends that once the question is answered.
		for _, a := range []string{"data-answer", "data-shown", "data-entered", "data-reveal", "data-windows", "data-pruned"} {
			if attrHas(q, a) {
				t.Errorf("question %d carries %s: the answers stay on the server", i, a)
			}
		}
	}
	rec = httpGet(t, s, "/exercise/predict?seed=42&b=9")
	if rec.Code != http.StatusBadRequest || attrOf(parsePage(t, rec.Body.String()).one("error"), "data-field") != "b" {
		t.Errorf("b=9: %d, want 400 naming b", rec.Code)
	}
}

// TestPredictAPI grades answers posted as the page posts them, and
// answers a bad request with a 400 naming the field.
func TestPredictAPI(t *testing.T) {
	s := newTestServer(t)
	ex, _, _ := exerciseKey(t, exercise42)
	qs, err := exercise.Questions(ex)
	if err != nil {
		t.Fatal(err)
	}
	type verdict struct {
		Counted, Right bool
		Class, Text    string
		Shows          *exercise.Shows
		Replayed       []*exercise.Shows `json:"-"`
	}
	post := func(body string) (int, verdict, exerciseError) {
		t.Helper()
		req := httptest.NewRequest(http.MethodPost, "/api/exercise/predict", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		var v verdict
		var e exerciseError
		if rec.Code == http.StatusOK {
			if strings.Contains(body, `"replay"`) {
				var r exercise.Replayed
				if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
					t.Fatal(err)
				}
				v.Replayed = r.Shows
			} else if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
				t.Fatal(err)
			}
		} else if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
			t.Fatalf("%d: %s", rec.Code, rec.Body)
		}
		return rec.Code, v, e
	}
	body := func(q int, answer string) string {
		b, _ := json.Marshal(map[string]any{"query": exercise42, "question": q, "answer": answer})
		return string(b)
	}
	code, v, _ := post(body(0, qs[0].Answer))
	if code != http.StatusOK || !v.Counted || !v.Right || v.Class != "right" || !strings.HasPrefix(v.Text, "Right! It enters B.") {
		t.Errorf("right answer: %d %+v", code, v)
	}
	// What the search shows after it comes with the verdict, right or
	// wrong: the node entered.
	if v.Shows == nil || v.Shows.Entered != qs[0].Entered {
		t.Errorf("right answer shows %+v, want it to enter %q", v.Shows, qs[0].Entered)
	}
	code, v, _ = post(body(0, "2"))
	if code != http.StatusOK || !v.Counted || v.Right || !strings.HasPrefix(v.Text, "Not quite. It enters B.") {
		t.Errorf("wrong answer: %d %+v", code, v)
	}
	if v.Shows == nil || v.Shows.Entered != qs[0].Entered {
		t.Errorf("wrong answer shows %+v, want it to enter %q", v.Shows, qs[0].Entered)
	}
	// A page resuming asks for what the first questions showed.
	code, v, _ = post(fmt.Sprintf(`{"query": %q, "replay": 3}`, exercise42))
	if code != http.StatusOK || len(v.Replayed) != 3 || v.Replayed[2] == nil ||
		!slices.Equal(v.Replayed[2].Pruned, qs[2].Pruned) || len(v.Replayed[2].Reveal) != len(qs[2].Reveal) {
		t.Errorf("replay 3: %d %+v", code, v.Replayed)
	}
	for i, q := range qs {
		if q.Kind == exercise.AskWindow {
			code, v, _ = post(body(i, "three"))
			if code != http.StatusOK || v.Counted || v.Class != "note" || !strings.Contains(v.Text, "is not a value") || v.Shows != nil {
				t.Errorf("a word for %s: %d %+v", q.Which, code, v)
			}
			break
		}
	}
	for _, tt := range []struct{ body, field string }{
		{body(len(qs), "yes"), "question"},
		{`{"query": "seed=42&b=9", "question": 0, "answer": "0"}`, "b"},
		{`{"query": "%zz", "question": 0}`, "query"},
		{`{"query": "seed=1", "question": 0, "extra": 1}`, "extra"},
		{`not json`, "body"},
		{fmt.Sprintf(`{"query": %q, "replay": %d}`, exercise42, len(qs)+1), "replay"},
		{`{"query": "seed=1", "replay": -1}`, "replay"},
	} {
		code, _, e := post(tt.body)
		if code != http.StatusBadRequest || e.Field != tt.field || e.Error == "" {
			t.Errorf("%s: %d %+v, want 400 naming %s", tt.body, code, e, tt.field)
		}
	}
}

// bestArranged sorts every node's children by their minimax values, best
// first for the player to move: the arrangement alpha-beta prunes most on.
func bestArranged(n *tree.Node, isMax bool) float64 {
	if len(n.Children) == 0 {
		return n.Value
	}
	vals := map[*tree.Node]float64{}
	for _, c := range n.Children {
		vals[c] = bestArranged(c, !isMax)
	}
	sort.SliceStable(n.Children, func(i, j int) bool {
		if isMax {
			return vals[n.Children[i]] > vals[n.Children[j]]
		}
		return vals[n.Children[i]] < vals[n.Children[j]]
	})
	return vals[n.Children[0]]
}

func TestOrderingPage(t *testing.T) {
	s := newTestServer(t)
	ex, _, _ := exerciseKey(t, exercise42)
	rec := httpGet(t, s, "/exercise/ordering?"+exercise42)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /exercise/ordering = %d", rec.Code)
	}
	p := parsePage(t, rec.Body.String())
	if got := attrOf(p.one("ordering"), "data-tree"); got != ex.Text {
		t.Errorf("the start is %q, want the exercise's tree", got)
	}
	if len(p.testid("score")) != 0 {
		t.Error("graded before Check")
	}
	// A swap link: node 0 to the right gives the tree with 0 and 1 swapped.
	href := attrOf(p.one("right-0"), "href")
	u, _ := url.Parse(href)
	swappedTree, _ := tree.Options{Root: ex.Params.Root}.Parse(ex.Text)
	swappedTree.Root.Children[0], swappedTree.Root.Children[1] = swappedTree.Root.Children[1], swappedTree.Root.Children[0]
	if u.Query().Get("tree") != swappedTree.String() {
		t.Errorf("right-0 links %q, want %q", u.Query().Get("tree"), swappedTree.String())
	}
	if len(p.testid("left-0")) != 0 || len(p.testid("right-2")) != 0 {
		t.Error("the first child moves left, or the last right")
	}
	// Checked as it starts: the exercise's own count.
	p = parsePage(t, httpGet(t, s, attrOf(p.one("check"), "href")).Body.String())
	if got := attrOf(p.one("score"), "data-leaves"); got != strconv.Itoa(ex.Solution.Leaves) {
		t.Errorf("the start evaluates %s leaves, want %d", got, ex.Solution.Leaves)
	}
	// The best arrangement is optimal.
	best, _ := tree.Options{Root: ex.Params.Root}.Parse(ex.Text)
	bestArranged(best.Root, true)
	q, _ := url.ParseQuery(exercise42)
	q.Set("tree", best.String())
	q.Set("check", "1")
	p = parsePage(t, httpGet(t, s, "/exercise/ordering?"+q.Encode()).Body.String())
	if !strings.HasPrefix(textOf(p.one("verdict")), "Optimal") || attrOf(p.one("score"), "data-leaves") != attrOf(p.one("score"), "data-best") {
		t.Errorf("the best arrangement: %q", textOf(p.one("verdict")))
	}
	// A tree that is not a reordering: 400 naming tree.
	q.Set("tree", "((1 2 3) (4 5 6) (7 8 9))")
	rec = httpGet(t, s, "/exercise/ordering?"+q.Encode())
	if rec.Code != http.StatusBadRequest || attrOf(parsePage(t, rec.Body.String()).one("error"), "data-field") != "tree" {
		t.Errorf("another tree: %d, want 400 naming tree", rec.Code)
	}
}

// TestPredictWindowQuestions: wherever a child's value moves its parent's
// α (at MAX) or β (at MIN), predict mode asks for the new value, in the
// engine's order and with the engine's value.
// worstArranged sorts every node's children by their minimax values,
// worst first for the player to move: the arrangement alpha-beta prunes
// least on.
func worstArranged(n *tree.Node, isMax bool) float64 {
	if len(n.Children) == 0 {
		return n.Value
	}
	vals := map[*tree.Node]float64{}
	for _, c := range n.Children {
		vals[c] = worstArranged(c, !isMax)
	}
	sort.SliceStable(n.Children, func(i, j int) bool {
		if isMax {
			return vals[n.Children[i]] < vals[n.Children[j]]
		}
		return vals[n.Children[i]] > vals[n.Children[j]]
	})
	return vals[n.Children[len(n.Children)-1]]
}

// TestOrderingGoalLeast: goal=least is checked against the engine's
// worst ordering, keeps itself in every link, and shows both counts; a
// goal that is neither is a 400 naming goal.
func TestOrderingGoalLeast(t *testing.T) {
	s := newTestServer(t)
	ex, _, _ := exerciseKey(t, exercise42)
	count := func(order, text string) int {
		t.Helper()
		ps, err := scenario.Scenario{Tree: text, Root: ex.Params.Query().Get("root"), Prune: ex.Params.Query().Get("prune"), Order: order}.Prepare()
		if err != nil {
			t.Fatal(err)
		}
		res, err := ps.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		return res.Stats.Leaves
	}
	best, worst := count("best", ex.Text), count("worst", ex.Text)
	if worst <= best {
		t.Fatalf("worst %d, best %d", worst, best)
	}
	// The default goal is most, with a link to least.
	p := parsePage(t, httpGet(t, s, "/exercise/ordering?"+exercise42).Body.String())
	if g := attrOf(p.one("goal"), "data-goal"); g != "most" {
		t.Errorf("default goal %q", g)
	}
	other, _ := url.Parse(attrOf(p.one("other-goal"), "href"))
	if other.Query().Get("goal") != "least" {
		t.Errorf("the other goal links %q", other)
	}
	// goal=least: the start is checked against the worst ordering.
	p = parsePage(t, httpGet(t, s, other.String()).Body.String())
	if g := attrOf(p.one("goal"), "data-goal"); g != "least" || !strings.Contains(textOf(p.one("goal")), "as little") {
		t.Errorf("goal=least: %q %q", g, textOf(p.one("goal")))
	}
	for _, id := range []string{"right-0", "check", "reset"} {
		u, _ := url.Parse(attrOf(p.one(id), "href"))
		if u.Query().Get("goal") != "least" {
			t.Errorf("%s loses the goal: %q", id, u)
		}
	}
	back, _ := url.Parse(attrOf(p.one("other-goal"), "href"))
	if back.Query().Has("goal") && back.Query().Get("goal") != "most" {
		t.Errorf("back to most links %q", back)
	}
	p = parsePage(t, httpGet(t, s, attrOf(p.one("check"), "href")).Body.String())
	sc := p.one("score")
	if attrOf(sc, "data-leaves") != strconv.Itoa(ex.Solution.Leaves) || attrOf(sc, "data-optimum") != strconv.Itoa(worst) ||
		attrOf(sc, "data-worst") != strconv.Itoa(worst) || attrOf(sc, "data-best") != strconv.Itoa(best) {
		t.Errorf("the start for least: leaves %s optimum %s worst %s best %s; want %d %d %d %d", attrOf(sc, "data-leaves"),
			attrOf(sc, "data-optimum"), attrOf(sc, "data-worst"), attrOf(sc, "data-best"), ex.Solution.Leaves, worst, worst, best)
	}
	if v := textOf(p.one("verdict")); strings.HasPrefix(v, "Optimal") || !strings.Contains(v, strconv.Itoa(worst)) || !strings.Contains(v, strconv.Itoa(best)) {
		t.Errorf("the start for least: %q", v)
	}
	// The worst arrangement reaches the optimum for least, and is far
	// from it for most.
	arr, _ := tree.Options{Root: ex.Params.Root}.Parse(ex.Text)
	worstArranged(arr.Root, ex.Params.Query().Get("root") != "min")
	if got := count("", arr.String()); got != worst {
		t.Fatalf("the worst arrangement evaluates %d, the engine's worst ordering %d", got, worst)
	}
	q, _ := url.ParseQuery(exercise42)
	q.Set("tree", arr.String())
	q.Set("check", "1")
	q.Set("goal", "least")
	p = parsePage(t, httpGet(t, s, "/exercise/ordering?"+q.Encode()).Body.String())
	if v := textOf(p.one("verdict")); !strings.HasPrefix(v, "Optimal") || !strings.Contains(attrOf(p.one("score"), "class"), "full") {
		t.Errorf("the worst arrangement for least: %q", v)
	}
	q.Set("goal", "most")
	p = parsePage(t, httpGet(t, s, "/exercise/ordering?"+q.Encode()).Body.String())
	if v := textOf(p.one("verdict")); strings.HasPrefix(v, "Optimal") {
		t.Errorf("the worst arrangement for most: %q", v)
	}
	// The best arrangement is not optimal for least.
	bestTree, _ := tree.Options{Root: ex.Params.Root}.Parse(ex.Text)
	bestArranged(bestTree.Root, ex.Params.Query().Get("root") != "min")
	q.Set("tree", bestTree.String())
	q.Set("goal", "least")
	p = parsePage(t, httpGet(t, s, "/exercise/ordering?"+q.Encode()).Body.String())
	if v := textOf(p.one("verdict")); strings.HasPrefix(v, "Optimal") {
		t.Errorf("the best arrangement for least: %q", v)
	}
	// A goal that is neither: 400 naming goal.
	rec := httpGet(t, s, "/exercise/ordering?"+exercise42+"&goal=some")
	if rec.Code != http.StatusBadRequest || attrOf(parsePage(t, rec.Body.String()).one("error"), "data-field") != "goal" {
		t.Errorf("goal=some: %d, want 400 naming goal", rec.Code)
	}
}

// TestExerciseAPILanguages: the check's notes, reasons and feedback and
// predict mode's verdicts come in the requested language, lang= first,
// then Accept-Language; no English sentence is left in German or Czech.
func TestExerciseAPILanguages(t *testing.T) {
	s := newTestServer(t)
	body := `{"tree": "` + tree.TwoPlyGameTreePlain + `", "answers": {"": "3", "0": "3", "1": "2", "2": "2"}, "pruned": ["1.1"]}`
	type line struct {
		Head, Want, Why string
		Notes           []string
	}
	post := func(target, lang, body string) (string, []line, string) {
		t.Helper()
		req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if lang != "" {
			req.Header.Set("Accept-Language", lang)
		}
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", target, rec.Code, rec.Body)
		}
		var r struct {
			Feedback struct {
				Score string
				Lines []line
			}
			Nodes map[string]struct{ Note, Why string }
			Text  string
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		return r.Feedback.Score, r.Feedback.Lines, r.Nodes["1"].Note + r.Text
	}
	tests := []struct {
		name, target, accept          string
		score, head1, note1, wantWord string
	}{
		{"English", "/api/exercise/check", "", "Score 4 / 6", "C: wrong", "C returns only a bound, ≤ 2: its exact value is never computed.", "expected"},
		{"German by lang", "/api/exercise/check?lang=de", "", "Punkte 4 / 6", "C: falsch", "C liefert nur eine Schranke, ≤ 2: Der exakte Wert wird nie berechnet.", "erwartet"},
		{"Czech by header", "/api/exercise/check", "cs-CZ,cs;q=0.9", "Skóre 4 / 6", "C: špatně", "C vrací jen mez ≤ 2: přesná hodnota se nikdy nepočítá.", "očekáváno"},
		{"lang before header", "/api/exercise/check?lang=de", "cs", "Punkte 4 / 6", "C: falsch", "C liefert nur eine Schranke, ≤ 2: Der exakte Wert wird nie berechnet.", "erwartet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			score, lines, note := post(tt.target, tt.accept, body)
			if score != tt.score || note != tt.note1 {
				t.Errorf("score %q, node 1's note %q; want %q, %q", score, note, tt.score, tt.note1)
			}
			var head1 string
			for _, l := range lines {
				if strings.HasPrefix(l.Head, strings.SplitN(tt.head1, ":", 2)[0]+":") {
					head1 = l.Head
				}
				if l.Head == tt.head1 && !strings.Contains(l.Want, tt.wantWord) {
					t.Errorf("node 1's line says %q, want it with %q", l.Want, tt.wantWord)
				}
				t.Logf("%s%s%s %s", l.Head, l.Want, strings.Join(l.Notes, ""), l.Why)
				if tt.name != "English" {
					for _, en := range []string{"Why:", "expected", "you gave", " is entered", "returns", "right", "wrong", "pruned", "the root"} {
						if strings.Contains(l.Head+l.Want+l.Why+strings.Join(l.Notes, ""), en) {
							t.Errorf("%s line still has the English %q: %+v", tt.name, en, l)
						}
					}
				}
			}
			if head1 != tt.head1 {
				t.Errorf("node 1's line %q, want %q", head1, tt.head1)
			}
		})
	}
	ex, _, _ := exerciseKey(t, exercise42)
	qs, err := exercise.Questions(ex)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(map[string]any{"query": exercise42, "question": 0, "answer": qs[0].Answer})
	for lang, want := range map[string]string{"en": "Right! It enters B.", "de": "Richtig! Sie ruft B auf.", "cs": "Správně! Navštíví: B."} {
		if _, _, text := post("/api/exercise/predict?lang="+lang, "", string(b)); !strings.HasPrefix(text, want) {
			t.Errorf("predict in %s: %q, want it to start %q", lang, text, want)
		}
	}
}

// TestExercisePageLanguages: the fill-in exercise in German and Czech has
// no English sentence left: none of its messages, and no hint in the
// narration's English.
func TestExercisePageLanguages(t *testing.T) {
	s := newTestServer(t)
	en := parsePage(t, httpGet(t, s, "/exercise?"+exercise42).Body.String())
	english := []string{}
	for _, li := range en.all(func(n *html.Node) bool { return n.Data == "li" && attrHas(n, "data-step") }) {
		english = append(english, strings.TrimSpace(strings.SplitN(textOf(li), " see step", 2)[0]))
	}
	if len(english) < 10 {
		t.Fatalf("%d hints in English", len(english))
	}
	english = append(english, "Fill in what alpha-beta returns", "Exercise settings", "Hint: next step", "Start over", "No hint taken",
		"Solution: watch the search", "Worksheet to print", "also give α and β", "Click an edge", "see step", "Feedback", "Make this exercise",
		"Least leaf value", "could not be read", "The server could not be reached")
	for _, lang := range []string{"de", "cs"} {
		t.Run(lang, func(t *testing.T) {
			rec := httpGet(t, s, "/exercise?"+exercise42+"&lang="+lang)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET = %d", rec.Code)
			}
			body := rec.Body.String()
			for _, w := range english {
				if strings.Contains(body, w) {
					t.Errorf("lang=%s: the page still has the English %q", lang, w)
				}
			}
			p := parsePage(t, body)
			if got := attrOf(p.one("solution"), "href"); !strings.HasSuffix(got, "&lang="+lang) {
				t.Errorf("lang=%s: the solution link %q leaves the language", lang, got)
			}
		})
	}
}

// TestPredictPageLanguages: predict mode in German and Czech asks its
// questions and says its sentences in the page's language.
func TestPredictPageLanguages(t *testing.T) {
	s := newTestServer(t)
	english := []string{"Which node does the search enter next?", "Does it cut off now", "Before each step", "Yes, cut off", "No, go on",
		"Streak {streak}", "The search is over", "Start over", "Watch the search", "a number such as", "could not be read"}
	for _, lang := range []string{"de", "cs"} {
		t.Run(lang, func(t *testing.T) {
			rec := httpGet(t, s, "/exercise/predict?"+exercise42+"&lang="+lang)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET = %d", rec.Code)
			}
			for _, w := range english {
				if strings.Contains(rec.Body.String(), w) {
					t.Errorf("lang=%s: the page still has the English %q", lang, w)
				}
			}
		})
	}
}

// TestExerciseKindsAnswerInLanguage checks that every kind of exercise
// grades, and every exercise parameter is refused, in the page's language:
// fill-in and predict through the API (TestExerciseAPILanguages), and here
// the ordering exercise's verdict, the matchsticks' grading and the
// parameter errors, each in German and Czech.
func TestExerciseKindsAnswerInLanguage(t *testing.T) {
	s := newTestServer(t)
	tests := []struct {
		kind, lang, target string
		want, notEnglish   string
	}{
		{"ordering", "de", "/exercise/ordering?seed=3&check=1&goal=least", "Nicht schlechter als am Anfang (18 Blätter)", "Not worse"},
		{"ordering", "cs", "/exercise/ordering?seed=3&check=1&goal=least", "Ne hůř než na začátku (18 listů)", "Not worse"},
		{"ordering-most", "de", "/exercise/ordering?seed=3&check=1", "Blätter bewertet", "leaves evaluated"},
		{"ordering-most", "cs", "/exercise/ordering?seed=3&check=1", "ohodnoceno", "leaves evaluated"},
		{"matchsticks", "de", "/exercise/matchsticks?check=1&a.=1&a.1=x&a.2=-1&move=1", "Einige Werte sind nicht +1 oder −1: a.1.", "Some values"},
		{"matchsticks", "cs", "/exercise/matchsticks?check=1&a.=1&a.1=x&a.2=-1&move=1", "Některé hodnoty nejsou +1 ani −1: a.1.", "Some values"},
		{"fill-in parameter", "de", "/exercise?b=99", "b: Verzweigungsgrad 99 liegt nicht zwischen 2 und 8", "branching"},
		{"fill-in parameter", "cs", "/exercise?b=99", "b: větvení 99 neleží mezi 2 a 8", "branching"},
		{"predict parameter", "de", "/exercise/predict?bogus=1", "bogus: unbekannter Parameter (bekannt:", "unknown parameter"},
		{"predict parameter", "cs", "/exercise/predict?bogus=1", "bogus: neznámý parametr (známé:", "unknown parameter"},
		{"ordering goal", "de", "/exercise/ordering?goal=x", "goal: &#34;x&#34; ist kein Ziel", "is not a goal"},
		{"ordering goal", "cs", "/exercise/ordering?goal=x", "goal: &#34;x&#34; není cíl", "is not a goal"},
		{"worksheet parameter", "de", "/exercise/worksheet?d=0", "d: Tiefe 0 liegt nicht zwischen 1 und 8", "depth 0"},
		{"worksheet parameter", "cs", "/exercise/worksheet?d=0", "d: hloubka 0 neleží mezi 1 a 8", "depth 0"},
	}
	for _, tt := range tests {
		t.Run(tt.kind+" "+tt.lang, func(t *testing.T) {
			rec := httptest.NewRecorder()
			s.Echo().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.target+"&lang="+tt.lang, nil))
			body := rec.Body.String()
			if !strings.Contains(body, tt.want) {
				t.Errorf("got a page (%d) without %q, want it there", rec.Code, tt.want)
			}
			if strings.Contains(body, tt.notEnglish) {
				t.Errorf("got a page with the English %q, want none", tt.notEnglish)
			}
		})
	}
}

// TestPredictWindowsClear checks where predict mode writes a node's α and
// β: beside its answer box, as the viewer does, clear of every edge and
// of every other node's box, inside the drawing, and wide enough for
// every window the search shows, in a tree of three children and one of
// two (whose inner nodes stand closest).
func TestPredictWindowsClear(t *testing.T) {
	s := newTestServer(t)
	for _, query := range []string{exercise42, "seed=7&b=2&d=4&min_cutoffs=2"} {
		rec := httpGet(t, s, "/exercise/predict?"+query)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", query, rec.Code)
		}
		ex, _, _ := exerciseKey(t, query)
		qs, err := exercise.Questions(ex)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range qs {
			for _, w := range q.Windows {
				for _, line := range strings.Fields(w.Text) {
					if wide := view.TextEm(line) * templates.PrWindowFont; wide > templates.PrWindowW {
						t.Errorf("%s: the window line %q is %.1f wide, more than the %v it has", query, line, wide, templates.PrWindowW)
					}
				}
			}
		}
		p := parsePage(t, rec.Body.String())
		svg := p.one("ex-tree")
		vb := strings.Fields(attrOf(svg, "viewBox"))
		left, _ := strconv.ParseFloat(vb[0], 64)
		type box struct{ x0, y0, x1, y1 float64 }
		at := func(n *html.Node) (x, y float64) {
			fmt.Sscanf(attrOf(n, "transform"), "translate(%g %g)", &x, &y)
			return x, y
		}
		var boxes, windows []box
		var ids []string
		for _, g := range p.all(func(n *html.Node) bool { return n.Data == "g" && strings.Contains(attrOf(n, "class"), "pr-node") }) {
			x, y := at(g)
			if strings.Contains(attrOf(g, "class"), "leaf") {
				boxes = append(boxes, box{x - 18, y - 16, x + 18, y + 16})
				continue
			}
			boxes = append(boxes, box{x - 44, y - 18, x + 44, y + 18})
			var wx float64
			for _, c := range p.all(func(n *html.Node) bool { return n.Data == "text" && attrOf(n, "class") == "pr-window" && n.Parent == g }) {
				wx, _ = strconv.ParseFloat(attrOf(c, "x"), 64)
				if attrOf(c, "text-anchor") != "end" {
					t.Fatalf("%s: a window anchored %q", query, attrOf(c, "text-anchor"))
				}
			}
			windows = append(windows, box{x + wx - templates.PrWindowW, y - 3 - templates.PrWindowFont, x + wx, y - 3 + templates.PrWindowLine + 4})
			ids = append(ids, attrOf(g, "data-node"))
		}
		var lines [][4]float64
		for _, l := range p.all(isTag("line")) {
			var v [4]float64
			for i, a := range []string{"x1", "y1", "x2", "y2"} {
				v[i], _ = strconv.ParseFloat(attrOf(l, a), 64)
			}
			lines = append(lines, v)
		}
		for i, w := range windows {
			if w.x0 < left {
				t.Errorf("%s: the window of %q starts at x = %v, left of the drawing's %v", query, ids[i], w.x0, left)
			}
			for _, b := range boxes {
				if w.x0 < b.x1 && b.x0 < w.x1 && w.y0 < b.y1 && b.y0 < w.y1 {
					t.Errorf("%s: the window of %q %v overlaps a box %v", query, ids[i], w, b)
				}
			}
			for _, l := range lines {
				// An edge is a straight line: sampled finely enough, a
				// point of it inside the window's box means it crosses.
				for k := 0; k <= 200; k++ {
					f := float64(k) / 200
					x, y := l[0]+f*(l[2]-l[0]), l[1]+f*(l[3]-l[1])
					if x > w.x0 && x < w.x1 && y > w.y0 && y < w.y1 {
						t.Errorf("%s: an edge %v crosses the window of %q %v", query, l, ids[i], w)
						break
					}
				}
			}
		}
	}
}
