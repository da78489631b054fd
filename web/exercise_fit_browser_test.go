package web

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// fitMeasure measures what a person sees of an exercise page: every tree
// frame's drawing inside the frame, any sideways scrolling of a frame or of
// the page, the header's rows, and the controls within the screen.
const fitMeasure = `(() => {
  const r = (el) => el.getBoundingClientRect();
  const frames = [...document.querySelectorAll(".ex-tree, .or-fig, .ws-sheet")].filter((f) => f.offsetParent !== null);
  const out = {frames: [], page: [document.documentElement.scrollWidth, window.innerWidth], header: 0, controls: [], alpha: 0, value: 0};
  for (const f of frames) {
    const svg = f.querySelector("svg");
    if (!svg) continue;
    const fr = r(f), sr = r(svg);
    out.frames.push({left: sr.left - fr.left + f.scrollLeft, right: fr.right - sr.right, scroll: f.scrollWidth - f.clientWidth, width: sr.width, height: sr.height, sheet: f.classList.contains("ws-sheet")});
  }
  const h = document.querySelector("header.top");
  if (h && h.offsetParent !== null) {
    const kids = [...h.children].filter((k) => k.offsetParent !== null).map(r);
    const tops = kids.map((k) => k.top), bottoms = kids.map((k) => k.bottom);
    out.header = Math.max(...bottoms) - Math.min(...tops);
    const h1 = h.querySelector("h1");
    out.h1lines = h1 ? h1.getClientRects().length : 0;
    out.h1height = h1 ? r(h1).height : 0;
  }
  for (const b of document.querySelectorAll(".ex-actions .btn, .pr-yesno .btn, [data-testid=check]")) {
    if (b.offsetParent === null) continue;
    const br = r(b);
    out.controls.push([br.left, br.right]);
  }
  const a = document.querySelector(".with-windows .ex-window input");
  if (a) out.alpha = r(a).width;
  const v = document.querySelector(".ex-value");
  if (v) out.value = r(v).width;
  // The smallest leaf value as drawn, in px: its font size times the
  // drawing's scale.
  const fonts = [...document.querySelectorAll(".ex-tree .leaf-value, .or-fig .leaf-value")].filter((t) => t.getScreenCTM())
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
  out.leaf = fonts.length ? Math.min(...fonts) : 0;
  return out;
})()`

type fitFrame struct {
	Left, Right, Scroll, Width, Height float64
	Sheet                              bool // a worksheet's, fitted to the paper
}

type fitResult struct {
	Frames   []fitFrame
	Page     []float64
	Header   float64
	H1lines  int
	H1height float64
	Controls [][]float64
	Alpha    float64
	Value    float64
	Leaf     float64
}

