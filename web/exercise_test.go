package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/search/exercise"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// exerciseServer returns a server with every route, the exercise API
// among them.
func exerciseServer(t *testing.T) *Server {
	t.Helper()
	return New(testConfig())
}

// serveExercise serves one request through Echo, without listening.
func serveExercise(t *testing.T, s *Server, method, target, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	}
	rec := httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	return rec
}

// decodeJSON decodes a JSON answer, checking its content type.
func decodeJSON(t *testing.T, rec *httptest.ResponseRecorder, v any) {
	t.Helper()
	if ct := rec.Header().Get(echo.HeaderContentType); !strings.HasPrefix(ct, echo.MIMEApplicationJSON) {
		t.Errorf("content type %q, want JSON", ct)
	}
	if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
		t.Fatalf("the body is not JSON: %v\n%s", err, rec.Body)
	}
}

type exerciseAnswer struct {
	Tree     string         `json:"tree"`
	Seed     uint64         `json:"seed"`
	Variant  string         `json:"variant"`
	Params   map[string]any `json:"params"`
	Query    string         `json:"query"`
	Solution *struct {
		Value   trace.Num `json:"value"`
		Cutoffs int       `json:"cutoffs"`
		Leaves  int       `json:"leaves"`
	} `json:"solution"`
}

type errorAnswer struct {
	OK    *bool  `json:"ok"`
	Error string `json:"error"`
	Field string `json:"field"`
}

func TestExerciseGet(t *testing.T) {
	s := exerciseServer(t)
	const q = "/api/exercise?seed=42&b=3&d=3&min=0&max=30&min_cutoffs=3&deep=1&root=max&prune=ge&variant=A&distinct=1"
	rec := serveExercise(t, s, http.MethodGet, q, "")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET = %d, want 200\n%s", rec.Code, rec.Body)
	}
	var a exerciseAnswer
	decodeJSON(t, rec, &a)
	// The same tree as the generator gives, pinned in its golden test.
	want := "(((19 27 0) (17 1 8) (21 29 4)) ((12 9 25) (26 18 24) (5 15 30)) ((16 14 2) (6 3 23) (13 28 11)))"
	if a.Tree != want || a.Seed != 42 || a.Variant != "A" {
		t.Errorf("tree %q seed %d variant %q, want %q 42 A", a.Tree, a.Seed, a.Variant, want)
	}
	for k, v := range map[string]any{"seed": 42.0, "b": 3.0, "bmin": 3.0, "bmax": 3.0, "d": 3.0, "min": 0.0, "max": 30.0,
		"min_cutoffs": 3.0, "deep": true, "root": "max", "prune": "ge", "variant": "A", "distinct": true} {
		if a.Params[k] != v {
			t.Errorf("params[%q] = %v, want %v", k, a.Params[k], v)
		}
	}
	if a.Solution != nil || strings.Contains(rec.Body.String(), "solution") {
		t.Errorf("the solution is given without solution=1:\n%s", rec.Body)
	}
	if _, err := tree.Parse(a.Tree); err != nil {
		t.Errorf("the tree does not parse: %v", err)
	}
	// The query names the same exercise.
	again := serveExercise(t, s, http.MethodGet, "/api/exercise?"+a.Query, "")
	var b exerciseAnswer
	decodeJSON(t, again, &b)
	if b.Tree != a.Tree {
		t.Errorf("the echoed query %q gives another tree", a.Query)
	}
}

func TestExerciseGetSolution(t *testing.T) {
	s := exerciseServer(t)
	rec := serveExercise(t, s, http.MethodGet, "/api/exercise?seed=5&min_cutoffs=2&solution=1", "")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET = %d\n%s", rec.Code, rec.Body)
	}
	var a exerciseAnswer
	decodeJSON(t, rec, &a)
	p, err := exercise.ParseQuery(url.Values{"seed": {"5"}, "min_cutoffs": {"2"}})
	if err != nil {
		t.Fatal(err)
	}
	ex, err := exercise.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	if a.Solution == nil || a.Solution.Value != ex.Solution.Value || a.Solution.Cutoffs != ex.Solution.Cutoffs ||
		a.Solution.Leaves != ex.Solution.Leaves || a.Solution.Cutoffs < 2 {
		t.Errorf("solution %+v, want %+v", a.Solution, ex.Solution)
	}
}

