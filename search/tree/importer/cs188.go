package importer

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// Limits of CS188 files, beyond those of package tree.
const (
	// MaxAgents is the most agents (Pacman and the ghosts) a file may have.
	MaxAgents = trace.MaxPlayers
	// MaxCS188Depth is the greatest depth, in rounds of all agents.
	MaxCS188Depth = tree.MaxDepth
)

// field is one value of a .test file: its text, split into lines for
// multi-line values, with the position of each line's first character.
type field struct {
	key       string
	line, col int // of the key
	lines     []fieldLine
}

type fieldLine struct {
	text      string
	line, col int // position of text[0]
}

// token is a whitespace-separated word of a field with its position.
type token struct {
	text      string
	line, col int
}

func (l fieldLine) tokens() []token {
	var out []token
	col := l.col
	start, startCol := -1, 0
	for i, r := range l.text {
		space := r == ' ' || r == '\t' || r == '\r'
		if !space && start < 0 {
			start, startCol = i, col
		}
		if space && start >= 0 {
			out = append(out, token{l.text[start:i], l.line, startCol})
			start = -1
		}
		col++
	}
	if start >= 0 {
		out = append(out, token{l.text[start:], l.line, startCol})
	}
	return out
}

// ImportCS188 reads a GraphGameTree .test file of the CS188 multi-agent
// project. The file is a list of "key: value" lines, where a value is
// "text" on one line or """ on its own up to a closing """ line; lines
// starting with # are comments, and keys it does not use (class, diagram,
// ...) are ignored. The keys it reads:
//
//	num_agents   Pacman (agent 0, MAX) and num_agents-1 ghosts (MIN)
//	start_state  the root's state
//	depth        the search depth in rounds: one move of every agent
//	successors   lines "state action next": the moves, in this order
//	evaluation   lines "state value": the evaluation function
//	win_states   states that end the game (optional, space-separated)
//	lose_states  the same (optional)
//	alg          MinimaxAgent, AlphaBetaAgent or ExpectimaxAgent (optional)
//
// The tree unrolls from the start state with one MAX level and one MIN
// level per ghost in every round (so MIN follows MIN with two ghosts; with
// ExpectimaxAgent the ghosts' levels are CHANCE nodes with uniform
// probabilities). A state becomes a leaf, valued by its evaluation, where
// the agents' code stops: a win or lose state, the end of the last round
// (the depth cut), or a state without successors. Every node is labelled
// with its state's name, so state names must be identifiers of package
// tree (letters, digits, _ and ', not starting with a digit). Imported.Prune
// is "gt": the course's alpha-beta prunes only on v > β and v < α, and with
// that rule the nodes the search enters are exactly the states the course's
// autograder counts as generated.
func ImportCS188(text string) (*Imported, error) {
	if len(text) > tree.MaxTextBytes {
		return nil, &Error{Format: CS188, Msg: fmt.Sprintf("input is %d bytes, more than MaxTextBytes = %d", len(text), tree.MaxTextBytes), Err: tree.ErrLimit}
	}
	fields, err := cs188Fields(text)
	if err != nil {
		return nil, err
	}
	c := cs188{fields: fields, succ: map[string][]edge{}, eval: map[string]float64{}, win: map[string]bool{}}
	return c.build()
}