// TestBrowserExercisesFit opens every exercise page on a projector
// (1280×720), a 1024-pixel screen and a phone (390×844): the tree lies
// inside its frame with no sideways scrolling on the larger screens; on the
// phone it keeps a legible size (leaf values at least 12 px, the value box
// at least 56 px wide) and scrolls in its frame, never the page; the header
// is one line on the phone, every control is within the screen, and on the
// larger screens the α and β boxes stay big enough to type in.
func TestBrowserExercisesFit(t *testing.T) {
	t.Parallel()
	pages := []struct {
		name, path, ready string
		windows           bool
	}{
		{"fill-in", "/exercise?" + exercise42, `document.getElementById("ex-form").dataset.ready === "true"`, true},
		{"wide", "/exercise?seed=3&b=4&d=3&min_cutoffs=4", `document.getElementById("ex-form").dataset.ready === "true"`, true},
		{"predict", "/exercise/predict?" + exercise42, `document.getElementById("pr").dataset.ready === "true"`, false},
		{"ordering", "/exercise/ordering?check=1&" + exercise42, `document.querySelector('[data-testid="pruned-compare"]')`, false},
		{"matchsticks", "/exercise/matchsticks", `document.querySelector('[data-testid="matchsticks"]')`, false},
		{"worksheet", "/exercise/worksheet?key=1&" + exercise42, `document.querySelector('[data-testid="answer-key"]')`, false},
	}
	for _, size := range [][2]int64{{1280, 720}, {1024, 768}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel() // each size has its own server and browser
			b := newBrowserEnv(t, size[0], size[1])
			for _, pg := range pages {
				t.Run(pg.name, func(t *testing.T) {
					b.t = t
					b.do(chromedp.Navigate(b.srv.URL + pg.path))
					b.waitFor(pg.ready, pg.name)
					if pg.windows {
						b.do(chromedp.Click(chromedp.CSS("#ex-windows")))
					}
					m := eval[fitResult](b, fitMeasure)
					t.Logf("%+v", m)
					if len(m.Frames) == 0 {
						t.Fatal("no tree frame seen")
					}
					phone := size[0] <= 400
					for i, f := range m.Frames {
						if phone && !f.Sheet {
							if f.Left < -0.5 {
								t.Errorf("frame %d: the tree starts %.1f px left of its frame, want inside", i, -f.Left)
							}
							continue
						}
						if f.Left < -0.5 || f.Right < -0.5 || f.Scroll > 0 {
							t.Errorf("frame %d: the tree sticks out %.1f px left, %.1f px right, scrolls %.0f px; want it inside with no scrolling", i, -f.Left, -f.Right, f.Scroll)
						}
					}
					if m.Page[0] > m.Page[1] {
						t.Errorf("the page is %.0f px wide on a %.0f px screen: it scrolls sideways", m.Page[0], m.Page[1])
					}
					for _, c := range m.Controls {
						if c[0] < 0 || c[1] > float64(size[0]) {
							t.Errorf("a control spans %.0f to %.0f px, outside the %d px screen", c[0], c[1], size[0])
						}
					}
					if size[0] <= 400 && m.Header > 0 && (m.Header > 52 || m.H1lines > 1) {
						t.Errorf("the header is %.0f px high with a title of %d lines; want one line", m.Header, m.H1lines)
					}
					if phone && pg.name != "worksheet" && pg.name != "matchsticks" && m.Leaf < 12 {
						t.Errorf("the smallest leaf value is drawn at %.1f px, want at least 12", m.Leaf)
					}
					if phone && pg.name == "fill-in" && m.Value < 56 {
						t.Errorf("the value box is %.1f px wide, want at least 56 to tap and type in", m.Value)
					}
					if size[0] >= 1024 && pg.name == "fill-in" && (m.Alpha < 30 || m.Value < 60) {
						t.Errorf("the α box is %.1f px wide and the value box %.1f px; want at least 30 and 60", m.Alpha, m.Value)
					}
					b.screenshot(fmt.Sprintf("fit-%s-%d.png", pg.name, size[0]))
					if pg.name == "ordering" {
						// The edges the student's order prunes beside the optimal order's.
						yours := eval[int](b, `document.querySelectorAll('[data-testid="tree-yours"] .ws-edge.pruned .cross').length`)
						optimal := eval[int](b, `document.querySelectorAll('[data-testid="tree-optimal"] .ws-edge.pruned .cross').length`)
						if yours == 0 || optimal <= yours {
							t.Errorf("crossed out: %d edges in your order, %d in the best; want some, and more in the best", yours, optimal)
						}
						eval[bool](b, `(document.querySelector('[data-testid="pruned-compare"]').scrollIntoView(), true)`)
						b.screenshot(fmt.Sprintf("fit-ordering-compare-%d.png", size[0]))
					}
				})
			}
			b.t = t
			b.checkClean()
		})
	}
}

// pdfPages counts the pages of a PDF that Chromium printed.
var pdfPages = regexp.MustCompile(`/Type\s*/Page[^s]`)

// mediaBox finds a page's size in a PDF, in points.
var mediaBox = regexp.MustCompile(`/MediaBox\s*\[\s*0\s+0\s+([0-9.]+)\s+([0-9.]+)\s*\]`)

