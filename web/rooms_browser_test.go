package web

import (
	"context"
	"fmt"
	"net"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// roomTab is one browser tab in the room test: the lecturer's projector
// or a student's phone or laptop, sharing one browser and one server.
type roomTab struct {
	*browserEnv
	name string
}

// newRoomBrowser starts the server with a classroom and the browser, and
// returns a function that opens a tab of the given size.
func newRoomBrowser(t *testing.T) (*Server, *httptest.Server, func(name string, w, h int64) *roomTab) {
	t.Helper()
	skipBrowser(t)
	s := roomServer(t)
	srv := httptest.NewServer(s.Echo())
	t.Cleanup(srv.Close)
	// The lecturer's and the students' tabs share one browser context;
	// each tab keeps its own sessionStorage, where a room keeps who it is.
	first := browserTab(t)
	if err := chromedp.Do(first, chromedp.EmulateViewport(800, 600)); err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	tab := func(name string, w, h int64) *roomTab {
		ctx, cancel := chromedp.NewContext(first)
		t.Cleanup(cancel)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h)); err != nil {
			t.Fatalf("open tab %s: %v", name, err)
		}
		tctx, cancelT := context.WithTimeout(ctx, browserTestTimeout)
		t.Cleanup(cancelT)
		return &roomTab{browserEnv: &browserEnv{t: t, ctx: tctx, srv: srv, hub: s.Hub()}, name: name}
	}
	return s, srv, tab
}

// go opens a page and waits until it follows the room (its snapshot is
// applied).
func (r *roomTab) goTo(path string) {
	r.t.Helper()
	r.do(chromedp.Navigate(r.srv.URL + path))
	r.waitFor(`document.getElementById("room") && document.getElementById("room").dataset.seq !== undefined`, r.name+" following the room")
}

// atStep waits until the page shows the room's step n.
func (r *roomTab) atStep(n int) {
	r.t.Helper()
	r.waitFor(fmt.Sprintf(`document.getElementById("room").dataset.step === "%d" && document.getElementById("scrubber").value === "%d"`, n, n),
		fmt.Sprintf("%s at step %d", r.name, n))
}

// shot saves a screenshot under $ABTRACE_SHOTS (nothing when unset).
func (r *roomTab) shot(name string) {
	r.t.Helper()
	r.keepShot(name)
}

// tapNode taps a node of the page's tree.
func (r *roomTab) tapNode(id string) {
	r.t.Helper()
	eval[bool](r.browserEnv, fmt.Sprintf(`document.querySelector('#tree [data-node="%s"]').dispatchEvent(new MouseEvent("click", {bubbles: true})) || true`, id))
}

