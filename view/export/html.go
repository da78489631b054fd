package export

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"io"
	"strconv"

	"github.com/abtrace/abtrace/view"
)

// Limits of a standalone HTML file: it holds the drawing of every step.
const (
	// MaxHTMLSteps bounds the steps of a search exported as HTML.
	MaxHTMLSteps = 1500
	// MaxHTMLBytes bounds the file.
	MaxHTMLBytes = 16 << 20
)

// Frame is one step of a standalone HTML file: its drawing and the
// sentence that narrates it.
type Frame struct {
	Drawing   *view.Drawing
	Narration string
	// Cutoff is true when a cutoff happened at this step (the c key jumps
	// to the next one).
	Cutoff bool
}

// HTMLOptions are the options of HTML.
type HTMLOptions struct {
	Title string
	// Start is the step shown first.
	Start int
	// Source says where the search comes from (a permalink to the viewer),
	// printed at the foot; "" for none.
	Source string
	// Words are the player's texts in the page's language; nil words them
	// in English (EnglishWords).
	Words *PlayerWords
}

// PlayerWords are the texts of the player page, in one language: the
// caller (the web server) words them, the page only shows them.
type PlayerWords struct {
	// Lang is the page's language code, for <html lang>.
	Lang string
	// Toolbar names the row of buttons; First, Play, Pause, Cut and Last
	// are the buttons' texts and the *Title fields their tooltips; Range
	// names the slider, Tree the drawing.
	Toolbar, First, Play, Pause, Cut, Last                           string
	FirstTitle, BackTitle, PlayTitle, NextTitle, CutTitle, LastTitle string
	Range, Tree                                                      string
	// Footer is the line at the foot with the keys; Source introduces the
	// permalink after it.
	Footer, Source string
	// Count says which step is shown: step k of the last step n.
	Count func(k, n int) string
}

// EnglishWords are the player's texts in English.
var EnglishWords = PlayerWords{
	Lang: "en", Toolbar: "Step through the search",
	First: "« first", Play: "▶ play", Pause: "❚❚ pause", Cut: "✂ next cutoff", Last: "last »",
	FirstTitle: "first step (Home)", BackTitle: "back (←)", PlayTitle: "play (space)", NextTitle: "next (→)",
	CutTitle: "next cutoff (c)", LastTitle: "last step (End)", Range: "step", Tree: "the search tree",
	Footer: "Made with abtrace. Keys: ← → step, Home and End, space plays, c jumps to the next cutoff.",
	Source: "Source:",
	Count:  func(k, n int) string { return "step " + strconv.Itoa(k) + " of " + strconv.Itoa(n) },
}

// playerScript steps through the frames: the page decides nothing, it
// shows the SVG the server drew for each step.
const playerScript = `(function () {
  var frames = document.querySelectorAll("template[data-step]");
  var tree = document.getElementById("tree"), say = document.getElementById("say");
  var range = document.getElementById("range"), count = document.getElementById("count");
  var play = document.getElementById("play"), step = 0, timer = 0;
  function show(k) {
    step = Math.max(0, Math.min(frames.length - 1, k));
    tree.innerHTML = frames[step].innerHTML;
    say.textContent = frames[step].getAttribute("data-say");
    range.value = step;
    count.textContent = frames[step].getAttribute("data-count");
  }
  function nextCut() {
    for (var k = step + 1; k < frames.length; k++) {
      if (frames[k].hasAttribute("data-cut")) { show(k); return; }
    }
    show(frames.length - 1);
  }
  function toggle() {
    if (timer) { clearInterval(timer); timer = 0; play.textContent = play.getAttribute("data-play"); return; }
    play.textContent = play.getAttribute("data-pause");
    timer = setInterval(function () { if (step >= frames.length - 1) { toggle(); } else { show(step + 1); } }, 700);
  }
  document.getElementById("first").onclick = function () { show(0); };
  document.getElementById("back").onclick = function () { show(step - 1); };
  document.getElementById("next").onclick = function () { show(step + 1); };
  document.getElementById("cut").onclick = nextCut;
  document.getElementById("last").onclick = function () { show(frames.length - 1); };
  play.onclick = toggle;
  range.max = frames.length - 1;
  range.oninput = function () { show(parseInt(range.value, 10)); };
  document.addEventListener("keydown", function (e) {
    if (e.target === range) return;
    var k = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (k) { show(step + k); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(frames.length - 1); e.preventDefault(); }
    else if (e.key === " ") { toggle(); e.preventDefault(); }
    else if (e.key === "c") { nextCut(); }
  });
  show(parseInt(document.body.getAttribute("data-start"), 10) || 0);
})();
`

const playerStyle = `body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 0; color: #0f172a; background: #fff; }
header { padding: .5rem 1rem; border-bottom: 2px solid #cbd5e1; }
h1 { font-size: 1.05rem; margin: 0; }
.bar { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; padding: .4rem 1rem; background: #f3f4f6; }
button { font: inherit; border: 2px solid #0f172a; background: #fff; border-radius: .4rem; padding: .2rem .6rem; cursor: pointer; }
#range { flex: 1; min-width: 8rem; }
#count { font-variant-numeric: tabular-nums; color: #475569; }
#say { margin: .5rem 1rem; min-height: 1.4em; }
#tree svg { display: block; width: 100%; height: auto; max-height: 80vh; }
footer { padding: .4rem 1rem; color: #475569; font-size: .8rem; }
`

