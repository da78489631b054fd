package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/view"
	"golang.org/x/net/html"
)

// TestHiddenTableLanguages: the table of the methods for hidden
// information is worded in the page's language, its deals, headings, note
// and risk included; the road story speaks of worlds and its sides, not of
// deals and cards.
func TestHiddenTableLanguages(t *testing.T) {
	s := newTestServer(t)
	for _, c := range []struct {
		game, lang, algo string
		want             []string
	}{
		{"cards", "en", "infoset", []string{"Information sets", "deal 1 (MIN holds ♥4 ♠2 ♣10 ♣5)", "first move", "Risk of ♣9: after ♣9 ♣10 ♠2, deal 1 needs ♦6, deal 2 needs ♥6, and MAX cannot tell which."}},
		{"cards", "de", "infoset", []string{"Informationsmengen", "Verteilung 1 (MIN hält ♥4 ♠2 ♣10 ♣5)", "erster Zug", "Risiko von ♣9: Nach ♣9 ♣10 ♠2 gilt: Verteilung 1 braucht ♦6, Verteilung 2 braucht ♥6"}},
		{"cards", "cs", "clairvoyance", []string{"Průměrování přes jasnozřivost", "rozdání 2 (MIN drží ♦4 ♠2 ♣10 ♣5)", "průměr"}},
		{"cards", "de", "determinized", []string{"Determinisierte MCTS", "Stichprobe 1 von 4", "Strategiefusion: Determinisierte MCTS bewertet ♣9", "nur 1.5", "Diese Iteration"}},
		{"roads", "en", "infoset", []string{"world 1", "diamonds on the left", "MAX makes the same choice", "Risk of B: after B, world 1 needs left, world 2 needs right, and MAX cannot tell which world it is in."}},
		{"roads", "de", "infoset", []string{"Welt 1", "Diamanten links", "dieselbe Wahl", "Risiko von B: Nach B gilt: Welt 1 braucht links, Welt 2 braucht rechts, und MAX kann nicht erkennen, welche Welt vorliegt."}},
		{"roads", "cs", "clairvoyance", []string{"svět 2", "diamanty vpravo", "cestovatel"}},
		{"roads", "cs", "determinized", []string{"vzorek 1 z 4: svět", "Fúze strategií: determinizované MCTS hodnotí cestu B"}},
	} {
		t.Run(c.game+" "+c.lang+" "+c.algo, func(t *testing.T) {
			q := url.Values{"game": {c.game}, "algo": {c.algo}, "lang": {c.lang}}
			if c.algo == "determinized" {
				q.Set("samples", "4")
				q.Set("iterations", "100")
			}
			rec := httpGet(t, s, "/view?"+q.Encode())
			if rec.Code != http.StatusOK {
				t.Fatalf("status: got %d, want 200: %.300s", rec.Code, rec.Body.String())
			}
			p := parsePage(t, rec.Body.String())
			text := textOf(p.one("hidden"))
			if c.algo == "determinized" {
				text += textOf(p.one("mcts"))
			}
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("the table lacks %q; it reads %q", w, text)
				}
			}
		})
	}
}

// TestRoadsPlayerNamesSides: the exported player of the road story names
// the sides in its language, and in English as "left" and "right", never
// by their message IDs.
func TestRoadsPlayerNamesSides(t *testing.T) {
	s := newTestServer(t)
	tests := []struct{ lang, want, not string }{
		{"en", "Leaf left", "scenario.roads"},
		{"de", "links", "scenario.roads"},
		{"cs", "vlevo", "scenario.roads"},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			rec := httpGet(t, s, "/export.html?game=roads&lang="+tc.lang)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET = %d, want 200", rec.Code)
			}
			body := rec.Body.String()
			if !strings.Contains(body, tc.want) || strings.Contains(body, tc.not) {
				t.Errorf("got a player with %q: %v, with %q: %v; want %q and not %q", tc.want, strings.Contains(body, tc.want), tc.not, strings.Contains(body, tc.not), tc.want, tc.not)
			}
		})
	}
}

