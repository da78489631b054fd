package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testStores opens each store the test can reach: SQLite always,
// PostgreSQL when ABTRACE_TEST_POSTGRES names a database (.ci/run starts
// one; without it the PostgreSQL half skips, and fails in CI).
func testStores(t *testing.T) map[string]func(t *testing.T) Store {
	return map[string]func(t *testing.T) Store{
		"sqlite": func(t *testing.T) Store {
			s, err := OpenSQLite(t.Context(), filepath.Join(t.TempDir(), "sub", "c.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		},
		"postgres": func(t *testing.T) Store {
			return Postgres(t)
		},
	}
}

// Postgres opens the test's PostgreSQL store, emptied, or skips.
func Postgres(t testing.TB) Store {
	dsn := os.Getenv("ABTRACE_TEST_POSTGRES")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("ABTRACE_TEST_POSTGRES is not set: .ci/run starts PostgreSQL and sets it")
		}
		t.Skip("ABTRACE_TEST_POSTGRES is not set (a PostgreSQL URL)")
	}
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	for _, tab := range []string{"answers", "questions", "rooms", "decks"} {
		if _, err := s.(*db).sql.Exec("DELETE FROM " + tab); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestStore(t *testing.T) {
	for name, open := range testStores(t) {
		t.Run(name, func(t *testing.T) {
			s := open(t)
			ctx := t.Context()
			now := time.UnixMilli(time.Now().UnixMilli()).UTC()
			r := Room{Code: "ABC234", SecretHash: "h", Scenario: "tree=((3 12 8) (2 4 6))", Step: 0, Created: now, Expires: now.Add(time.Hour)}
			if err := s.SaveRoom(ctx, r); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Room(ctx, "ZZZZZZ"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("missing room: got %v, want ErrNotFound", err)
			}
			if err := s.SetStep(ctx, "ABC234", 7, 3, 1, "tree=(1 2)", now.Add(2*time.Hour)); err != nil {
				t.Fatal(err)
			}
			if err := s.SetStep(ctx, "ZZZZZZ", 7, 3, 1, "", now); !errors.Is(err, ErrNotFound) {
				t.Fatalf("step of a missing room: got %v, want ErrNotFound", err)
			}
			got, err := s.Room(ctx, "ABC234")
			if err != nil {
				t.Fatal(err)
			}
			want := r
			want.Step, want.Seq, want.Slide, want.Scenario, want.Expires = 7, 3, 1, "tree=(1 2)", now.Add(2*time.Hour)
			if got != want {
				t.Fatalf("room: got %+v, want %+v", got, want)
			}
			q := Question{Room: "ABC234", ID: 1, Step: 7, Scenario: "tree=(1 2)", Spec: []byte(`{"kind":"enter"}`), Asked: now}
			if err := s.SaveQuestion(ctx, q); err != nil {
				t.Fatal(err)
			}
			q.Revealed = true
			if err := s.SaveQuestion(ctx, q); err != nil {
				t.Fatal(err)
			}
			qs, err := s.Questions(ctx, "ABC234")
			if err != nil || len(qs) != 1 || !qs[0].Revealed || string(qs[0].Spec) != `{"kind":"enter"}` {
				t.Fatalf("questions: got %+v, %v", qs, err)
			}
			a := Answer{Room: "ABC234", Question: 1, Student: "s1", Nick: "Ada", Given: "1.0", Right: true, At: now}
			if err := s.SaveAnswer(ctx, a); err != nil {
				t.Fatal(err)
			}
			a2 := a
			a2.Given = "0"
			if err := s.SaveAnswer(ctx, a2); !errors.Is(err, ErrDuplicate) {
				t.Fatalf("second answer: got %v, want ErrDuplicate", err)
			}
			b := Answer{Room: "ABC234", Question: 1, Student: "s2", Nick: "Bo", Given: "0", At: now.Add(time.Second)}
			if err := s.SaveAnswer(ctx, b); err != nil {
				t.Fatal(err)
			}
			as, err := s.Answers(ctx, "ABC234")
			if err != nil || len(as) != 2 || as[0] != a || as[1] != b {
				t.Fatalf("answers: got %+v, %v; want %+v, %+v", as, err, a, b)
			}
			d := Deck{ID: "d1", Title: "Lecture 3", Body: []byte(`{"slides":[]}`), Created: now}
			if err := s.SaveDeck(ctx, d); err != nil {
				t.Fatal(err)
			}
			if gd, err := s.Deck(ctx, "d1"); err != nil || gd.Title != d.Title || string(gd.Body) != string(d.Body) {
				t.Fatalf("deck: got %+v, %v", gd, err)
			}
			if _, err := s.Deck(ctx, "nope"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("missing deck: got %v", err)
			}
			// Purge keeps what expired less than Retention ago.
			old := Room{Code: "OLD234", SecretHash: "h", Created: now, Expires: now.Add(-Retention - time.Minute)}
			if err := s.SaveRoom(ctx, old); err != nil {
				t.Fatal(err)
			}
			if err := s.SaveAnswer(ctx, Answer{Room: "OLD234", Question: 1, Student: "s1", Nick: "x", At: now}); err != nil {
				t.Fatal(err)
			}
			if n, err := s.Purge(ctx, now); err != nil || n != 1 {
				t.Fatalf("purge: got %d, %v; want 1", n, err)
			}
			if _, err := s.Room(ctx, "OLD234"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("purged room: got %v", err)
			}
			if as, _ := s.Answers(ctx, "OLD234"); len(as) != 0 {
				t.Fatalf("purged answers: got %d", len(as))
			}
			if err := s.DeleteRoom(ctx, "ABC234"); err != nil {
				t.Fatal(err)
			}
			if as, _ := s.Answers(ctx, "ABC234"); len(as) != 0 {
				t.Fatalf("deleted room's answers: got %d", len(as))
			}
			if qs, _ := s.Questions(ctx, "ABC234"); len(qs) != 0 {
				t.Fatalf("deleted room's questions: got %d", len(qs))
			}
		})
	}
}

func TestOpenPicksTheDatabase(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.db")
	s, err := Open(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("the SQLite file was not made: %v", err)
	}
	if _, err := Open(t.Context(), "postgres://nobody@127.0.0.1:1/none?connect_timeout=1"); err == nil || !strings.Contains(err.Error(), "PostgreSQL") {
		t.Fatalf("an unreachable PostgreSQL: got %v", err)
	}
	if !strings.HasSuffix(DefaultPath(), filepath.Join("abtrace", "classroom.db")) {
		t.Fatalf("DefaultPath: got %s", DefaultPath())
	}
}
