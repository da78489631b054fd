package trace

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Decoupled UCT (DUCT) is the Monte-Carlo tree search of games whose roles
// choose their moves at once: at every node each role keeps a table of its
// own moves and chooses by UCB1 on it, and the joint move of the choices
// leads to a child. Its steps are the MCTS steps (select, grow, simulate,
// backprop, done) with Decoupled set; a node's id counts its children in
// the order of the joint moves (the first role's move varying slowest).

// Decoupled is what a step of decoupled UCT carries beyond an MCTS step.
type Decoupled struct {
	// Roles are the roles in the game's order.
	Roles []string `json:"roles"`
	// Tables are every role's table at the node: on select before the
	// choice, with each line's UCB1 (Chosen the role's choice); on
	// backprop after the update (Chosen the line updated).
	Tables []RoleTable `json:"tables,omitempty"`
	// Joint is every role's move (select, grow: the joint move chosen;
	// done: each role's most visited move at the root).
	Joint []string `json:"joint,omitempty"`
	// Goals are every role's goal at the end of the playout (simulate,
	// backprop), −1 where none holds or the playout was cut.
	Goals []int `json:"goals,omitempty"`
	// Steps is the number of joint moves the playout made (simulate).
	Steps int `json:"steps,omitempty"`
	// New says the joint move chosen leads to a node not in the tree yet
	// (select: the grow of Child follows).
	New bool `json:"new,omitempty"`
}

// RoleTable is one role's statistics table at a node.
type RoleTable struct {
	Role  string     `json:"role"`
	Lines []RoleLine `json:"lines"`
}

// RoleLine is one move of a role's table: chosen N times, with W the sum
// of the role's rewards (its goal scaled to [0, 1]) in the games that
// followed; on a select step UCB is W/N + c·√(ln Visits / N), +∞ for a
// line never tried.
type RoleLine struct {
	Move   string  `json:"move"`
	N      float64 `json:"n"`
	W      float64 `json:"w"`
	UCB    float64 `json:"ucb,omitempty"`
	Chosen bool    `json:"chosen,omitempty"`
}

// Clone returns a deep copy of d (nil for nil).
func (d *Decoupled) Clone() *Decoupled {
	if d == nil {
		return nil
	}
	c := *d
	c.Roles, c.Joint, c.Goals = slices.Clone(d.Roles), slices.Clone(d.Joint), slices.Clone(d.Goals)
	c.Tables = make([]RoleTable, len(d.Tables))
	for i, t := range d.Tables {
		c.Tables[i] = RoleTable{Role: t.Role, Lines: append([]RoleLine(nil), t.Lines...)}
	}
	return &c
}

// JointText writes the step's joint move (see JointMoveText).
func (d *Decoupled) JointText() string { return JointMoveText(d.Roles, d.Joint) }

// JointSep separates the roles' moves of a joint move, in its whole
// wording (JointMoveText) and in the short one the tree's diamonds write
// ("p/r").
const JointSep = "/"

// JointMoveText writes a joint move, every role's move after its role in
// the order the game declares the roles: "left (show paper) / right (show
// rock)". It is the one wording of a joint move: the node's name in the
// tree (its tooltip, the narration, the panels, the exports), the
// narration's joint move and the GDL panel's.
func JointMoveText(roles, moves []string) string {
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = m
		if i < len(roles) {
			parts[i] = roles[i] + " " + m
		}
	}
	return strings.Join(parts, " "+JointSep+" ")
}

// GoalsText writes every role's goal: "even 100, odd 0" (a missing goal as −).
func (d *Decoupled) GoalsText() string {
	parts := make([]string, len(d.Goals))
	for i, g := range d.Goals {
		v := "–"
		if g >= 0 {
			v = strconv.Itoa(g)
		}
		parts[i] = v
		if i < len(d.Roles) {
			parts[i] = d.Roles[i] + " " + v
		}
	}
	return strings.Join(parts, ", ")
}