// The live classroom in chromium: a lecturer's projector and three
// students (one on a 390×844 phone) in one room; ten steps followed; a
// question answered by all three by tapping nodes, the histogram and the
// reveal seen; a student's step refused; a late joiner and a student who
// reloads, both at the room's step.
func TestBrowserRoom(t *testing.T) {
	t.Parallel()
	s, _, tab := newRoomBrowser(t)
	code, secret := createRoom(t, s)
	lect := tab("lecturer", 1280, 800)
	lect.goTo("/room/" + code + "?lang=en#secret=" + secret)
	if eval[string](lect.browserEnv, `location.hash`) != "" {
		t.Fatal("the secret stays in the lecturer's address")
	}
	phone := tab("phone", 390, 844)
	phone.do(chromedp.Navigate(phone.srv.URL + "/join?code=" + strings.ToLower(code) + "&lang=en"))
	phone.do(chromedp.SendKeys(chromedp.CSS(`[data-testid="join-nick"]`), "Ada"))
	phone.do(chromedp.Click(chromedp.CSS(`[data-testid="join-submit"]`)))
	phone.waitFor(`document.getElementById("room") && document.getElementById("room").dataset.seq !== undefined`, "the phone following")
	bo, cy := tab("bo", 1024, 768), tab("cy", 800, 900)
	bo.goTo("/room/" + code + "?nick=Bo&lang=en")
	cy.goTo("/room/" + code + "?nick=Cy&lang=en")
	students := []*roomTab{phone, bo, cy}
	for i := 1; i <= 10; i++ {
		lect.do(chromedp.KeyEvent(kb.ArrowRight))
		for _, r := range append(students, lect) {
			r.atStep(i)
		}
	}
	// A student's step is refused on the server: the page says so and
	// stays at the room's step.
	bo.do(chromedp.KeyEvent(kb.ArrowRight))
	bo.waitFor(`document.getElementById("conn").hasAttribute("data-note") && document.getElementById("conn").textContent.includes("lecturer")`, "the refusal")
	bo.atStep(10)
	lect.atStep(10)

	// The phone folds the room's panel; a new question opens it again.
	phone.do(chromedp.Click(chromedp.CSS(`#room-fold`)))
	phone.waitFor(`document.getElementById("room").classList.contains("folded")`, "the phone's panel folded")
	lect.do(chromedp.Click(chromedp.CSS(`[data-testid="room-ask"]`)))
	for _, r := range students {
		r.waitFor(`!document.getElementById("room-question").hidden && !document.getElementById("room").classList.contains("folded") && document.querySelector('[data-testid="room-prompt"]').textContent.includes("enter")`, r.name+" seeing the question")
	}
	phone.shot("phone-question-en.png")
	for i, r := range students {
		r.tapNode([]string{"0.2", "0.2", "1"}[i])
		r.waitFor(`document.getElementById("room").dataset.answered === "1"`, r.name+"'s answer taken")
	}
	lect.waitFor(`document.querySelector('[data-testid="room-bars"]').dataset.answers === "3"`, "the histogram of three answers")
	if n := eval[int](lect.browserEnv, `document.querySelectorAll('[data-testid="room-bar"]').length`); n != 2 {
		t.Fatalf("histogram bars: %d, want 2", n)
	}
	lect.shot("projector-histogram-en.png")

	// A late joiner, and a student who reloads, at the room's step.
	late := tab("late", 390, 844)
	late.goTo("/room/" + code + "?nick=Dee&lang=en")
	late.atStep(10)
	late.waitFor(`!document.getElementById("room-question").hidden`, "the late joiner seeing the question")
	cy.do(chromedp.Reload())
	cy.waitFor(`document.getElementById("room").dataset.seq === "11"`, "cy after the reload")
	cy.atStep(10)
	cy.waitFor(`document.querySelector('[data-testid="room-mine"]').textContent !== ""`, "cy's answer kept")

	lect.do(chromedp.Click(chromedp.CSS(`#room-reveal`)))
	for _, r := range append(students, lect, late) {
		r.waitFor(`document.querySelector('[data-testid="room-explain"]').textContent.startsWith("It enters")`, r.name+" seeing the reveal")
	}
	if right := eval[string](phone.browserEnv, `document.querySelector('[data-testid="room-bar"].right').dataset.answer`); right != "0.2" {
		t.Fatalf("the right bar: %q", right)
	}
	phone.shot("phone-reveal-en.png")
	lect.shot("projector-reveal-en.png")

	// The room's panel folds by keyboard to its first line, stays folded
	// after a reload, and opens again by keyboard.
	folded := `document.getElementById("room").classList.contains("folded") && getComputedStyle(document.getElementById("room-question")).display === "none" && document.getElementById("room-fold").getAttribute("aria-expanded") === "false"`
	height := `document.getElementById("room").getBoundingClientRect().height`
	open := eval[float64](bo.browserEnv, height)
	bo.do(chromedp.Focus(chromedp.CSS(`#room-fold`)), chromedp.KeyEvent(kb.Enter))
	bo.waitFor(folded, "bo's panel folded")
	if h := eval[float64](bo.browserEnv, height); h > open/2 {
		t.Errorf("the folded panel is %.0f px high, open %.0f", h, open)
	}
	bo.shot("room-folded-en.png")
	bo.do(chromedp.Reload())
	bo.waitFor(`document.getElementById("room").dataset.seq !== undefined && document.querySelector('[data-testid="room-explain"]').textContent !== ""`, "bo after the reload")
	bo.waitFor(folded, "bo's panel still folded after the reload")
	bo.do(chromedp.Focus(chromedp.CSS(`#room-fold`)), chromedp.KeyEvent(kb.Enter))
	bo.waitFor(`!document.getElementById("room").classList.contains("folded") && getComputedStyle(document.getElementById("room-question")).display !== "none" && document.getElementById("room-fold").getAttribute("aria-expanded") === "true"`, "bo's panel open again")

	// The phone explores on its own cursor and comes back.
	phone.do(chromedp.Click(chromedp.CSS(`[data-testid="room-explore"]`)))
	phone.waitFor(`document.body.classList.contains("room-exploring")`, "exploring")
	phone.do(chromedp.KeyEvent(kb.ArrowLeft))
	phone.waitFor(`document.getElementById("scrubber").value === "9"`, "the phone's own step back")
	lect.do(chromedp.KeyEvent(kb.ArrowRight))
	lect.atStep(11)
	phone.do(chromedp.Click(chromedp.CSS(`[data-testid="room-back"]`)))
	phone.atStep(11)
}

