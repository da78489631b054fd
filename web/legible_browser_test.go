package web

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

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
	{"mcts-tictactoe", "game=tictactoe&algo=mcts&iterations=200&step=end"},
	{"cards", "game=cards&step=30"},
	{"duct-rock-paper-scissors", ductQuery("end", "en", 200).Encode()},
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
	// LeafGap is, in a comparison's pane, the least gap in pixels
	// between two leaf boxes side by side in its tree (1e9: none); Layout
	// its tree's orientation.
	LeafGap float64
	Layout  string
	// Lost names the nodes of the path that the focus or a comparison's
	// pane shows neither in its view nor in its trail.
	Lost []string
	// Trail are the font sizes of the trail's texts shown.
	Trail []float64
	// Overlaps names the pairs of labels (values, α/β lines, fold
	// counts) whose rendered boxes overlap.
	Overlaps []string
	// Scrolls is true when the focus's pane scrolls (what it draws is
	// larger than the pane).
	Scrolls string
	// Fill is, for the viewer's focus, the share of its pane's height its
	// trail and drawing take, or of its width the drawing takes, the
	// larger.
	Fill float64
}

// legibleJS measures, in root (the focus or a tree, whose nodes carry the
// attribute attr), what legibleMeasure holds; pane is the element whose
// view the current node must be in.
const legibleJS = `function legible(root, attr, pane, focus) {
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
  m.Overlaps = [];
  const boxes = [];
  for (const t of root.querySelectorAll("text.v, text.ab, text.who, .fold .fc")) {
    // What the drawing's view box shows.
    const r = t.getBoundingClientRect(), v = t.ownerSVGElement.getBoundingClientRect();
    if (t.textContent.trim() && r.width > 0 && r.bottom > v.top && r.top < v.bottom && r.right > v.left && r.left < v.right) boxes.push([t.textContent.trim(), r]);
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [s, a] = boxes[i], [u, b] = boxes[j];
    if (a.left < b.right - .5 && b.left < a.right - .5 && a.top < b.bottom - .5 && b.top < a.bottom - .5) m.Overlaps.push(JSON.stringify(s) + " over " + JSON.stringify(u));
  }
  const fsvg = focus && root.id === "focus-wrap" && root.querySelector("svg");
  if (fsvg) {
    const r = fsvg.getBoundingClientRect(), nav = root.querySelector(".focus-trail:not([hidden])");
    m.Fill = Math.max((r.height + (nav ? nav.getBoundingClientRect().height : 0)) / root.clientHeight, r.width / root.clientWidth);
  }
  m.Scrolls = focus && (root.scrollHeight > root.clientHeight + 1 || root.scrollWidth > root.clientWidth + 1) ?
    root.scrollWidth + "×" + root.scrollHeight + " in " + root.clientWidth + "×" + root.clientHeight : "";
  m.Lost = [];
  m.Trail = [];
  for (const nav of (pane.closest('[data-testid="pane"]') || root).querySelectorAll(".trail:not([hidden])")) {
    for (const t of nav.querySelectorAll("li:not([hidden]) > *")) {
      const v = parseFloat(getComputedStyle(t).fontSize);
      const least = t.matches(".name, .val") ? 14 : 12;
      m.Trail.push(v);
      if (v < least) m.Small.push("trail's " + t.className + " " + JSON.stringify(t.textContent) + " at " + v.toFixed(1) + " px");
    }
  }
  if (focus && root.id === "focus-wrap") {
    // Every node of the path is in the focus's view, under its trail, or
    // named in the trail.
    const nav = root.querySelector(".focus-trail:not([hidden])");
    const named = new Set(nav ? [...nav.querySelectorAll("li")].map((li) => li.dataset.crumb) : []);
    const b = root.getBoundingClientRect();
    const top = b.top + (nav ? nav.getBoundingClientRect().height : 0);
    for (const k of path) {
      const r = (nodes.get(k).querySelector(":scope > .s") || nodes.get(k)).getBoundingClientRect();
      const seen = r.top >= top - 1 && r.bottom <= b.top + root.clientHeight + 1 && r.right > b.left && r.left < b.left + root.clientWidth;
      if (!seen && !named.has(k)) m.Lost.push(k);
    }
  }
  if (cur) {
    const r = (cur.querySelector(":scope > .s") || cur).getBoundingClientRect(), b = pane.getBoundingClientRect();
    m.InView = r.left >= b.left - 1 && r.right <= b.left + pane.clientWidth + 1 && r.top >= b.top - 1 && r.bottom <= b.top + pane.clientHeight + 1;
  }
  return m;
}`

