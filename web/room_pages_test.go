package web

import (
	"github.com/abtrace/abtrace/search/tree"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// startFrom presses the "start a room" button of the page at target: it
// posts the form's scenario, and returns the room's code and secret from
// the address the lecturer is sent to.
func startFrom(t *testing.T, s *Server, target string) (code, secret string) {
	t.Helper()
	page := get(t, s, target)
	m := regexp.MustCompile(`<form method="post" action="/rooms\?lang=(\w+)" class="start-room"><input type="hidden" name="scenario" value="([^"]*)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("%s has no start-a-room button", target)
	}
	form := url.Values{"scenario": {html.UnescapeString(m[2])}}
	req := httptest.NewRequest(http.MethodPost, "/rooms?lang="+m[1], strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	loc := rec.Header().Get("Location")
	got := regexp.MustCompile(`^/room/(\w+)\?lang=\w+#secret=(.+)$`).FindStringSubmatch(loc)
	if rec.Code != http.StatusSeeOther || got == nil {
		t.Fatalf("start a room from %s: %d %q %s", target, rec.Code, loc, rec.Body)
	}
	secret, _ = url.QueryUnescape(got[2])
	return got[1], secret
}

func get(t *testing.T, s *Server, target string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", target, rec.Code, rec.Body)
	}
	return rec.Body.String()
}

// A room started from the comparison page: its page is the comparison's,
// every follower gets the panes at the lecturer's step (the panes
// messages the stage makes once), a student explores the comparison on
// their own and comes back, and a question is about the first pane (the
// worst ordering here, whose next node differs from the natural one's).
func TestRoomOnComparison(t *testing.T) {
	s := roomServer(t)
	srv := httptest.NewServer(s.Echo())
	defer srv.Close()
	const cmpQuery = "tree=" + tree.TwoPlyGameTreePlain + "&orders=worst,natural&by=event"
	code, secret := startFrom(t, s, "/compare?"+strings.ReplaceAll(cmpQuery, " ", "+"))
	page := get(t, s, "/room/"+code+"?lang=de")
	for _, want := range []string{`id="compare"`, `data-testid="room"`, `data-testid="room-about"`, "ersten Spalte", `data-code="` + code + `"`} {
		if !strings.Contains(page, want) {
			t.Fatalf("the room's comparison page has no %s", want)
		}
	}
	if strings.Contains(page, `data-testid="start-room"`) {
		t.Fatal("a room's page offers to start another room")
	}
	lect := roomClient{dial(t, srv)}
	lect.send(map[string]any{"v": 1, "cmd": "follow", "code": code, "secret": secret})
	if m := lect.next("room"); m["kind"] != "snapshot" || m["picture"].(map[string]any)["type"] != "panes" {
		t.Fatalf("lecturer's snapshot: %v", m)
	}
	stu := roomClient{dial(t, srv)}
	stu.send(map[string]any{"v": 1, "cmd": "follow", "code": code, "nick": "Ada", "student": "token-of-Ada"})
	stu.next("room")
	for i := 1; i <= 3; i++ {
		lect.send(`{"v":1,"cmd":"step","n":1}`)
		m := stu.next("room")
		pic := m["picture"].(map[string]any)
		cmp := pic["compare"].(map[string]any)
		if m["step"] != float64(i) || pic["type"] != "panes" || cmp["step"] != float64(i) || len(cmp["panes"].([]any)) != 2 {
			t.Fatalf("step %d: %v", i, m)
		}
	}
	lect.send(`{"v":1,"cmd":"back","n":2}`)
	if m := stu.next("room"); m["step"] != 1.0 {
		t.Fatalf("back: %v", m)
	}
	lect.send(`{"v":1,"cmd":"ask","ask":{"kind":"enter"}}`)
	q := stu.next("room")["question"].(map[string]any)
	stu.send(map[string]any{"v": 1, "cmd": "answer", "question": q["id"], "answer": "0"})
	stu.next("answered")
	lect.send(`{"v":1,"cmd":"reveal"}`)
	rv := stu.next("room")["reveal"].(map[string]any)
	if right := rv["right"].([]any); len(right) != 1 || right[0] != "1" {
		t.Fatalf("the next node the worst ordering enters: %v", rv)
	}
	stu.send(`{"v":1,"cmd":"compare","query":"` + cmpQuery + `","step":3}`)
	if m := stu.next("panes"); m["compare"].(map[string]any)["step"] != 3.0 {
		t.Fatalf("exploring: %v", m)
	}
	stu.send(`{"v":1,"cmd":"rejoin"}`)
	if m := stu.next("room"); m["kind"] != "snapshot" || m["step"] != 1.0 || m["picture"].(map[string]any)["type"] != "panes" {
		t.Fatalf("back to the lecturer: %v", m)
	}
}

// A room started from an exercise page is on the exercise's search in the
// viewer: its page draws the exercise's tree at the lecturer's step.
func TestRoomOnExercise(t *testing.T) {
	s := roomServer(t)
	for _, target := range []string{"/exercise?seed=7&b=2&d=3&lang=cs", "/exercise/predict?seed=7&b=2&d=3", "/exercise/ordering?seed=7&b=2&d=3", "/exercise/matchsticks"} {
		code, _ := startFrom(t, s, target)
		page := get(t, s, "/room/"+code)
		if !strings.Contains(page, `data-testid="room"`) || !strings.Contains(page, `id="tree"`) {
			t.Fatalf("the room of %s is no viewer", target)
		}
	}
	plain := New(testConfig())
	if strings.Contains(get(t, plain, "/exercise?seed=7&b=2&d=3"), "start-room") {
		t.Fatal("a server without rooms offers to start one")
	}
}

// A deck's slide that changes the scenario sends every follower the new
// scenario's page, drawn by the server in the follower's language (a
// "scene", which the page swaps in without a reload); here the second
// slide is a comparison, whose steps then come as panes.
func TestRoomSlideSendsTheScene(t *testing.T) {
	s := roomServer(t)
	srv := httptest.NewServer(s.Echo())
	defer srv.Close()
	deck := `{"version":1,"title":"Two","slides":[{"scenario":"tree=(1 2)&algo=minimax&lang=en","step":1},` +
		`{"scenario":"tree=((3 12 8) (2 4 6))&orders=natural,best&by=event&stage=compare&lang=en","step":2}]}`
	status, out := doJSON(t, s, http.MethodPost, "/api/decks", deck)
	if status != http.StatusCreated {
		t.Fatalf("POST /api/decks: %d %v", status, out)
	}
	// The deck's page opens a comparison's slide in the comparison.
	if page := get(t, s, "/deck/"+out["id"].(string)); !strings.Contains(page, `href="/compare?`) || !strings.Contains(page, "natural,best") {
		t.Fatal("the deck's page has no link to the comparison's slide")
	}
	status, out = doJSON(t, s, http.MethodPost, "/api/decks/"+out["id"].(string)+"/rooms", "")
	if status != http.StatusCreated {
		t.Fatalf("a room on the deck: %d %v", status, out)
	}
	code, secret := out["code"].(string), out["secret"].(string)
	lect := roomClient{dial(t, srv)}
	lect.send(map[string]any{"v": 1, "cmd": "follow", "code": code, "secret": secret})
	lect.next("room")
	var students []roomClient
	for _, lang := range []string{"en", "de"} {
		conn, err := dialFromIn(srv, "127.0.0.1", lang)
		if err != nil {
			t.Fatal(err)
		}
		c := roomClient{&wsClient{t: t, conn: conn}}
		c.send(map[string]any{"v": 1, "cmd": "follow", "code": code, "nick": "N" + lang, "student": "token-of-" + lang})
		c.next("room")
		students = append(students, c)
	}
	lect.send(`{"v":1,"cmd":"slide","n":1}`)
	for i, want := range []string{"the first pane", "der ersten Spalte"} {
		m := students[i].next("room")
		pic := m["picture"].(map[string]any)
		page, _ := pic["html"].(string)
		if m["kind"] != "slide" || pic["type"] != "scene" || m["step"] != 2.0 {
			t.Fatalf("the slide: %v %v", m["kind"], pic["type"])
		}
		for _, w := range []string{`id="compare"`, `data-code="` + code + `"`, want, `data-step="2"`} {
			if !strings.Contains(page, w) {
				t.Fatalf("the slide's page has no %s", w)
			}
		}
	}
	lect.send(`{"v":1,"cmd":"step","n":1}`)
	if m := students[1].next("room"); m["step"] != 3.0 || m["picture"].(map[string]any)["type"] != "panes" {
		t.Fatalf("a step of the comparison's slide: %v", m)
	}
	students[0].next("room")
	lect.send(`{"v":1,"cmd":"slide","n":0}`)
	if m := students[0].next("room"); m["picture"].(map[string]any)["type"] != "scene" || !strings.Contains(m["picture"].(map[string]any)["html"].(string), `id="tree"`) {
		t.Fatalf("back to the first slide: %v", m["kind"])
	}
}

// A page of another site may not start, change or delete rooms and decks
// (the Origin check, as for the websocket); the server's own pages and
// scripts without an Origin may.
func TestRoomRoutesCheckTheOrigin(t *testing.T) {
	s := roomServer(t)
	for _, c := range []struct {
		method, target, body, origin string
		want                         int
	}{
		{http.MethodPost, "/api/rooms", `{"scenario":"` + roomScenario + `"}`, "http://elsewhere.example", http.StatusForbidden},
		{http.MethodPost, "/api/rooms", `{"scenario":"` + roomScenario + `"}`, "http://example.com", http.StatusCreated},
		{http.MethodPost, "/api/rooms", `{"scenario":"` + roomScenario + `"}`, "", http.StatusCreated},
		{http.MethodPost, "/rooms?lang=de", "", "http://elsewhere.example", http.StatusForbidden},
		{http.MethodPost, "/api/decks", `{}`, "null", http.StatusForbidden},
		{http.MethodDelete, "/api/rooms/ABCDEF", "", "http://elsewhere.example", http.StatusForbidden},
	} {
		req := httptest.NewRequest(c.method, c.target, strings.NewReader(c.body))
		req.Header.Set("Content-Type", "application/json")
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		if rec.Code != c.want {
			t.Fatalf("%s %s from %q: %d, want %d (%s)", c.method, c.target, c.origin, rec.Code, c.want, rec.Body)
		}
		if c.want == http.StatusForbidden && !strings.Contains(rec.Body.String(), "site") && !strings.Contains(rec.Body.String(), "Website") {
			t.Fatalf("the refusal says not why: %s", rec.Body)
		}
	}
}