func cs188Err(line, col int, format string, args ...any) *Error {
	return &Error{Format: CS188, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// cs188Fields splits the file into its fields.
func cs188Fields(text string) (map[string]*field, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	lines := strings.Split(text, "\n")
	fields := map[string]*field{}
	for i := 0; i < len(lines); i++ {
		raw := strings.TrimRight(lines[i], "\r")
		trimmed := strings.TrimLeft(raw, " \t")
		indent := utf8.RuneCountInString(raw[:len(raw)-len(trimmed)])
		ln := i + 1
		if trimmed == "" || trimmed[0] == '#' {
			continue
		}
		colon := strings.IndexByte(trimmed, ':')
		if colon <= 0 || !isKey(trimmed[:colon]) {
			return nil, cs188Err(ln, indent+1, "expected a line key: \"value\" (such as depth: \"2\"), found %q", truncate(trimmed))
		}
		key := trimmed[:colon]
		if old, ok := fields[key]; ok {
			return nil, cs188Err(ln, indent+1, "%s is given twice (first at line %d)", key, old.line)
		}
		f := &field{key: key, line: ln, col: indent + 1}
		rest := trimmed[colon+1:]
		lead := len(rest) - len(strings.TrimLeft(rest, " \t"))
		rest = strings.TrimRight(rest[lead:], " \t")
		vcol := indent + 1 + utf8.RuneCountInString(key) + 1 + lead
		switch {
		case rest == `"""`:
			closed := false
			for i++; i < len(lines); i++ {
				l := strings.TrimRight(lines[i], "\r")
				if strings.TrimSpace(l) == `"""` {
					closed = true
					break
				}
				f.lines = append(f.lines, fieldLine{l, i + 1, 1})
			}
			if !closed {
				return nil, cs188Err(ln, vcol, `the """ opened here for %s is never closed: end the value with a line holding """`, key)
			}
		case len(rest) >= 2 && rest[0] == '"' && rest[len(rest)-1] == '"' && !strings.HasPrefix(rest, `"""`):
			inner := rest[1 : len(rest)-1]
			if strings.Contains(inner, `"`) {
				return nil, cs188Err(ln, vcol+1+strings.IndexByte(inner, '"'), "a quote inside the value of %s", key)
			}
			f.lines = []fieldLine{{inner, ln, vcol + 1}}
		default:
			return nil, cs188Err(ln, vcol, `expected the value of %s in quotes ("2") or """ on its own, found %q`, key, truncate(rest))
		}
		fields[key] = f
	}
	return fields, nil
}

func isKey(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isWordChar(s[i]) || s[i] == '\'' {
			return false
		}
	}
	return s != ""
}

func truncate(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	r := []rune(s)
	return string(r[:40]) + "…"
}

type edge struct {
	action string
	next   token
}

type cs188 struct {
	fields map[string]*field
	agents int
	depth  int
	start  token
	succ   map[string][]edge
	eval   map[string]float64
	win    map[string]bool // win and lose states: both end the game
	chance bool
	nodes  int
	acts   map[string]string
}

// single returns the one token of a one-line field.
func (c *cs188) single(key string, required bool) (token, bool, error) {
	f, ok := c.fields[key]
	if !ok {
		if required {
			return token{}, false, &Error{Format: CS188, Msg: fmt.Sprintf("no %s given: the file needs %s: \"...\"", key, key)}
		}
		return token{}, false, nil
	}
	var toks []token
	for _, l := range f.lines {
		toks = append(toks, l.tokens()...)
	}
	if len(toks) != 1 {
		return token{}, false, cs188Err(f.line, f.col, "%s must be one word, found %d", key, len(toks))
	}
	return toks[0], true, nil
}

func (c *cs188) count(key string, lo, hi int) (int, error) {
	t, _, err := c.single(key, true)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(t.text)
	if err != nil || n < lo || n > hi {
		return 0, cs188Err(t.line, t.col, "%s must be a whole number from %d to %d, not %q", key, lo, hi, t.text)
	}
	return n, nil
}

func (c *cs188) build() (*Imported, error) {
	imp := &Imported{Prune: "gt"}
	var err error
	if c.agents, err = c.count("num_agents", 1, MaxAgents); err != nil {
		return nil, err
	}
	if c.depth, err = c.count("depth", 1, MaxCS188Depth); err != nil {
		return nil, err
	}
	if c.start, _, err = c.single("start_state", true); err != nil {
		return nil, err
	}
	if imp.Algo, err = c.alg(); err != nil {
		return nil, err
	}
	if err := c.successors(); err != nil {
		return nil, err
	}
	if err := c.evaluation(); err != nil {
		return nil, err
	}
	for _, key := range []string{"win_states", "lose_states"} {
		if f, ok := c.fields[key]; ok {
			for _, l := range f.lines {
				for _, t := range l.tokens() {
					c.win[t.text] = true
				}
			}
		}
	}
	c.acts = map[string]string{}
	root, err := c.unroll(c.start, "", 0)
	if err != nil {
		return nil, err
	}
	t, err := tree.Build(root, tree.Options{})
	if err != nil {
		return nil, fromTree(CS188, err)
	}
	imp.Tree, imp.Actions, imp.Depth, imp.Agents = t, c.acts, c.depth, c.agents
	return imp, nil
}

// alg reads the optional field alg: the algorithm the file's agent runs,
// as abtrace names it ("" when the field is absent).
func (c *cs188) alg() (string, error) {
	alg, ok, err := c.single("alg", false)
	if err != nil || !ok {
		return "", err
	}
	switch alg.text {
	case "MinimaxAgent":
		return "minimax", nil
	case "AlphaBetaAgent":
		return "alphabeta", nil
	case "ExpectimaxAgent":
		c.chance = true
		return "expectiminimax", nil
	}
	return "", cs188Err(alg.line, alg.col, "unknown alg %q (want MinimaxAgent, AlphaBetaAgent or ExpectimaxAgent)", alg.text)
}

// successors reads the field successors: lines "state action next".
func (c *cs188) successors() error {
	f, ok := c.fields["successors"]
	if !ok {
		return &Error{Format: CS188, Msg: `no successors given: the file needs successors: """ with lines "state action next"`}
	}
	for _, l := range f.lines {
		toks := l.tokens()
		if len(toks) == 0 || strings.HasPrefix(toks[0].text, "#") {
			continue
		}
		if len(toks) != 3 {
			return cs188Err(l.line, toks[0].col, "a successor line is \"state action next\", three words; found %d", len(toks))
		}
		from := toks[0].text
		for _, e := range c.succ[from] {
			if e.action == toks[1].text {
				return cs188Err(toks[1].line, toks[1].col, "state %q has action %q twice", from, e.action)
			}
		}
		if len(c.succ[from]) == tree.MaxChildren {
			e := cs188Err(toks[0].line, toks[0].col, "state %q has more than MaxChildren = %d successors", from, tree.MaxChildren)
			e.Err = tree.ErrLimit
			return e
		}
		c.succ[from] = append(c.succ[from], edge{toks[1].text, toks[2]})
	}
	return nil
}

// evaluation reads the field evaluation: lines "state value".
func (c *cs188) evaluation() error {
	f, ok := c.fields["evaluation"]
	if !ok {
		return &Error{Format: CS188, Msg: `no evaluation given: the file needs evaluation: """ with lines "state value"`}
	}
	evalAt := map[string]int{}
	for _, l := range f.lines {
		toks := l.tokens()
		if len(toks) == 0 || strings.HasPrefix(toks[0].text, "#") {
			continue
		}
		if len(toks) != 2 {
			return cs188Err(l.line, toks[0].col, "an evaluation line is \"state value\", two words; found %d", len(toks))
		}
		if line, dup := evalAt[toks[0].text]; dup {
			return cs188Err(toks[0].line, toks[0].col, "state %q is evaluated twice (first at line %d)", toks[0].text, line)
		}
		v, err := strconv.ParseFloat(toks[1].text, 64)
		if err != nil || v != v || v > tree.MaxMagnitude || v < -tree.MaxMagnitude {
			return cs188Err(toks[1].line, toks[1].col, "the evaluation of %q must be a number of at most MaxMagnitude = 1e9 in absolute value, not %q", toks[0].text, toks[1].text)
		}
		c.eval[toks[0].text], evalAt[toks[0].text] = v+0, toks[0].line
	}
	return nil
}

// unroll builds the node of state st (named at token st) reached at ply
// plies from the start; id is its node id.
func (c *cs188) unroll(st token, id string, ply int) (*tree.Node, error) {
	c.nodes++
	if c.nodes > tree.MaxNodes {
		e := cs188Err(st.line, st.col, "the unrolled tree has more than MaxNodes = %d nodes (a graph whose paths meet is unrolled into a tree)", tree.MaxNodes)
		e.Err = tree.ErrLimit
		return nil, e
	}
	if ply > tree.MaxDepth {
		e := cs188Err(st.line, st.col, "state %q is at depth %d, deeper than MaxDepth = %d: lower depth or num_agents", st.text, ply, tree.MaxDepth)
		e.Err = tree.ErrLimit
		return nil, e
	}
	if !validLabel(st.text) {
		return nil, cs188Err(st.line, st.col, "state name %q cannot be a node label: use letters, digits, _ and ' (not starting with a digit), at most MaxLabelLen = %d characters", truncate(st.text), tree.MaxLabelLen)
	}
	agent := ply % c.agents
	n := &tree.Node{Label: st.text, KindSet: true, Kind: trace.Max, Line: st.line, Col: st.col}
	if agent > 0 {
		n.Kind = trace.Min
		if c.chance {
			n.Kind = trace.Chance
		}
	}
	edges := c.succ[st.text]
	var why string
	switch {
	case c.win[st.text]:
		why = "a win or lose state"
	case ply == c.depth*c.agents:
		why = fmt.Sprintf("at the depth cut (depth %d, %d agents)", c.depth, c.agents)
	case len(edges) == 0:
		why = "a state without successors"
	}
	if why != "" {
		v, ok := c.eval[st.text]
		if !ok {
			return nil, cs188Err(st.line, st.col, "state %q is a leaf here (%s) but has no evaluation: add a line \"%s VALUE\" to evaluation", st.text, why, st.text)
		}
		n.Value = v
		return n, nil
	}
	for i, e := range edges {
		cid := trace.ChildID(id, i)
		c.acts[cid] = e.action
		child, err := c.unroll(e.next, cid, ply+1)
		if err != nil {
			return nil, err
		}
		n.Children = append(n.Children, child)
	}
	return n, nil
}
