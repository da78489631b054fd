package view

import (
	"context"
	"testing"

	"github.com/abtrace/abtrace/i18n"
)

// TestNarrationFitsAPhone: the card game's narration says the information
// set in full where the page's narration is wide (1280×720: 1,248 px at
// 20 px) or not said, and on a phone's (374 px at 16.8 px) in short,
// within NarrationLines lines: after ♣9 ♣5 of the trap (deal 2), at its
// first step (deals 2 and 3) and after ♥6 of the lecture deal, in
// English, German and Czech.
func TestNarrationFitsAPhone(t *testing.T) {
	const phone, wide = 374 / 16.8, 1248 / 20.0
	trap, trapScene := prepare(t, "game=cards&deal=trap&algo=clairvoyance")
	lecture, lectureScene := prepare(t, "game=cards")
	short := map[i18n.Lang][]string{
		i18n.English: {"Deal 2 looks the same to MAX.", "Deals 2 and 3 look the same to MAX."},
		i18n.German:  {"Für MAX gleich: Verteilung 2.", "Für MAX gleich: Verteilungen 2 und 3."},
		i18n.Czech:   {"Rozdání 2 vypadá pro MAX stejně.", "Rozdání 2 a 3 vypadají pro MAX stejně."},
	}
	for _, lang := range []i18n.Lang{i18n.English, i18n.German, i18n.Czech} {
		words := i18n.For(lang).Phrase
		for _, c := range []struct {
			s      *Scene
			step   int
			others int
		}{{trapScene, 630, 1}, {trapScene, 1, 2}, {lectureScene, 4, 1}} {
			p := trap
			if c.s == lectureScene {
				p = lecture
			}
			cur := NewCursor(p, c.s)
			cur.SetWords(words)
			cur.Seek(c.step)
			if err := cur.WorkAll(context.Background()); err != nil {
				t.Fatal(err)
			}
			f := cur.Frame()
			set, err := InfoSetPanelOf(p, f, func(id string) string { return id })
			cur.Close()
			if err != nil {
				t.Fatal(err)
			}
			full := f.Narration + " " + set.Saying(words)
			for _, width := range []float64{0, wide} {
				if got := NarrationWith(f.Narration, set, words, width); got != full {
					t.Errorf("%s, step %d, %.1f ems: %q; want the set in full: %q", lang, c.step, width, got, full)
				}
			}
			// On a phone: in short where that fits (German narrations
			// after ♣9 ♣5 and at the start leave no room for it: there
			// the panel and the tree's mark say it alone).
			got := NarrationWith(f.Narration, set, words, phone)
			want := f.Narration + " " + short[lang][c.others-1]
			if lang == i18n.German && c.step != 4 {
				want = f.Narration
			}
			if got != want {
				t.Errorf("%s, step %d, on a phone: %q; want %q", lang, c.step, got, want)
			}
			if n := NarrationLinesAt(got, phone); n > NarrationLines {
				t.Errorf("%s, step %d, on a phone: %d lines: %q", lang, c.step, n, got)
			}
		}
	}
}