func TestExerciseGetVariants(t *testing.T) {
	s := exerciseServer(t)
	trees := map[string]string{}
	for _, v := range []string{"A", "B", "c"} {
		rec := serveExercise(t, s, http.MethodGet, "/api/exercise?seed=42&variant="+v, "")
		var a exerciseAnswer
		decodeJSON(t, rec, &a)
		if other, dup := trees[a.Tree]; dup {
			t.Errorf("variants %s and %s get the same tree", other, v)
		}
		trees[a.Tree] = v
	}
}

func TestExerciseGetBadRequests(t *testing.T) {
	s := exerciseServer(t)
	tests := []struct{ query, field, msg string }{
		{"b=abc", "b", "not a whole number"},
		{"d=0", "d", "depth 0"},
		{"d=x", "d", "not a whole number"},
		{"min_cutoffs=40", "min_cutoffs", "at most 6"},
		{"min_cutoffs=-1", "min_cutoffs", "negative"},
		{"deep=1&d=2", "deep", "depth 3 or more"},
		{"distinct=1&max=10", "distinct", "27 leaves"},
		{"seed=-1", "seed", "whole number"},
		{"seed=18446744073709551615", "seed", "whole number from 0 to 9007199254740991"},
		{"variant=AB", "variant", "one letter"},
		{"root=left", "root", "max or min"},
		{"prune=lt", "prune", "ge"},
		{"b=3&bmin=2&bmax=3", "b", "not both"},
		{"bmin=2", "bmax", "together"},
		{"b=5&d=4", "b", "MaxLeaves"},
		{"min=4&max=4", "max", "two values"},
		{"foo=1", "foo", "unknown parameter"},
		{"seed=1&seed=2", "seed", "given 2 times"},
		{"solution=maybe", "solution", "not a flag"},
		{"b=2&d=4&min=0&max=1&min_cutoffs=6", "min_cutoffs", "MaxAttempts"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			rec := serveExercise(t, s, http.MethodGet, "/api/exercise?"+tt.query, "")
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("GET = %d, want 400\n%s", rec.Code, rec.Body)
			}
			var e errorAnswer
			decodeJSON(t, rec, &e)
			if e.Field != tt.field || !strings.Contains(e.Error, tt.msg) || !strings.HasPrefix(e.Error, tt.field+": ") {
				t.Errorf("error %q on field %q, want field %q and a message with %q", e.Error, e.Field, tt.field, tt.msg)
			}
			if e.OK == nil || *e.OK {
				t.Errorf("ok is %v, want false", e.OK)
			}
		})
	}
}

type checkAnswer struct {
	Correct bool                           `json:"correct"`
	Score   int                            `json:"score"`
	Total   int                            `json:"total"`
	Nodes   map[string]exercise.NodeResult `json:"nodes"`
}

func TestExerciseCheckTextbook(t *testing.T) {
	s := exerciseServer(t)
	body := `{"tree": "` + tree.TwoPlyGameTreePlain + `", "root": "max", "prune": "ge",
		"answers": {"": "3", "0": "3", "1": "≤ 2", "2": "2"}, "pruned": ["1.1", "1.2"]}`
	rec := serveExercise(t, s, http.MethodPost, "/api/exercise/check", body)
	if rec.Code != http.StatusOK {
		t.Fatalf("POST = %d, want 200\n%s", rec.Code, rec.Body)
	}
	var a checkAnswer
	decodeJSON(t, rec, &a)
	if !a.Correct || a.Score != 6 || a.Total != 6 {
		t.Fatalf("correct=%v score %d/%d, want true 6/6\n%s", a.Correct, a.Score, a.Total, rec.Body)
	}
	for id, n := range a.Nodes {
		if !n.OK || n.Why == "" {
			t.Errorf("node %q: %+v, want ok with a why", id, n)
		}
	}
	// The mistake of writing C's value as 2.
	body = strings.Replace(body, `"1": "≤ 2"`, `"1": "2"`, 1)
	rec = serveExercise(t, s, http.MethodPost, "/api/exercise/check", body)
	if rec.Code != http.StatusOK {
		t.Fatalf("POST = %d, want 200\n%s", rec.Code, rec.Body)
	}
	a = checkAnswer{}
	decodeJSON(t, rec, &a)
	n := a.Nodes["1"]
	if a.Correct || a.Score != 5 || n.OK || n.Want != "≤ 2" || n.Got != "2" {
		t.Errorf("correct=%v score %d/%d, node 1 %+v; want node 1 wrong, want ≤ 2, got 2", a.Correct, a.Score, a.Total, n)
	}
	if !strings.Contains(n.Why, "2 ≤ α = 3") || !strings.Contains(n.Why, "pruned") {
		t.Errorf("why %q does not mention the cutoff", n.Why)
	}
	for id, other := range a.Nodes {
		if id != "1" && !other.OK {
			t.Errorf("node %q is wrong too: %+v", id, other)
		}
	}
}