func atof(t *testing.T, b []byte) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestBrowserWorksheetPrint prints the worksheet on A4 and on Letter: the
// tree spans the printable width, every answer box is at least 12 mm wide,
// and the answer key prints on a page of its own only when shown (key=1);
// on screen it is hidden until asked for.
func TestBrowserWorksheetPrint(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	b.do(chromedp.Navigate(b.srv.URL + "/exercise/worksheet?" + exercise42))
	b.waitFor(`document.querySelector('[data-testid="worksheet"]')`, "the worksheet")
	if got := eval[string](b, `getComputedStyle(document.querySelector('[data-testid="answer-key"]')).display`); got != "none" {
		t.Errorf("on screen the key shows (display %s) before it is asked for", got)
	}
	b.screenshot("worksheet-screen.png")
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="key-toggle"]`)))
	b.waitFor(`getComputedStyle(document.querySelector('[data-testid="answer-key"]')).display !== "none"`, "the key shown")
	b.screenshot("worksheet-screen-key.png")
	papers := []struct {
		name          string
		width, height float64 // inches, upright
	}{{"A4", 210 / 25.4, 297 / 25.4}, {"Letter", 8.5, 11}}
	const marginMM = 12 // @page margin in exercise.css
	cases := []struct {
		name, query string
		key         bool
		landscape   bool // the tree is too wide for 12 mm boxes upright
	}{
		{"textbook-sized", exercise42, false, false},
		{"with key", exercise42, true, false},
		{"64 leaves", "seed=3&b=4&d=3&min_cutoffs=4", true, true},
	}
	for _, paper := range papers {
		for _, c := range cases {
			t.Run(paper.name+"/"+c.name, func(t *testing.T) {
				b.t = t
				path := "/exercise/worksheet?" + c.query
				if c.key {
					path += "&key=1"
				}
				b.do(chromedp.Navigate(b.srv.URL + path))
				b.waitFor(`document.querySelector('[data-testid="worksheet"]')`, "the worksheet")
				if got := eval[bool](b, `document.querySelector('[data-testid="worksheet"]').classList.contains("ws-landscape")`); got != c.landscape {
					t.Errorf("printed across the long side: %v, want %v", got, c.landscape)
				}
				w, h := paper.width, paper.height
				if c.landscape {
					w, h = h, w
				}
				// Lay the page out as printed: the printable width in CSS
				// pixels (96 to the inch), print media.
				printable := (w*25.4 - 2*marginMM) / 25.4 * 96
				if _, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
					t.Fatal(err)
				}
				b.do(chromedp.EmulateViewport(int64(printable), int64((h*25.4-2*marginMM)/25.4*96)))
				box := eval[float64](b, `document.querySelector('[data-testid="worksheet"] .ws-box').getBoundingClientRect().width`)
				svg := eval[float64](b, `document.querySelector('[data-testid="worksheet"] .ws-svg').getBoundingClientRect().width`)
				mm := box * 25.4 / 96
				t.Logf("printable %.0f px; tree %.0f px; box %.1f px = %.1f mm", printable, svg, box, mm)
				if mm < 12 {
					t.Errorf("an answer box prints %.1f mm wide, want at least 12", mm)
				}
				if svg < 0.97*printable {
					t.Errorf("the tree prints %.0f px wide of %.0f: not across the page", svg, printable)
				}
				yes := true
				res, err := chromedp.Call(b.ctx, page.PrintToPDF, page.PrintToPDFParams{PaperWidth: paper.width, PaperHeight: paper.height, PreferCSSPageSize: &yes})
				if err != nil {
					t.Fatal(err)
				}
				n := len(pdfPages.FindAll(res.Data, -1))
				if n < 1 || (!c.key && n != 1) || (c.key && n < 2) || bytes.Count(res.Data, []byte("%PDF")) != 1 {
					t.Errorf("printed on %d pages; want the sheet on one, and the key on a page of its own only when shown (key %v)", n, c.key)
				}
				if m := mediaBox.FindSubmatch(res.Data); m == nil {
					t.Error("no media box in the PDF")
				} else if pw, ph := atof(t, m[1]), atof(t, m[2]); (pw > ph) != c.landscape {
					t.Errorf("the first page is %.0f × %.0f pt; across the long side: %v, want %v", pw, ph, pw > ph, c.landscape)
				}
				b.screenshot(fmt.Sprintf("worksheet-print-%s-%s.png", paper.name, strings.ReplaceAll(c.name, " ", "-")))
				if _, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""}); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}
