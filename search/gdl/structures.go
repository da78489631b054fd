package gdl

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// StructureStates is how many states Structures simulates by default: the
// states of random games (restarted at the end) in which boards, pieces and
// counters are checked (Kuhlmann, Dresner and Stone, "Automatic heuristic
// construction in a complete general game player", AAAI 2006).
const StructureStates = 500

// MaxStructureStates bounds the states Structures may be asked to simulate.
const MaxStructureStates = 1 << 16

// Successor is a static binary relation whose facts order constants in one
// chain: (succ 1 2) (succ 2 3) … gives Order 1, 2, 3, ….
type Successor struct {
	Relation string   `json:"relation"`
	Order    []string `json:"order"`
	Reason   string   `json:"-"`
	// Say is Reason as a phrase a page or the command line words in its
	// language (English holds the messages); so for every finding.
	Say trace.Phrase `json:"-"`
}

// Board is a state relation of three arguments: two coordinates (positions
// counted from 1), each ordered by a successor relation or numbers, and one
// content, with at most one content per cell in
// every state seen. Markers are its contents; Pieces the markers that only
// move. OrderedBy names the successor relation of each coordinate ("" where
// its values are ordered by none).
type Board struct {
	Relation    string       `json:"relation"`
	Coordinates [2]int       `json:"coordinates"`
	Content     int          `json:"content"`
	Size        [2]int       `json:"size"`
	Markers     []string     `json:"markers"`
	Pieces      []string     `json:"pieces"`
	OrderedBy   [2]string    `json:"-"`
	Reason      string       `json:"-"`
	Say         trace.Phrase `json:"-"`
}

// Counter is an argument of a state relation that steps along a successor
// relation at every move.
type Counter struct {
	Relation  string       `json:"relation"`
	Argument  int          `json:"argument"`
	Successor string       `json:"-"`
	Reason    string       `json:"-"`
	Say       trace.Phrase `json:"-"`
}

// Quantity is a numeric argument of a state relation (outside the boards and
// counters) of at most one fact per state: its values are numerals or lie in
// a successor relation's order.
type Quantity struct {
	Relation string       `json:"relation"`
	Argument int          `json:"argument"`
	Reason   string       `json:"-"`
	Say      trace.Phrase `json:"-"`
}

// StructureReport is what Structures finds in a game.
type StructureReport struct {
	Successors []Successor `json:"successors"`
	Boards     []Board     `json:"boards"`
	Counters   []Counter   `json:"counters"`
	Quantities []Quantity  `json:"quantities"`
	// States is how many simulated states the findings hold in.
	States int `json:"-"`
}

// StructureTexts words every finding's phrase (Say) with word, in the
// order of the report: the reasons in a language of the pages.
func StructureTexts(r StructureReport, word func(trace.Phrase) string) []string {
	var out []string
	for _, s := range r.Successors {
		out = append(out, word(s.Say))
	}
	for _, b := range r.Boards {
		out = append(out, word(b.Say))
	}
	for _, c := range r.Counters {
		out = append(out, word(c.Say))
	}
	for _, q := range r.Quantities {
		out = append(out, word(q.Say))
	}
	return out
}

// Reasons returns every finding's reason, in the order of the report.
func (r StructureReport) Reasons() []string {
	return StructureTexts(r, func(p trace.Phrase) string { return p.WordIn(English) })
}

// Structures finds successor relations in g's rules, and boards, markers,
// pieces, counters and quantities in states of random games (states of
// them, seeded): the structures of Kuhlmann et al. (2006), each with its
// reason in the game's own terms.
func (g *Game) Structures(states int, seed uint64) (StructureReport, error) {
	if states < 1 {
		return StructureReport{}, fmt.Errorf("gdl: simulated states for the structures: %d (want 1 to %d)", states, MaxStructureStates)
	}
	if states > MaxStructureStates {
		return StructureReport{}, &LimitError{Limit: "MaxStructureStates", Value: MaxStructureStates,
			What: fmt.Sprintf("simulated states for the structures: %d", states)}
	}
	rep := StructureReport{States: states}
	rep.Successors = successors(g.Description())
	runs, err := g.simulate(states, seed)
	if err != nil {
		return rep, err
	}
	rep.Boards = boards(g.Description(), runs, rep.Successors, states)
	rep.Counters = counters(runs, rep.Successors, rep.Boards)
	rep.Quantities = quantities(runs, rep.Successors, rep.Boards, rep.Counters)
	// Empty lists, not null, in the JSON.
	if rep.Successors == nil {
		rep.Successors = []Successor{}
	}
	if rep.Boards == nil {
		rep.Boards = []Board{}
	}
	if rep.Counters == nil {
		rep.Counters = []Counter{}
	}
	if rep.Quantities == nil {
		rep.Quantities = []Quantity{}
	}
	return rep, nil
}