// The projector and a phone in German and in Czech, in a room started
// in English: each page reads the room's sentences in its own language.
// The lecturer asks for a node's value by tapping the node.
func TestBrowserRoomLanguages(t *testing.T) {
	t.Parallel()
	s, _, tab := newRoomBrowser(t)
	for _, lang := range []string{"de", "cs"} {
		status, out := doJSON(t, s, "POST", "/api/rooms", `{"scenario":"`+roomScenario+`&lang=en"}`)
		if status != 201 {
			t.Fatalf("POST /api/rooms: %d %v", status, out)
		}
		code, secret := out["code"].(string), out["secret"].(string)
		lect := tab("lecturer-"+lang, 1280, 800)
		lect.goTo("/room/" + code + "?lang=" + lang + "#secret=" + secret)
		phone := tab("phone-"+lang, 390, 844)
		phone.goTo("/room/" + code + "?nick=Ada&lang=" + lang)
		for i := 1; i <= 3; i++ {
			lect.do(chromedp.KeyEvent(kb.ArrowRight))
			phone.atStep(i)
		}
		// A node's value: the lecturer taps the node (no id typed).
		lect.do(chromedp.SetValue(chromedp.CSS(`[data-testid="room-kind"]`), "value"))
		eval[bool](lect.browserEnv, `document.querySelector('[data-testid="room-kind"]').dispatchEvent(new Event("change")) || true`)
		lect.tapNode("1")
		lect.waitFor(`document.querySelector('[data-testid="room-node"]').value === "C"`, "the node picked")
		lect.do(chromedp.Click(chromedp.CSS(`[data-testid="room-ask"]`)))
		phone.waitFor(`!document.getElementById("room-question").hidden && document.querySelector('[data-testid="room-prompt"]').textContent.includes("C")`, "the value question")
		phone.do(chromedp.SendKeys(chromedp.CSS(`[data-testid="room-answer"]`), "4\n"))
		phone.waitFor(`document.getElementById("room").dataset.answered !== undefined`, "the value answered")
		lect.do(chromedp.Click(chromedp.CSS(`#room-reveal`)))
		phone.waitFor(`document.querySelector('[data-testid="room-explain"]').textContent !== ""`, "the value's reveal")
		lect.do(chromedp.SetValue(chromedp.CSS(`[data-testid="room-kind"]`), "enter"))
		eval[bool](lect.browserEnv, `document.querySelector('[data-testid="room-kind"]').dispatchEvent(new Event("change")) || true`)
		lect.do(chromedp.Click(chromedp.CSS(`[data-testid="room-ask"]`)))
		phone.waitFor(`!document.getElementById("room-question").hidden && document.querySelector('[data-testid="room-answer-form"]').hidden`, "the question")
		phone.tapNode("0.1")
		lect.waitFor(`document.querySelector('[data-testid="room-bars"]').dataset.answers === "1"`, "the histogram")
		lect.do(chromedp.Click(chromedp.CSS(`#room-reveal`)))
		phone.waitFor(`document.querySelector('[data-testid="room-explain"]').textContent !== ""`, "the reveal")
		if got := eval[string](phone.browserEnv, `document.querySelector('[data-testid="room-explore"]').textContent`); got == "Explore on my own" {
			t.Fatalf("%s: the explore button is in English", lang)
		}
		if got := eval[string](phone.browserEnv, `document.querySelector('[data-testid="room-prompt"]').textContent`); strings.Contains(got, "Which node") {
			t.Fatalf("%s: the question is in English: %q", lang, got)
		}
		if got := eval[string](phone.browserEnv, `document.querySelector('[data-testid="room-explain"]').textContent`); strings.Contains(got, "enters") {
			t.Fatalf("%s: the explanation is in English: %q", lang, got)
		}
		if got := eval[string](lect.browserEnv, `document.querySelector('[data-testid="room-bar"] .bar-name').textContent`); strings.Contains(got, "child") || strings.Contains(got, "0.1") {
			t.Fatalf("%s: the histogram names a node in English or by its id: %q", lang, got)
		}
		lect.shot("projector-" + lang + ".png")
		phone.shot("phone-" + lang + ".png")
	}
}

