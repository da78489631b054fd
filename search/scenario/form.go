package scenario

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/dice"
	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/search/reversi"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/search/tree"
)

// This file is the setup form's knowledge of scenarios: which sources and
// algorithms it offers, every option with the command line's name and
// default, and which options apply to which source and algorithm. The page
// renders it and its script only shows or hides what is marked here; the
// server keeps, of a submitted form, what applies (FormQuery).

// FormSource is a source as the setup form offers it.
type FormSource struct {
	// Name is the form's value of source=: "tree", "random" or a game.
	Name string
	// Game is the game= it sets ("" for tree and random).
	Game string
	// Algos are the algorithms that search it, in the form's order.
	Algos []string
	// Evals are the names of its evaluations at a depth limit.
	Evals []string
}

// The algorithms of the form, grouped as a lecture meets them.
var (
	twoPlayerAlgos = []string{"alphabeta", "minimax", "negamax", "pvs", "mtdf", "id", "mcts"}
	chanceAlgos    = []string{"expectiminimax", "star1"}
	vectorAlgos    = []string{"maxn", "paranoid"}
	hiddenAlgos    = []string{"clairvoyance", "infoset", "determinized"}
	// cardAlgos leave out iterative deepening: the card game and the
	// roads are searched to the end, with no evaluation to deepen by.
	cardAlgos = []string{"alphabeta", "minimax", "negamax", "pvs", "mtdf", "mcts"}
)

// FormSources lists the sources the setup form offers, in its order.
func FormSources() []FormSource {
	cat := func(xs ...[]string) []string { return slices.Concat(xs...) }
	return []FormSource{
		// A typed tree may hold CHANCE nodes or vector leaves, so every
		// algorithm of the engine takes one.
		{Name: "tree", Algos: cat(twoPlayerAlgos, chanceAlgos, vectorAlgos), Evals: []string{"h"}},
		// A random tree has no estimates, so nothing to deepen by.
		{Name: "random", Algos: slices.DeleteFunc(slices.Clone(twoPlayerAlgos), func(a string) bool { return a == "id" })},
		{Name: "tictactoe", Game: "tictactoe", Algos: twoPlayerAlgos, Evals: tictactoe.EvaluationNames()},
		{Name: "nim", Game: "nim", Algos: twoPlayerAlgos, Evals: nim.EvaluationNames()},
		{Name: "dice", Game: "dice", Algos: chanceAlgos, Evals: dice.EvaluationNames()},
		{Name: "connect4", Game: "connect4", Algos: twoPlayerAlgos, Evals: connect4.EvaluationNames()},
		{Name: "reversi", Game: "reversi", Algos: twoPlayerAlgos, Evals: reversi.FeatureNames()},
		{Name: "suicide-reversi", Game: "suicide-reversi", Algos: twoPlayerAlgos, Evals: reversi.FeatureNames()},
		{Name: "minichess", Game: "minichess", Algos: twoPlayerAlgos, Evals: minichess.EvaluationNames()},
		// Any game written in GDL: two roles whose goals sum to a
		// constant as MAX and MIN, every game with max^n and paranoid.
		{Name: "gdl", Algos: cat(twoPlayerAlgos, vectorAlgos), Evals: []string{"goals"}},
		{Name: "cards", Game: "cards", Algos: cat(cardAlgos, hiddenAlgos)},
		{Name: "roads", Game: "roads", Algos: cat(cardAlgos, hiddenAlgos)},
	}
}

// FormAlgorithms lists every algorithm the form offers, in its order.
func FormAlgorithms() []string {
	return slices.Concat(twoPlayerAlgos, chanceAlgos, vectorAlgos, hiddenAlgos)
}

// formSource is the source named name (ok false when there is none).
func formSource(name string) (FormSource, bool) {
	for _, s := range FormSources() {
		if s.Name == name {
			return s, true
		}
	}
	return FormSource{}, false
}

// OptionKind is how the form asks for an option.
type OptionKind uint8

const (
	OptionText    OptionKind = iota // a line of text
	OptionNumber                    // a number
	OptionDecimal                   // a number with a fraction
	OptionChoice                    // one of Choices
	OptionFlag                      // on or off (1 or absent)
)

