package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestBrowserStoredAttemptBadShape stores attempts of the wrong shape in
// the browser, as an older page, another tool or a hand edit could leave
// them, and reloads: the parts that read are restored, the rest is left
// out with a message saying which, no input shows "[object Object]", and
// nothing throws.
func TestBrowserStoredAttemptBadShape(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	// Record what the page throws, from the first script on.
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `window.__exErrors = [];
addEventListener("error", (e) => __exErrors.push(String(e.message)));
addEventListener("unhandledrejection", (e) => __exErrors.push(String(e.reason)));`}); err != nil {
		t.Fatal(err)
	}
	b.do(chromedp.Navigate(b.srv.URL + "/exercise?" + exercise42))
	ready := `document.getElementById("ex-form") && document.getElementById("ex-form").dataset.ready === "true"`
	b.waitFor(ready, "the exercise")
	storeKey := eval[string](b, `"abtrace-exercise:" + document.getElementById("ex-form").dataset.key`)
	tests := []struct {
		name, stored string
		note         []string // what the message names; nil: no message
		answer       string   // the root's input after the reload
		windows      bool
	}{
		{"good", `{"answers": {"": "15"}, "alpha": {}, "beta": {}, "pruned": ["1.1"], "windows": true, "hints": 1}`, nil, "15", true},
		{"parts", `{"answers": {"": {"v": 3}, "0": "12", "9.9.9": "1"}, "alpha": [1], "pruned": "1.1", "windows": "yes", "hints": -2}`,
			[]string{`answers[""]`, `answers["9.9.9"]`, "alpha", "pruned", "windows", "hints"}, "", false},
		{"not an object", `[1, 2]`, []string{"could not be read, so the exercise starts blank"}, "", false},
		{"not JSON", `{"answers":`, []string{"could not be read, so the exercise starts blank"}, "", false},
		{"null", `null`, []string{"could not be read, so the exercise starts blank"}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b.t = t
			eval[bool](b, fmt.Sprintf(`(localStorage.setItem(%q, %q), true)`, storeKey, tt.stored))
			b.do(chromedp.Reload())
			b.waitFor(ready, "the exercise again")
			note := eval[string](b, `(() => { const n = document.querySelector('[data-testid="storage-note"]'); return n.hidden ? "" : n.textContent; })()`)
			if tt.note == nil && note != "" {
				t.Errorf("a good attempt got the message %q", note)
			}
			for _, w := range tt.note {
				if !strings.Contains(note, w) {
					t.Errorf("message %q does not name %s", note, w)
				}
			}
			if got := eval[string](b, `document.querySelector('[data-testid="answer-"]').value`); got != tt.answer {
				t.Errorf("the root's input holds %q, want %q", got, tt.answer)
			}
			if got := eval[bool](b, `document.getElementById("ex-windows").checked`); got != tt.windows {
				t.Errorf("windows %v, want %v", got, tt.windows)
			}
			if tt.name == "parts" {
				if got := eval[string](b, `document.querySelector('[data-testid="answer-0"]').value`); got != "12" {
					t.Errorf("a good answer beside bad ones: node 0 holds %q, want 12", got)
				}
				// What is kept is stored again, without what was left out.
				if got := eval[string](b, fmt.Sprintf(`localStorage.getItem(%q)`, storeKey)); strings.Contains(got, "9.9.9") || !strings.Contains(got, `"0":"12"`) {
					t.Errorf("stored again: %s", got)
				}
			}
			if got := eval[int](b, `[...document.querySelectorAll("input")].filter((i) => i.value.includes("[object")).length`); got != 0 {
				t.Errorf("%d inputs show [object …]", got)
			}
			if got := eval[[]string](b, `window.__exErrors`); len(got) > 0 {
				t.Errorf("the page threw: %q", got)
			}
			b.screenshot("stored-" + strings.ReplaceAll(tt.name, " ", "-") + ".png")
		})
	}

	// Predict mode's progress: counts of the wrong type or impossible
	// together start afresh with a message; the page works on.
	b.t = t
	b.do(chromedp.Navigate(b.srv.URL + "/exercise/predict?" + exercise42))
	pready := `document.getElementById("pr") && document.getElementById("pr").dataset.ready === "true"`
	b.waitFor(pready, "predict mode")
	pkey := eval[string](b, `"abtrace-predict:" + document.getElementById("pr").dataset.key`)
	for _, tt := range []struct{ stored, note, streak string }{
		{`{"q": 3, "streak": 1, "best": 2, "right": 2, "answered": 3}`, "", "Streak 1 · best 2 · 2 / 3 right"},
		{`{"q": "3", "streak": {"a": 1}, "best": 2, "right": 2, "answered": 3}`, "q, streak", "Streak 0 · best 0 · 0 / 0 right"},
		{`{"q": 9999, "right": 5, "answered": 2}`, "counts", "Streak 0 · best 0 · 0 / 0 right"},
		{`"hello"`, "starts from the first question", "Streak 0 · best 0 · 0 / 0 right"},
	} {
		eval[bool](b, fmt.Sprintf(`(localStorage.setItem(%q, %q), true)`, pkey, tt.stored))
		b.do(chromedp.Reload())
		b.waitFor(pready, "predict mode again")
		note := eval[string](b, `(() => { const n = document.querySelector('[data-testid="storage-note"]'); return n.hidden ? "" : n.textContent; })()`)
		if (tt.note == "") != (note == "") || !strings.Contains(note, tt.note) {
			t.Errorf("stored %s: message %q, want one with %q", tt.stored, note, tt.note)
		}
		if got := eval[string](b, `document.querySelector('[data-testid="streak"]').textContent`); got != tt.streak {
			t.Errorf("stored %s: %q, want %q", tt.stored, got, tt.streak)
		}
		if got := eval[string](b, `document.querySelector('[data-testid="prompt"]').textContent`); strings.Contains(got, "object") || got == "" {
			t.Errorf("stored %s: prompt %q", tt.stored, got)
		}
		if got := eval[[]string](b, `window.__exErrors`); len(got) > 0 {
			t.Errorf("stored %s: the page threw %q", tt.stored, got)
		}
	}
	b.screenshot("stored-predict.png")
	b.checkClean()
}

// TestBrowserExerciseGerman checks an attempt on the German page: the
// verdict, the notes and the score come back in German.
func TestBrowserExerciseGerman(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1024, 768)
	b.do(chromedp.Navigate(b.srv.URL + "/exercise?" + exercise42 + "&lang=de"))
	b.waitFor(`document.getElementById("ex-form") && document.getElementById("ex-form").dataset.ready === "true"`, "the exercise")
	b.screenshot("exercise-de.png")
	b.do(chromedp.SendKeys(chromedp.CSS(`[data-testid="answer-"]`), "3"))
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="check"]`)))
	b.waitFor(`document.querySelector('[data-testid="score"]').textContent !== ""`, "the verdict")
	score := eval[string](b, `document.querySelector('[data-testid="score"]').textContent`)
	fb := eval[string](b, `document.querySelector('[data-testid="feedback"]').textContent`)
	if !strings.HasPrefix(score, "Punkte ") || !strings.Contains(fb, "falsch") || !strings.Contains(fb, "Warum:") {
		t.Errorf("score %q, feedback %.200q: want German", score, fb)
	}
	for _, en := range []string{"Why:", "expected", "wrong", "Score"} {
		if strings.Contains(fb+score, en) {
			t.Errorf("the German verdict has the English %q", en)
		}
	}
	eval[bool](b, `(document.querySelector('[data-testid="feedback"]').scrollIntoView(), true)`)
	b.screenshot("exercise-de-checked.png")
	b.checkClean()
}
