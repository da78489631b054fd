package web

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/gdleval"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
)

// This file writes out a GDL game's evaluation built from its rules at one
// state (package gdleval): Kuhlmann's construction term by term, and for
// the fuzzy goal evaluation the combination of the goals with terminal and
// the formulas with the degree of every subformula. The viewer's GDL panel
// shows it for the current node, /gdl/eval for the position it follows.

// MaxDrawnSubformulas bounds the subformulas drawn of one formula: a goal
// of Connect Four has some 350, a larger one is drawn to this many and
// says how many more it has.
const MaxDrawnSubformulas = 400

// gdlEvalOf is the evaluation built from the rules that p searches with,
// and the fuzzy parameters; ok is false where the search uses none (no
// evaluation, or the goals that hold).
func gdlEvalOf(p *scenario.Search, g *gdl.Game) (ev *gdleval.Eval, params fuzzy.Params, ok bool) {
	name := p.Scenario.Eval
	if name == "" || name == "goals" {
		return nil, params, false
	}
	a, err := gdleval.Analyze(g)
	if err != nil {
		return nil, params, false
	}
	if params, err = fuzzy.ParseParams(p.Scenario.Fuzzy); err != nil {
		return nil, params, false
	}
	if ev, err = a.Evaluation(name, params); err != nil {
		return nil, params, false
	}
	return ev, params, true
}

// withGDLEval puts the node's evaluation into the panel's node view when
// the search uses one built from the rules.
func withGDLEval(loc *i18n.Localizer, p *scenario.Search, at *gdlAt, n *templates.GDLNode) {
	game, z := shippedGDL(p.Scenario.GDL), ""
	if game == "" {
		z = scenario.CompressGDL(p.Scenario.GDL)
	}
	ev, params, ok := gdlEvalOf(p, at.g)
	if !ok {
		// The evaluations page at this node, with its own choice.
		n.EvalsURL = gdlEvalURL(game, z, "", "", n.ID, string(loc.Lang()))
		return
	}
	n.Eval = gdlEvalNode(loc, ev, params, at.g, at.s)
	n.Eval.PageURL = gdlEvalURL(game, z, ev.Name(), p.Scenario.Fuzzy, n.ID, string(loc.Lang()))
}

// gdlEvalURL is the address of /gdl/eval on a game (game, one abtrace
// ships, else z, its compressed text) with an evaluation, at node id.
func gdlEvalURL(game, z, eval, fz, id, lang string) string {
	q := url.Values{}
	if game != "" {
		q.Set("game", game)
	} else {
		q.Set("gdlz", z)
	}
	if eval != "" {
		q.Set("eval", eval)
	}
	if fz != "" {
		q.Set("fuzzy", fz)
	}
	if id != "" {
		q.Set("at", id)
	}
	q.Set("lang", lang)
	return "/gdl/eval?" + q.Encode()
}

// shippedGDL is the name of the shipped game whose text is text, or "".
func shippedGDL(text string) string {
	for _, name := range gdl.Games() {
		if t, ok := gdl.GameText(name); ok && t == text {
			return name
		}
	}
	return ""
}

// gdlEvalNode writes ev out at state s of g.
func gdlEvalNode(loc *i18n.Localizer, ev *gdleval.Eval, params fuzzy.Params, g *gdl.Game, s gdl.State) *templates.GDLEvalNode {
	w := ev.Written(s)
	n := &templates.GDLEvalNode{Eval: ev.Name(), Feature: ev.Feature(), Reason: loc.Phrase(ev.Say()), Title: loc.T("ge.node.title", "Eval", ev.Name()),
		Terms: []templates.GDLTerm{
			{Name: "V", Meaning: loc.T("ge.term.v", "Feature", ev.Feature()), Value: w.V},
			{Name: "R⁻", Meaning: loc.T("ge.term.lo"), Value: w.Lo},
			{Name: "R⁺", Meaning: loc.T("ge.term.hi"), Value: w.Hi},
			{Name: "E", Meaning: loc.T("ge.term.e"), Value: w.E},
		},
		VLine:   "V = " + w.Feature + "(s) " + w.VEq + " " + w.V,
		Symbols: w.Symbols,
		Numbers: "= " + w.Numbers + " " + w.EEq + " " + w.E,
	}
	if g.Terminal(s) {
		n.Terminal = true
		if goals := g.Goals(s); len(goals) > 0 && goals[0] >= 0 {
			n.Goal = strconv.Itoa(goals[0])
		}
	}
	if ev.Feature() == gdleval.FuzzyName {
		if fz, err := ev.Fuzzy(); err == nil {
			n.Fuzzy = gdlFuzzyView(loc, fz, s)
		}
	}
	return n
}

