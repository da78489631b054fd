package web

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
)

// formSample is a scenario for source searched by algo, with as many of
// the options that apply to them set to other values than their defaults
// as make sense together, so that a round trip through the form has
// something to lose.
func formSample(source, algo string) scenario.Scenario {
	s := scenario.Scenario{Algo: algo}
	game := true
	switch source {
	case "tree":
		game = false
		s.Tree = tree.TwoPlyGameTree
		switch algo {
		case "expectiminimax", "star1":
			s.Tree = chanceTextbook
			s.Transform = "cube"
		case "maxn", "paranoid":
			s.Tree = threePlayers
		case "pvs":
			s.Tree, s.Format = "[[3, 12, 8], [2, 4, 6]]", "aima"
		case "id":
			s.Tree = "[h=4](B[h=3](3 12 8) C[h=2](2 4 6) D[h=5](14 5 2))"
			s.Depth, s.Eval, s.Aspiration = 2, "h", 1.5
		case "minimax":
			s.Tree, s.Depth, s.Utilities = tree.ExpectedValueTree, 2, tree.UtilitiesZeroHalfOne
		default:
			s.Root = "min"
			s.Layout = scenario.LayoutAcross
		}
	case "random":
		game = false
		s.Random, s.Seed = "3,3", 7
	case "tictactoe":
		s.Position = "xo.x.o..."
		if algo == "alphabeta" {
			s.Depth, s.Eval, s.Fuzzy = 2, "fuzzy", "product,1,0.75,0.5"
		}
	case "nim":
		s.Matches, s.Take = 6, 3
	case "dice":
		s.Depth, s.Eval = 4, "race"
	case "connect4":
		s.Position, s.Depth = "dd", 2
	case "reversi":
		s.Depth = 2
	case "suicide-reversi":
		s.Depth, s.Eval, s.Kuhlmann = 2, "discs", "min"
	case "minichess":
		s.Position, s.Depth = "horizon", 1
	case "cards":
		s.Deal = "max: ♥6 ♦6 ♣9 ♣8; min: ♥4 ♠2 ♣10 ♣5 | ♦4 ♠2 ♣10 ♣5"
		s.World = 2
	case "roads":
		s.World = 2
	case "gdl":
		game = false
		s.GDL, _ = gdl.GameText("matchsticks")
		if algo == "maxn" || algo == "paranoid" || algo == "id" {
			s.GDL, _ = gdl.GameText("tictactoe")
			s.Depth = 2
		}
	}
	if s.Game = source; !game {
		s.Game = ""
	}
	if algo == "alphabeta" {
		s.Algo = "" // the default, left out of a permalink
	}
	switch algo {
	case "alphabeta":
		s.Prune, s.Order = "gt", "killer"
		if source == "minichess" {
			s.Quiescence = true
		}
	case "minimax":
		s.Order = "reversed"
		if game && source != "cards" && source != "roads" {
			s.TT, s.Replace = 512, "always"
		}
	case "negamax":
		s.Fail, s.Order = "hard", "history"
		switch source {
		case "tictactoe", "connect4":
			s.Symmetry = true
		case "nim":
			s.Depth, s.Eval, s.Extend, s.Margin = 3, "theory", "singular", 2
		}
	case "pvs":
		if source == "connect4" || source == "reversi" {
			s.Forward, s.Beam = "beam", 3
		}
		if source == "tictactoe" {
			s.Forward = "symmetric"
		}
	case "mtdf":
		if game && source != "cards" && source != "roads" {
			s.TT = 2048
		}
	case "id":
		if game {
			s.Aspiration = 1.5
		}
	case "mcts":
		s.Iterations, s.C, s.Seed = 50, 0.5, 3
		if source == "tictactoe" {
			s.Depth, s.Eval, s.Playout = 0, "lines", "eval"
		}
		s.Transform, s.Fuzzy, s.Aspiration, s.Root, s.Layout = "", "", 0, "", ""
		if source == "tree" {
			s.Layout = scenario.LayoutDown
		}
	case "star1":
		s.Bounds = "-1,1"
		if source == "tree" {
			s.Bounds = "0,3375"
		}
	case "paranoid":
		s.Player = 2
	case "maxn":
		s.Order = "reversed"
	case "determinized":
		s.Samples, s.Sample, s.Iterations, s.C, s.World = 5, 2, 40, 0.7, 0
	}
	return s
}