// TestExerciseRoundTrip generates an exercise over HTTP, solves it with
// the engine, and checks the solution over HTTP.
func TestExerciseRoundTrip(t *testing.T) {
	s := exerciseServer(t)
	rec := serveExercise(t, s, http.MethodGet, "/api/exercise?seed=3&b=2&d=4&root=min&prune=gt&min_cutoffs=3&deep=1", "")
	var a exerciseAnswer
	decodeJSON(t, rec, &a)
	tr, err := tree.Options{Root: trace.Min}.Parse(a.Tree)
	if err != nil {
		t.Fatal(err)
	}
	sub := map[string]any{"tree": a.Tree, "root": "min", "prune": "gt"}
	answers, pruned := map[string]any{}, []string{}
	// The engine's own answers, leaves given as JSON numbers.
	r, err := exercise.Check(exercise.Submission{Tree: a.Tree, Root: "min", Prune: "gt"})
	if err != nil {
		t.Fatal(err)
	}
	for id, n := range r.Nodes {
		if n.Want == "pruned" {
			pruned = append(pruned, id)
		} else {
			answers[id] = n.Want
		}
	}
	for n := range tr.All() {
		if n.IsLeaf() && r.Nodes[n.ID] == nil && !isBelow(n.ID, pruned) {
			answers[n.ID] = n.Value
		}
	}
	sub["answers"], sub["pruned"] = answers, pruned
	body, _ := json.Marshal(sub)
	rec = serveExercise(t, s, http.MethodPost, "/api/exercise/check", string(body))
	var c checkAnswer
	decodeJSON(t, rec, &c)
	if rec.Code != http.StatusOK || !c.Correct || c.Score != c.Total || c.Total == 0 {
		t.Errorf("POST = %d, correct=%v %d/%d\n%s", rec.Code, c.Correct, c.Score, c.Total, rec.Body)
	}
}

// isBelow reports whether id is one of ids or lies below one of them.
func isBelow(id string, ids []string) bool {
	for p, ok := id, true; ok; p, ok = trace.ParentID(p) {
		for _, x := range ids {
			if x == p {
				return true
			}
		}
	}
	return false
}

