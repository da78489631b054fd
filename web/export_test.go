package web

import (
	"bytes"
	"image/png"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestExportRoutes(t *testing.T) {
	s := newTestServer(t)
	q := url.Values{"tree": {textbookLabelled}, "step": {"27"}}
	tests := []struct {
		path, extra, ctype string
		want               []string
	}{
		{"/export.svg", "", "image/svg+xml", []string{`<g data-node="1" data-state="open">`, `<g data-cut="1.1">`, ">2 ≤ α = 3</text>", "step 27 of 50"}},
		{"/export.tex", "", "application/x-tex", []string{`\begin{forest}`, `[{C}, gmin, draw=abmin, fill=abopen, current`, `$2 \leq  \alpha  = 3$`}},
		{"/export.tex", "&blank=1", "application/x-tex", []string{`[{$14$}, gleaf, draw=ableaf]`}},
		{"/export.tex", "&key=1", "application/x-tex", []string{`label={[text=abmin, font=\bfseries]right:$\leq  2$}`}},
		{"/export.tex", "&fragment=1", "application/x-tex", []string{`\begin{forest}`}},
		{"/export.html", "", "text/html", []string{`<template data-step="50"`, `data-cut>`, `<body data-start="27">`}},
		// Drawn sideways as the page asked.
		{"/export.tex", "&layout=across", "application/x-tex", []string{`grow'=0, parent anchor=east, child anchor=west`, `$2 \leq  \alpha  = 3$`}},
	}
	for _, tc := range tests {
		t.Run(tc.path+tc.extra, func(t *testing.T) {
			rec := httpGet(t, s, tc.path+"?"+q.Encode()+tc.extra)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET = %d: %s", rec.Code, rec.Body.String())
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, tc.ctype) {
				t.Errorf("Content-Type: got %q, want %q", ct, tc.ctype)
			}
			body := rec.Body.String()
			for _, w := range tc.want {
				if !strings.Contains(body, w) {
					t.Errorf("the answer does not contain %q", w)
				}
			}
			if tc.path == "/export.tex" && tc.extra == "&fragment=1" && strings.Contains(body, `\documentclass`) {
				t.Errorf("a fragment has a document class")
			}
			if tc.extra == "&blank=1" && (strings.Contains(body, "label=") || strings.Contains(body, `\times`)) {
				t.Errorf("the exam shows values or cuts beside the leaves")
			}
		})
	}
	rec := httpGet(t, s, "/export.png?"+q.Encode())
	img, err := png.Decode(bytes.NewReader(rec.Body.Bytes()))
	if rec.Code != http.StatusOK || err != nil {
		t.Fatalf("PNG: %d, %v", rec.Code, err)
	}
	if img.Bounds().Dx() < 1000 {
		t.Errorf("PNG width %d: want at least 2× the drawing (more than 1000 pixels for the textbook tree)", img.Bounds().Dx())
	}
}

func TestExportErrors(t *testing.T) {
	s := newTestServer(t)
	tests := []struct{ target, want string }{
		{"/export.svg?tree=((3 4)", "line 1, column 7"},
		{"/export.png?tree=(1 2)&scale=9", "scale must be"},
		{"/export.tex?tree=(1 2)&step=x", `step: a whole number from 0, or "end", not "x"`},
		{"/export.svg?tree=(1 2)&orders=natural,best&pane=worst", `pane: "worst" is not one of`},
	}
	for _, tc := range tests {
		t.Run(tc.target, func(t *testing.T) {
			u, _ := url.Parse(tc.target)
			u.RawQuery = u.Query().Encode()
			rec := httpGet(t, s, u.String())
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), tc.want) {
				t.Errorf("got %d %q, want 400 and %q", rec.Code, rec.Body.String(), tc.want)
			}
		})
	}
}

