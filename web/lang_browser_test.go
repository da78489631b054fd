package web

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/tree"
)

// englishWords are common English words, in lower case, that German and
// Czech pages never show: a page that shows one has a sentence left in
// English. (A capital is no sentence: "Node" is in the home page's sample
// of CMU's SML notation.) The
// algorithms' ids, α, β, MAX and MIN, and the pseudocode's keywords (kept
// in every language, and left out of the text read here) are none of them.
// "left", "right" and "diamonds" are the road story's, whose sides are
// named in the page's language.
var englishWords = regexp.MustCompile(`(^|\P{L})(the|and|with|which|your|this|these|click|press|search|searched|step|steps|node|nodes|leaf|leaves|value|values|children|child|tree|pruned|cutoff|show|hide|check|answer|of|is|are|left|right|diamonds|pawns|knights|bishops|rooks|queens)($|\P{L})`)

// messageID is a catalog's message id shown instead of its words (a
// translation missing).
var messageID = regexp.MustCompile(`\b[a-z0-9]+\.err\.[a-z0-9.\-]+`)

// paramNames are the names of query parameters that an error puts in
// front of its message ("step: …"): they are the address's, the same in
// every language, and no English sentence.
var paramNames = regexp.MustCompile(`(^|\P{L})(step|by|source|game|position|evals|tree): `)

