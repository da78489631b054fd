package web

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// atPanes waits until a comparison room's page shows the room's step n in
// its panes.
func (r *roomTab) atPanes(n int) {
	r.t.Helper()
	r.waitFor(fmt.Sprintf(`document.getElementById("room").dataset.step === "%d" && document.getElementById("compare").dataset.step === "%d"`, n, n),
		fmt.Sprintf("%s's panes at step %d", r.name, n))
}

// Rooms from the comparison and the exercise pages in chromium: the
// lecturer presses "Start a room" on /compare; a phone (390×844, in
// German) follows the panes through the lecturer's steps, answers a
// question by tapping a node in the second pane, and sees the reveal;
// the projector sees the histogram. Then a room from the fill-in
// exercise: the phone follows the exercise's tree.
func TestBrowserRoomOnComparison(t *testing.T) {
	t.Parallel()
	_, _, tab := newRoomBrowser(t)
	lect := tab("lecturer", 1280, 720)
	lect.do(chromedp.Navigate(lect.srv.URL + "/compare?tree=((3+12+8)+(2+4+6)+(14+5+2))&orders=worst,natural&by=event&lang=en"))
	lect.do(chromedp.Click(chromedp.CSS(`[data-testid="start-room"]`)))
	lect.waitFor(`document.getElementById("room") && document.getElementById("room").dataset.seq !== undefined && document.getElementById("compare")`, "the lecturer in the comparison's room")
	if eval[string](lect.browserEnv, `location.hash`) != "" {
		t.Fatal("the secret stays in the lecturer's address")
	}
	code := eval[string](lect.browserEnv, `document.querySelector('[data-testid="room-code"]').textContent.trim()`)
	phone := tab("phone", 390, 844)
	phone.goTo("/room/" + code + "?nick=Ada&lang=de")
	for i := 1; i <= 4; i++ {
		lect.do(chromedp.KeyEvent(kb.ArrowRight))
		phone.atPanes(i)
	}
	lect.atPanes(4)
	if !strings.HasPrefix(eval[string](phone.browserEnv, `location.pathname`), "/room/") {
		t.Fatal("the phone left the room's address")
	}
	lect.do(chromedp.Click(chromedp.CSS(`[data-testid="room-ask"]`)))
	phone.waitFor(`!document.getElementById("room-question").hidden && document.querySelector('[data-testid="room-prompt"]').textContent !== ""`, "the phone seeing the question")
	eval[bool](phone.browserEnv, `document.querySelectorAll('[data-testid="pane-tree"]')[1].querySelector('[data-node="1.0"]').dispatchEvent(new MouseEvent("click", {bubbles: true})) || true`)
	phone.waitFor(`document.getElementById("room").dataset.answered === "1"`, "the phone's answer taken")
	lect.waitFor(`document.querySelector('[data-testid="room-bars"]').dataset.answers === "1"`, "the histogram")
	lect.shot("compare-projector-histogram-en.png")
	lect.do(chromedp.Click(chromedp.CSS(`#room-reveal`)))
	phone.waitFor(`document.querySelector('[data-testid="room-explain"]').textContent !== ""`, "the reveal")
	phone.shot("compare-phone-reveal-de.png")
	// A student's step is refused; the panes stay at the room's step.
	phone.do(chromedp.KeyEvent(kb.ArrowRight))
	lect.do(chromedp.KeyEvent(kb.ArrowRight))
	phone.atPanes(5)

	ex := tab("exercise", 1280, 720)
	ex.do(chromedp.Navigate(ex.srv.URL + "/exercise?seed=7&b=2&d=3&lang=cs"))
	ex.do(chromedp.Click(chromedp.CSS(`[data-testid="start-room"]`)))
	ex.waitFor(`document.getElementById("room") && document.getElementById("room").dataset.seq !== undefined && document.getElementById("tree")`, "the lecturer in the exercise's room")
	code = eval[string](ex.browserEnv, `document.querySelector('[data-testid="room-code"]').textContent.trim()`)
	phone.goTo("/room/" + code + "?nick=Ada&lang=cs")
	for i := 1; i <= 2; i++ {
		ex.do(chromedp.KeyEvent(kb.ArrowRight))
		phone.atStep(i)
	}
	phone.shot("exercise-phone-cs.png")
	ex.shot("exercise-projector-cs.png")
}

