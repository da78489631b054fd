package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/exercise"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// visibleText is the text a person reads on a page (and the labels a
// screen reader reads): text nodes outside scripts, styles and code, and
// aria-label, title and placeholder attributes.
func visibleText(p *htmlPage) string { return pageText(p.root, true) }

// pageText is the text a person reads of the page under n, and the
// labels a screen reader reads: with the form's placeholders or without.
func pageText(n *html.Node, placeholders bool) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "script", "style", "code", "pre", "textarea", "kbd":
				return
			}
			for _, a := range n.Attr {
				if a.Key == "aria-label" || a.Key == "title" || placeholders && a.Key == "placeholder" {
					b.WriteString(a.Val + "\n")
				}
			}
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data + "\n")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// saysWords reports whether text holds phrase as whole words, between
// its start or a character that is not a letter and its end or another
// such character, as the pattern (^|\P{L})phrase($|\P{L}) finds it, but
// without compiling a pattern for each phrase and scanning the text with
// it: the page tests look for every phrase of the catalog on every page.
func saysWords(text, phrase string) bool {
	for i := 0; phrase != ""; {
		j := strings.Index(text[i:], phrase)
		if j < 0 {
			return false
		}
		j += i
		before, _ := utf8.DecodeLastRuneInString(text[:j])
		after, _ := utf8.DecodeRuneInString(text[j+len(phrase):])
		if (j == 0 || !unicode.IsLetter(before)) && (j+len(phrase) == len(text) || !unicode.IsLetter(after)) {
			return true
		}
		_, size := utf8.DecodeRuneInString(text[j:])
		i = j + size
	}
	return false
}

// TestSaysWords: saysWords finds a phrase where the pattern
// (^|\P{L})phrase($|\P{L}) does, and nowhere else.
func TestSaysWords(t *testing.T) {
	for _, c := range []struct{ text, phrase string }{
		{"Der Algorithmus sucht", "Algorithm"}, {"the Algorithm.", "Algorithm"}, {"Algorithm", "Algorithm"},
		{"xAlgorithm Algorithm", "Algorithm"}, {"Algorithmx", "Algorithm"}, {"čAlgorithm", "Algorithm"},
		{"Algorithmč Algorithm\n", "Algorithm"}, {"3 Step back", "Step back"}, {"Step backs Step back", "Step back"},
		{"", "Step back"}, {"…(Step back)…", "Step back"}, {"aaaa", "aa"}, {"baa aa", "aa"}, {"no: done", ": done"},
	} {
		want := regexp.MustCompile(`(^|\P{L})` + regexp.QuoteMeta(c.phrase) + `($|\P{L})`).MatchString(c.text)
		if got := saysWords(c.text, c.phrase); got != want {
			t.Errorf("saysWords(%q, %q) = %v, the pattern says %v", c.text, c.phrase, got, want)
		}
	}
}

// englishSentences are the English catalog's fixed texts (no arguments)
// long enough to be a sentence or a phrase a person would notice, that the
// language l translates differently.
func englishSentences(l i18n.Lang) []string {
	englishOf.Lock()
	defer englishOf.Unlock()
	if out, ok := englishOf.m[l]; ok {
		return out
	}
	out := englishSentencesOf(l)
	englishOf.m[l] = out
	return out
}

// englishOf keeps englishSentences of each language: the tests of many
// pages ask for them.
var englishOf = struct {
	sync.Mutex
	m map[i18n.Lang][]string
}{m: map[i18n.Lang][]string{}}

// englishSentencesOf works out englishSentences(l).
func englishSentencesOf(l i18n.Lang) []string {
	en, other := i18n.For(i18n.English), i18n.For(l)
	var out []string
	for _, id := range i18n.IDs() {
		s := en.T(id)
		if strings.Contains(s, "{{") || strings.Contains(s, "<no value>") || len([]rune(s)) < 8 || other.T(id) == s {
			continue
		}
		if strings.HasPrefix(id, "narrate.") {
			continue // narration has arguments; checked by the i18n tests
		}
		if strings.HasPrefix(id, "scenario.reversi.term.") {
			// Reversi's terms are also its features' names as addresses and
			// the command line write them (eval=discs:1,mobility:2), which
			// pages show as typed; TestEvaluationTermsInLanguage checks
			// their words.
			continue
		}
		out = append(out, s)
	}
	return out
}