// translatedPages are the pages whose every sentence is in the page's
// language; the browser test reads each in German and Czech.
var translatedPages = []struct{ name, path, wait string }{
	{"home", "/", ""},
	{"viewer-textbook", "/view?" + url.Values{"tree": {tree.TwoPlyGameTree}, "step": {"9"}}.Encode(), ""},
	{"viewer-random", "/view?random=3,3&seed=1&step=20", ""},
	{"viewer-tictactoe", "/view?game=tictactoe&position=xo.x.o...&step=4", ""},
	{"viewer-roads", "/view?game=roads&algo=infoset&step=9", ""},
	{"viewer-roads-end", "/view?game=roads&algo=infoset&world=2&step=end", ""},
	{"viewer-cards-infoset", "/view?game=cards&deal=trap&algo=clairvoyance&step=630", ""},
	{"diff", "/diff?" + url.Values{"tree": {tree.TwoPlyGameTree}}.Encode(), ""},
	{"embed-textbook", "/embed?" + url.Values{"tree": {tree.TwoPlyGameTree}, "step": {"9"}}.Encode(), ""},
	{"embed-random", "/embed?random=3,3&seed=1&step=20", ""},
	{"exercise", "/exercise?seed=1", ""},
	{"predict", "/exercise/predict?seed=1", ""},
	{"worksheet", "/exercise/worksheet?seed=1&key=1", ""},
	{"matchsticks", "/exercise/matchsticks", ""},
	{"matchsticks-checked", "/exercise/matchsticks?check=1&a.=1&a.1=x&a.2=-1&move=1", ""},
	{"ordering", "/exercise/ordering?seed=1", ""},
	{"ordering-checked", "/exercise/ordering?seed=3&check=1&goal=least", ""},
	{"compare", "/compare?" + url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural,best,worst"}, "by": {"node"}, "step": {"4"}}.Encode(), ""},
	{"compare-end", "/compare?" + url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural,best,worst"}, "by": {"node"}, "step": {"end"}}.Encode(), ""},
	{"lab", "/lab?random=3,4&seeds=50", ""},
	{"lab-form", "/lab", ""},
	{"fuzzy", "/fuzzy?position=x...o....", ""},
	{"tournament", "/tournament?game=tictactoe&evals=random,lines&depth=1&games=1&seed=1", runDone},
	{"tournament-form", "/tournament", ""},
	{"parallel", "/parallel?game=reversi&evals=discs,mobility&depth=2", runDone},
	{"play-reversi", "/play?game=reversi&depth=1&moves=d3", ""},
	{"play-connect4", "/play?game=connect4&depth=1", ""},
	{"compare-setup", "/compare?orders=natural,best", ""},
	{"error-tree-text", "/view?tree=((3+12", ""},
	{"error-algorithm", "/view?algo=bogus", ""},
	{"error-random", "/view?random=3,x", ""},
	{"error-depth", "/view?depth=x&random=3,3", ""},
	{"error-exercise-range", "/exercise?b=99", ""},
	{"error-exercise-param", "/exercise?bogus=1", ""},
	{"error-ordering-goal", "/exercise/ordering?goal=x", ""},
	{"error-lab", "/lab?seeds=x&random=3,3", ""},
	{"error-minichess", "/view?game=minichess", ""},
	{"error-cards", "/view?game=cards&depth=2", ""},
	{"error-mcts", "/view?algo=mcts&iterations=-1&random=3,3", ""},
	{"error-tt", "/view?random=3,3&tt=100", ""},
	{"error-compare-pane", "/compare?game=minichess&depth=1&panes=plain,quiescence&algo=minimax", ""},
	{"error-tournament", "/tournament?games=1000", ""},
	{"error-parallel", "/parallel?depth=99", ""},
	{"error-step", "/view?random=3,3&step=abc", ""},
	{"error-minichess-position", "/view?game=minichess&depth=1&position=kk3/5/5/5/K4", ""},
	{"error-minichess-eval", "/view?game=minichess&depth=1&eval=mobility", ""},
	{"error-tournament-eval", "/tournament?game=tictactoe&evals=lines,discs", ""},
	{"viewer-minichess-leaf", "/view?game=minichess&depth=1&step=4", ""},
	{"error-by", "/view?random=3,3&by=fast", ""},
	{"error-compare-by", "/compare?random=3,3&orders=natural,best&by=fast", ""},
	{"error-source", "/view?source=bogus", ""},
	{"error-parallel-game", "/parallel?game=chess", ""},
	{"error-parallel-position", "/parallel?game=reversi&position=xyz", ""},
	{"error-parallel-eval", "/parallel?game=tictactoe&evals=bogus", ""},
}

// runDone waits for a tournament's or a coordinated search's stream to end.
const runDone = `document.getElementById("ev-run") && ["done", "failed"].includes(document.getElementById("ev-run").dataset.state)`

// TestBrowserNoEnglishLeft opens every translated page with lang=de and
// lang=cs in chromium and reads what a person sees (the text, and the
// tooltips and labels a screen reader says): no sentence of the English
// catalog and no common English word may be left. It saves a screenshot
// of each page at projector size.
func TestBrowserNoEnglishLeft(t *testing.T) {
	t.Parallel()
	for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
		// Each language has its own server and browser, side by side, and
		// a budget for its many pages.
		t.Run(string(l), func(t *testing.T) {
			t.Parallel()
			// The budget is a guard against a hang: it is long because a busy
			// machine (two cores, four test packages at once) makes each of
			// the many pages slow.
			noEnglishLeft(t, newBrowserEnvFor(t, 1280, 720, 4*browserTestTimeout), l)
		})
	}
}

// noEnglishLeft visits every translated page in language l.
func noEnglishLeft(t *testing.T, b *browserEnv, l i18n.Lang) {
	sentences := englishSentences(l)
	for _, pg := range translatedPages {
		t.Run(pg.name, func(t *testing.T) {
			sep := "?"
			if strings.Contains(pg.path, "?") {
				sep = "&"
			}
			b.t = t
			b.do(chromedp.Navigate(b.srv.URL + pg.path + sep + "lang=" + string(l)))
			b.waitFor(`document.readyState === "complete"`, "the page")
			if strings.HasPrefix(pg.path, "/view") && !strings.HasPrefix(pg.name, "error-") {
				b.waitFor(`window.__abt && __abt.updates > 0`, "the first frame")
			}
			if pg.wait != "" {
				b.waitFor(pg.wait, "the page's results")
			}
			if got := eval[string](b, `document.documentElement.lang`); got != string(l) {
				t.Errorf("<html lang> = %q, want %q", got, l)
			}
			// What a person reads: the text outside the pseudocode
			// listing and the tree text, plus titles and labels.
			text := eval[string](b, `(() => {
				const body = document.body.cloneNode(true);
				body.querySelectorAll("script, template, textarea, .code, .pseudocode, pre, code, kbd").forEach(e => e.remove());
				const said = [...document.querySelectorAll("[title], [aria-label]")]
					.filter(e => !e.closest("pre, code, .code, .pseudocode"))
					.map(e => (e.getAttribute("title") || "") + " " + (e.getAttribute("aria-label") || ""));
				return document.title + "\n" + body.innerText + "\n" + said.join("\n");
			})()`)
			// An error's parameter name ("position: …") is the address's,
			// not an English sentence of the catalog.
			unnamed := paramNames.ReplaceAllString(text, "$1")
			for _, en := range sentences {
				if saysWords(unnamed, en) {
					t.Errorf("the page still says %q in English", en)
				}
			}
			if m := messageID.FindString(text); m != "" {
				t.Errorf("the page shows the message id %q, want its words", m)
			}
			for _, line := range strings.Split(text, "\n") {
				if m := englishWords.FindStringSubmatch(paramValue.ReplaceAllString(paramNames.ReplaceAllString(line, ""), "")); m != nil {
					t.Errorf("English word %q left in %q", m[2], strings.TrimSpace(line))
				}
			}
			checkNothingCut(b)
			b.screenshot(fmt.Sprintf("lang-%s-%s.png", l, pg.name))
		})
	}
}

// checkNothingCut fails when a page's subtitle is cut short (see
// checkSubtitleWhole), or when a row name of the lab's plot starts left
// of the plot's edge: the longer German and Czech words must read whole.
func checkNothingCut(b *browserEnv) {
	b.t.Helper()
	checkSubtitleWhole(b, "")
	left := eval[[]string](b, `[...document.querySelectorAll(".lab-plot .row-name")]
		.filter(e => e.getBBox().x < e.ownerSVGElement.viewBox.baseVal.x).map(e => e.textContent + " at x=" + e.getBBox().x.toFixed(1))`)
	for _, s := range left {
		b.t.Errorf("lab plot row name %s starts left of the plot, want it inside", s)
	}
}

// checkSubtitleWhole fails when the subtitle under a page's title is cut:
// wider than its box, or set to end in "…" where it does not fit. It may
// wrap to a second line instead; on a phone the viewer's and the
// comparison's header hide it, to stay one line.
func checkSubtitleWhole(b *browserEnv, what string) {
	b.t.Helper()
	cut := eval[[]string](b, `[...document.querySelectorAll(".what .sub")].filter(e => e.offsetParent !== null).filter(e => {
		const cs = getComputedStyle(e);
		return e.scrollWidth > e.clientWidth + 1 || (cs.textOverflow === "ellipsis" && cs.whiteSpace === "nowrap");
	}).map(e => e.textContent)`)
	for _, s := range cut {
		b.t.Errorf("%s: subtitle %q is cut short, want it whole", what, s)
	}
}

// checkPaneHeads fails when a comparison pane's counters (nodes, leaves,
// cutoffs) run out of their pane or into each other, as the German
// "Schnitte 0" ran into "Knoten 14" on a phone.
func checkPaneHeads(b *browserEnv, what string) {
	b.t.Helper()
	bad := eval[[]string](b, `(() => {
		const out = [];
		for (const pane of document.querySelectorAll(".cpane")) {
			const p = pane.getBoundingClientRect();
			const items = [...pane.querySelectorAll(".counters > div")].map(e => [e.textContent.trim(), e.getBoundingClientRect()]);
			for (const [t, r] of items) {
				if (r.left < p.left - 0.5 || r.right > p.right + 0.5) out.push(t + " runs out of its pane");
			}
			for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
				const [a, ra] = items[i], [c, rc] = items[j];
				if (ra.left < rc.right - 0.5 && rc.left < ra.right - 0.5 && ra.top < rc.bottom - 0.5 && rc.top < ra.bottom - 0.5) out.push(a + " overlaps " + c);
			}
			for (const dd of pane.querySelectorAll(".counters dd")) {
				if (dd.scrollWidth > dd.clientWidth + 1) out.push(dd.textContent + " is cut");
			}
		}
		return out;
	})()`)
	for _, s := range bad {
		b.t.Errorf("%s: pane header: %s", what, s)
	}
}

// phonePages are the pages this language test also reads on a phone.
var phonePages = []string{"ordering", "ordering-checked", "lab", "fuzzy", "tournament-form", "play-reversi", "compare", "error-exercise-range"}

// TestBrowserLangPhone opens the longer German and Czech pages at phone
// size (390×844): their longer words must not push the page sideways. It
// saves a screenshot of each.
func TestBrowserLangPhone(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 390, 844)
	paths := map[string]string{}
	for _, pg := range translatedPages {
		paths[pg.name] = pg.path
	}
	for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
		for _, name := range phonePages {
			t.Run(string(l)+" "+name, func(t *testing.T) {
				path := paths[name]
				sep := "?"
				if strings.Contains(path, "?") {
					sep = "&"
				}
				b.t = t
				b.do(chromedp.Navigate(b.srv.URL + path + sep + "lang=" + string(l)))
				// A page with a websocket may be sent to another address
				// first (the comparison drawn across on a phone): the page
				// read is the one that applied the server's first answer.
				b.waitFor(`document.readyState === "complete" && (!document.getElementById("conn") || window.__abt && __abt.updates > 0)`, "the page")
				got := eval[[]float64](b, `[document.documentElement.scrollWidth, window.innerWidth]`)
				if len(got) == 2 && got[0] > got[1]+1 {
					t.Errorf("page width %v px at a %v px window, want no sideways scroll", got[0], got[1])
				}
				checkPaneHeads(b, name+" at 390 px")
				b.screenshot(fmt.Sprintf("lang-%s-%s-390.png", l, name))
			})
		}
	}
}
