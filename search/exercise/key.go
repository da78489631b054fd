package exercise

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
)

// Notation is how a worksheet writes bounds: with symbols (≤ ≥ −, the
// default) or in ASCII (<= >= -), for printers and fonts without them.
type Notation string

const (
	Symbols Notation = "symbols"
	ASCII   Notation = "ascii"
)

// ParseNotation reads the notation parameter: "" or "symbols", or
// "ascii". Anything else is an *Error naming the field "notation".
func ParseNotation(s string) (Notation, error) {
	switch s {
	case "", "symbols":
		return Symbols, nil
	case "ascii":
		return ASCII, nil
	}
	return "", invalidSay("notation", "exercise.err.notation", "Got", strconv.Quote(s))
}

// Write writes a value, a bound or a rule in the notation.
func (n Notation) Write(s string) string {
	if n != ASCII {
		return s
	}
	return strings.NewReplacer("≤", "<=", "≥", ">=", "−", "-", "α", "alpha", "β", "beta").Replace(s)
}

// Key is a worksheet's answer key: what the checker wants of every node.
type Key struct {
	// Values holds, by id, the value or bound every inner node the search
	// visits returns, in the key's notation.
	Values map[string]string
	// Pruned lists the ids of the nodes a cutoff skips: the edges the
	// search never follows.
	Pruned []string
	// Rule says the prune rule in words, in the key's notation.
	Rule string
}

// AnswerKey is the key of an exercise: the checker's own expectations
// (what it wants of an empty submission).
func AnswerKey(ex *Exercise, n Notation) (*Key, error) {
	pq := ex.Params.Query()
	res, err := Check(Submission{Tree: ex.Text, Root: pq.Get("root"), Prune: pq.Get("prune")})
	if err != nil {
		return nil, err
	}
	k := &Key{Values: map[string]string{}}
	for node := range ex.Tree.All() {
		r, ok := res.Nodes[node.ID]
		switch {
		case !ok:
		case r.Want == "pruned":
			k.Pruned = append(k.Pruned, node.ID)
		case !node.IsLeaf():
			k.Values[node.ID] = n.Write(r.Want)
		}
	}
	k.Rule = n.Write("Cut off as soon as α ≥ β.")
	if ex.Params.Prune == search.PruneGT {
		k.Rule = n.Write("Cut off only when α > β (not when they are equal).")
	}
	return k, nil
}