// simulate plays random games from the initial state until n states are
// seen and returns each game's states as fact terms, in order.
func (g *Game) simulate(n int, seed uint64) ([][][]Term, error) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed5))
	var runs [][][]Term
	seen := 0
	for seen < n {
		s := g.Init()
		run := [][]Term{g.FactTerms(s)}
		seen++
		for step := 0; seen < n && step < MaxPlayoutSteps && !g.Terminal(s); step++ {
			joint := make([]int, len(g.Roles()))
			for r := range joint {
				legal := g.LegalMoves(s, r)
				if len(legal) == 0 {
					return nil, fmt.Errorf("gdl: role %s has no legal move in a state that is not terminal: %s", g.Roles()[r], g.Facts(s))
				}
				joint[r] = legal[rng.IntN(len(legal))]
			}
			s = g.Next(s, joint)
			run = append(run, g.FactTerms(s))
			seen++
		}
		runs = append(runs, run)
	}
	return runs, nil
}

// successors finds the static binary relations whose facts form one chain.
func successors(d *Description) []Successor {
	pairs := map[string][][2]string{}
	var names []string
	dynamic := map[string]bool{}
	for _, r := range d.Rules {
		h := r.Head
		if len(r.Body) > 0 || !h.Ground() || len(h.Args) != 2 || len(h.Args[0].Args) > 0 || len(h.Args[1].Args) > 0 {
			dynamic[h.Name] = true
			continue
		}
		if _, ok := pairs[h.Name]; !ok {
			names = append(names, h.Name)
		}
		pairs[h.Name] = append(pairs[h.Name], [2]string{h.Args[0].Name, h.Args[1].Name})
	}
	var out []Successor
	for _, name := range names {
		switch name {
		case "role", "init", "base", "input", "legal", "next", "goal", "does", "true":
			continue
		}
		if dynamic[name] {
			continue
		}
		if order, ok := chain(pairs[name]); ok {
			say := trace.PhraseOf("gdl.structure.successor", "Rel", name, "N", len(pairs[name]), "Order", strings.Join(order, ", "))
			out = append(out, Successor{Relation: name, Order: order, Reason: say.WordIn(English), Say: say})
		}
	}
	return out
}

// chain returns the constants of pairs in order when every constant has at
// most one successor and one predecessor and they form one chain.
func chain(pairs [][2]string) ([]string, bool) {
	next, prev := map[string]string{}, map[string]string{}
	for _, p := range pairs {
		if p[0] == p[1] {
			return nil, false
		}
		if n, ok := next[p[0]]; ok && n != p[1] {
			return nil, false
		}
		if q, ok := prev[p[1]]; ok && q != p[0] {
			return nil, false
		}
		next[p[0]], prev[p[1]] = p[1], p[0]
	}
	var start []string
	for a := range next {
		if _, ok := prev[a]; !ok {
			start = append(start, a)
		}
	}
	if len(start) != 1 {
		return nil, false
	}
	order := []string{start[0]}
	for c := start[0]; ; {
		n, ok := next[c]
		if !ok {
			break
		}
		order = append(order, n)
		c = n
	}
	if len(order) != len(next)+1 {
		return nil, false
	}
	return order, true
}

// orderOf returns the successor relation whose order holds every value.
func orderOf(succ []Successor, values map[string]bool) string {
	for _, s := range succ {
		if len(values) > 0 && allIn(values, s.Order) {
			return s.Relation
		}
	}
	return ""
}

func allIn(values map[string]bool, order []string) bool {
	for v := range values {
		if !slices.Contains(order, v) {
			return false
		}
	}
	return true
}