func TestExportComparisonPane(t *testing.T) {
	s := newTestServer(t)
	q := url.Values{"tree": {textbookLabelled}, "orders": {"natural,best"}, "by": {"node"}, "step": {"end"}}
	for _, pane := range []string{"best", "2"} {
		q.Set("pane", pane)
		rec := httpGet(t, s, "/export.svg?"+q.Encode())
		if rec.Code != http.StatusOK {
			t.Fatalf("pane %s: %d %s", pane, rec.Code, rec.Body.String())
		}
		// Best-first ordering searches D's 2 first, so D's other leaves
		// are pruned in that pane.
		if !strings.Contains(rec.Body.String(), `alphabeta, best on`) {
			t.Errorf("pane %s: the title does not name the pane", pane)
		}
	}
}

func TestEmbedFraming(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/embed?"+url.Values{"tree": {textbookLabelled}}.Encode())
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /embed = %d", rec.Code)
	}
	if xfo := rec.Header().Get("X-Frame-Options"); xfo != "" {
		t.Errorf("/embed sends X-Frame-Options %q: it must allow framing", xfo)
	}
	csp := rec.Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "frame-ancestors *") || !strings.Contains(csp, "script-src 'sha256-") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("/embed CSP %q: want framing by anyone and the inline script by hash only", csp)
	}
	// Every other route still refuses framing.
	for _, path := range []string{"/", "/view?tree=(1+2)", "/export.svg?tree=(1+2)"} {
		rec := httpGet(t, s, path)
		if rec.Header().Get("X-Frame-Options") != "DENY" || !strings.Contains(rec.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("%s may be framed: X-Frame-Options %q", path, rec.Header().Get("X-Frame-Options"))
		}
	}
	if _, err := html.Parse(rec.Body); err != nil {
		t.Fatal(err)
	}
}

func TestExportHTMLLimit(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/export.html?random=3,6&seed=1")
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "MaxHTMLSteps") {
		t.Errorf("a search of thousands of steps: %d %q, want 400 naming MaxHTMLSteps", rec.Code, rec.Body.String())
	}
}

// TestPlayerLanguages checks that the player of /export.html and /embed is
// worded in the requested language: its title, buttons, keys line, step
// count and narration (the browser test reads /embed for English left).
func TestPlayerLanguages(t *testing.T) {
	s := newTestServer(t)
	tests := []struct {
		lang string
		want []string
	}{
		{"en", []string{`<html lang="en">`, "abtrace: Alpha-beta", "« first", `data-count="step 9 of `, "Made with abtrace. Keys:", "Source: <code>/view?"}},
		{"de", []string{`<html lang="de">`, " auf ", "« Anfang", `data-count="Schritt 9 von `, "Tasten: ← → Schritt", "Quelle: <code>/view?", "Drücken Sie →"}},
		{"cs", []string{`<html lang="cs">`, "alfa-beta (ořezání při v ≥ β, fail-soft) – strom", "« začátek", `data-count="krok 9 z `, "Klávesy: ← → krok", "Zdroj: <code>/view?", "Stiskněte →"}},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			q := url.Values{"tree": {textbookLabelled}, "step": {"9"}, "lang": {tc.lang}}.Encode()
			file, embed := httpGet(t, s, "/export.html?"+q), httpGet(t, s, "/embed?"+q)
			if file.Code != http.StatusOK || embed.Code != http.StatusOK {
				t.Fatalf("got %d and %d, want 200", file.Code, embed.Code)
			}
			if file.Body.String() != embed.Body.String() {
				t.Errorf("got a file unlike the embedded player, want the same page")
			}
			for _, w := range tc.want {
				if !strings.Contains(file.Body.String(), w) {
					t.Errorf("got a player without %q, want it", w)
				}
			}
			// The source permalink opens the viewer in the player's language.
			m := regexp.MustCompile(`<code>(/view\?[^<]*)</code>`).FindStringSubmatch(file.Body.String())
			if m == nil {
				t.Fatal("got a player without its source permalink, want one")
			}
			u, err := url.Parse(strings.ReplaceAll(m[1], "&amp;", "&"))
			if err != nil {
				t.Fatal(err)
			}
			if got := u.Query().Get("lang"); got != tc.lang {
				t.Errorf("source permalink %s: got lang=%q, want %q", u, got, tc.lang)
			}
		})
	}
}