// cutListener is a server's listener whose network can be cut: every
// connection closed at once, and new ones dropped until it is restored.
type cutListener struct {
	net.Listener
	mu    sync.Mutex
	conns []net.Conn
	down  bool
}

func (l *cutListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		l.mu.Lock()
		if l.down {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.conns = append(l.conns, c)
		l.mu.Unlock()
		return c, nil
	}
}

func (l *cutListener) cut() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.down = true
	for _, c := range l.conns {
		c.Close()
	}
	l.conns = nil
}

func (l *cutListener) restore() {
	l.mu.Lock()
	l.down = false
	l.mu.Unlock()
}

// A student whose network is cut (every connection of theirs closed at
// the server's side, new ones refused) while the lecturer steps on, and
// then restored: the phone comes back by itself at the room's step, with
// its answer kept.
func TestBrowserRoomNetworkCut(t *testing.T) {
	t.Parallel()
	s, _, tab := newRoomBrowser(t)
	code, secret := createRoom(t, s)
	// The phone reaches the same server through a listener of its own.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cl := &cutListener{Listener: ln}
	phoneSrv := httptest.NewUnstartedServer(s.Echo())
	phoneSrv.Listener.Close()
	phoneSrv.Listener = cl
	phoneSrv.Start()
	t.Cleanup(phoneSrv.Close)

	lect := tab("lecturer", 1280, 720)
	lect.goTo("/room/" + code + "?lang=en#secret=" + secret)
	phone := tab("phone", 390, 844)
	phone.srv = phoneSrv
	phone.goTo("/room/" + code + "?nick=Ada&lang=en")
	for i := 1; i <= 2; i++ {
		lect.do(chromedp.KeyEvent(kb.ArrowRight))
		phone.atStep(i)
	}
	lect.do(chromedp.Click(chromedp.CSS(`[data-testid="room-ask"]`)))
	phone.waitFor(`!document.getElementById("room-question").hidden`, "the question")
	phone.tapNode("0.2")
	phone.waitFor(`document.getElementById("room").dataset.answered === "1"`, "the answer taken")

	cl.cut()
	phone.waitFor(`document.getElementById("conn").dataset.conn === "off"`, "the phone offline")
	for i := 3; i <= 5; i++ {
		lect.do(chromedp.KeyEvent(kb.ArrowRight))
		lect.atStep(i)
	}
	phone.shot("phone-cut-en.png")
	cl.restore()
	phone.atStep(5)
	phone.waitFor(`document.getElementById("conn").dataset.conn === "on" && document.querySelector('[data-testid="room-mine"]').dataset.given === "0.2"`, "the answer kept after the reconnection")
	lect.do(chromedp.KeyEvent(kb.ArrowRight))
	phone.atStep(6)
}