// ScriptHash and StyleHash are the CSP hashes of the inline script and
// style of HTML's file ('sha256-…'), for a Content-Security-Policy that
// allows exactly them where the file is served (the embed route).
func ScriptHash() string { return cspHash(playerScript) }

// StyleHash is the CSP hash of the inline style.
func StyleHash() string { return cspHash(playerStyle) }

func cspHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(h[:]) + "'"
}

// ErrHTMLTooLarge is what every LimitError of HTML is (errors.Is): the
// search has more than MaxHTMLSteps steps, or the file would pass
// MaxHTMLBytes.
var ErrHTMLTooLarge = fmt.Errorf("export: a standalone HTML file holds at most MaxHTMLSteps = %d steps and MaxHTMLBytes = %d bytes: export a smaller search (a depth limit, a smaller tree)", MaxHTMLSteps, MaxHTMLBytes)

// HTML writes a standalone HTML file that plays the whole search: every
// step's drawing (as SVG) and narration, stepped with buttons and keys (←
// →, Home, End, space to play, c for the next cutoff), with no server and
// nothing loaded from elsewhere. The file has n frames (the start and one
// per step); frame gives frame k, called for k = 0, 1, … in order, so that
// no more than one frame's drawing is held at once. A search of more than
// MaxHTMLSteps steps is refused with a LimitError before any frame is
// drawn, a file that would pass MaxHTMLBytes as soon as its first frame
// shows it would (n frames at least as large as the first) or when its
// bytes reach it. HTML stops with ctx's error when ctx is done, between
// two frames.
func HTML(ctx context.Context, w io.Writer, n int, frame func(k int) (Frame, error), opt HTMLOptions) error {
	if n > MaxHTMLSteps+1 {
		return &LimitError{Limit: "MaxHTMLSteps", Got: int64(n - 1), Max: MaxHTMLSteps}
	}
	if n <= 0 {
		return errors.New("export: an HTML file needs at least one frame")
	}
	w8 := opt.Words
	if w8 == nil {
		w8 = &EnglishWords
	}
	esc := html.EscapeString
	var body bytes.Buffer
	cw := &capWriter{w: &body, ctx: ctx, max: MaxHTMLBytes, limit: "MaxHTMLBytes"}
	for k := range n {
		f, err := frame(k)
		if err != nil {
			return err
		}
		io.WriteString(cw, `<template data-step="`+strconv.Itoa(k)+`" data-say="`+esc(f.Narration)+`" data-count="`+esc(w8.Count(k, n-1))+`"`)
		if f.Cutoff {
			io.WriteString(cw, " data-cut")
		}
		io.WriteString(cw, ">")
		if err := SVG(cw, f.Drawing, SVGOptions{Inline: true}); err != nil {
			return err
		}
		io.WriteString(cw, "</template>\n")
		if cw.err != nil {
			return cw.err
		}
		if k == 0 && int64(n)*int64(body.Len()) > MaxHTMLBytes {
			return &LimitError{Limit: "MaxHTMLBytes", Got: int64(n) * int64(body.Len()), Max: MaxHTMLBytes}
		}
	}
	bw := bufio.NewWriter(w)
	title := html.EscapeString(opt.Title)
	bw.WriteString("<!DOCTYPE html>\n<html lang=\"" + esc(w8.Lang) + "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	bw.WriteString("<title>" + title + "</title>\n<style>" + playerStyle + "</style>\n</head>\n")
	bw.WriteString(`<body data-start="` + strconv.Itoa(min(max(opt.Start, 0), n-1)) + "\">\n<header><h1>" + title + "</h1></header>\n")
	bw.WriteString(`<div class="bar" role="toolbar" aria-label="` + esc(w8.Toolbar) + `">` +
		`<button id="first" title="` + esc(w8.FirstTitle) + `">` + esc(w8.First) + `</button><button id="back" title="` + esc(w8.BackTitle) + `">◀</button>` +
		`<button id="play" title="` + esc(w8.PlayTitle) + `" data-play="` + esc(w8.Play) + `" data-pause="` + esc(w8.Pause) + `">` + esc(w8.Play) + `</button>` +
		`<button id="next" title="` + esc(w8.NextTitle) + `">▶</button>` +
		`<button id="cut" title="` + esc(w8.CutTitle) + `">` + esc(w8.Cut) + `</button><button id="last" title="` + esc(w8.LastTitle) + `">` + esc(w8.Last) + `</button>` +
		`<input id="range" type="range" min="0" value="0" aria-label="` + esc(w8.Range) + `"><span id="count"></span></div>` + "\n")
	bw.WriteString("<p id=\"say\" aria-live=\"polite\"></p>\n<div id=\"tree\" role=\"img\" aria-label=\"" + esc(w8.Tree) + "\"></div>\n")
	bw.Write(body.Bytes())
	bw.WriteString("<footer>" + esc(w8.Footer))
	if opt.Source != "" {
		bw.WriteString(" " + esc(w8.Source) + " <code>" + esc(opt.Source) + "</code>")
	}
	bw.WriteString("</footer>\n<script>" + playerScript + "</script>\n</body>\n</html>\n")
	return bw.Flush()
}
