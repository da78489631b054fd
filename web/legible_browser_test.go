package web

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/abtrace/abtrace/view"
)

// legibleCases are the trees of a lecture of both halves of the course
// (issue 27), each at a step inside its search.
var legibleCases = []struct{ name, query string }{
	{"tictactoe-midgame", "game=tictactoe&position=xo.x.o...&step=30"},
	{"tictactoe", "game=tictactoe&algo=minimax&step=60"},
	{"random-3-3", "random=3,3&seed=1&step=20"},
	{"random-4-4", "random=4,4&seed=1&step=40"},
	{"connect4-depth4", "game=connect4&depth=4&step=40"},
	{"reversi-depth3", "game=reversi&depth=3&step=30"},
	{"mcts-tictactoe", "game=tictactoe&algo=mcts&step=200"},
	{"cards", "game=cards&step=30"},
}

// legibleSizes are a projector's, a large screen's and a phone's.
var legibleSizes = [][2]int64{{1280, 720}, {1920, 1080}, {390, 844}}

// legibleMeasure is what the page draws of the current node, its siblings
// and its path from the root, as rendered: in the focus where the page
// shows it, else in the overview. Sizes are in CSS pixels.
type legibleMeasure struct {
	Focus bool // the focus is shown (else the overview)
	// Current is the current node's id; Path the ids drawn of its path.
	Current string
	Path    []string
	// Values and Names are the font sizes of the values and names (the
	// letter in a glyph, a leaf's value) of those nodes; AB of their α/β
	// lines; Boards the boards' widths; Counts the font sizes of every
	// fold's counts in what is shown.
	Values, Names, AB, Boards, Counts []float64
	// Small names the labels below the legible sizes.
	Small []string
	// InView is true when the current node lies inside its pane's view.
	InView bool
}

const measureLegible = `(() => {
  const fw = document.getElementById("focus-wrap");
  const focus = !!fw && getComputedStyle(fw).display !== "none";
  const root = focus ? fw : document.getElementById("tree");
  const attr = focus ? "data-fnode" : "data-node";
  const pane = focus ? fw : document.getElementById("tree-wrap");
  const nodes = new Map();
  for (const g of root.querySelectorAll("g[" + attr + "]")) nodes.set(g.getAttribute(attr), g);
  const cur = root.querySelector("g.cur[" + attr + "]") || root.querySelector("g.inside[" + attr + "]") || nodes.get("");
  const id = cur ? cur.getAttribute(attr) : "";
  const parent = (s) => s === "" ? null : (s.includes(".") ? s.slice(0, s.lastIndexOf(".")) : "");
  const path = [];
  for (let at = id; at !== null; at = parent(at)) if (nodes.has(at)) path.push(at);
  const want = new Set(path);
  const p = parent(id);
  for (const k of nodes.keys()) if (k !== "" && p !== null && parent(k) === p) want.add(k);
  const m = {Focus: focus, Current: id, Path: path, Values: [], Names: [], AB: [], Boards: [], Counts: [], Small: [], InView: false};
  const px = (t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
  const note = (list, what, k, t, least) => {
    const v = px(t);
    list.push(v);
    if (v < least) m.Small.push(what + " of " + JSON.stringify(k) + " " + JSON.stringify(t.textContent) + " at " + v.toFixed(1) + " px");
  };
  for (const k of want) {
    const g = nodes.get(k);
    for (const t of g.querySelectorAll(":scope > text.v")) if (t.textContent.trim()) note(m.Values, "value", k, t, 14);
    for (const t of g.querySelectorAll(":scope > text.in")) if (t.textContent.trim()) note(m.Names, "name", k, t, 14);
    for (const t of g.querySelectorAll(":scope > text.ab")) if (t.textContent.trim()) note(m.AB, "α/β", k, t, 12);
    const s = g.querySelector(":scope > .s");
    if (g.classList.contains("g-board") && s) {
      const w = s.getBoundingClientRect().width;
      m.Boards.push(w);
      if (w < 40) m.Small.push("board of " + JSON.stringify(k) + " " + w.toFixed(1) + " px across");
    }
  }
  for (const t of root.querySelectorAll(".fold .fc tspan")) {
    const v = parseFloat(getComputedStyle(t).fontSize) * t.closest("text").getScreenCTM().a;
    m.Counts.push(v);
    if (v < 12) m.Small.push("fold count " + JSON.stringify(t.textContent) + " at " + v.toFixed(1) + " px");
  }
  if (cur) {
    const r = (cur.querySelector(":scope > .s") || cur).getBoundingClientRect(), b = pane.getBoundingClientRect();
    m.InView = r.left >= b.left - 1 && r.right <= b.left + pane.clientWidth + 1 && r.top >= b.top - 1 && r.bottom <= b.top + pane.clientHeight + 1;
  }
  return m;
})()`

