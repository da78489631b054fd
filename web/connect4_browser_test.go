package web

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/abtrace/abtrace/search/play"
)

// TestBrowserConnect4 plays Connect Four against the engine at depth 1 by
// clicks on the board, on the column buttons and by keys, to a win; checks
// the four slots ringed, the take-back, and that the link to the engine's
// search opens the viewer at the position before the engine's move with
// the same options. At a projector's, a laptop's and a phone's size.
func TestBrowserConnect4(t *testing.T) {
	t.Parallel()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"1280", 1280, 720}, {"1024", 1024, 768}, {"390", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.openPage("/connect4?depth=1&order=killer")
			moves := func() string {
				u, err := url.Parse(eval[string](b, `location.href`))
				if err != nil {
					t.Fatal(err)
				}
				return u.Query().Get("moves")
			}
			// The board and its buttons fit the window, and a button is a
			// finger wide on the phone.
			if bottom := eval[float64](b, `document.querySelector('[data-testid=board]').getBoundingClientRect().bottom`); size.w > 400 && bottom > float64(size.h) {
				t.Errorf("the board ends at %v, below the window's %d", bottom, size.h)
			}
			if right := eval[float64](b, `document.querySelector('[data-testid=board]').getBoundingClientRect().right`); right > float64(size.w) {
				t.Errorf("the board ends at %v, right of the window's %d", right, size.w)
			}
			if w := eval[float64](b, `Math.min(...[...document.querySelectorAll('.c4-keys .c4-col')].map(e => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height)))`); w < 44 {
				t.Errorf("a column button is %v px, want at least 44", w)
			}
			// The header is one row at every size; below 1100 px the links
			// to the evaluation pages are in a menu that opens clear of
			// everything else.
			checkHeaderOneLine(b, "/connect4 at "+size.name)
			checkSubtitleWhole(b, "/connect4 at "+size.name)
			checkUncovered(b, "/connect4 at "+size.name)
			if size.w < 1100 {
				b.do(chromedp.Click(chromedp.CSS(`[data-testid="ev-menu"] summary`)))
				b.waitFor(`document.querySelector('[data-testid="ev-menu"]').open`, "the menu open")
				if n := eval[int](b, `[...document.querySelectorAll('[data-testid="ev-menu"] nav a')].filter(a => a.getBoundingClientRect().right <= innerWidth && a.getBoundingClientRect().left >= 0).length`); n != 4 {
					t.Errorf("the open menu shows %d links within the window, want 4", n)
				}
				checkUncoveredIn(b, "/connect4's open menu at "+size.name, `[data-testid="ev-menu"] a`)
				b.screenshot("connect4-menu-" + size.name + ".png")
				b.do(chromedp.Click(chromedp.CSS(`[data-testid="ev-menu"] summary`)))
			}
			if size.name == "1280" {
				b.screenshot("connect4-start-1280.png")
			}
			won := false
			for turn := 0; turn < 21 && !won; turn++ {
				before := moves()
				// The human's move: a deeper search for x.
				g, err := play.New(play.Spec{Game: "connect4", Moves: []string{before}, Depth: 5, HumanFirst: false})
				if err != nil {
					t.Fatal(err)
				}
				col, _, err := g.Reply(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				switch turn % 3 {
				case 0:
					b.do(chromedp.KeyEvent(col)) // a column is named by its number, its key
				case 1:
					b.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`.c4-keys a[data-column=%q]`, col))))
				default:
					b.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`.c4-board a[data-board-column=%q] rect`, col))))
				}
				b.waitFor(fmt.Sprintf(`new URLSearchParams(location.search).get("moves")?.startsWith(%q) && document.readyState === "complete" && document.querySelector("[data-testid=status]")`, before+col), "the page after "+col)
				status := eval[string](b, `document.querySelector('[data-testid=status]').textContent`)
				won = strings.HasPrefix(status, "You win")
				if !won && !strings.HasPrefix(status, "Your turn (x)") {
					t.Fatalf("after %s: status %q", moves(), status)
				}
				if !won && eval[string](b, `document.querySelector('[data-testid=engine]').dataset.column`) == "" {
					t.Fatalf("after %s: no engine move shown", moves())
				}
			}
			if !won {
				t.Fatalf("no win after %s", moves())
			}
			final := moves()
			if n := eval[int](b, `document.querySelectorAll('.c4-board .slot.win').length`); n < 4 {
				t.Errorf("%d slots ringed, want at least 4", n)
			}
			if n := eval[int](b, `document.querySelectorAll('.c4-board .slot.win.d-x').length`); n != eval[int](b, `document.querySelectorAll('.c4-board .slot.win').length`) {
				t.Errorf("a ringed slot does not hold x")
			}
			if n := eval[int](b, `document.querySelectorAll('.c4-keys a[data-column]').length`); n != 0 {
				t.Errorf("%d columns playable after the win, want 0", n)
			}
			b.screenshot("connect4-win-" + size.name + ".png")
			b.checkClean()

			// Take back the winning move: the engine's last move is shown
			// again, with its link.
			b.do(chromedp.Click(chromedp.CSS(`[data-testid=undo]`)))
			want := final[:len(final)-1]
			b.waitFor(fmt.Sprintf(`new URLSearchParams(location.search).get("moves") === %q && document.readyState === "complete"`, want), "the take-back")
			if status := eval[string](b, `document.querySelector('[data-testid=status]').textContent`); !strings.HasPrefix(status, "Your turn (x)") {
				t.Errorf("after the take-back: status %q", status)
			}
			engineCol := eval[string](b, `document.querySelector('[data-testid=engine]').dataset.column`)
			if engineCol != want[len(want)-1:] {
				t.Errorf("the engine's move is shown as %q, want the game's last move %q", engineCol, want[len(want)-1:])
			}
			b.do(chromedp.Click(chromedp.CSS(`[data-testid=why]`)))
			b.waitFor(`location.pathname === "/view" && document.readyState === "complete" && document.querySelector('[data-node=""]')`, "the viewer")
			u, _ := url.Parse(eval[string](b, `location.href`))
			q := u.Query()
			if q.Get("game") != "connect4" || q.Get("position") != want[:len(want)-1] || q.Get("depth") != "1" || q.Get("order") != "killer" {
				t.Errorf("the viewer opened %s, want connect4 at %s, depth 1, order killer", u.RawQuery, want[:len(want)-1])
			}
			if n := eval[int](b, `document.querySelectorAll('[data-node]').length`); n < 2 {
				t.Errorf("the viewer draws %d nodes", n)
			}
			if size.name != "1024" {
				b.screenshot("connect4-why-" + size.name + ".png")
			}
		})
	}
}