// A deck in chromium: its page lists the slides and starts a room; the
// lecturer's clicker (on a phone) goes to the next slide, another
// scenario, and the students' page follows without reloading, with the
// slide's question. The deck's page and the clicker in English, German
// and Czech, on the projector and on a phone.
func TestBrowserDeckAndClicker(t *testing.T) {
	t.Parallel()
	s, _, tab := newRoomBrowser(t)
	rec := postDeck(t, s, "/decks?lang=en", twoSlideDeck, "")
	deckLink := rec.Header().Get("Location")
	lect := tab("lecturer", 1280, 720)
	lect.do(chromedp.Navigate(lect.srv.URL + deckLink))
	lect.waitFor(`document.querySelectorAll('[data-testid="deck-slide"]').length === 2`, "the deck's slides")
	lect.do(chromedp.Click(chromedp.CSS(`[data-testid="deck-start"]`)))
	lect.waitFor(`document.getElementById("room") && document.getElementById("room").dataset.seq !== undefined`, "the lecturer in the deck's room")
	lect.atStep(1)
	code := eval[string](lect.browserEnv, `document.querySelector('[data-testid="room-code"]').textContent.trim()`)
	clickerLink := eval[string](lect.browserEnv, `document.getElementById("room-clicker").getAttribute("href")`)
	if !strings.Contains(clickerLink, "/clicker") || !strings.Contains(clickerLink, "#secret=") {
		t.Fatalf("the clicker link: %q", clickerLink)
	}
	student := tab("student", 390, 844)
	student.goTo("/room/" + code + "?nick=Ada&lang=en")
	student.atStep(1)
	clicker := tab("clicker", 390, 844)
	clicker.do(chromedp.Navigate(clicker.srv.URL + clickerLink))
	clicker.waitFor(`document.getElementById("conn").dataset.conn === "on" && document.getElementById("clicker").dataset.slide === "0"`, "the clicker following")
	clicker.shot("clicker-en.png")
	// A mark on the student's window: a reload would lose it.
	eval[bool](student.browserEnv, `window.abtraceKept = true`)
	clicker.do(chromedp.Click(chromedp.CSS(`[data-testid="clicker-next"]`)))
	clicker.waitFor(`document.getElementById("clicker").dataset.slide === "1"`, "the clicker at slide 2")
	// Another scenario is another drawing: the server sends its page
	// ("scene") and the student's page swaps it in, without a reload, at
	// the slide's step, with the slide's question.
	student.waitFor(`document.getElementById("room") && document.getElementById("room").dataset.step === "5" && document.querySelectorAll('#tree [data-node]').length > 5`, "the second slide's tree")
	student.atStep(5)
	if !eval[bool](student.browserEnv, `window.abtraceKept === true`) {
		t.Fatal("the student's page was reloaded for the slide")
	}
	student.waitFor(`!document.getElementById("room-question").hidden`, "the second slide's question")
	lect.atStep(5)
	student.shot("phone-slide-en.png")
	clicker.do(chromedp.Click(chromedp.CSS(`[data-testid="clicker-back"]`)))
	student.atStep(1)

	for _, lang := range []string{"en", "de", "cs"} {
		for _, size := range []struct {
			name string
			w, h int64
		}{{"projector", 1280, 720}, {"phone", 390, 844}} {
			p := tab("deck-"+lang+"-"+size.name, size.w, size.h)
			p.do(chromedp.Navigate(p.srv.URL + strings.Replace(deckLink, "lang=en", "lang="+lang, 1)))
			p.waitFor(`document.querySelectorAll('[data-testid="deck-slide"]').length === 2`, "the deck's page")
			if lang != "en" && strings.Contains(eval[string](p.browserEnv, `document.querySelector("main").innerText`), "Start a room") {
				t.Fatalf("%s: the deck's page is in English", lang)
			}
			p.shot("deck-" + size.name + "-" + lang + ".png")
		}
		if lang == "en" {
			continue
		}
		c := tab("clicker-"+lang, 390, 844)
		c.do(chromedp.Navigate(c.srv.URL + strings.Replace(clickerLink, "lang=en", "lang="+lang, 1)))
		c.waitFor(`document.getElementById("conn").dataset.conn === "on" && document.getElementById("clicker").dataset.slide === "0"`, "the clicker following")
		if strings.Contains(eval[string](c.browserEnv, `document.body.innerText`), "Next") {
			t.Fatalf("%s: the clicker is in English", lang)
		}
		c.shot("clicker-" + lang + ".png")
	}
}