// TestPagesInEveryLanguage: the home page and the viewer in German and
// Czech, chosen by lang= or by Accept-Language, carry no English phrase of
// the catalog, name their language in <html lang>, and switch languages
// by links that keep the rest of the address.
func TestPagesInEveryLanguage(t *testing.T) {
	s := newTestServer(t)
	view := viewURL(url.Values{"tree": {tree.TwoPlyGameTree}, "step": {"5"}})
	for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
		for _, page := range []string{"/", view, "/view?random=3,3&seed=1&step=20", "/view?game=tictactoe&position=xo.x.o...&step=4", "/diff?" + url.Values{"tree": {tree.TwoPlyGameTree}}.Encode(), "/exercise/worksheet?seed=1&key=1", "/exercise/matchsticks?check=1&a.=1&a.1=1&a.2=-1&move=1",
			"/compare?" + url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural,best"}}.Encode(), "/lab?random=3,3&seeds=20", "/exercise/ordering?seed=1"} {
			for _, how := range []string{"query", "header"} {
				t.Run(string(l)+" "+how+" "+page, func(t *testing.T) {
					target, req := page, (*http.Request)(nil)
					if how == "query" {
						sep := "?"
						if strings.Contains(page, "?") {
							sep = "&"
						}
						target += sep + "lang=" + string(l)
					}
					req = httptest.NewRequest(http.MethodGet, target, nil)
					if how == "header" {
						req.Header.Set("Accept-Language", string(l)+";q=0.9, en;q=0.5")
					}
					rec := httptest.NewRecorder()
					s.Echo().ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						t.Fatalf("GET %s = %d, want 200", target, rec.Code)
					}
					p := parsePage(t, rec.Body.String())
					if got := attrOf(p.all(isTag("html"))[0], "lang"); got != string(l) {
						t.Errorf("<html lang> = %q, want %q", got, l)
					}
					text := visibleText(p)
					for _, en := range englishSentences(l) {
						// Whole words only: German "Algorithmus" is not English "Algorithm".
						if saysWords(text, en) {
							t.Errorf("the page still says %q in English", en)
						}
					}
					sw := p.one("lang-switch")
					links := 0
					for _, a := range p.all(isTag("a")) {
						if isInside(a, sw) {
							links++
							u, err := url.Parse(attrOf(a, "href"))
							if err != nil {
								t.Fatal(err)
							}
							if strings.Contains(page, "step=") && u.Query().Get("step") == "" {
								t.Errorf("switch link %q drops the step", u)
							}
						}
					}
					if links != 2 {
						t.Errorf("language switch has %d links, want 2 (the current language is not a link)", links)
					}
				})
			}
		}
	}
}

// TestViewNarratesInItsLanguage: the narration under the controls is worded
// in the page's language, and the permalinks keep lang=.
func TestViewNarratesInItsLanguage(t *testing.T) {
	s := newTestServer(t)
	tests := []struct {
		lang, want string
	}{
		{"en", "B is entered with α = −∞, β = +∞"},
		{"de", "MIN-Knoten B wird mit α = −∞, β = +∞ aufgerufen"},
		{"cs", "Uzel MIN B je navštíven s α = −∞, β = +∞"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			rec := httpGet(t, s, viewURL(url.Values{"tree": {tree.TwoPlyGameTree}, "step": {"3"}, "lang": {tt.lang}}))
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			p := parsePage(t, rec.Body.String())
			if got := textOf(p.one("narration")); !strings.Contains(got, tt.want) {
				t.Errorf("narration %q, want it to contain %q", got, tt.want)
			}
			if !strings.Contains(rec.Body.String(), "lang="+tt.lang) {
				t.Errorf("no permalink carries lang=%s", tt.lang)
			}
		})
	}
}

