package tree

import (
	"math"
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// String returns the canonical text of t (see the package doc): one line,
// one space between siblings, kind tags only where resolution with
// t.RootOption would not restore the kind. Parsing it with
// Options{Root: t.RootOption} gives a tree Equal to t, provided t is valid
// (as every parsed, built or random tree is). A nil tree prints as "".
func (t *Tree) String() string {
	if t == nil || t.Root == nil {
		return ""
	}
	return string(t.appendCanonical(make([]byte, 0, 8*t.Size+8)))
}

// AppendText appends the canonical text of t to b (encoding.TextAppender).
func (t *Tree) AppendText(b []byte) ([]byte, error) {
	if t == nil || t.Root == nil {
		return b, nil
	}
	return t.appendCanonical(b), nil
}

// MarshalText returns the canonical text of t (encoding.TextMarshaler).
func (t *Tree) MarshalText() ([]byte, error) { return t.AppendText(nil) }

// Indented returns a multi-line form of t for people: a node whose children
// are all leaves stays on one line, other nodes put each child on its own
// line, indented by two spaces per level. It parses to the same tree as
// String, and ends with a newline.
func (t *Tree) Indented() string {
	if t == nil || t.Root == nil {
		return ""
	}
	pr := t.printer()
	b := pr.indented(nil, t.Root, pr.root, false, 0)
	return string(append(b, '\n'))
}

type printer struct {
	players int
	root    trace.Kind // implied kind of the root
}

func (t *Tree) printer() printer {
	rk, err := rootKind(t.RootOption, t.Players)
	if err != nil {
		rk = first(t.Players)
	}
	return printer{players: t.Players, root: rk}
}

func (t *Tree) appendCanonical(b []byte) []byte {
	pr := t.printer()
	return pr.node(b, t.Root, pr.root, false)
}

// head appends everything of n before its '(' or its leaf value, and
// returns the implied kind for n's children.
func (pr printer) head(b []byte, n *Node, implied trace.Kind, parentChance bool) []byte {
	if parentChance && n.ProbSet {
		b = appendProb(b, n.Prob)
		b = append(b, ':')
	}
	b = append(b, n.Label...)
	kindTag := n.Kind != implied
	estTag := n.HasEstimate && len(n.Children) > 0
	if kindTag || estTag {
		b = append(b, '[')
		if kindTag {
			b = append(b, n.Kind.String()...)
		}
		if estTag {
			if kindTag {
				b = append(b, ' ')
			}
			if n.HasShares {
				return append(appendShares(b, n), ']')
			}
			b = append(b, "h="...)
			if n.EstimateVec != nil {
				b = appendVec(b, n.EstimateVec)
			} else {
				b = appendNum(b, n.Estimate)
			}
		}
		b = append(b, ']')
	}
	return b
}

func (pr printer) leaf(b []byte, n *Node) []byte {
	if n.Label != "" {
		b = append(b, '=')
	}
	if n.Vec != nil {
		return appendVec(b, n.Vec)
	}
	return appendNum(b, n.Value)
}

func (pr printer) node(b []byte, n *Node, implied trace.Kind, parentChance bool) []byte {
	b = pr.head(b, n, implied, parentChance)
	if len(n.Children) == 0 {
		return pr.leaf(b, n)
	}
	ci := childImplied(n.Kind, implied, pr.players)
	chance := n.Kind == trace.Chance
	b = append(b, '(')
	for i, c := range n.Children {
		if i > 0 {
			b = append(b, ' ')
		}
		b = pr.node(b, c, ci, chance)
	}
	return append(b, ')')
}

func (pr printer) indented(b []byte, n *Node, implied trace.Kind, parentChance bool, indent int) []byte {
	flat := true
	for _, c := range n.Children {
		if len(c.Children) > 0 {
			flat = false
			break
		}
	}
	if flat {
		return pr.node(b, n, implied, parentChance)
	}
	b = pr.head(b, n, implied, parentChance)
	ci := childImplied(n.Kind, implied, pr.players)
	chance := n.Kind == trace.Chance
	b = append(b, "(\n"...)
	for _, c := range n.Children {
		b = appendSpaces(b, indent+2)
		b = pr.indented(b, c, ci, chance, indent+2)
		b = append(b, '\n')
	}
	b = appendSpaces(b, indent)
	return append(b, ')')
}

func appendSpaces(b []byte, n int) []byte {
	for range n {
		b = append(b, ' ')
	}
	return b
}

// appendNum appends v in its shortest round-tripping decimal form, without
// an exponent, and -0 as 0.
func appendNum(b []byte, v float64) []byte {
	if v == 0 {
		return append(b, '0')
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

func appendVec(b []byte, vec []float64) []byte {
	b = append(b, '<')
	for i, v := range vec {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendNum(b, v)
	}
	return append(b, '>')
}

// appendProb appends a probability: as a decimal when that is short, else
// as a fraction a/b (b ≤ 1000) whose quotient is exactly p, such as 1/3,
// else as the shortest decimal.
func appendProb(b []byte, p float64) []byte {
	start := len(b)
	b = appendNum(b, p)
	if len(b)-start <= 6 || !(p > 0 && p <= 1) {
		return b
	}
	for d := 2; d <= 1000; d++ {
		a := math.Round(p * float64(d))
		if a >= 1 && a <= float64(d) && a/float64(d) == p {
			b = strconv.AppendInt(b[:start], int64(a), 10)
			b = append(b, '/')
			return strconv.AppendInt(b, int64(d), 10)
		}
	}
	return b
}
