package classroom

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
)

var jsonUnmarshal = json.Unmarshal

func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"K7M2QX", "k7m-2qx", "", "O0I1L!", "ÄÖÜ234", "ABCDEFG"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCode(s)
		if err != nil {
			return
		}
		if len(c) != CodeLen {
			t.Fatalf("ParseCode(%q) = %q: not %d characters", s, c, CodeLen)
		}
		if again, err := ParseCode(c); err != nil || again != c {
			t.Fatalf("ParseCode(%q) = %q, then %q, %v", s, c, again, err)
		}
	})
}

func FuzzParseDeck(f *testing.F) {
	f.Add([]byte(`{"version":1,"title":"L3","slides":[{"scenario":"tree=(1 2)","step":1,"question":{"kind":"enter"}}]}`))
	f.Add([]byte(`{"version":1,"title":"L3","slides":[{"scenario":"tree=(1 2)","question":{"kind":"choice","prompt":"?","options":["a","b"],"correct":1}}]}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := ParseDeck(bytes.NewReader(b))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := d.Export(&out); err != nil {
			t.Fatal(err)
		}
		if _, err := ParseDeck(&out); err != nil {
			t.Fatalf("an exported deck does not parse: %v", err)
		}
	})
}

// FuzzQuestion checks questions as a lecturer's page sends them, and
// answers as a student's does: nothing panics, and a checked question's
// every answer is graded or refused with an error.
func FuzzQuestion(f *testing.F) {
	f.Add([]byte(`{"kind":"enter"}`), "0", 0)
	f.Add([]byte(`{"kind":"value","node":"1"}`), "≤ 2", 0)
	f.Add([]byte(`{"kind":"alpha","node":"1"}`), "-inf", 3)
	f.Add([]byte(`{"kind":"choice","prompt":"?","options":["a","b"],"correct":-1}`), "1", 0)
	f.Add([]byte(`{"kind":"pruned"}`), "1.1", 2)
	f.Fuzz(func(t *testing.T, spec []byte, given string, step int) {
		var q QuestionSpec
		if json.Unmarshal(spec, &q) != nil || q.Check() != nil || step < 0 || step > 40 {
			return
		}
		key, label, err := keyOf(context.Background(), textbook, step, q)
		if err != nil {
			return
		}
		a := newAsked(1, q, step, textbook, key, label)
		if canon, _, err := a.grade(given, nil); err == nil {
			if _, _, err := a.grade(canon, nil); err != nil {
				t.Fatalf("the canonical answer %q of %q does not grade: %v", canon, given, err)
			}
		}
	})
}

// FuzzRoomEvent: any message on a room's bus subject (steps, questions,
// answers, the servers' counts of followers and their census) is applied
// or dropped without a panic, and the room still answers.
func FuzzRoomEvent(f *testing.F) {
	for _, s := range []string{`{"kind":"count","server":"other","n":3}`, `{"kind":"count","server":"other","n":-7}`,
		`{"kind":"census","server":"x"}`, `{"kind":"step","seq":1,"step":2}`, `{"kind":"answer","question":1,"student":"s","given":"1"}`,
		`{"kind":"ask","seq":2,"step":1,"scenario":"tree=(1 2)","spec":{"kind":"enter"}}`, `{"kind":"slide","seq":3,"step":1,"scenario":"tree=(1"}`} {
		f.Add([]byte(s))
	}
	ctx := context.Background()
	c := newClass(f, sqliteStore(f, ""), nil)
	code, _, err := c.Create(ctx, textbook)
	if err != nil {
		f.Fatal(err)
	}
	r, err := c.Room(ctx, code)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var e event
		if json.Unmarshal(b, &e) != nil || e.Kind == "deleted" {
			return
		}
		r.apply(e)
		if n := r.Followers(ctx); n < 0 {
			t.Fatalf("followers: %d", n)
		}
	})
}