// TestHiddenTrapNamesTheWorseCard: in the trap deal the clairvoyance
// table says that averaging chose ♣9, which guarantees less than ♦7, in
// every language; in the lecture's deal, where its choice is as good as
// any, it says nothing of the kind.
func TestHiddenTrapNamesTheWorseCard(t *testing.T) {
	s := newTestServer(t)
	for _, c := range []struct{ deal, lang, want string }{
		{"trap", "en", "Averaging over clairvoyance chooses ♣9, worth 2.33 on average, but MAX, who cannot see MIN's cards, is sure of only 1.67 after ♣9 and of 2 after ♦7"},
		{"trap", "de", "Mitteln über Hellsehen wählt ♣9, im Mittel 2.33 wert"},
		{"trap", "cs", "Průměrování přes jasnozřivost volí kartu ♣9, v průměru za 2.33"},
		{"lecture", "en", ""},
	} {
		q := url.Values{"game": {"cards"}, "algo": {"clairvoyance"}, "deal": {c.deal}, "lang": {c.lang}}
		rec := httpGet(t, s, "/view?"+q.Encode())
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d, want 200: %.300s", q.Encode(), rec.Code, rec.Body.String())
		}
		p := parsePage(t, rec.Body.String())
		text := textOf(p.one("hidden"))
		if c.want == "" && strings.Contains(text, "worse card") {
			t.Errorf("the lecture's deal: the table reads %q; want no worse card named", text)
		}
		if !strings.Contains(text, c.want) {
			t.Errorf("%s %s: the table reads %q; want %q", c.deal, c.lang, text, c.want)
		}
	}
}