// TestBrowserLegible opens every lecture tree at a projector's, a large
// screen's and a phone's size and measures, as rendered, the current
// node, its siblings and its path from the root: values and names at 14
// px or more, α/β at 12 or more, boards 40 px across or more, and every
// fold's counts at 12 or more; the current node in view. One browser,
// one server, one page load per tree and size.
func TestBrowserLegible(t *testing.T) {
	b := newBrowserEnv(t, 1280, 720)
	shots := os.Getenv("ABTRACE_SHOTS") // a folder to keep the screenshots in
	for _, size := range legibleSizes {
		b.do(chromedp.EmulateViewport(size[0], size[1]))
		for _, c := range legibleCases {
			what := fmt.Sprintf("%s at %dx%d", c.name, size[0], size[1])
			b.open("/view?" + c.query)
			b.waitFor(`document.fonts.status === "loaded"`, "the fonts")
			// The page scrolls the focus at the start of the frame after
			// the server's answer: measure two frames later.
			if _, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, chromedp.EvalAwaitPromise)); err != nil {
				t.Fatal(err)
			}
			m := eval[legibleMeasure](b, measureLegible)
			t.Logf("%s: focus %v, current %q, path of %d; least value %.1f px, name %.1f, α/β %.1f, board %.1f, fold count %.1f",
				what, m.Focus, m.Current, len(m.Path), minOf(m.Values), minOf(m.Names), minOf(m.AB), minOf(m.Boards), minOf(m.Counts))
			if len(m.Small) > 0 {
				t.Errorf("%s: %d labels below the legible sizes, such as %s", what, len(m.Small), strings.Join(m.Small[:min(4, len(m.Small))], "; "))
			}
			if len(m.Values)+len(m.Names) == 0 {
				t.Errorf("%s: no value or name measured", what)
			}
			if !m.InView {
				t.Errorf("%s: the current node %q is out of its pane's view", what, m.Current)
			}
			if c.name == "mcts-tictactoe" && !m.Focus {
				t.Errorf("%s: Monte-Carlo tree search shows the game tree, want its own tree", what)
			}
			if shots != "" {
				p := b.screenshot(fmt.Sprintf("legible-%s-%dx%d.png", c.name, size[0], size[1]))
				copyFile(t, p, filepath.Join(shots, filepath.Base(p)))
			}
		}
	}
	b.checkClean()
}

// TestBrowserOverviewKey: v shows the whole tree and the focus again.
func TestBrowserOverviewKey(t *testing.T) {
	b := newBrowserEnv(t, 1280, 720)
	b.open("/view?game=tictactoe&position=xo.x.o...&step=30")
	shown := `getComputedStyle(document.getElementById("focus-wrap")).display !== "none"`
	if !eval[bool](b, shown) {
		t.Fatalf("the tic-tac-toe mid-game shows no focus at 1280×720 (view.ViewerPaneWidth %d)", view.ViewerPaneWidth)
	}
	b.do(chromedp.KeyEvent("v"))
	b.waitFor("!("+shown+")", "v shows the overview")
	b.do(chromedp.KeyEvent("v"))
	b.waitFor(shown, "v shows the focus again")
	b.checkClean()
}
