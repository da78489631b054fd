package web

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/abtrace/abtrace/search/scenario"
)

// labelBoxes measures the labels of the drawing a person sees (the
// exercise's tree, the viewer's focus, else its tree): every two visible
// texts whose rendered boxes overlap, and every text under 12 px.
const labelBoxes = `((sel) => {
  const texts = [...document.querySelectorAll(sel)].filter((t) => {
    if (!t.textContent.trim()) return false;
    const r = t.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    for (let e = t; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.visibility === "hidden" || cs.opacity === "0") return false;
    }
    return true;
  });
  const out = {n: texts.length, overlaps: [], small: []};
  const boxes = texts.map((t) => t.getBoundingClientRect());
  for (let i = 0; i < texts.length; i++) {
    const px = parseFloat(getComputedStyle(texts[i]).fontSize) * texts[i].getScreenCTM().a;
    if (px < 12) out.small.push(JSON.stringify(texts[i].textContent) + " " + px.toFixed(1) + " px");
    for (let j = i + 1; j < texts.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1)
        out.overlaps.push(JSON.stringify(texts[i].textContent) + " × " + JSON.stringify(texts[j].textContent));
    }
  }
  return out;
})`

// TestBrowserGDLLabels: a GDL game's long names stay legible. The
// exercise on tic-tac-toe names its nodes by their moves (mark_3_1 beside
// mark_3_2: the tree spreads until they stand apart), and the states of
// odd-or-even taking turns, which have no board, write their facts
// ((points even 0) (points odd 0) (round 0)) nowhere a neighbour is: at
// 1280×720 and 390×844, no two labels' rendered boxes overlap and none is
// under 12 px.
func TestBrowserGDLLabels(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	odd, err := os.ReadFile("testdata/odd-or-even-turns.kif")
	if err != nil {
		t.Fatal(err)
	}
	pages := []struct{ what, path, sel string }{
		{"the exercise on tic-tac-toe", "/exercise?" + url.Values{"gdlz": {scenario.CompressGDL(gdlText(t, "tictactoe"))}, "d": {"2"}}.Encode(), "[data-testid=ex-tree] text"},
		{"odd-or-even in the viewer", "/view?" + url.Values{"gdlz": {scenario.CompressGDL(string(odd))}, "step": {"20"}}.Encode(), "#focus-wrap svg text"},
	}
	for _, size := range [][2]int64{{1280, 720}, {390, 844}} {
		b.do(chromedp.EmulateViewport(size[0], size[1]))
		for _, p := range pages {
			b.openPage(p.path)
			if strings.HasPrefix(p.path, "/view") {
				b.waitLive()
			}
			m := eval[struct {
				N        int
				Overlaps []string
				Small    []string
			}](b, labelBoxes+fmt.Sprintf("(%q)", p.sel))
			what := fmt.Sprintf("%s at %dx%d", p.what, size[0], size[1])
			if m.N < 5 {
				t.Errorf("%s: %d labels seen, want the tree's", what, m.N)
			}
			if len(m.Overlaps) > 0 {
				t.Errorf("%s: %d pairs of labels overlap, such as %s", what, len(m.Overlaps), strings.Join(m.Overlaps[:min(4, len(m.Overlaps))], "; "))
			}
			if len(m.Small) > 0 {
				t.Errorf("%s: %d labels under 12 px, such as %s", what, len(m.Small), strings.Join(m.Small[:min(4, len(m.Small))], "; "))
			}
		}
	}
}