// formFields reads the fields of the form with id as a browser submits
// them: named inputs (checked ones only for radios and checkboxes),
// selects (the selected option, else the first) and text areas.
func formFields(t *testing.T, p *htmlPage, id string) url.Values {
	t.Helper()
	forms := p.all(hasAttr("id", id))
	if len(forms) != 1 {
		t.Fatalf("got %d forms with id %q, want 1", len(forms), id)
	}
	v := url.Values{}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		name := attrOf(n, "name")
		if n.Type == html.ElementNode && name != "" && !attrHas(n, "disabled") {
			switch n.Data {
			case "input":
				switch attrOf(n, "type") {
				case "radio", "checkbox":
					if attrHas(n, "checked") {
						val, ok := attrOK(n, "value")
						if !ok {
							val = "on"
						}
						v.Add(name, val)
					}
				default:
					v.Add(name, attrOf(n, "value"))
				}
			case "select":
				var first, chosen *html.Node
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					if c.Type == html.ElementNode && c.Data == "option" {
						if first == nil {
							first = c
						}
						if attrHas(c, "selected") {
							chosen = c
						}
					}
				}
				if chosen == nil {
					chosen = first
				}
				if chosen != nil {
					v.Add(name, attrOf(chosen, "value"))
				}
			case "textarea":
				var b strings.Builder
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					b.WriteString(c.Data)
				}
				v.Add(name, b.String())
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(forms[0])
	return v
}

// TestFormRoundTrip walks every source × algorithm the setup form offers:
// the view's "change" opens the form with the view's scenario, and the
// form submitted unchanged gives the same permalink. Together the samples
// set every option of the form, so none is lost on the way.
func TestFormRoundTrip(t *testing.T) {
	s := newTestServer(t)
	set := map[string]bool{}
	for _, src := range scenario.FormSources() {
		for _, algo := range src.Algos {
			t.Run(src.Name+"/"+algo, func(t *testing.T) {
				sc := formSample(src.Name, algo)
				if _, err := sc.Prepare(); err != nil {
					t.Fatalf("the sample %v does not prepare: %v", sc.Query(), err)
				}
				want := sc.Query()
				for k := range want {
					set[k] = true
				}
				set["gdl"] = set["gdl"] || want.Has("gdlz") // the text, compressed in the address
				want.Set("lang", "de")
				home := httpGet(t, s, "/?"+want.Encode())
				if home.Code != http.StatusOK {
					t.Fatalf("GET /?%s = %d", want.Encode(), home.Code)
				}
				fields := formFields(t, parsePage(t, home.Body.String()), "scenario")
				if got := fields.Get("source"); got != src.Name {
					t.Errorf("the form chose the source %q, want %q", got, src.Name)
				}
				rec := httpGet(t, s, "/view?"+fields.Encode())
				if rec.Code != http.StatusSeeOther {
					t.Fatalf("submitting the form unchanged = %d, want 303; form %v\n%s", rec.Code, fields, errorOf(rec.Body.String()))
				}
				loc, err := url.Parse(rec.Header().Get("Location"))
				if err != nil {
					t.Fatal(err)
				}
				got := loc.Query()
				got.Del("step")
				if got.Encode() != want.Encode() {
					t.Errorf("the form submitted unchanged gives\n%s, want\n%s", got.Encode(), want.Encode())
				}
			})
		}
	}
	// Every option of the form took part in some round trip.
	for _, o := range scenario.FormOptions() {
		if !set[o.Name] {
			t.Errorf("no sample sets the option %s: its round trip is not tested", o.Name)
		}
	}
}

// errorOf is the form error a returned home page shows, for a test's
// message.
func errorOf(body string) string {
	if i := strings.Index(body, `data-testid="form-error"`); i >= 0 {
		return body[i:min(len(body), i+400)]
	}
	return ""
}

// TestFormMarksWhatApplies checks that the form marks each option with the
// sources and algorithms it applies to as package scenario says, and that
// each algorithm is offered by the sources that search with it.
func TestFormMarksWhatApplies(t *testing.T) {
	s := newTestServer(t)
	p := parsePage(t, httpGet(t, s, "/").Body.String())
	for _, o := range scenario.FormOptions() {
		if o.OfSource {
			continue
		}
		els := p.all(hasAttr("data-opt", o.Name))
		if len(els) != 1 {
			t.Errorf("option %s: %d fields, want 1", o.Name, len(els))
			continue
		}
		if got, want := attrOf(els[0], "data-algos"), strings.Join(o.Algos, " "); got != want {
			t.Errorf("option %s is marked for the algorithms %q, want %q", o.Name, got, want)
		}
		if got, want := attrOf(els[0], "data-sources"), strings.Join(o.Sources, " "); got != want {
			t.Errorf("option %s is marked for the sources %q, want %q", o.Name, got, want)
		}
	}
	for _, src := range scenario.FormSources() {
		for _, a := range src.Algos {
			opt := p.all(func(n *html.Node) bool {
				return n.Data == "option" && attrOf(n, "value") == a && isInside(n, p.all(hasAttr("id", "algo"))[0])
			})
			if len(opt) != 1 || !slices.Contains(strings.Fields(attrOf(opt[0], "data-sources")), src.Name) {
				t.Errorf("the algorithm %s is not offered for the source %s", a, src.Name)
			}
		}
	}
}
