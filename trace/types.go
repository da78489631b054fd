// Package trace is the step vocabulary of abtrace: the events a search emits,
// their replay into frames (the view state of every node at one step), the
// patch between two frames, and their JSON encoding.
//
// The package imports only the standard library, so a course can read, write
// and replay traces from its own Go code. The JSON shape is documented in
// docs/trace-format.md.
package trace

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Kind says who decides at a node: MAX, MIN, a CHANCE event, player k of
// an n-player game (max^n), written Player(k), or several roles choosing at
// once (Joint, a node of decoupled UCT whose children are joint moves).
type Kind uint8

const (
	Max    Kind = 0
	Min    Kind = 1
	Chance Kind = 2
	// Joint is a node where several roles of a game choose at once: its
	// children are the joint moves (every role's move), and no one role's
	// value is backed up there.
	Joint Kind = 3
	// firstPlayer is Player(1); Player(k) is firstPlayer+k-1.
	firstPlayer Kind = 16
)

// MaxPlayers is the largest number of players a Kind can name.
const MaxPlayers = 16

// Player returns the kind of a node where player k (1-based) is to move.
func Player(k int) Kind {
	if k < 1 || k > MaxPlayers {
		panic(fmt.Sprintf("trace: player %d out of range 1..%d", k, MaxPlayers))
	}
	return firstPlayer + Kind(k-1)
}

// PlayerIndex returns k for Player(k), or 0 for any other kind.
func (k Kind) PlayerIndex() int {
	if k >= firstPlayer && k < firstPlayer+MaxPlayers {
		return int(k-firstPlayer) + 1
	}
	return 0
}

// Opponent returns MIN for MAX and MAX for MIN; other kinds are returned as they are.
func (k Kind) Opponent() Kind {
	switch k {
	case Max:
		return Min
	case Min:
		return Max
	}
	return k
}

