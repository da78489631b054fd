package trace

import "strings"

// narrationSelective is the English narration of quiescence search, the
// singular extension and forward pruning (see narrationEnglish for the
// arguments; Width is the beam's width).
var narrationSelective = map[string]Message{
	"narrate.standpat":     {Other: "Quiescence at {{.Node}}: standing pat, {{.Kind}} can keep the evaluation {{if .Eval}}{{.Eval}} {{end}}= {{.Value}}{{if .Terms}} ({{.Terms}}){{end}} without capturing; only captures can change it now.", Description: "stand pat: the evaluation the player to move may keep"},
	"narrate.standpat.cut": {Other: "Quiescence at {{.Node}}: standing pat on the evaluation {{.Value}} already meets the window ({{.Test}}), so no capture needs searching."},
	"narrate.expand.captures": {One: "{{cap .Node}} is not quiet: 1 capture is searched past the depth limit.",
		Other: "{{cap .Node}} is not quiet: {{.Count}} captures are searched past the depth limit.", Description: "quiescence search expands only the captures"},
	"narrate.extend": {Other: "{{cap .Child}} looks clearly better for {{.Kind}} than every other move ({{.Test}}, the margin): a singular extension searches it one ply deeper."},
	"narrate.forward.symmetric": {One: "1 move of {{.Node}} leads to the mirror image of a position already to be searched: it is dropped, which loses nothing.",
		Other: "{{.Count}} moves of {{.Node}} lead to mirror images of positions already to be searched: they are dropped, which loses nothing."},
	"narrate.forward.beam": {One: "Forward pruning keeps only the {{.Width}} moves of {{.Node}} that the evaluation rates best: 1 is dropped unsearched, and the best move may be among them.",
		Other: "Forward pruning keeps only the {{.Width}} moves of {{.Node}} that the evaluation rates best: {{.Count}} are dropped unsearched, and the best move may be among them."},
}

func init() {
	for id, m := range narrationSelective {
		narrationEnglish[id] = m
	}
}

// termsText writes an evaluation's terms: "pawns = −2 × 1, queens = 1 × 9",
// with ≈ for = where a number is written rounded ("V(goal-fuzzy) ≈ 0.5 ×
// 98" for 0.5042).
func (nr narrator) termsText(terms []Term) string {
	ts := make([]string, len(terms))
	for i, t := range terms {
		eq := " = "
		if !WrittenExactly(t.Count) || !WrittenExactly(t.Weight) {
			eq = " ≈ "
		}
		// A term named by a word ("pawns") reads in the viewer's
		// language, as a label that is a key does (Frame.Labels).
		ts[i] = nr.f.LabelText(t.Name) + eq + Num(t.Count).String() + " × " + Num(t.Weight).String()
	}
	return strings.Join(ts, ", ")
}

func (nr narrator) standPat() Phrase {
	e := nr.e
	if e.Cut {
		return say("narrate.standpat.cut", "Node", nr.bare(e.Node), "Value", e.Value.String(), "Test", e.Test)
	}
	return say("narrate.standpat", "Node", nr.bare(e.Node), "Kind", nr.kind().Upper(), "Eval", nr.f.EvalText(e.Eval), "Value", e.Value.String(), "Terms", nr.termsText(e.Terms))
}

func (nr narrator) extend() Phrase {
	e := nr.e
	child := nr.short(e.Child)
	if e.Label != "" {
		child = e.Label // the extended move's name, given before it is entered
	}
	return say("narrate.extend", "Child", child, "Kind", nr.kind().Upper(), "Test", e.Test)
}

func (nr narrator) forward() Phrase {
	e := nr.e
	if w, ok := strings.CutPrefix(e.Test, "beam "); ok {
		return sayN("narrate.forward.beam", len(e.Pruned), "Node", nr.bare(e.Node), "Width", w)
	}
	return sayN("narrate.forward.symmetric", len(e.Pruned), "Node", nr.bare(e.Node))
}