// focusScrolls is true while the viewer shows a focus larger than its
// pane.
const focusScrolls = `(() => {
  const fw = document.getElementById("focus-wrap");
  return !!fw && getComputedStyle(fw).display !== "none" && (fw.scrollHeight > fw.clientHeight + 1 || fw.scrollWidth > fw.clientWidth + 1);
})()`

// measureLegible measures the viewer: its focus where the page shows it,
// else its whole tree.
const measureLegible = `(() => {
  ` + legibleJS + `
  const fw = document.getElementById("focus-wrap");
  const focus = !!fw && getComputedStyle(fw).display !== "none";
  return focus ? legible(fw, "data-fnode", fw, true) : legible(document.getElementById("tree"), "data-node", document.getElementById("tree-wrap"), false);
})()`

// measurePanes measures each pane of the comparison: its focus where it
// has one (the current node in the focus's view), else its tree; with the
// least gap between two neighbouring leaf boxes of its tree and the
// orientation it is drawn in.
const measurePanes = `(() => {
  ` + legibleJS + `
  return [...document.querySelectorAll('[data-testid="pane"]')].map((sec) => {
    const tree = sec.querySelector('[data-testid="pane-tree"]');
    const fw = sec.querySelector('[data-testid="pane-focus"]');
    const m = fw ? legible(fw, "data-fnode", fw, true) : legible(tree, "data-node", tree, false);
    const named = new Set([...sec.querySelectorAll('[data-testid="pane-trail"]:not([hidden]) li')].map((li) => li.dataset.crumb));
    const box = tree.getBoundingClientRect();
    // A node of the path is drawn whole in the window, its glyph, value
    // and α/β lines inside the pane, or named in the trail, with them.
    m.Lost = m.Path.filter((id) => {
      const g = tree.querySelector('g[data-node="' + id + '"]');
      const parts = g ? [...g.querySelectorAll(":scope > .s, :scope > text.v, :scope > text.ab")].filter((t) => t.matches(".s") || t.textContent.trim()) : [];
      const seen = parts.length > 0 && parts.every((t) => {
        const r = t.getBoundingClientRect();
        return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      });
      return !seen && !named.has(id);
    });
    const boxes = [...tree.querySelectorAll("g.g-leaf[data-node] > .s")].map((s) => s.getBoundingClientRect()).filter((r) => r.width > 0);
    let gap = 1e9;
    for (const a of boxes) for (const b of boxes) {
      if (a === b || a.bottom <= b.top || b.bottom <= a.top) continue;
      if (a.right <= b.left) gap = Math.min(gap, b.left - a.right);
      else if (a.left < b.right && b.left < a.right) gap = Math.min(gap, -1);
    }
    m.LeafGap = gap;
    m.Layout = tree.dataset.layout;
    return m;
  });
})()`

// TestBrowserLegible opens every lecture tree at a projector's, a large
// screen's and a phone's size and measures, as rendered, the current
// node, its siblings and its path from the root: values and names at 14
// px or more, α/β at 12 or more, boards 40 px across or more, and every
// fold's counts at 12 or more; the current node in view; tic-tac-toe's
// mid-game focus filling 70 % of its pane or more at 1280×720, its
// boards 60 px across or more at 1920×1080. One server, a
// tab for each size (the sizes side by side), one page load per tree and
// size.
func TestBrowserLegible(t *testing.T) {
	t.Parallel()
	srv := newBrowserServer(t)
	shots := os.Getenv("ABTRACE_SHOTS") // a folder to keep the screenshots in
	for _, size := range legibleSizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			legibleAt(t, srv.tab(t, size[0], size[1], browserTestTimeout), [][2]int64{size}, shots)
		})
	}
}