// FormOption is one option of a scenario as the setup form offers it,
// named as the command line's flag and the permalink's parameter.
type FormOption struct {
	Name string
	Kind OptionKind
	// Default is the value that means what leaving the option out means;
	// a form submitted with it leaves it out of the permalink. "" when
	// every value written is kept. (The algorithm's, alpha-beta, is kept
	// for a CS188 file, which brings its own.)
	Default string
	// Choices are the values of a choice; "" among them is the default
	// as the source or the engine has it.
	Choices []FormChoice
	// Sources and Algos are the sources and algorithms the option applies
	// to; nil means every one.
	Sources, Algos []string
	// Placeholder is the default as a number, shown in an empty field
	// ("" where the default is no value).
	Placeholder string
	// OfSource says the option belongs to its source's part of the form
	// (the tree's text, the position) rather than to how to search.
	OfSource bool
}

// FormChoice is one value of a choice option, with the algorithms it
// applies to (nil: every one the option applies to).
type FormChoice struct {
	Value string
	Algos []string
}

// Applies reports whether the option means something for source searched
// by algo.
func (o FormOption) Applies(source, algo string) bool {
	return (o.Sources == nil || slices.Contains(o.Sources, source)) && (o.Algos == nil || slices.Contains(o.Algos, algo))
}

// algosWhere lists the form's algorithms of which the engine says keep.
func algosWhere(keep func(search.Algorithm) bool) []string {
	var out []string
	for _, name := range FormAlgorithms() {
		if a, err := search.ParseAlgorithm(name); err == nil && keep(a) {
			out = append(out, name)
		}
	}
	return out
}

// The form's positions: tic-tac-toe's field is position, every other
// game's is named after it (dice-position, connect4-position), since each
// game reads positions of its own.
func positionField(source string) string {
	if source == "tictactoe" {
		return "position"
	}
	return source + "-position"
}

