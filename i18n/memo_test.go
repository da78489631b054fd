package i18n

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// A phrase worded in German or Czech from the memo reads as the phrase
// worded through go-i18n, for every message of the narration with random
// arguments (strings, names, counts, nested phrases), the first time and
// the next.
func TestPhraseMemo(t *testing.T) {
	rounds := 6
	if testing.Short() {
		rounds = 2
	}
	argKeys := regexp.MustCompile(`\.([A-Za-z_][A-Za-z0-9_]*)`)
	values := []any{"", "the root", "b2", "3", Name("c3"), trace.Name(""), 0, 1, 2, 5, 17, -3}
	r := rand.New(rand.NewPCG(5, 5))
	ids := slices.Sorted(func(yield func(string) bool) {
		for id := range trace.English {
			if !yield(id) {
				return
			}
		}
	})
	for _, l := range []Lang{"de", "cs"} {
		loc := For(l)
		for _, id := range ids {
			m := trace.English[id]
			var keys []string
			for _, k := range argKeys.FindAllStringSubmatch(m.One+m.Other, -1) {
				if !slices.Contains(keys, k[1]) {
					keys = append(keys, k[1])
				}
			}
			for range rounds {
				p := trace.Phrase{ID: id, Args: map[string]any{}, Plural: strings.Contains(m.Other, ".Count") || m.One != "", Count: r.IntN(7)}
				for _, k := range keys {
					if r.IntN(6) == 0 {
						p.Args[k] = trace.Phrase{ID: ids[r.IntN(len(ids))]}
					} else {
						p.Args[k] = values[r.IntN(len(values))]
					}
				}
				want := loc.phrase(p)
				for i := range 2 {
					if got := loc.Phrase(p); got != want {
						t.Fatalf("%s %s %v (wording %d): got %q, want %q", l, id, p.Args, i+1, got, want)
					}
				}
			}
		}
	}
}

// Name is a trace.Name, for the table above.
type Name = trace.Name

// Two phrases that could be worded differently never share a key, and a
// phrase with an argument of another type is not kept.
func TestPhraseKey(t *testing.T) {
	phrases := []trace.Phrase{
		{ID: "a"},
		{ID: "b"},
		{ID: "a", Plural: true, Count: 1},
		{ID: "a", Plural: true, Count: 2},
		{ID: "a", Args: map[string]any{"X": "3"}},
		{ID: "a", Args: map[string]any{"X": 3}},
		{ID: "a", Args: map[string]any{"X": Name("3")}},
		{ID: "a", Args: map[string]any{"Y": "3"}},
		{ID: "a", Args: map[string]any{"X": "3", "Y": ""}},
		{ID: "a", Args: map[string]any{"X": "3Y1:s0:"}},
		{ID: "a", Args: map[string]any{"X": trace.Phrase{ID: "b"}}},
		{ID: "a", Args: map[string]any{"X": trace.Phrase{ID: "b", Args: map[string]any{"Z": 1}}}},
		{ID: "a", Args: map[string]any{"X": trace.Phrase{ID: "b"}, "Z": 1}},
	}
	seen := map[string]int{}
	for i, p := range phrases {
		for _, l := range []Lang{"de", "cs"} {
			key, ok := phraseKey(l, p)
			if !ok {
				t.Fatalf("phrase %d (%+v): not kept", i, p)
			}
			if j, dup := seen[key]; dup {
				t.Errorf("phrases %d and %d share the key %q", j, i, key)
			}
			seen[key] = i
		}
	}
	for _, v := range []any{1.5, true, nil, []string{"x"}} {
		if _, ok := phraseKey("de", trace.Phrase{ID: "a", Args: map[string]any{"X": v}}); ok {
			t.Errorf("a phrase with %T %v got a key, want none", v, v)
		}
	}
}

// The memo never holds more than MaxWordedPhrases phrases.
func TestPhraseMemoBounded(t *testing.T) {
	pm := &phraseMemo{m: map[string]string{}}
	for i := range MaxWordedPhrases + 100 {
		pm.put(fmt.Sprint(i), "x")
		if n := pm.len(); n > MaxWordedPhrases {
			t.Fatalf("after %d phrases the memo holds %d, want at most %d", i+1, n, MaxWordedPhrases)
		}
	}
	if _, ok := pm.get(fmt.Sprint(MaxWordedPhrases + 99)); !ok {
		t.Errorf("the last phrase kept is not found")
	}
}

// A message of T or N is worded through go-i18n once per language and
// arguments, and from the memo the next time, as it was worded: the page
// words the same messages for every node it draws.
func TestWordMemo(t *testing.T) {
	for _, l := range []Lang{English, "de", "cs"} {
		loc := For(l)
		for _, c := range []struct {
			plural bool
			n      int
			args   []any
		}{{false, 0, []any{"Step", 3, "Total", 40}}, {true, 1, nil}, {true, 5, nil}} {
			id := "view.step-of"
			if c.plural {
				id = "view.speed.n"
			}
			p := pairs(id, c.args)
			p.Plural, p.Count = c.plural, c.n
			want := loc.wordNow(p, c.plural, c.n)
			key, ok := phraseKey(l, p)
			if !ok {
				t.Fatalf("%s %s: no memo key", l, id)
			}
			for i := range 2 {
				got := loc.T(id, c.args...)
				if c.plural {
					got = loc.N(id, c.n, c.args...)
				}
				if got != want {
					t.Fatalf("%s %s (wording %d): got %q, want %q", l, id, i+1, got, want)
				}
			}
			if s, hit := worded.get("T\x00" + key); !hit || s != want {
				t.Errorf("%s %s: memo holds %q, %v; want %q", l, id, s, hit, want)
			}
		}
	}
}