// legibleAt is TestBrowserLegible at each of sizes, in the tab b.
func legibleAt(t *testing.T, b *browserEnv, sizes [][2]int64, shots string) {
	for _, size := range sizes {
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
			// The focus fitted to the pane comes with the answer to the
			// page's load, which a loaded machine may send after another
			// answer: wait a little for a focus that still scrolls.
			for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && eval[bool](b, focusScrolls); {
				time.Sleep(20 * time.Millisecond)
			}
			m := eval[legibleMeasure](b, measureLegible)
			t.Logf("%s: focus %v, current %q, path of %d; least value %.1f px, name %.1f, α/β %.1f, board %.1f, fold count %.1f, trail %.1f; fills %.0f %%",
				what, m.Focus, m.Current, len(m.Path), minOf(m.Values), minOf(m.Names), minOf(m.AB), minOf(m.Boards), minOf(m.Counts), minOf(m.Trail), 100*m.Fill)
			if len(m.Small) > 0 {
				t.Errorf("%s: %d labels below the legible sizes, such as %s", what, len(m.Small), strings.Join(m.Small[:min(4, len(m.Small))], "; "))
			}
			if len(m.Values)+len(m.Names) == 0 {
				t.Errorf("%s: no value or name measured", what)
			}
			if !m.InView {
				t.Errorf("%s: the current node %q is out of its pane's view", what, m.Current)
			}
			if len(m.Lost) > 0 {
				t.Errorf("%s: the path's nodes %q are neither in the focus's view nor in its trail", what, m.Lost)
			}
			if len(m.Overlaps) > 0 {
				t.Errorf("%s: %d pairs of labels overlap, such as %s", what, len(m.Overlaps), strings.Join(m.Overlaps[:min(4, len(m.Overlaps))], "; "))
			}
			if m.Scrolls != "" {
				t.Errorf("%s: the focus's pane scrolls (%s)", what, m.Scrolls)
			}
			if c.name == "tictactoe-midgame" && size[0] >= 1280 {
				// The focus uses its pane: one scale for the search, as
				// large as its least focus allows (view.SteadyFocusScale).
				if size[0] == 1280 && m.Fill < 0.7 {
					t.Errorf("%s: the focus fills %.0f %% of its pane, want 70 %% or more", what, 100*m.Fill)
				}
				if size[0] >= 1920 && minOf(m.Boards) < 60 {
					t.Errorf("%s: boards %.1f px across in a pane that holds them larger, want 60 or more", what, minOf(m.Boards))
				}
			}
			if strings.Contains(c.name, "mcts") && !m.Focus {
				t.Errorf("%s: Monte-Carlo tree search shows the game tree, want its own tree", what)
			}
			if shots != "" {
				p := b.screenshot(fmt.Sprintf("legible-%s-%dx%d.png", c.name, size[0], size[1]))
				copyFile(t, p, filepath.Join(shots, filepath.Base(p)))
			}
		}
		b.open("/compare?random=3,4&orders=natural,best,worst&by=event&step=204")
		b.waitFor(`document.fonts.status === "loaded"`, "the fonts")
		what := fmt.Sprintf("the comparison of random=3,4 at %dx%d", size[0], size[1])
		if size[0] >= 1280 && strings.Contains(eval[string](b, `location.search`), "layout=across") {
			t.Errorf("%s: the page turned itself sideways (%s)", what, eval[string](b, `location.search`))
		}
		panes := eval[[]legibleMeasure](b, measurePanes)
		if len(panes) != 3 {
			t.Fatalf("%s: %d panes, want 3", what, len(panes))
		}
		for i, m := range panes {
			t.Logf("%s, pane %d: focus %v, current %q, path of %d; least value %.1f px, name %.1f, α/β %.1f, fold count %.1f, trail %.1f; leaf boxes %.1f px apart, drawn %s",
				what, i, m.Focus, m.Current, len(m.Path), minOf(m.Values), minOf(m.Names), minOf(m.AB), minOf(m.Counts), minOf(m.Trail), m.LeafGap, m.Layout)
			// A pane shows a window of its tree at a legible scale
			// (view.ZoomOf), the ancestors outside it named in its trail.
			if len(m.Small) > 0 {
				t.Errorf("%s, pane %d: %d labels below the legible sizes, such as %s", what, i, len(m.Small), strings.Join(m.Small[:min(2, len(m.Small))], "; "))
			}
			if !m.InView {
				t.Errorf("%s, pane %d: the current node %q is out of the pane's window", what, i, m.Current)
			}
			if len(m.Lost) > 0 {
				t.Errorf("%s, pane %d: the path's nodes %q are neither drawn whole (glyph, value, α/β) in the window nor in the trail", what, i, m.Lost)
			}
			if m.LeafGap < 1.5 {
				t.Errorf("%s, pane %d: two leaf boxes are %.1f px apart, want at least 1.5", what, i, m.LeafGap)
			}
			if size[0] >= 1280 && m.Layout != "down" {
				t.Errorf("%s, pane %d: drawn %s, want down", what, i, m.Layout)
			}
		}
		if shots != "" {
			p := b.screenshot(fmt.Sprintf("legible-compare-random-3-4-%dx%d.png", size[0], size[1]))
			copyFile(t, p, filepath.Join(shots, filepath.Base(p)))
		}
		// The chart of leaves evaluated is one key away, whole.
		chartShown := `(() => { const r = document.getElementById("chart").getBoundingClientRect(); return r.top >= -1 && r.bottom <= innerHeight + 1; })()`
		b.do(chromedp.KeyEvent("g"))
		b.waitFor(chartShown, what+": g shows the chart whole")
		b.do(chromedp.KeyEvent("g"))
		b.waitFor(`scrollY === 0`, what+": g again goes back to the panes")
	}
	b.checkClean()
}