// FormOptions lists every option of a scenario the form offers, in the
// form's order. The defaults are the command line's.
func FormOptions() []FormOption {
	windowed := algosWhere(search.Algorithm.HasWindow)
	negamax := algosWhere(search.Algorithm.Negamax)
	learned := append([]string{"alphabeta"}, negamax...) // killer, history, the selective searches
	table := append([]string{"minimax"}, negamax...)
	choices := func(vs ...string) []FormChoice {
		out := make([]FormChoice, len(vs))
		for i, v := range vs {
			out[i] = FormChoice{Value: v}
		}
		return out
	}
	orders := choices("natural", "reversed", "random", "eval", "best", "worst")
	for i := range orders {
		if v := orders[i].Value; v == "eval" || v == "best" || v == "worst" {
			// max^n has no single value to order its children by.
			orders[i].Algos = slices.DeleteFunc(slices.Clone(FormAlgorithms()), func(a string) bool { return a == "maxn" })
		}
	}
	orders = append(orders, FormChoice{Value: "killer", Algos: learned}, FormChoice{Value: "history", Algos: learned})
	searched := slices.DeleteFunc(slices.Clone(FormAlgorithms()), func(a string) bool { return a == "mcts" || slices.Contains(hiddenAlgos, a) })
	// MCTS grows its own tree, but the game it plays is cut at the depth.
	limitedAlgos := append(slices.Clone(searched), "mcts")
	games := []string{"tictactoe", "nim", "connect4", "reversi", "suicide-reversi", "minichess"}
	limited := slices.Concat([]string{"tree", "random", "dice"}, games)
	return []FormOption{
		{Name: "tree", Kind: OptionText, Sources: []string{"tree"}, OfSource: true},
		{Name: "format", Kind: OptionChoice, Default: "abtrace", Choices: choices("", "cmu", "sml", "cs188", "aima"), Sources: []string{"tree"}, OfSource: true},
		{Name: "root", Kind: OptionChoice, Choices: choices("", "min"), Sources: []string{"tree", "random"}, OfSource: true},
		{Name: "random", Kind: OptionText, Sources: []string{"random"}, OfSource: true},
		{Name: "gdl", Kind: OptionText, Sources: []string{"gdl"}, OfSource: true},
		{Name: "position", Kind: OptionText, Sources: []string{"tictactoe", "dice", "connect4", "reversi", "suicide-reversi", "minichess"}, OfSource: true},
		{Name: "matches", Kind: OptionNumber, Sources: []string{"nim"}, OfSource: true, Placeholder: "5"},
		{Name: "take", Kind: OptionNumber, Sources: []string{"nim"}, OfSource: true, Placeholder: "2"},
		{Name: "deal", Kind: OptionText, Sources: []string{"cards"}},
		{Name: "world", Kind: OptionNumber, Sources: []string{"cards", "roads"}, Algos: slices.Concat(cardAlgos, hiddenAlgos[:2]), Placeholder: "1"},

		{Name: "algo", Kind: OptionChoice, Default: "alphabeta", Choices: choices(FormAlgorithms()...)},
		{Name: "bounds", Kind: OptionText, Algos: []string{"star1"}},
		{Name: "player", Kind: OptionNumber, Algos: []string{"paranoid"}, Placeholder: "1"},
		{Name: "prune", Kind: OptionChoice, Choices: choices("", "ge", "gt"), Algos: windowed},
		{Name: "fail", Kind: OptionChoice, Default: "soft", Choices: choices("soft", "hard"), Algos: windowed},
		{Name: "order", Kind: OptionChoice, Default: "natural", Choices: orders, Algos: searched},
		{Name: "depth", Kind: OptionNumber, Sources: append(slices.Clone(limited), "gdl"), Algos: limitedAlgos},
		{Name: "eval", Kind: OptionText, Sources: limited},
		{Name: "fuzzy", Kind: OptionText, Sources: []string{"tictactoe"}},
		{Name: "utilities", Kind: OptionChoice, Default: tree.UtilitiesPlusMinus, Choices: choices(tree.UtilityNames...), Sources: []string{"tree"}},
		{Name: "kuhlmann", Kind: OptionChoice, Choices: choices("", "max", "min"), Sources: []string{"reversi", "suicide-reversi"}},
		{Name: "transform", Kind: OptionText, Sources: limited},
		{Name: "seed", Kind: OptionNumber, Placeholder: "0"},
		{Name: "tt", Kind: OptionNumber, Sources: games, Algos: table, Placeholder: "0"},
		{Name: "replace", Kind: OptionChoice, Default: "depth", Choices: choices("depth", "always"), Sources: games, Algos: table},
		{Name: "symmetry", Kind: OptionFlag, Sources: []string{"tictactoe", "connect4"}, Algos: table},
		{Name: "aspiration", Kind: OptionDecimal, Sources: limited, Algos: []string{"id"}},
		{Name: "quiescence", Kind: OptionFlag, Sources: []string{"minichess"}, Algos: learned},
		{Name: "extend", Kind: OptionChoice, Choices: choices("", "singular"), Sources: games, Algos: learned},
		{Name: "margin", Kind: OptionDecimal, Sources: games, Algos: learned, Placeholder: strconv.Itoa(search.DefaultMargin)},
		{Name: "forward", Kind: OptionChoice, Choices: choices("", "symmetric", "beam"), Sources: games, Algos: learned},
		{Name: "beam", Kind: OptionNumber, Sources: games, Algos: learned, Placeholder: strconv.Itoa(search.DefaultBeam)},
		{Name: "iterations", Kind: OptionNumber, Algos: []string{"mcts", "determinized"}, Placeholder: strconv.Itoa(search.DefaultIterations)},
		{Name: "c", Kind: OptionDecimal, Algos: []string{"mcts", "determinized"}, Placeholder: "1.41"},
		{Name: "playout", Kind: OptionChoice, Default: "random", Choices: choices("random", "eval"), Algos: []string{"mcts"}},
		{Name: "samples", Kind: OptionNumber, Algos: []string{"determinized"}, Placeholder: strconv.Itoa(DefaultSamples)},
		{Name: "sample", Kind: OptionNumber, Algos: []string{"determinized"}, Placeholder: "1"},
		{Name: "layout", Kind: OptionChoice, Choices: choices("", LayoutDown, LayoutAcross)},
	}
}