// stateRelations returns the relations of the states' facts with their
// arity, in byte order, among facts with atomic arguments only.
func stateRelations(runs [][][]Term) ([]string, map[string]int) {
	arity := map[string]int{}
	bad := map[string]bool{}
	for _, run := range runs {
		for _, st := range run {
			for _, f := range st {
				if a, ok := arity[f.Name]; ok && a != len(f.Args) {
					bad[f.Name] = true
				}
				arity[f.Name] = len(f.Args)
				for _, x := range f.Args {
					if len(x.Args) > 0 {
						bad[f.Name] = true
					}
				}
			}
		}
	}
	var names []string
	for n := range arity {
		if !bad[n] {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names, arity
}

func boards(d *Description, runs [][][]Term, succ []Successor, states int) []Board {
	names, arity := stateRelations(runs)
	var out []Board
	for _, name := range names {
		if arity[name] != 3 {
			continue
		}
		// The content is the last argument that is one per cell in every
		// state seen.
		for content := 2; content >= 0; content-- {
			c := [2]int{}
			for i, k := 0, 0; i < 3; i++ {
				if i != content {
					c[k] = i
					k++
				}
			}
			if b, ok := board(d, runs, succ, name, c, content, states); ok {
				out = append(out, b)
				break
			}
		}
	}
	return out
}

func board(d *Description, runs [][][]Term, succ []Successor, name string, c [2]int, content, states int) (Board, bool) {
	values := [2]map[string]bool{{}, {}}
	markers := map[string]bool{}
	grew, moved := map[string]bool{}, map[string]bool{}
	var last map[[2]string]string
	for _, run := range runs {
		last = nil
		for _, st := range run {
			cells := map[[2]string]string{}
			for _, f := range st {
				if f.Name != name {
					continue
				}
				key := [2]string{f.Args[c[0]].Name, f.Args[c[1]].Name}
				if _, ok := cells[key]; ok {
					return Board{}, false
				}
				cells[key] = f.Args[content].Name
				values[0][key[0]], values[1][key[1]] = true, true
				markers[f.Args[content].Name] = true
			}
			if last != nil {
				pieceMoves(last, cells, grew, moved)
			}
			last = cells
		}
	}
	if len(markers) == 0 {
		return Board{}, false
	}
	b := Board{Relation: name, Coordinates: [2]int{c[0] + 1, c[1] + 1}, Content: content + 1,
		Size: [2]int{len(values[0]), len(values[1])}, Markers: sortedKeys(markers), Pieces: []string{}}
	for _, m := range b.Markers {
		if moved[m] && !grew[m] {
			b.Pieces = append(b.Pieces, m)
		}
	}
	args := varNames(d, name)
	// Coordinates are ordered: by a successor relation, or as numbers.
	for i := range 2 {
		b.OrderedBy[i] = orderOf(succ, values[i])
		if b.OrderedBy[i] == "" && !numerals(values[i]) {
			return Board{}, false
		}
	}
	x, y := args[c[0]], args[c[1]]
	var order trace.Phrase
	switch {
	case b.OrderedBy[0] != "" && b.OrderedBy[0] == b.OrderedBy[1]:
		order = trace.PhraseOf("gdl.structure.order.same", "X", x, "Y", y, "Succ", b.OrderedBy[0])
	case b.OrderedBy[0] != "" && b.OrderedBy[1] != "":
		order = trace.PhraseOf("gdl.structure.order.each", "X", x, "SuccX", b.OrderedBy[0], "Y", y, "SuccY", b.OrderedBy[1])
	case b.OrderedBy[0] != "":
		order = trace.PhraseOf("gdl.structure.order.one", "X", x, "Succ", b.OrderedBy[0], "Y", y)
	case b.OrderedBy[1] != "":
		order = trace.PhraseOf("gdl.structure.order.one", "X", y, "Succ", b.OrderedBy[1], "Y", x)
	default:
		order = trace.PhraseOf("gdl.structure.order.numbers", "X", x, "Y", y)
	}
	kv := []any{"Head", "(" + name + " " + strings.Join(args, " ") + ")", "W", b.Size[0], "H", b.Size[1], "Order", order,
		"States", states, "Markers", strings.Join(b.Markers, ", ")}
	id := "gdl.structure.board"
	if len(b.Pieces) > 0 {
		id = "gdl.structure.board-pieces"
		kv = append(kv, "Pieces", strings.Join(b.Pieces, ", "))
	}
	b.Say = trace.PhraseOf(id, kv...)
	b.Say.Args["Order"] = order // a phrase, worded with the board's
	b.Reason = b.Say.WordIn(English)
	return b, true
}

// pieceMoves notes the markers whose number grew from one state to the
// next, and those that left one cell as one arrived in another.
func pieceMoves(before, after map[[2]string]string, grew, moved map[string]bool) {
	count := map[string]int{}
	arrived, left := map[string]bool{}, map[string]bool{}
	for k, m := range after {
		count[m]++
		if before[k] != m {
			arrived[m] = true
		}
	}
	for k, m := range before {
		count[m]--
		if after[k] != m {
			left[m] = true
		}
	}
	for m, n := range count {
		if n > 0 {
			grew[m] = true
		}
	}
	for m := range arrived {
		if left[m] {
			moved[m] = true
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func onBoard(bs []Board, name string) bool {
	return slices.ContainsFunc(bs, func(b Board) bool { return b.Relation == name })
}

// single returns the one fact of relation name in a state, or false.
func single(st []Term, name string) (Term, bool) {
	var t Term
	n := 0
	for _, f := range st {
		if f.Name == name {
			t, n = f, n+1
		}
	}
	return t, n == 1
}

func counters(runs [][][]Term, succ []Successor, bs []Board) []Counter {
	var out []Counter
	for _, arg := range offBoard(runs, bs) {
		name, a := arg.relation, arg.arg
		for _, s := range succ {
			if steps(runs, name, a, s.Order) {
				say := trace.PhraseOf("gdl.structure.counter", "Arg", a+1, "Rel", name, "Succ", s.Relation)
				out = append(out, Counter{Relation: name, Argument: a + 1, Successor: s.Relation, Reason: say.WordIn(English), Say: say})
				break
			}
		}
	}
	return out
}

// steps reports whether argument a of the one fact of relation name steps
// to the next constant of order at every move of every run (and a move was
// seen).
func steps(runs [][][]Term, name string, a int, order []string) bool {
	moves := 0
	for _, run := range runs {
		for i := 1; i < len(run); i++ {
			f0, ok0 := single(run[i-1], name)
			f1, ok1 := single(run[i], name)
			if !ok0 || !ok1 {
				return false
			}
			j := slices.Index(order, f0.Args[a].Name)
			if j < 0 || j+1 >= len(order) || order[j+1] != f1.Args[a].Name {
				return false
			}
			moves++
		}
	}
	return moves > 0
}

func quantities(runs [][][]Term, succ []Successor, bs []Board, cs []Counter) []Quantity {
	var out []Quantity
	for _, arg := range offBoard(runs, bs) {
		name, a := arg.relation, arg.arg
		if slices.ContainsFunc(cs, func(c Counter) bool { return c.Relation == name && c.Argument == a+1 }) {
			continue
		}
		values := map[string]bool{}
		once := true
		for _, run := range runs {
			for _, st := range run {
				n := 0
				for _, f := range st {
					if f.Name == name {
						values[f.Args[a].Name] = true
						n++
					}
				}
				once = once && n <= 1
			}
		}
		if !once {
			continue
		}
		seen := strings.Join(sortedKeys(values), ", ")
		var say trace.Phrase
		if s := orderOf(succ, values); s != "" {
			say = trace.PhraseOf("gdl.structure.quantity.order", "Arg", a+1, "Rel", name, "Succ", s, "Seen", seen)
		} else if numerals(values) {
			say = trace.PhraseOf("gdl.structure.quantity.numbers", "Arg", a+1, "Rel", name, "Seen", seen)
		} else {
			continue
		}
		out = append(out, Quantity{Relation: name, Argument: a + 1, Reason: say.WordIn(English), Say: say})
	}
	return out
}

// stateArg is an argument (from 0) of a state relation.
type stateArg struct {
	relation string
	arg      int
}

// offBoard returns the arguments of the state relations that are no board.
func offBoard(runs [][][]Term, bs []Board) []stateArg {
	names, arity := stateRelations(runs)
	var out []stateArg
	for _, name := range names {
		if !onBoard(bs, name) {
			for a := range arity[name] {
				out = append(out, stateArg{name, a})
			}
		}
	}
	return out
}

func numerals(values map[string]bool) bool {
	for v := range values {
		if _, err := strconv.Atoi(v); err != nil {
			return false
		}
	}
	return len(values) > 0
}

// varNames returns the names the game's rules give the arguments of a state
// relation of three arguments: those of the first (next (name ?a ?b ?c)) or
// (base …) whose arguments are three different variables, else ?x ?y ?c.
func varNames(d *Description, name string) []string {
	for _, r := range d.Rules {
		h := r.Head
		if (h.Name != "next" && h.Name != "base") || len(h.Args) != 1 || h.Args[0].Name != name || len(h.Args[0].Args) != 3 {
			continue
		}
		a := h.Args[0].Args
		if a[0].IsVar() && a[1].IsVar() && a[2].IsVar() && a[0].Name != a[1].Name && a[1].Name != a[2].Name && a[0].Name != a[2].Name {
			return []string{a[0].Name, a[1].Name, a[2].Name}
		}
	}
	return []string{"?x", "?y", "?c"}
}