// updateText writes each role's updated line: "even (show 1) 1/2, odd (show 2) 0/2".
func (d *Decoupled) updateText() string {
	var parts []string
	for _, t := range d.Tables {
		for _, l := range t.Lines {
			if l.Chosen {
				parts = append(parts, t.Role+" "+l.Move+" "+Written(l.W)+"/"+Written(l.N))
			}
		}
	}
	return strings.Join(parts, ", ")
}

// narrationDUCT is the English narration of decoupled UCT (Joint: every
// role's move, "even (show 1) / odd (show 2)"; Goals: every role's goal,
// "even 100, odd 0").
var narrationDUCT = map[string]Message{
	"narrate.duct.select": {Other: "Iteration {{.Iter}}, selection at {{.Node}} (N = {{.N}}): each role takes the line of its own table with the greatest UCB1, a line never tried first: {{.Joint}}; together they lead to {{.Child}}.",
		Description: "decoupled UCT (roles moving at once); Joint: every role's move"},
	"narrate.duct.select-new": {Other: "Iteration {{.Iter}}, selection at {{.Node}} (N = {{.N}}): each role takes the line of its own table with the greatest UCB1, a line never tried first: {{.Joint}}; this joint move was never played here."},
	"narrate.duct.grow-root":  {Other: "The search tree starts as the root alone. The roles choose at once: at every node each role keeps its own table of its moves (decoupled UCT)."},
	"narrate.duct.grow":       {Other: "Iteration {{.Iter}}, expansion: the joint move {{.Joint}} at {{.Parent}} leads to {{.Node}}, which joins the tree."},
	"narrate.duct.simulate": {One: "Iteration {{.Iter}}, simulation: from {{.Node}} every role plays at random, 1 joint move to the end; the goals are {{.Goals}}.",
		Other: "Iteration {{.Iter}}, simulation: from {{.Node}} every role plays at random, {{.Count}} joint moves to the end; the goals are {{.Goals}}."},
	"narrate.duct.simulate-cut": {Other: "Iteration {{.Iter}}, simulation: from {{.Node}} every role plays at random, and the game is cut after {{.Steps}} joint moves before its end; no goal holds, every role counts 0."},
	"narrate.duct.backprop":     {Other: "Iteration {{.Iter}}, backpropagation at {{.Node}}: each role adds its own goal to the line of the move it chose there: {{.Update}}."},
	"narrate.duct.done":         {Other: "Done after {{.Iter}} iterations: each role plays the move it chose most often at the root: {{.Joint}}."},
}

func init() { maps.Copy(narrationEnglish, narrationDUCT) }

// ductStep narrates a step of decoupled UCT.
func (nr narrator) ductStep() Phrase {
	e, d := nr.e, nr.e.Decoupled
	iter := strconv.Itoa(e.Iter)
	switch e.Type {
	case Select:
		if d.New {
			return say("narrate.duct.select-new", "Iter", iter, "Node", nr.short(e.Node), "N", Num(e.Visits).String(), "Joint", d.JointText())
		}
		return say("narrate.duct.select", "Iter", iter, "Node", nr.short(e.Node), "N", Num(e.Visits).String(), "Joint", d.JointText(), "Child", nr.short(e.Child))
	case Grow:
		if e.Node == "" {
			return say("narrate.duct.grow-root")
		}
		p, _ := ParentID(e.Node)
		return say("narrate.duct.grow", "Iter", iter, "Parent", nr.short(p), "Node", nr.short(e.Node), "Joint", d.JointText())
	case Simulate:
		if len(d.Goals) > 0 && d.Goals[0] < 0 {
			return say("narrate.duct.simulate-cut", "Iter", iter, "Node", nr.short(e.Node), "Steps", strconv.Itoa(d.Steps))
		}
		return sayN("narrate.duct.simulate", d.Steps, "Iter", iter, "Node", nr.short(e.Node), "Goals", d.GoalsText())
	case Backprop:
		return say("narrate.duct.backprop", "Iter", iter, "Node", nr.short(e.Node), "Update", d.updateText())
	}
	return say("narrate.duct.done", "Iter", strconv.Itoa(e.Iter), "Joint", d.JointText())
}