// TestChangeOpensTheSetupFilledIn: the viewer's change link opens the home
// page with the scenario's fields filled in, not the textbook tree.
func TestChangeOpensTheSetupFilledIn(t *testing.T) {
	s := newTestServer(t)
	const text = "((1 2) (3 4))"
	rec := httpGet(t, s, viewURL(url.Values{"tree": {text}, "algo": {"minimax"}, "order": {"reversed"}, "step": {"1"}, "lang": {"de"}}))
	p := parsePage(t, rec.Body.String())
	href := attrOf(p.one("change"), "href")
	rec = httpGet(t, s, href)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s = %d", href, rec.Code)
	}
	h := parsePage(t, rec.Body.String())
	if got := textOf(h.one("tree-input")); got != text {
		t.Errorf("tree box %q, want %q", got, text)
	}
	selected := map[string]string{}
	for _, o := range h.all(isTag("option")) {
		if attrHas(o, "selected") {
			selected[attrOf(o.Parent, "name")] = attrOf(o, "value")
		}
	}
	if selected["algo"] != "minimax" || selected["order"] != "reversed" {
		t.Errorf("selected algo %q order %q, want minimax reversed", selected["algo"], selected["order"])
	}
	if got := attrOf(h.all(isTag("html"))[0], "lang"); got != "de" {
		t.Errorf("the setup is in %q, want de", got)
	}
}

// TestViewWithoutSourceOpensTheTextbookTree: /view alone is the textbook
// tree, not an error.
func TestViewWithoutSourceOpensTheTextbookTree(t *testing.T) {
	s := newTestServer(t)
	for _, target := range []string{"/view", "/view?step=3", "/view?algo=minimax"} {
		rec := httpGet(t, s, target)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s = %d, want 200", target, rec.Code)
		}
		p := parsePage(t, rec.Body.String())
		if got := len(p.nodes()); got != 13 {
			t.Errorf("GET %s drew %d nodes, want the textbook tree's 13", target, got)
		}
	}
}