// gdlFuzzyView writes the fuzzy goal evaluation out at s: how the goal
// values are joined (the choice and the default named), each role's
// h(gv, s) and h, V, the terminal formula and the first role's goals.
func gdlFuzzyView(loc *i18n.Localizer, fz *gdleval.Fuzzy, s gdl.State) *templates.GDLFuzzy {
	roles := fz.G.Roles()
	f := &templates.GDLFuzzy{Params: fz.Params.String(), Combine: fz.Combine.String(), Other: fuzzyOther(fz.Combine)}
	most := 0
	for _, g := range fz.Goals {
		most = max(most, g.Value)
	}
	f.Join = loc.T("ge.fz.join."+fz.Combine.String(), "Max", most, "Sum", gdleval.FuzzyName, "TConorm", gdleval.FuzzyName+":"+gdleval.TConorm.String())
	var hs []float64
	for r, role := range roles {
		if r > 1 {
			break
		}
		cs, term := fz.Combinations(s, r)
		f.Terminal = degree(term)
		fr := templates.GDLFuzzyRole{Role: role}
		var sym, nums []string
		op := " + "
		if fz.Combine == gdleval.TConorm {
			op = " ⊕ "
		}
		total, exact := 0, true
		for _, c := range cs {
			fr.Rows = append(fr.Rows, templates.GDLFuzzyRow{Value: strconv.Itoa(c.Value), Formula: c.Text(role),
				Goal: degree(c.Goal), H: degree(c.H), Holds: c.Holds})
			total += c.Value
			exact = exact && trace.WrittenExactly(c.H)
			sym = append(sym, strconv.Itoa(c.Value)+"·h("+strconv.Itoa(c.Value)+")")
			nums = append(nums, strconv.Itoa(c.Value)+" × "+degree(c.H))
		}
		h := fz.Value(s, r)
		hs = append(hs, h)
		fr.Sum = "h_" + role + " = (" + strings.Join(sym, op) + ") / " + strconv.Itoa(total) +
			" = (" + strings.Join(nums, op) + ") / " + strconv.Itoa(total) + " " + approx(exact && trace.WrittenExactly(h)) + " " + degree(h)
		f.Roles = append(f.Roles, fr)
	}
	if len(hs) == 2 {
		v := fz.V(s)
		f.VLine = "V = (h_" + roles[0] + " + 1 − h_" + roles[1] + ") / 2 = (" + degree(hs[0]) + " + 1 − " + degree(hs[1]) + ") / 2 " +
			approx(trace.WrittenExactly(hs[0]) && trace.WrittenExactly(hs[1]) && trace.WrittenExactly(v)) + " " + degree(v)
	}
	if d := fz.TerminalTree(s); d != nil {
		t := drawnFuzzy(loc, *d)
		f.TerminalTree = &t
	}
	for _, g := range fz.Goals {
		if g.Role != 0 {
			continue
		}
		if d := fz.Tree(s, g); d != nil {
			f.Goals = append(f.Goals, drawnFuzzy(loc, *d))
			f.Captions = append(f.Captions, "(goal "+roles[0]+" "+strconv.Itoa(g.Value)+")")
		}
	}
	return f
}

// fuzzyOther is the name of the fuzzy goal evaluation that joins the goal
// values the other way: goal-fuzzy:tconorm beside the default, goal-fuzzy
// beside goal-fuzzy:tconorm.
func fuzzyOther(c gdleval.Combine) string {
	if c == gdleval.Sum {
		return gdleval.FuzzyName + ":" + gdleval.TConorm.String()
	}
	return gdleval.FuzzyName
}

// combineParam is the error of query parameter param naming a fuzzy goal
// evaluation whose combination is unknown (goal-fuzzy:NAME), worded in the
// page's language; ok is false for any other error.
func combineParam(param string, err error) (perr error, ok bool) {
	var ce *gdleval.CombineError
	if !errors.As(err, &ce) {
		return nil, false
	}
	return &paramError{Param: param, Err: err, Say: ce.Say()}, true
}

// approx is "=" for a number written exactly, "≈" for one rounded.
func approx(exact bool) string {
	if exact {
		return "="
	}
	return "≈"
}

// drawnFuzzy is fuzzyNode of a formula drawn to MaxDrawnSubformulas
// subformulas, in order: once the drawing is full, a subformula whose
// operands are left out says how many subformulas there are below it.
func drawnFuzzy(loc *i18n.Localizer, d fuzzy.Degree) templates.FuzzyNode {
	budget := MaxDrawnSubformulas - 1
	var walk func(d fuzzy.Degree, depthLeft int) templates.FuzzyNode
	walk = func(d fuzzy.Degree, depthLeft int) templates.FuzzyNode {
		n := fuzzyNode(loc, fuzzy.Degree{Op: d.Op, Text: d.Text, Say: d.Say, Value: d.Value, Holds: d.Holds})
		if len(d.Args) == 0 {
			return n
		}
		if depthLeft == 0 || budget < len(d.Args) {
			n.More = loc.T("ge.more", "N", subformulas(d)-1)
			return n
		}
		budget -= len(d.Args)
		for _, k := range d.Args {
			n.Kids = append(n.Kids, walk(k, depthLeft-1))
		}
		return n
	}
	return walk(d, 64)
}

// subformulas counts d and the subformulas below it.
func subformulas(d fuzzy.Degree) int {
	n := 1
	for _, k := range d.Args {
		n += subformulas(k)
	}
	return n
}