// TestBrowserRoomShots saves, when ABTRACE_SHOTS names a folder, the
// projector (the lecturer's page with a question's histogram) at
// 1280×720, 1920×1080, 1024×768 and 390×844, the phone that answered, and
// the clicker at a phone's and a projector's size, for a room on a viewer,
// on a comparison and on an exercise, in en, de and cs. Without it the
// test is skipped: it takes pictures and checks nothing the others do not.
func TestBrowserRoomShots(t *testing.T) {
	t.Parallel()
	if os.Getenv("ABTRACE_SHOTS") == "" {
		t.Skip("ABTRACE_SHOTS names no folder for the screenshots")
	}
	s, _, tab := newRoomBrowser(t)
	sizes := []struct {
		name string
		w, h int64
	}{{"1280x720", 1280, 720}, {"1920x1080", 1920, 1080}, {"1024x768", 1024, 768}, {"390x844", 390, 844}}
	for _, lang := range []string{"en", "de", "cs"} {
		for _, room := range []struct{ kind, page, tap string }{
			{"viewer", "/view?tree=((3+12+8)+(2+4+6)+(14+5+2))&algo=alphabeta", "#tree"},
			{"compare", "/compare?tree=((3+12+8)+(2+4+6)+(14+5+2))&orders=worst,natural&by=event", `[data-testid="pane-tree"]`},
			{"exercise", "/exercise?seed=7&b=2&d=3", "#tree"},
		} {
			code, secret := startFrom(t, s, room.page+"&lang="+lang)
			lect := tab(room.kind+"-lecturer-"+lang, 1280, 720)
			lect.goTo("/room/" + code + "?lang=" + lang + "#secret=" + secret)
			phone := tab(room.kind+"-phone-"+lang, 390, 844)
			phone.goTo("/room/" + code + "?nick=Ada&lang=" + lang)
			for i := 1; i <= 3; i++ {
				lect.do(chromedp.KeyEvent(kb.ArrowRight))
				phone.waitFor(fmt.Sprintf(`document.getElementById("room").dataset.step === "%d"`, i), "the phone at the step")
			}
			lect.do(chromedp.Click(chromedp.CSS(`[data-testid="room-ask"]`)))
			phone.waitFor(`!document.getElementById("room-question").hidden`, "the question")
			eval[bool](phone.browserEnv, `(() => { const n = [...document.querySelectorAll('`+room.tap+` [data-node]')].pop(); n.dispatchEvent(new MouseEvent("click", {bubbles: true})); return true })()`)
			lect.waitFor(`document.querySelector('[data-testid="room-bars"]').dataset.answers === "1"`, "the histogram")
			for _, sz := range sizes {
				lect.do(chromedp.EmulateViewport(sz.w, sz.h))
				lect.shot(fmt.Sprintf("%s-projector-%s-%s.png", room.kind, sz.name, lang))
			}
			phone.shot(fmt.Sprintf("%s-phone-%s.png", room.kind, lang))
			if room.kind != "viewer" {
				continue
			}
			clicker := tab("clicker-"+lang, 390, 844)
			clicker.do(chromedp.Navigate(clicker.srv.URL + "/room/" + code + "/clicker?lang=" + lang + "#secret=" + secret))
			clicker.waitFor(`document.getElementById("conn").dataset.conn === "on"`, "the clicker following")
			clicker.shot("clicker-390x844-" + lang + ".png")
			clicker.do(chromedp.EmulateViewport(1280, 720))
			clicker.shot("clicker-1280x720-" + lang + ".png")
		}
	}
}