// TestWordsFor: a viewer's words are its language's (English for none or
// an unknown code), and English words the pages' messages too, not only
// the narration's.
func TestWordsFor(t *testing.T) {
	tests := []struct{ code, id, want string }{
		{"", "view.root", "root"},
		{"en", "view.nothing-yet", view.StartNarration},
		{"fr", "scenario.roads.left", "left"},
		{"en", "narrate.done", ""},
		{"de", "scenario.roads.left", "links"},
		{"cs", "view.root", "kořen"},
	}
	for _, tc := range tests {
		t.Run(tc.code+" "+tc.id, func(t *testing.T) {
			got := wordsFor(tc.code)(trace.Phrase{ID: tc.id})
			if got == tc.id || tc.want != "" && got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestTreeErrorsInEveryLanguage: an error in tree text is worded in the
// page's language, with its line and column, on the home page's live check
// and on the 400 page; English keeps the command line's wording.
func TestTreeErrorsInEveryLanguage(t *testing.T) {
	s := newTestServer(t)
	tests := []struct {
		lang     i18n.Lang
		validate string // the live check's error
		page     string // a phrase of the 400 page's error
	}{
		{i18n.English, "tree: line 1, column 4: expected a child or ')' to close '(' opened at line 1, column 1, found ';'",
			"expected a child or &#39;)&#39; to close"},
		{i18n.German, "tree: Zeile 1, Spalte 4: erwartet wurde ein Kind oder ')', um das '(' aus Zeile 1, Spalte 1 zu schließen, gefunden: ';'",
			"erwartet wurde ein Kind oder"},
		{i18n.Czech, "tree: řádek 1, sloupec 4: očekáván potomek nebo ')' k uzavření '(' z řádku 1, sloupce 1, nalezeno: ';'",
			"očekáván potomek nebo"},
	}
	for _, tc := range tests {
		t.Run(string(tc.lang), func(t *testing.T) {
			q := url.Values{"tree": {"(1 ;2)"}, "lang": {string(tc.lang)}}
			rec := httpGet(t, s, "/api/validate?"+q.Encode())
			var r validateResult
			if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			if r.Error != tc.validate || r.Line != 1 || r.Col != 4 {
				t.Errorf("validate: got %q at %d:%d, want %q at 1:4", r.Error, r.Line, r.Col, tc.validate)
			}
			rec = httpGet(t, s, "/view?"+q.Encode())
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("GET /view with a bad tree = %d, want 400", rec.Code)
			}
			if !strings.Contains(rec.Body.String(), tc.page) {
				t.Errorf("the 400 page lacks %q", tc.page)
			}
		})
	}
}

// TestBrandKeepsLang: the brand link of the exercise and evaluation pages
// leads home in the page's language.
func TestBrandKeepsLang(t *testing.T) {
	s := newTestServer(t)
	for _, page := range []string{"/exercise/matchsticks", "/exercise/ordering?seed=1", "/fuzzy", "/tournament", "/parallel", "/play"} {
		for _, l := range []i18n.Lang{i18n.English, i18n.German, i18n.Czech} {
			t.Run(page+" "+string(l), func(t *testing.T) {
				sep := "?"
				if strings.Contains(page, "?") {
					sep = "&"
				}
				body := httpGet(t, s, page+sep+"lang="+string(l)).Body.String()
				want := `class="brand" href="/?lang=` + string(l) + `"`
				if !strings.Contains(body, want) {
					i := strings.Index(body, `class="brand"`)
					got := "no brand link"
					if i >= 0 {
						got = body[i:min(len(body), i+60)]
					}
					t.Errorf("got %s, want %s", got, want)
				}
			})
		}
	}
}

// TestCompareTitleLanguage: the comparison's title names the algorithm
// as the viewer does, in the page's language, never by its id.
func TestCompareTitleLanguage(t *testing.T) {
	s := newTestServer(t)
	orders := "/compare?" + url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural,best"}}.Encode()
	algos := "/compare?" + url.Values{"tree": {tree.TwoPlyGameTree}, "algos": {"minimax,alphabeta"}}.Encode()
	panes := "/compare?game=minichess&depth=1&panes=plain,quiescence"
	tests := []struct {
		page string
		lang i18n.Lang
		want string
	}{
		{orders, i18n.English, "alpha-beta: natural · best order"},
		{orders, i18n.German, "Alpha-Beta-Suche: Reihenfolge natürlich · beste"},
		{orders, i18n.Czech, "alfa-beta: uspořádání přirozené · nejlepší"},
		{algos, i18n.German, "Minimax · Alpha-Beta-Suche · Reihenfolge natürlich"},
		{algos, i18n.Czech, "minimax · alfa-beta · uspořádání přirozené"},
		{panes, i18n.German, "Alpha-Beta-Suche in Tiefe 1: feste Tiefe · Ruhesuche"},
		{panes, i18n.Czech, "alfa-beta v hloubce 1: "},
	}
	for _, tc := range tests {
		t.Run(string(tc.lang)+" "+tc.page, func(t *testing.T) {
			rec := httpGet(t, s, tc.page+"&lang="+string(tc.lang))
			if rec.Code != http.StatusOK {
				t.Fatalf("GET = %d, want 200", rec.Code)
			}
			got := strings.TrimSpace(textOf(parsePage(t, rec.Body.String()).one("title")))
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("got title %q, want %q", got, tc.want)
			}
		})
	}
}

// errorPages are requests refused with an error that a German or Czech
// page must word in its language, and the start the worded error keeps
// (the parameter it is about), if any.
var errorPages = []struct{ path, keep string }{
	{"/view?game=minichess&tt=-1&depth=1", ""},
	{"/view?game=minichess", ""},
	{"/export.svg?game=minichess", ""},
	{"/view?game=cards&depth=2", ""},
	{"/view?game=cards&algo=expectiminimax", ""},
	{"/view?game=roads&algo=expectiminimax", ""},
	{"/view?game=roads&depth=2", ""},
	{"/view?game=roads&world=5", ""},
	{"/view?game=cards&algo=maxn", ""},
	{"/view?algo=mcts&iterations=-1&random=3,3", ""},
	{"/view?random=3,3&samples=3", ""},
	{"/view?random=3,3&tt=100", ""},
	{"/view?game=minichess&depth=1&algo=negamax&extend=singular&tt=100", ""},
	{"/view?game=minichess&depth=1&quiescence=1&algo=minimax", ""},
	{"/compare?game=minichess&depth=1&panes=plain,quiescence&algo=minimax", "panes (quiescence): "},
	{"/compare?tree=(1+2)&orders=natural,bogus", "orders: "},
	{"/compare?tree=(1+2)&orders=natural,natural", "orders: "},
	{"/compare?tree=(1+2)&orders=natural", "orders: "},
	{"/tournament?depth=x", "depth: "},
	{"/tournament?games=x", "games: "},
	{"/tournament?seed=x", "seed: "},
	{"/tournament?games=1000", ""},
	{"/tournament?evals=discs", ""},
	{"/tournament?game=chess", ""},
	{"/parallel?depth=99", "depth: "},
	{"/play?depth=x", "depth: "},
	{"/view?tree=(1+2)&step=abc", "step: "},
	{"/compare?tree=(1+2)&orders=natural,best&step=abc", "step: "},
	{"/view?game=minichess&depth=1&position=kk3/5/5/5/K4", ""},
	{"/view?game=minichess&depth=1&position=k4/5/5/5/Q4", ""},
	{"/view?game=minichess&depth=1&position=k4/5/5/5/K4+x", ""},
	{"/view?game=minichess&depth=1&eval=mobility", ""},
	{"/tournament?game=tictactoe&evals=lines,discs", ""},
	{"/tournament?game=connect4&evals=threats,bogus", ""},
	{"/view?tree=(1+2)&by=bogus", "by: "},
	{"/compare?tree=(1+2)&orders=natural,best&by=fast", "by: "},
	{"/view?tree=(1+2)&present=2", "present: "},
	{"/view?tree=(1+2)&layout=sideways", ""},
	{"/compare?tree=(1+2)&orders=natural,best&layout=up", ""},
	{"/view?tree=(1+2)&open=" + strings.Repeat("0,", 64) + "0", "open: "},
	{"/view?source=bogus", "source: "},
	{"/parallel?game=chess", "game: "},
	{"/parallel?game=reversi&position=xyz", "position: "},
	{"/parallel?game=connect4&position=zz", "position: "},
	{"/parallel?game=tictactoe&position=xx", "position: "},
	{"/parallel?game=tictactoe&evals=bogus", "evals: "},
	{"/view?tree=((1+2)+(3+4))&algo=maxn", ""},
	{"/view?game=dice&algo=alphabeta&depth=4", ""},
	{"/view?game=connect4&position=dd", ""},
	{"/view?tree=(1+2)&root=sideways", ""},
	{"/view?game=tictactoe&matches=3", ""},
	{"/view?tree=(1+2)&eval=mobility&depth=1", ""},
	{"/view?game=tictactoe&position=xx", ""},
	{"/view?game=connect4&position=zz&depth=2", ""},
	{"/view?game=reversi&position=xyz&depth=1", ""},
	{"/view?game=dice&position=bogus&depth=4&algo=expectiminimax", ""},
	{"/view?game=tictactoe&eval=bogus&depth=2", ""},
	{"/view?game=nim&matches=999", ""},
	{"/view?game=nim&eval=bogus", ""},
	{"/view?game=dice&eval=bogus&depth=4&algo=expectiminimax", ""},
	{"/view?tree=(1+2)&bounds=x", ""},
	{"/view?tree=(1+2)&bounds=5,1", ""},
	{"/view?tree=(1+2)&prune=gt&fail=hard", ""},
	{"/view?random=3,3&depth=2", ""},
	{"/view?tree=((1+2)+(3+4))&algo=star1", ""},
	{"/view?tree=(1+2)&transform=negate", ""},
	{"/view?tree=(1+2)&format=bogus", ""},
	{"/view?tree=garbage&format=cs188", "tree: "},
	{"/view?random=30,30", ""},
	{"/view?random=0,3", ""},
	{"/view?game=tictactoe&eval=fuzzy&fuzzy=bogus", ""},
	{"/view?game=cards&deal=bogus", ""},
	{"/lab?game=tictactoe", ""},
	{"/lab?random=8,6&seeds=5000", ""},
	{"/export.svg?tree=((1+2)(3+4))&orders=natural,best&pane=9", "pane: "},
	{"/export.png?tree=(1+2)&scale=9", ""},
	{"/embed?tree=(1+2)&symmetry=bogus", ""},
	{"/embed?tree=(1+2)&seed=-1", ""},
	{"/fuzzy?fuzzy=bogus", ""},
	{"/fuzzy?position=bogus", ""},
	{"/play?game=bogus", ""},
	{"/play?eval=bogus", ""},
	{"/play?kuhlmann=bogus", ""},
	{"/play?moves=bogus", ""},
	{"/play?depth=99", ""},
}

// paramValue is a parameter and its value as an address writes them.
var paramValue = regexp.MustCompile(`\b[a-z]+=[a-z]+\b`)

// TestErrorsInEveryLanguage: each refused request's error is worded in
// German and in Czech (unlike the English one, with no common English
// word and no package prefix), and keeps naming the parameter it is about.
func TestErrorsInEveryLanguage(t *testing.T) {
	s := newTestServer(t)
	msg := func(t *testing.T, path string, l i18n.Lang) string {
		t.Helper()
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		rec := httpGet(t, s, path+sep+"lang="+string(l))
		if rec.Code != http.StatusBadRequest {
			t.Fatalf("GET %s in %s = %d, want 400", path, l, rec.Code)
		}
		if text, ok := strings.CutPrefix(rec.Body.String(), "abtrace export: "); ok {
			return strings.TrimSpace(text) // an export's error, as text
		}
		p := parsePage(t, rec.Body.String())
		for _, n := range p.all(isTag("p")) {
			if attrOf(n, "class") == "msg" && isInside(n, p.one("form-error")) {
				return strings.TrimSpace(textOf(n))
			}
		}
		t.Fatalf("GET %s in %s: got no error message on the page", path, l)
		return ""
	}
	for _, pg := range errorPages {
		t.Run(pg.path, func(t *testing.T) {
			en := msg(t, pg.path, i18n.English)
			if strings.Contains(en, ".err.") {
				t.Errorf("en: got %q, a message id, want the English text", en)
			}
			for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
				got := msg(t, pg.path, l)
				if got == en || strings.Contains(got, ".err.") {
					t.Errorf("%s: got %q (English %q), want it worded in %s", l, got, en, l)
				}
				// The parameter's name in front is the same in every
				// language ("step: …"); the rest is a sentence.
				// A parameter's value as the address writes it (by=node)
				// is no English either.
				said := paramValue.ReplaceAllString(strings.TrimPrefix(got, pg.keep), "")
				if m := englishWords.FindStringSubmatch(said); m != nil {
					t.Errorf("%s: got %q, with the English word %q", l, got, m[2])
				}
				if strings.Contains(got, "scenario:") || strings.Contains(got, "search:") {
					t.Errorf("%s: got %q, want no package prefix", l, got)
				}
				if !strings.HasPrefix(got, pg.keep) || !strings.HasPrefix(en, pg.keep) {
					t.Errorf("%s: got %q and in English %q, want both to start with %q", l, got, en, pg.keep)
				}
			}
		})
	}
}

// TestEvaluationTermsInLanguage: the capture game's and Reversi's
// narrations explain an evaluation with its terms named in the page's
// language, and name the evaluation in words, not as the address writes
// it (discs:1,mobility:2); the moves and squares that name the nodes stay
// as players write them.
func TestEvaluationTermsInLanguage(t *testing.T) {
	s := newTestServer(t)
	const minichess, reversi = "/view?game=minichess&depth=1&step=4&lang=", "/view?game=reversi&depth=1&step=4&lang="
	tests := []struct{ page, lang, want string }{
		{minichess, "en", "(pawns = −2 × 1, queens = 1 × 9)"},
		{minichess, "de", "(Bauern = −2 × 1, Damen = 1 × 9)"},
		{minichess, "cs", "(pěšci = −2 × 1, dámy = 1 × 9)"},
		{reversi, "en", "d3: evaluation discs × 1 + mobility × 2 + corners × 10 = 3 (discs = 3 × 1, mobility = 0 × 2, corners = 0 × 10)"},
		{reversi, "de", "d3: Bewertung Steine × 1 + Mobilität × 2 + Ecken × 10 = 3 (Steine = 3 × 1, Mobilität = 0 × 2, Ecken = 0 × 10)"},
		{reversi, "cs", "d3 se ohodnotí, ohodnocení kameny × 1 + mobilita × 2 + rohy × 10 = 3 (kameny = 3 × 1, mobilita = 0 × 2, rohy = 0 × 10)"},
	}
	for _, tc := range tests {
		t.Run(tc.page+tc.lang, func(t *testing.T) {
			rec := httpGet(t, s, tc.page+tc.lang)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET = %d, want 200", rec.Code)
			}
			got := textOf(parsePage(t, rec.Body.String()).one("narration"))
			if !strings.Contains(got, tc.want) {
				t.Errorf("got narration %q, want it to contain %q", got, tc.want)
			}
		})
	}
}