// FormOptionNamed is the option called name (ok false when there is none).
func FormOptionNamed(name string) (FormOption, bool) {
	for _, o := range FormOptions() {
		if o.Name == name {
			return o, true
		}
	}
	return FormOption{}, false
}

// defaultAlgo is the algorithm of a form that names none: alpha-beta,
// except for a CS188 file, which brings its own.
func defaultAlgo(form url.Values) string {
	if form.Get("format") == "cs188" {
		return ""
	}
	return "alphabeta"
}

// FormQuery is the permalink query of a submitted setup form: of the
// chosen source's fields and of every option, those that apply to the
// source and the algorithm, without the empty ones and the defaults, under
// the command line's names. It reports false when the form names no
// source the form offers.
func FormQuery(form url.Values) (url.Values, bool) {
	source := form.Get("source")
	if source == "" {
		source = "tree"
	}
	src, ok := formSource(source)
	if !ok {
		return nil, false
	}
	algo := strings.TrimSpace(form.Get("algo"))
	if algo == "" {
		algo = defaultAlgo(form)
	}
	q := url.Values{}
	if src.Game != "" {
		q.Set("game", src.Game)
	}
	for _, o := range FormOptions() {
		if !o.Applies(source, orDefault(algo, "alphabeta")) {
			continue
		}
		field := o.Name
		if o.Name == "position" {
			field = positionField(source)
		}
		v := form.Get(field)
		if o.Kind != OptionText || o.Name == "position" {
			v = strings.TrimSpace(v)
		}
		if o.Kind == OptionFlag && v != "1" {
			v = ""
		}
		switch {
		case o.Name == "tree" && source == "tree":
			// The tree is kept as typed, empty too: an empty tree is an
			// error to show, not the textbook's tree.
			q.Set("tree", v)
		case o.Name == "gdl" && source == "gdl":
			// As typed, like the tree; a shipped game chosen with an
			// empty text is that game's text.
			q.Set("gdl", gdlOfForm(form))
		case o.Name == "algo":
			// alpha-beta is the default but for a CS188 file, whose
			// own algorithm an explicit alpha-beta overrides.
			if v != defaultAlgo(form) {
				q.Set("algo", v)
			}
		case v == "" || v == o.Default:
		default:
			q.Set(o.Name, v)
		}
	}
	if source == "minichess" {
		pos := form.Get("minichess-position")
		if own := strings.TrimSpace(form.Get("minichess-own")); own != "" {
			pos = own // a position typed in overrides the choice
		}
		setOrDel(q, "position", pos)
		if q.Get("depth") == "" {
			// Depth 1 is where the horizon position misleads.
			q.Set("depth", "1")
		}
	}
	return q, true
}

func setOrDel(q url.Values, k, v string) {
	if v == "" {
		q.Del(k)
		return
	}
	q.Set(k, v)
}

// FormFields is the setup form filled in from a query: a submitted form
// comes back as it was typed; a view's permalink (the viewer's "change")
// gives its source and every option, each in its source's field. source
// is the chosen source's name.
func FormFields(q url.Values) (source string, fields url.Values) {
	fields = url.Values{}
	for k, vs := range q {
		fields[k] = slices.Clone(vs)
	}
	if q.Has("source") {
		return orDefault(q.Get("source"), "tree"), fields
	}
	switch g := q.Get("game"); {
	case q.Has("gdl") || q.Has("gdlz"):
		source = "gdl"
		if !q.Has("gdl") {
			text, _ := ExpandGDL(q.Get("gdlz")) // a bad one is shown by the page's error
			fields.Set("gdl", text)
		}
		fields.Del("gdlz")
	case g == "matchsticks":
		source = "nim"
	case g != "":
		source = g
	case q.Get("random") != "":
		source = "random"
	default:
		source = "tree"
	}
	if f := positionField(source); f != "position" && q.Has("position") {
		fields.Set(f, q.Get("position"))
		fields.Del("position")
	}
	if source == "minichess" {
		pos := fields.Get("minichess-position")
		fields.Del("minichess-position")
		switch pos {
		case "", "horizon", "start":
			fields.Set("minichess-position", orDefault(pos, "horizon"))
		default:
			fields.Set("minichess-own", pos)
		}
	}
	return source, fields
}