func TestExerciseCheckBadRequests(t *testing.T) {
	s := exerciseServer(t)
	const tb = `"tree": "` + tree.TwoPlyGameTreePlain + `"`
	tests := []struct{ name, body, field, msg string }{
		{"not JSON", `{"tree": `, "body", "ends before"},
		{"broken JSON", `{"tree" "x"}`, "body", "not valid JSON"},
		{"empty body", ``, "body", "empty"},
		{"not an object", `[1, 2]`, "body", "send a JSON object"},
		{"two objects", `{` + tb + `} {}`, "body", "more after the JSON object"},
		{"unknown field", `{` + tb + `, "answer": {}}`, "answer", "unknown field"},
		{"alpha at the top", `{` + tb + `, "alpha": {}}`, "alpha", "windows"},
		{"tree not a string", `{"tree": 3}`, "tree", "want a string"},
		{"answers not an object", `{` + tb + `, "answers": ["3"]}`, "answers", "want an object"},
		{"pruned not a list", `{` + tb + `, "pruned": "1.1"}`, "pruned", "want a list"},
		{"pruned of numbers", `{` + tb + `, "pruned": [1]}`, "pruned", "want a list"},
		{"answer a bool", `{` + tb + `, "answers": {"1": true}}`, `answers["1"]`, "true or false"},
		{"malformed answer", `{` + tb + `, "answers": {"1.2": "abc"}}`, `answers["1.2"]`,
			`"abc" is not a value or a bound such as 3, ≤ 2 or ≥ 5`},
		{"unknown node", `{` + tb + `, "answers": {"3": "1"}}`, `answers["3"]`, `no node "3"`},
		{"unknown pruned node", `{` + tb + `, "pruned": ["1.1", "4"]}`, "pruned[1]", `no node "4"`},
		{"window field", `{` + tb + `, "windows": {"1": {"gamma": "3"}}}`, `windows["1"]`, "alpha and beta"},
		{"window value", `{` + tb + `, "windows": {"1": {"alpha": "x"}}}`, `windows["1"].alpha`, "not a number"},
		{"missing tree", `{"answers": {}}`, "tree", "missing"},
		{"bad tree", `{"tree": "((3 12"}`, "tree", "line 1, column"},
		{"bad root", `{` + tb + `, "root": "both"}`, "root", "max or min"},
		{"gt with fail-hard", `{` + tb + `, "prune": "gt", "fail": "hard"}`, "fail", "fail-soft"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := serveExercise(t, s, http.MethodPost, "/api/exercise/check", tt.body)
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("POST = %d, want 400\n%s", rec.Code, rec.Body)
			}
			var e errorAnswer
			decodeJSON(t, rec, &e)
			if e.Field != tt.field || !strings.Contains(e.Error, tt.msg) {
				t.Errorf("error %q on field %q, want field %q and a message with %q", e.Error, e.Field, tt.field, tt.msg)
			}
		})
	}
}

func TestExerciseCheckAcceptsNumbersAndNull(t *testing.T) {
	s := exerciseServer(t)
	body := `{"tree": "` + tree.TwoPlyGameTreePlain + `", "answers": {"": 3, "0": 3.0, "1": "<=2", "2": "2", "0.0": null},
		"pruned": ["1.1", "1.2"], "windows": {"1": {"alpha": 3, "beta": "∞"}, "": {"alpha": "3", "beta": "inf"},
		"0": {"alpha": "-inf", "beta": 3}, "2": {"alpha": 3, "beta": 5}}}`
	rec := serveExercise(t, s, http.MethodPost, "/api/exercise/check", body)
	var a checkAnswer
	decodeJSON(t, rec, &a)
	if rec.Code != http.StatusOK || !a.Correct || a.Total != 14 {
		t.Errorf("POST = %d correct=%v %d/%d, want 14/14\n%s", rec.Code, a.Correct, a.Score, a.Total, rec.Body)
	}
}

// TestExerciseCheckBodyLimit: a body over the server's 64 KB limit is
// refused with a 413 in JSON.
func TestExerciseCheckBodyLimit(t *testing.T) {
	s := exerciseServer(t)
	body := `{"tree": "(` + strings.Repeat("1 ", 40_000) + `)"}`
	rec := serveExercise(t, s, http.MethodPost, "/api/exercise/check", body)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("POST of %d bytes = %d, want 413", len(body), rec.Code)
	}
	var e errorAnswer
	decodeJSON(t, rec, &e)
	if e.Error == "" {
		t.Errorf("no error message: %s", rec.Body)
	}
}

func TestExerciseMethods(t *testing.T) {
	s := exerciseServer(t)
	for _, tt := range []struct {
		method, target string
		want           int
	}{
		{http.MethodGet, "/api/exercise/check", http.StatusMethodNotAllowed},
		{http.MethodPost, "/api/exercise", http.StatusMethodNotAllowed},
	} {
		rec := serveExercise(t, s, tt.method, tt.target, "")
		if rec.Code != tt.want {
			t.Errorf("%s %s = %d, want %d", tt.method, tt.target, rec.Code, tt.want)
		}
	}
}