// TestHiddenErrorsGrammar: the hidden games' errors refer to each game
// with the pronoun of its grammatical gender: the card game is feminine
// in Czech (karetní hra: ji) and neuter in German (das Kartenspiel: es),
// the road story masculine in Czech (příběh: jej) and feminine in German
// (die Straßengeschichte: sie).
func TestHiddenErrorsGrammar(t *testing.T) {
	s := newTestServer(t)
	tests := []struct{ page, want string }{
		{"/view?game=cards&algo=expectiminimax&lang=cs", "prohledejte ji "},
		{"/view?game=roads&algo=expectiminimax&lang=cs", "prohledejte jej "},
		{"/view?game=cards&algo=expectiminimax&lang=de", "durchsuchen Sie es "},
		{"/view?game=roads&algo=expectiminimax&lang=de", "durchsuchen Sie sie "},
		{"/view?game=roads&depth=2&lang=de", "; sie nimmt keine"},
		{"/view?game=cards&depth=2&lang=de", "; es nimmt keine"},
		{"/view?game=roads&algo=expectiminimax&lang=en", "The road story has no CHANCE nodes; search it with"},
	}
	for _, tc := range tests {
		t.Run(tc.page, func(t *testing.T) {
			rec := httpGet(t, s, tc.page)
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("GET = %d, want 400", rec.Code)
			}
			p := parsePage(t, rec.Body.String())
			got := textOf(p.one("form-error"))
			if !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want it to contain %q", got, tc.want)
			}
		})
	}
}

