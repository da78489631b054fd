package web

import (
	"context"
	"encoding/json"
	"github.com/abtrace/abtrace/search/tree"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/abtrace/abtrace/classroom"
	"github.com/abtrace/abtrace/classroom/store"
)

// roomServer is a server with a classroom on a SQLite file of the test's.
func roomServer(t testing.TB) *Server {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	cr, err := NewClassroom(classroom.Options{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	cfg.Classroom = cr
	s := New(cfg)
	t.Cleanup(func() {
		s.Hub().Close(context.Background())
		cr.Close()
		st.Close()
	})
	return s
}

const roomScenario = "tree=" + tree.TwoPlyGameTreePlain + "&algo=alphabeta"

func doJSON(t testing.TB, s *Server, method, target, body string) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	var out map[string]any
	json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out
}

func createRoom(t testing.TB, s *Server) (code, secret string) {
	t.Helper()
	status, out := doJSON(t, s, http.MethodPost, "/api/rooms", `{"scenario":"`+roomScenario+`"}`)
	if status != http.StatusCreated {
		t.Fatalf("POST /api/rooms: %d %v", status, out)
	}
	return out["code"].(string), out["secret"].(string)
}

func TestRoomAPI(t *testing.T) {
	s := roomServer(t)
	status, out := doJSON(t, s, http.MethodPost, "/api/rooms", `{"scenario":"`+roomScenario+`"}`)
	if status != http.StatusCreated {
		t.Fatalf("POST /api/rooms: %d %v", status, out)
	}
	code, secret := out["code"].(string), out["secret"].(string)
	if len(code) != classroom.CodeLen || len(secret) < 32 || out["join"] != "http://example.com/join?code="+code {
		t.Fatalf("created: %v", out)
	}
	status, out = doJSON(t, s, http.MethodGet, "/api/rooms/"+strings.ToLower(code), "")
	if status != http.StatusOK || out["code"] != code || out["scenario"] != roomScenario || out["step"] != 0.0 || out["followers"] != 0.0 {
		t.Fatalf("GET /api/rooms/%s: %d %v", code, status, out)
	}
	if _, ok := out["secret"]; ok || len(out) != 4 {
		t.Fatalf("GET /api/rooms/CODE says more than code, scenario, step and followers: %v", out)
	}
	for _, tc := range []struct{ body, want string }{
		{`{"scenario":"algo=nope"}`, "unknown algorithm"},
		{`{"scenario":"tree=((1 2)"}`, "line 1"},
		{`{"scenery":"x"}`, "scenery"},
		{`not json`, "scenario"},
	} {
		status, out := doJSON(t, s, http.MethodPost, "/api/rooms", tc.body)
		if status != http.StatusBadRequest || !strings.Contains(out["error"].(string), tc.want) {
			t.Errorf("%s: got %d %v, want 400 naming %q", tc.body, status, out, tc.want)
		}
	}
	if status, out := doJSON(t, s, http.MethodGet, "/api/rooms/ZZZZZZ", ""); status != http.StatusNotFound || out["error"] == "" {
		t.Fatalf("a room that is not: %d %v", status, out)
	}
	// The QR code is an SVG of the join link.
	rec := httpGet(t, s, "/room/"+code+"/qr.svg")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(rec.Body.String(), "<svg") {
		t.Fatalf("qr.svg: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	// The room's page is the viewer's, with the room's bar.
	rec = httpGet(t, s, "/room/"+code+"?nick=Ada&lang=de")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `data-testid="room-code">`+code) || !strings.Contains(rec.Body.String(), "Selbst erkunden") {
		t.Fatalf("room page: %d", rec.Code)
	}
	// Join: a wrong code is said in the page's language, what was typed kept.
	rec = httpGet(t, s, "/join?code=ZZZZZZ&nick=Ada&lang=cs")
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "žádná místnost") || !strings.Contains(rec.Body.String(), `value="Ada"`) {
		t.Fatalf("join with a wrong code: %d", rec.Code)
	}
	rec = httpGet(t, s, "/join?code="+code+"&nick=")
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "nickname") {
		t.Fatalf("join without a nickname: %d", rec.Code)
	}
	rec = httpGet(t, s, "/join?code="+code+"&nick=Ada")
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/room/"+code+"?") {
		t.Fatalf("join: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	// CSV needs the secret; deleting too.
	form := url.Values{"secret": {"nope"}, "by": {"student"}}
	req := httptest.NewRequest(http.MethodPost, "/api/rooms/"+code+"/answers.csv", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec = httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden {
		t.Fatalf("CSV without the secret: %d", rec.Code)
	}
	form.Set("secret", secret)
	req = httptest.NewRequest(http.MethodPost, "/api/rooms/"+code+"/answers.csv", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec = httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || rec.Body.String() != "nickname,right\n" {
		t.Fatalf("CSV: %d %q", rec.Code, rec.Body.String())
	}
	req = httptest.NewRequest(http.MethodDelete, "/api/rooms/"+code, nil)
	req.Header.Set("X-Abtrace-Secret", secret)
	rec = httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	if rec.Code != http.StatusNoContent {
		t.Fatalf("DELETE: %d", rec.Code)
	}
	if status, _ := doJSON(t, s, http.MethodGet, "/api/rooms/"+code, ""); status != http.StatusNotFound {
		t.Fatalf("a deleted room: %d", status)
	}
}

// Starting rooms and joining are rate-limited per client address.
func TestRoomRateLimit(t *testing.T) {
	s := roomServer(t)
	var last int
	for range classroom.JoinBurst + 1 {
		last, _ = doJSON(t, s, http.MethodPost, "/api/rooms", `{"scenario":"`+roomScenario+`"}`)
	}
	if last != http.StatusTooManyRequests {
		t.Fatalf("the %d-th room at once: %d, want 429", classroom.JoinBurst+1, last)
	}
}

func TestRoomDeckAPI(t *testing.T) {
	s := roomServer(t)
	deck := `{"version":1,"title":"Lecture 3","slides":[{"scenario":"tree=(1 2)","step":1},{"scenario":"` + roomScenario + `","step":5,"question":{"kind":"pruned"}}]}`
	status, out := doJSON(t, s, http.MethodPost, "/api/decks", deck)
	if status != http.StatusCreated {
		t.Fatalf("POST /api/decks: %d %v", status, out)
	}
	id := out["id"].(string)
	rec := httpGet(t, s, "/api/decks/"+id)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"title": "Lecture 3"`) {
		t.Fatalf("GET the deck: %d %s", rec.Code, rec.Body.String())
	}
	status, out = doJSON(t, s, http.MethodPost, "/api/decks/"+id+"/rooms", "")
	if status != http.StatusCreated {
		t.Fatalf("a room on the deck: %d %v", status, out)
	}
	if status, info := doJSON(t, s, http.MethodGet, "/api/rooms/"+out["code"].(string), ""); status != http.StatusOK || info["step"] != 1.0 {
		t.Fatalf("the deck room: %d %v", status, info)
	}
	if status, out := doJSON(t, s, http.MethodPost, "/api/decks", `{"version":1,"title":"x","slides":[{"scenario":"tree=(1 2)","step":-1}]}`); status != http.StatusBadRequest || !strings.Contains(out["error"].(string), "slides[0].step") {
		t.Fatalf("a bad deck: %d %v", status, out)
	}
}

// roomClient is a page's websocket in a room.
type roomClient struct {
	*wsClient
}

// next reads the next message whose type is typ, skipping others.
func (c roomClient) next(typ string) map[string]any {
	c.t.Helper()
	for {
		c.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, b, err := c.conn.ReadMessage()
		if err != nil {
			c.t.Fatalf("read: %v", err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			c.t.Fatal(err)
		}
		if m["type"] == typ {
			return m
		}
	}
}

// The rooms over the viewer's websocket: a lecturer and students follow,
// the lecturer's steps reach everyone numbered, with the viewer's own
// patches; a student's step is refused; a question is answered once per
// student; the histogram and the reveal.
func TestRoomOverWebsocket(t *testing.T) {
	s := roomServer(t)
	srv := httptest.NewServer(s.Echo())
	defer srv.Close()
	code, secret := createRoom(t, s)
	lect := roomClient{dial(t, srv)}
	lect.send(map[string]any{"v": 1, "cmd": "follow", "code": code, "secret": secret})
	if m := lect.next("room"); m["kind"] != "snapshot" || m["picture"].(map[string]any)["type"] != "frame" {
		t.Fatalf("lecturer's snapshot: %v", m)
	}
	var students []roomClient
	for _, nick := range []string{"Ada", "Bo", "Cy"} {
		c := roomClient{dial(t, srv)}
		c.send(map[string]any{"v": 1, "cmd": "follow", "code": code, "nick": nick, "student": "token-of-" + nick})
		c.next("room")
		students = append(students, c)
	}
	for i := 1; i <= 10; i++ {
		lect.send(`{"v":1,"cmd":"step","n":1}`)
		for _, c := range append(students, lect) {
			m := c.next("room")
			pic := m["picture"].(map[string]any)
			if m["seq"] != float64(i) || m["step"] != float64(i) || pic["type"] != "patch" {
				t.Fatalf("step %d: %v", i, m)
			}
		}
	}
	students[0].send(`{"v":1,"cmd":"step","n":1}`)
	if m := students[0].next("error"); !strings.Contains(m["error"].(string), "lecturer") {
		t.Fatalf("a student's step: %v", m)
	}
	students[0].send(`{"v":1,"cmd":"ask","ask":{"kind":"enter"}}`)
	if m := students[0].next("error"); !strings.Contains(m["error"].(string), "lecturer") {
		t.Fatalf("a student's question: %v", m)
	}
	students[0].send(`{"v":1,"cmd":"step","n":1,"query":"` + strings.Repeat("x", MaxFollowerMessage) + `"}`)
	if m := students[0].next("error"); !strings.Contains(m["error"].(string), "bytes") {
		t.Fatalf("a student's long message: %v", m)
	}
	lect.send(`{"v":1,"cmd":"ask","ask":{"kind":"enter"}}`)
	var qid float64
	for _, c := range students {
		m := c.next("room")
		q := m["question"].(map[string]any)
		qid = q["id"].(float64)
		if m["kind"] != "ask" || q["taps"] != true {
			t.Fatalf("question: %v", m)
		}
	}
	for i, c := range students {
		c.send(map[string]any{"v": 1, "cmd": "answer", "question": qid, "answer": []string{"0.2", "0.2", "1"}[i]})
		if m := c.next("answered"); m["answer"] == "" {
			t.Fatalf("answered: %v", m)
		}
	}
	students[0].send(map[string]any{"v": 1, "cmd": "answer", "question": qid, "answer": "1"})
	if m := students[0].next("error"); !strings.Contains(m["error"].(string), "already") {
		t.Fatalf("a second answer: %v", m)
	}
	for {
		h := lect.next("histogram")
		if h["answers"] == 3.0 {
			break
		}
	}
	// A late joiner sees the step and the question at once.
	late := roomClient{dial(t, srv)}
	late.send(map[string]any{"v": 1, "cmd": "follow", "code": code, "nick": "Dee", "student": "token-of-Dee"})
	if m := late.next("room"); m["step"] != 10.0 || m["question"] == nil {
		t.Fatalf("late joiner: %v", m)
	}
	// A student explores on their own cursor and comes back.
	students[1].send(`{"v":1,"cmd":"load","query":"` + roomScenario + `","step":2}`)
	if m := students[1].next("frame"); m["frame"].(map[string]any)["step"] != 2.0 {
		t.Fatalf("exploring: %v", m)
	}
	students[1].send(`{"v":1,"cmd":"step","n":1}`)
	students[1].next("patch")
	students[1].send(`{"v":1,"cmd":"rejoin"}`)
	if m := students[1].next("room"); m["kind"] != "snapshot" || m["step"] != 10.0 || m["mine"] != "0.2" {
		t.Fatalf("back to the lecturer: %v", m)
	}
	lect.send(`{"v":1,"cmd":"reveal"}`)
	m := students[2].next("room")
	rv := m["reveal"].(map[string]any)
	if m["kind"] != "reveal" || rv["right"].([]any)[0] != "0.2" || !strings.HasPrefix(rv["explain"].(string), "It enters") {
		t.Fatalf("reveal: %v", m)
	}
	if s.Hub().Sessions() != 5 {
		t.Fatalf("sessions: %d", s.Hub().Sessions())
	}
	for _, c := range append(students, lect, late) {
		c.conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""))
		c.conn.Close()
	}
}

// TestStartRoomScenario: the viewer's "start a room" form carries the
// page's scenario itself when it is short, and leaves it to the script
// (from the page's starting state) when it is longer than
// templates.MaxInlineRoomQuery, so a large typed tree stands in the page once.
func TestStartRoomScenario(t *testing.T) {
	s := New(testConfig())
	short := httpGet(t, s, "/view?"+url.Values{"tree": {tree.TwoPlyGameTreePlain}}.Encode()).Body.String()
	if !strings.Contains(short, `name="scenario" value="lang=en&amp;tree=`) {
		t.Errorf("short tree: the start-room form does not carry the scenario")
	}
	long := httpGet(t, s, "/view?"+url.Values{"tree": {uniformTree(4, 6)}}.Encode()).Body.String()
	if !strings.Contains(long, `name="scenario" value=""`) {
		t.Errorf("long tree: the start-room form carries the scenario, want it left to the script")
	}
}