// TestInfoSetPanel: the card game's viewer shows what MAX knows at the
// current node, in every language. On the trap deal after ♣9 ♣5, MAX
// cannot tell deals 1 and 2 apart: both are drawn enclosed together, deal
// 1 (the one stepped) marked, and the panel says that deal 1 needs ♦7 and
// deal 2 ♠6 or ♠3 with open cards. At the start all three deals are one
// set; a source without hidden cards has no such panel. Stepping sends
// the panel when the node changes, never unchanged.
func TestInfoSetPanel(t *testing.T) {
	s := newTestServer(t)
	// The narration says, at a node MAX cannot tell from positions of
	// other deals, which ones: each deal, MIN's cards there and its value
	// with every card open.
	for _, c := range []struct{ query, lang, want, say string }{
		{"game=cards&deal=trap&algo=clairvoyance&step=630", "en", "With open cards, deal 1 needs ♦7, deal 2 needs ♠6 or ♠3; but MAX cannot tell these positions apart",
			"MAX cannot tell this position from 1 other: deal 2, where MIN holds ♦8 ♥9 ♣8, worth 3 with every card open."},
		{"game=cards&deal=trap&algo=clairvoyance&step=630", "de", "Mit offenen Karten gilt: Verteilung 1 braucht ♦7, Verteilung 2 braucht ♠6 oder ♠3",
			"MAX kann diese Stellung von 1 anderen nicht unterscheiden: Verteilung 2, in der MIN ♦8 ♥9 ♣8 hält, bei offenen Karten 3 wert."},
		{"game=cards&deal=trap&algo=clairvoyance&step=630", "cs", "Při otevřených kartách rozdání 1 potřebuje ♦7, rozdání 2 potřebuje ♠6 nebo ♠3",
			"MAX tuto pozici nerozliší od 1 jiné: rozdání 2, kde MIN drží ♦8 ♥9 ♣8, s hodnotou 3 při otevřených kartách."},
		{"game=cards&deal=trap&step=0", "en", "MAX cannot tell these 3 positions apart: no card has been played yet", ""},
	} {
		rec := httpGet(t, s, "/view?"+c.query+"&lang="+c.lang)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d, want 200", c.query, rec.Code)
		}
		p := parsePage(t, rec.Body.String())
		if text := textOf(p.one("infoset")); !strings.Contains(text, c.want) {
			t.Errorf("%s %s: the panel reads %q; want %q", c.query, c.lang, text, c.want)
		}
		if say := textOf(p.one("narration")); !strings.Contains(say, c.say) {
			t.Errorf("%s %s: the narration reads %q; want it to hold %q", c.query, c.lang, say, c.say)
		}
		if c.say != "" {
			// After ♣9 ♣5 the tree draws the current node dashed.
			cur := p.all(func(n *html.Node) bool {
				return attrOf(n, "data-testid") == "focus-node" && strings.Contains(attrOf(n, "class"), " cur")
			})
			if len(cur) != 1 || !strings.Contains(attrOf(cur[0], "class"), "infoset") {
				t.Errorf("%s %s: the current node is drawn %d times, not dashed", c.query, c.lang, len(cur))
			}
		}
		join := p.one("infoset-join")
		deals, current := 0, ""
		for n := range join.Descendants() {
			if cls := attrOf(n, "class"); strings.Contains(cls, "infoset-pos") {
				deals++
				if strings.Contains(cls, "current") {
					current = attrOf(n, "data-deal")
				}
			}
		}
		wantDeals := map[bool]int{true: 3, false: 2}[strings.HasSuffix(c.query, "step=0")]
		if !strings.Contains(attrOf(join, "class"), "joined") || deals != wantDeals || current != "1" {
			t.Errorf("%s: %d positions joined (class %q), deal %q marked; want %d joined, deal 1 marked", c.query, deals, attrOf(join, "class"), current, wantDeals)
		}
	}
	// The tree draws the current node's outline dashed where the set
	// holds more than one position (after ♣9 ♣5, above), not after ♦7
	// ♣5, which only deal 1 fits.
	for step, want := range map[string]bool{"205": false} {
		body := httpGet(t, s, "/view?game=cards&deal=trap&algo=clairvoyance&step="+step).Body.String()
		cur := parsePage(t, body).all(func(n *html.Node) bool {
			return attrOf(n, "data-testid") == "focus-node" && strings.Contains(attrOf(n, "class"), " cur")
		})
		if len(cur) != 1 || strings.Contains(attrOf(cur[0], "class"), "infoset") != want {
			t.Errorf("step %s: the current node is drawn %d times, dashed should be %v", step, len(cur), want)
		}
		if say := textOf(parsePage(t, body).one("narration")); strings.Contains(say, "cannot tell this position") != want {
			t.Errorf("step %s: the narration reads %q; naming the set should be %v", step, say, want)
		}
	}
	if body := httpGet(t, s, "/view?game=tictactoe&step=3").Body.String(); strings.Contains(body, `data-testid="infoset"`) {
		t.Error("tic-tac-toe shows an information set")
	}

	v, err := newViewer(context.Background(), "game=cards&deal=trap&algo=clairvoyance")
	if err != nil {
		t.Fatal(err)
	}
	defer v.close()
	v.command(Command{V: ProtocolVersion, Cmd: "load", Step: StepArg{Set: true, Value: 0}})
	v.run(context.Background())
	last, sent := view.InfoSetKey(v.prep, v.cur.Frame()), 0
	for step := 1; step <= 30; step++ {
		m := forward(t, v, 1)
		box := decodedEval(t, m)
		if step == 1 && (m.Panels == nil || !strings.Contains(m.Panels.Narration, "MAX cannot tell this position from 2 others: deal 2, where MIN holds ♦8 ♣5 ♥9 ♣8, worth")) {
			t.Errorf("step 1 sends the panels %+v; want the narration to name the root's two other deals", m.Panels)
		}
		key := view.InfoSetKey(v.prep, v.cur.Frame())
		switch {
		case box == nil && key != last:
			t.Fatalf("step %d: the node changed (%q) but the panel was not sent", step, key)
		case box != nil && key == last:
			t.Fatalf("step %d: the panel was sent unchanged", step)
		case box != nil && !strings.Contains(*box, `data-testid="infoset"`):
			t.Fatalf("step %d: the box sent holds no information set: %s", step, *box)
		}
		if box != nil {
			sent++
		}
		last = key
	}
	if sent == 0 {
		t.Fatal("no information set was sent")
	}
}