// TestExerciseAPIErrorsLanguage: the grading API words a submission's
// JSON errors (broken JSON, a value of the wrong type, an unknown field)
// in the request's language, by lang= or by Accept-Language, and names
// the field at fault.
func TestExerciseAPIErrorsLanguage(t *testing.T) {
	s := newTestServer(t)
	tests := []struct{ name, body, field string }{
		{"empty", ``, "body"},
		{"broken", `{"tree": "(1 2)",`, "body"},
		{"syntax", `{"tree": x}`, "body"},
		{"not an object", `[1, 2]`, "body"},
		{"more", `{"tree": "(1 2)"} {}`, "body"},
		{"wrong type", `{"tree": 3}`, "tree"},
		{"answers type", `{"tree": "(1 2)", "answers": [1]}`, "answers"},
		{"answer a list", `{"tree": "(1 2)", "answers": {"": [1]}}`, `answers[""]`},
		{"window type", `{"tree": "(1 2)", "windows": {"": 3}}`, `windows[""]`},
		{"alpha a bool", `{"tree": "(1 2)", "windows": {"": {"alpha": true}}}`, `windows[""].alpha`},
		{"unknown field", `{"tree": "(1 2)", "bogus": 1}`, "bogus"},
		{"unknown alpha", `{"tree": "(1 2)", "alpha": 1}`, "alpha"},
		{"tree text", `{"tree": "((3 12"}`, "tree"},
		{"tree number", `{"tree": "(1 x)"}`, "tree"},
		{"no tree", `{}`, "tree"},
		{"no node", `{"tree": "(1 2)", "answers": {"7": "1"}}`, `answers["7"]`},
		{"window name", `{"tree": "(1 2)", "window": "later"}`, "window"},
		{"answer unread", `{"tree": "(1 2)", "answers": {"": "abc"}}`, `answers[""]`},
		{"answer strict", `{"tree": "(1 2)", "answers": {"": "< 2"}}`, `answers[""]`},
		{"answer comma", `{"tree": "(1 2)", "answers": {"": "2,5"}}`, `answers[""]`},
		{"answer long", `{"tree": "(1 2)", "answers": {"": "` + strings.Repeat("1", exercise.MaxAnswerLen+1) + `"}}`, `answers[""]`},
		{"alpha unread", `{"tree": "((1 2) 3)", "windows": {"0": {"alpha": "x"}}}`, `windows["0"].alpha`},
		{"beta long", `{"tree": "((1 2) 3)", "windows": {"0": {"beta": "` + strings.Repeat("1", exercise.MaxAnswerLen+1) + `"}}}`, `windows["0"].beta`},
		{"window at a leaf", `{"tree": "((1 2) 3)", "windows": {"1": {"alpha": "1"}}}`, `windows["1"]`},
		{"predict unknown field", `{"query": "seed=1", "bogus": 1}`, "bogus"},
		{"predict more", `{"query": "seed=1"} {}`, "body"},
		{"predict question", `{"query": "seed=1", "question": -1}`, "question"},
		{"predict no question", `{"query": "seed=1&b=2&d=2", "question": 999}`, "question"},
		{"predict query", `{"query": "%zz", "question": 0}`, "query"},
		{"predict query long", `{"query": "` + strings.Repeat("a", exercise.MaxPredictQuery+1) + `", "question": 0}`, "query"},
		{"predict answer long", `{"query": "seed=1", "question": 0, "answer": "` + strings.Repeat("1", exercise.MaxAnswerLen+1) + `"}`, "answer"},
	}
	type answer struct{ Error, Field string }
	post := func(t *testing.T, target, header, body string) answer {
		t.Helper()
		req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if header != "" {
			req.Header.Set("Accept-Language", header)
		}
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		if rec.Code != http.StatusBadRequest {
			t.Fatalf("got %d %s, want 400", rec.Code, rec.Body)
		}
		var a answer
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			api := "/api/exercise/check"
			if strings.HasPrefix(tc.name, "predict") {
				api = "/api/exercise/predict"
			}
			en := post(t, api, "", tc.body)
			for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
				for _, a := range []answer{post(t, api+"?lang="+string(l), "", tc.body), post(t, api, string(l), tc.body)} {
					if a.Field != tc.field || en.Field != tc.field {
						t.Errorf("%s: got fields %q and in English %q, want %q", l, a.Field, en.Field, tc.field)
					}
					if a.Error == en.Error || !strings.HasPrefix(a.Error, tc.field+": ") || strings.Contains(a.Error, ".err.") || strings.Contains(en.Error, ".err.") {
						t.Errorf("%s: got %q (English %q), want it in %s, after %q", l, a.Error, en.Error, l, tc.field+": ")
					}
					// The JSON's field names (tree, answers, …) are no English sentence.
					said := regexp.MustCompile(`\b(tree|root|prune|fail|answers|pruned|windows|window|query|question|answer|seed)\b`).ReplaceAllString(a.Error, "")
					if m := englishWords.FindStringSubmatch(said); m != nil {
						t.Errorf("%s: got %q, with the English word %q", l, a.Error, m[2])
					}
				}
			}
		})
	}
}

// TestHiddenSourceNamed: the viewer's subtitle names the road story's and
// the card game's world in the page's language, not as an empty tree.
func TestHiddenSourceNamed(t *testing.T) {
	s := newTestServer(t)
	tests := []struct{ page, want string }{
		{"/view?game=roads&world=2&lang=en", "the road story, world 2: diamonds on the right"},
		{"/view?game=roads&lang=de", "die Straßengeschichte, Welt 1: Diamanten links"},
		{"/view?game=roads&world=2&lang=cs", "příběh o cestách, svět 2: diamanty vpravo"},
		{"/view?game=cards&world=2&lang=en", "the card game, deal 2"},
		{"/view?game=cards&lang=de", "das Kartenspiel, Verteilung 1"},
	}
	for _, tc := range tests {
		t.Run(tc.page, func(t *testing.T) {
			rec := httpGet(t, s, tc.page)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET = %d, want 200", rec.Code)
			}
			if body := rec.Body.String(); !strings.Contains(body, tc.want) {
				i := strings.Index(body, `class="sub"`)
				got := "no subtitle"
				if i >= 0 {
					got = body[i:min(len(body), i+120)]
				}
				t.Errorf("got %s, want %q", got, tc.want)
			}
		})
	}
}