// TestBrowserOverviewKey: v shows the whole tree and the focus again.
func TestBrowserOverviewKey(t *testing.T) {
	t.Parallel()
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

// focusPicture describes the focus as drawn: every node, edge, cut mark
// and fold with its place, classes, state and texts, sorted.
const focusPicture = `(() => {
  const fw = document.getElementById("focus-wrap");
  const svg = fw && fw.querySelector("svg");
  if (!svg) return ["no focus"];
  const out = ["box " + svg.getAttribute("viewBox") + " " + svg.getAttribute("width") + "x" + svg.getAttribute("height")];
  const attrs = (el) => [...el.attributes].filter((a) => a.name !== "href").map((a) => a.name + "=" + a.value).sort().join(" ");
  const texts = (el) => [...el.querySelectorAll("text, tspan, title")].map((t) => attrs(t) + ":" + (t.childElementCount ? "" : t.textContent)).join("|");
  for (const el of svg.querySelectorAll("[data-fnode], [data-fedge], [data-fprob], [data-fcut]")) out.push(el.tagName + " " + attrs(el) + " " + texts(el));
  return out.sort();
})()`

// TestBrowserFocusSteps steps the focus of a large tree by keys, each
// step a patch of what changed in it, and checks that it then is the
// focus the server draws whole at that step. The two trees are stepped
// side by side, each in a tab of its own.
func TestBrowserFocusSteps(t *testing.T) {
	t.Parallel()
	srv := newBrowserServer(t)
	for _, c := range []struct {
		query string
		steps int
	}{{"game=tictactoe&position=xo.x.o...", 40}, {"game=tictactoe&algo=mcts&iterations=30", 15}} {
		t.Run(c.query, func(t *testing.T) {
			t.Parallel()
			focusSteps(t, srv.tab(t, 1280, 720, browserTestTimeout), c.query, c.steps)
		})
	}
}

// focusSteps steps the focus of the viewer of query in the tab b, as
// TestBrowserFocusSteps does for each of its trees.
func focusSteps(t *testing.T, b *browserEnv, query string, steps int) {
	b.open("/view?" + query)
	for range steps {
		n := eval[int](b, `__abt.updates`)
		b.do(chromedp.KeyEvent(kb.ArrowRight))
		b.waitFor(fmt.Sprintf(`__abt.updates > %d`, n), "a step")
	}
	stepped := eval[[]string](b, focusPicture)
	step := eval[string](b, `document.getElementById("step").textContent.match(/\d+/)[0]`)
	b.open("/view?" + query + "&step=" + step)
	whole := eval[[]string](b, focusPicture)
	if len(stepped) < 3 {
		t.Fatalf("%s at step %s: no focus drawn (%v)", query, step, stepped)
	}
	if d := firstDiff(stepped, whole); d != "" {
		t.Errorf("%s at step %s: the focus stepped to differs from the focus drawn whole: %s", query, step, d)
	}
	// The window made smaller: the page reports its pane again and the
	// focus is fitted to it as a page loaded at that size fits it.
	n := eval[int](b, `__abt.updates`)
	b.do(chromedp.EmulateViewport(1024, 768))
	b.waitFor(fmt.Sprintf(`__abt.updates > %d`, n), "the focus fitted to the smaller pane")
	refit := eval[[]string](b, focusPicture)
	b.open("/view?" + query + "&step=" + step)
	fresh := eval[[]string](b, focusPicture)
	if d := firstDiff(refit, fresh); d != "" {
		t.Errorf("%s at step %s, the window resized to 1024×768: the focus differs from the one a page loaded at that size draws: %s", query, step, d)
	}
	b.checkClean()
}

// firstDiff names the first line in which two sorted pictures differ.
func firstDiff(a, b []string) string {
	for i := 0; i < len(a) || i < len(b); i++ {
		switch {
		case i >= len(a):
			return "missing " + b[i]
		case i >= len(b):
			return "extra " + a[i]
		case a[i] != b[i]:
			return "\n  stepped " + a[i] + "\n  whole   " + b[i]
		}
	}
	return ""
}