// String returns the lowercase name: max, min, chance, p1, p2, ...
func (k Kind) String() string {
	switch k {
	case Max:
		return "max"
	case Min:
		return "min"
	case Chance:
		return "chance"
	case Joint:
		return "joint"
	}
	if p := k.PlayerIndex(); p > 0 {
		return "p" + strconv.Itoa(p)
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Upper returns the name as lecturers write it: MAX, MIN, CHANCE, P1, ...
func (k Kind) Upper() string {
	switch k {
	case Max:
		return "MAX"
	case Min:
		return "MIN"
	case Chance:
		return "CHANCE"
	case Joint:
		return "JOINT"
	}
	return strings.ToUpper(k.String())
}

// ParseKind is the inverse of Kind.String.
func ParseKind(s string) (Kind, error) {
	switch s {
	case "max":
		return Max, nil
	case "min":
		return Min, nil
	case "chance":
		return Chance, nil
	case "joint":
		return Joint, nil
	}
	if len(s) > 1 && s[0] == 'p' {
		if n, err := strconv.Atoi(s[1:]); err == nil && n >= 1 && n <= MaxPlayers && s[1] != '0' && s[1] != '+' {
			return Player(n), nil
		}
	}
	return 0, fmt.Errorf("trace: unknown node kind %q (want max, min, chance, joint or p1..p%d)", s, MaxPlayers)
}

func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

func (k *Kind) UnmarshalText(b []byte) error {
	v, err := ParseKind(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// Num is a value, bound, α or β. It encodes to JSON as a number, except that
// +∞ and −∞ (the initial window) encode as the strings "inf" and "-inf" and
// NaN (no value) as null.
type Num float64

// Inf returns +∞ for sign ≥ 0 and −∞ otherwise.
func Inf(sign int) Num { return Num(math.Inf(sign)) }

// String formats n the way a lecturer writes it and every page, panel,
// export and narration shows it (see Written): −∞ and +∞ as such, a true
// minus sign, at most two decimals (7.67, never 7.666666666666666).
func (n Num) String() string {
	var b [24]byte
	return string(n.Append(b[:0]))
}

// Append appends the form String returns to b, so that text built from
// several numbers (the cut test "2 ≤ α = 3") needs no string per number.
func (n Num) Append(b []byte) []byte { return appendWritten(b, float64(n)) }

// Exact formats n as the shortest decimal that reads back as n, with the
// signs String uses: for a value's data attribute and for tests, never for
// a text a person reads.
func (n Num) Exact() string {
	f := float64(n)
	switch {
	case math.IsInf(f, 1):
		return "+∞"
	case math.IsInf(f, -1):
		return "−∞"
	case math.IsNaN(f):
		return "?"
	case f == 0: // −0 too
		return "0"
	case f < 0:
		return "−" + strconv.FormatFloat(-f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// Plain formats n in ASCII (inf, -inf, -2.5), as the command line prints it.
func (n Num) Plain() string {
	f := float64(n)
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	if f == 0 {
		return "0"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func (n Num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	switch {
	case math.IsInf(f, 1):
		return []byte(`"inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-inf"`), nil
	case math.IsNaN(f):
		return []byte(`null`), nil
	}
	if f == 0 {
		return []byte("0"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

func (n *Num) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case `"inf"`, `"+inf"`:
		*n = Num(math.Inf(1))
		return nil
	case `"-inf"`:
		*n = Num(math.Inf(-1))
		return nil
	case `null`:
		*n = Num(math.NaN())
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("trace: bad number %s", b)
	}
	*n = Num(f)
	return nil
}

// Bound says what a returned value means. A search that cuts off returns a
// bound on the true minimax value rather than the value itself.
type Bound uint8

const (
	Exact Bound = iota // the value is the node's minimax value
	Lower              // the true value is at least this (written ≥ v), after a cutoff at MAX
	Upper              // the true value is at most this (written ≤ v), after a cutoff at MIN
)

func (b Bound) String() string {
	switch b {
	case Exact:
		return "exact"
	case Lower:
		return "lower"
	case Upper:
		return "upper"
	}
	return "bound(" + strconv.Itoa(int(b)) + ")"
}

func (b Bound) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

func (b *Bound) UnmarshalText(t []byte) error {
	switch string(t) {
	case "exact":
		*b = Exact
	case "lower":
		*b = Lower
	case "upper":
		*b = Upper
	default:
		return fmt.Errorf("trace: unknown bound %q", t)
	}
	return nil
}

// Text writes v with this bound as the viewer shows it: "3", "≥ 5", "≤ 2".
func (b Bound) Text(v Num) string {
	switch b {
	case Lower:
		return "≥ " + v.String()
	case Upper:
		return "≤ " + v.String()
	}
	return v.String()
}

// Term is one named part of an evaluation, so the viewer can explain a
// heuristic value: for tic-tac-toe's aima evaluation, X2 = 1 with weight 3.
type Term struct {
	Name   string  `json:"name"`
	Count  float64 `json:"count"`
	Weight float64 `json:"weight"`
}

// Stats are running counts of a search.
type Stats struct {
	Nodes   int `json:"nodes"`   // nodes entered, the root included
	Leaves  int `json:"leaves"`  // terminal utilities and evaluations computed
	Cutoffs int `json:"cutoffs"` // prunes that skipped at least one child
	// Per depth (index 0 is the root); each slice is as long as the deepest
	// level reached.
	NodesAt   []int `json:"nodes_at,omitempty"`
	LeavesAt  []int `json:"leaves_at,omitempty"`
	CutoffsAt []int `json:"cutoffs_at,omitempty"`
	// The searches on real games: entries written to the transposition
	// table and probes that found one; re-searches after a null-window
	// probe or an aspiration window failed; passes of iterative deepening
	// or MTD(f).
	TTStored   int `json:"tt_stored,omitempty"`
	TTHits     int `json:"tt_hits,omitempty"`
	Researches int `json:"researches,omitempty"`
	Iterations int `json:"iterations,omitempty"`
	// Quiescence search, singular extensions and forward pruning: the
	// nodes valued by standing pat (at the depth limit and below it),
	// the children searched one ply deeper, and the children dropped
	// unsearched.
	QNodes     int `json:"q_nodes,omitempty"`
	Extensions int `json:"extensions,omitempty"`
	Forward    int `json:"forward_pruned,omitempty"`
}

// Clone returns a deep copy.
func (s Stats) Clone() Stats {
	s.NodesAt = append([]int(nil), s.NodesAt...)
	s.LeavesAt = append([]int(nil), s.LeavesAt...)
	s.CutoffsAt = append([]int(nil), s.CutoffsAt...)
	return s
}

func bump(s *[]int, depth int) {
	for len(*s) <= depth {
		*s = append(*s, 0)
	}
	(*s)[depth]++
}

// CountNode, CountLeaf and CountCutoff add one at the given depth.
func (s *Stats) CountNode(depth int)   { s.Nodes++; bump(&s.NodesAt, depth) }
func (s *Stats) CountLeaf(depth int)   { s.Leaves++; bump(&s.LeavesAt, depth) }
func (s *Stats) CountCutoff(depth int) { s.Cutoffs++; bump(&s.CutoffsAt, depth) }

// Result is what a finished search reports.
type Result struct {
	Value Num       `json:"value"`
	Vec   []float64 `json:"vec,omitempty"` // max^n: one value per player
	// Best is the id of the chosen root child ("" when the root is a leaf).
	// On ties the first best child in search order is chosen.
	Best string `json:"best"`
	// PV is the principal variation: the ids of the nodes on the best line
	// below the root, in order.
	PV    []string `json:"pv"`
	Stats Stats    `json:"stats"`
}

// ChildID returns the id of the i-th child (natural order) of node parent.
// The root's id is "" and its third child is "2"; that child's first child
// is "2.0".
func ChildID(parent string, i int) string {
	if parent == "" {
		return strconv.Itoa(i)
	}
	return parent + "." + strconv.Itoa(i)
}

// ParentID returns the id of the parent of id, and false for the root.
func ParentID(id string) (string, bool) {
	if id == "" {
		return "", false
	}
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		return id[:i], true
	}
	return "", true
}

// DepthOf returns the depth of the node with this id (0 for the root).
func DepthOf(id string) int {
	if id == "" {
		return 0
	}
	return strings.Count(id, ".") + 1
}
