package main

import (
	"encoding/json"
	"github.com/abtrace/abtrace/search/tree"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// The live classroom survives a restart of the real server: a room, a
// deck and answers made over HTTP and the websocket, the server stopped
// with SIGTERM and started again on the same SQLite file; the room is at
// its step, the deck and the answers are there (a reconnecting student
// sees their answer kept), the CSV lists them, and the class goes on.
func TestRoomsSurviveARestart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "rooms.db")
	s := startServer(t, "--db", db)
	var room struct{ Code, Secret string }
	postJSON(t, s.url+"/api/rooms", `{"scenario":"tree=`+tree.TwoPlyGameTreePlain+`&algo=alphabeta"}`, http.StatusCreated, &room)
	var deck struct{ ID string }
	postJSON(t, s.url+"/api/decks", `{"version":1,"title":"Lecture 3","slides":[{"scenario":"tree=(1 2)","step":1}]}`, http.StatusCreated, &deck)

	lect := roomSocket(t, s, map[string]any{"code": room.Code, "secret": room.Secret})
	ada := roomSocket(t, s, map[string]any{"code": room.Code, "nick": "Ada", "student": "token-of-ada"})
	for range 3 {
		lect.send(t, `{"v":1,"cmd":"step","n":1}`)
	}
	for seq := 1.0; seq <= 3; seq++ {
		if m := ada.next(t, "room"); m["seq"] != seq {
			t.Fatalf("step %v: %v", seq, m)
		}
	}
	lect.send(t, `{"v":1,"cmd":"ask","ask":{"kind":"enter"}}`)
	q := ada.next(t, "room")["question"].(map[string]any)
	ada.send(t, `{"v":1,"cmd":"answer","question":`+jsonNumber(q["id"])+`,"answer":"1"}`)
	if m := ada.next(t, "answered"); m["answer"] != "1" {
		t.Fatalf("answered: %v", m)
	}
	lect.conn.Close()
	ada.conn.Close()

	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := s.wait(t, 20*time.Second); err != nil {
		t.Fatalf("the server's exit after SIGTERM: %v", err)
	}

	s = startServer(t, "--db", db)
	var info map[string]any
	getJSON(t, s.url+"/api/rooms/"+room.Code, &info)
	if info["step"] != 3.0 || info["code"] != room.Code {
		t.Fatalf("the room after the restart: %v", info)
	}
	resp, err := http.Get(s.url + "/api/decks/" + deck.ID)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), "Lecture 3") {
		t.Fatalf("the deck after the restart: %d %s", resp.StatusCode, b)
	}
	resp, err = http.PostForm(s.url+"/api/rooms/"+room.Code+"/answers.csv", url.Values{"secret": {room.Secret}, "by": {"question"}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), "Ada") {
		t.Fatalf("the answers' CSV after the restart: %d %s", resp.StatusCode, b)
	}
	ada = roomSocket(t, s, map[string]any{"code": room.Code, "nick": "Ada", "student": "token-of-ada"})
	if ada.first["step"] != 3.0 || ada.first["mine"] != "1" || ada.first["question"] == nil {
		t.Fatalf("Ada's snapshot after the restart: %v", ada.first)
	}
	lect = roomSocket(t, s, map[string]any{"code": room.Code, "secret": room.Secret})
	lect.send(t, `{"v":1,"cmd":"step","n":1}`)
	if m := ada.next(t, "room"); m["step"] != 4.0 || m["seq"] != 5.0 {
		t.Fatalf("the class goes on after the restart: %v", m)
	}
}

func postJSON(t *testing.T, u, body string, want int, out any) {
	t.Helper()
	resp, err := http.Post(u, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		t.Fatalf("POST %s: %d %s", u, resp.StatusCode, b)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
}

func getJSON(t *testing.T, u string, out any) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", u, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}

func jsonNumber(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// roomConn is a websocket following a room; first is its snapshot.
type roomConn struct {
	conn  *websocket.Conn
	first map[string]any
}

func roomSocket(t *testing.T, s *server, follow map[string]any) *roomConn {
	t.Helper()
	h := http.Header{}
	h.Set("Origin", s.url)
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.url, "http")+"/ws", h)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	c := &roomConn{conn: conn}
	follow["v"], follow["cmd"] = 1, "follow"
	b, _ := json.Marshal(follow)
	c.send(t, string(b))
	c.first = c.next(t, "room")
	return c
}

func (c *roomConn) send(t *testing.T, msg string) {
	t.Helper()
	if err := c.conn.WriteMessage(websocket.TextMessage, []byte(msg)); err != nil {
		t.Fatal(err)
	}
}

// next reads the next message of type typ (an error fails the test).
func (c *roomConn) next(t *testing.T, typ string) map[string]any {
	t.Helper()
	for {
		c.conn.SetReadDeadline(time.Now().Add(20 * time.Second))
		_, b, err := c.conn.ReadMessage()
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		var m map[string]any
		json.Unmarshal(b, &m)
		if m["type"] == "error" && typ != "error" {
			t.Fatalf("error: %v", m)
		}
		if m["type"] == typ {
			return m
		}
	}
}
