package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
)

// A Variant is what one pane of a comparison changes in a scenario: its
// selective-search options (quiescence, singular extension, forward
// pruning) and, optionally, its algorithm or ordering. A comparison of
// variants puts fixed-depth alpha-beta beside quiescence search on the
// same position (the horizon effect), or a safe pruning beside a
// dangerous one.
//
// It is written as words separated by spaces (in an address, "+"):
//
//	plain         no selective option (the fixed-depth search)
//	quiescence    follow captures past the depth limit until quiet
//	singular      extend a move clearly better than the rest
//	symmetric     drop moves equivalent by symmetry (safe)
//	beam, beamN   keep only the N best-looking moves (N from 1; plain
//	              "beam" keeps the scenario's beam= or search.DefaultBeam)
//	depthN        search to depth N instead of the scenario's depth (N
//	              from 1): panes of two depths show what lies past the
//	              shallower one's horizon
//
// and any algorithm (alphabeta, pvs, …) or ordering (natural, best, …)
// name. "quiescence singular" turns both on.
type Variant struct {
	// Name is the canonical spelling: the words in the order above,
	// algorithm and ordering last, separated by single spaces.
	Name       string
	Quiescence bool
	Extend     string // "singular" or ""
	Forward    string // "symmetric", "beam" or ""
	Beam       int    // the beam's width, 0 for the scenario's
	Algo       string // "" keeps the scenario's
	Order      string // "" keeps the scenario's
	Depth      int    // 0 keeps the scenario's
}

// MaxVariantWords bounds the words of one variant.
const MaxVariantWords = 6

// ParseVariant reads a variant as described at Variant. An unknown word,
// two forward prunings, two algorithms or two orderings are usage errors
// that name the word.
func ParseVariant(spec string) (Variant, error) {
	words := strings.Fields(strings.ReplaceAll(spec, "+", " "))
	if len(words) == 0 {
		return Variant{}, usageSay("scenario.err.pane-empty")
	}
	if len(words) > MaxVariantWords {
		return Variant{}, usageSay("scenario.err.pane-many", "Max", MaxVariantWords, "N", len(words), "Got", strconv.Quote(spec))
	}
	var v Variant
	plain := false
	for _, w := range words {
		lw := strings.ToLower(w)
		switch {
		case lw == "plain":
			plain = true
		case lw == "quiescence":
			v.Quiescence = true
		case lw == "singular":
			v.Extend = "singular"
		case lw == "symmetric" || lw == "beam" || strings.HasPrefix(lw, "beam"):
			if v.Forward != "" {
				return Variant{}, usageSay("scenario.err.pane-forward", "A", v.Forward, "B", lw)
			}
			if lw == "symmetric" {
				v.Forward = "symmetric"
				break
			}
			v.Forward = "beam"
			if n := strings.TrimPrefix(lw, "beam"); n != "" {
				b, err := strconv.Atoi(n)
				if err != nil || b < 1 || b > search.MaxBeam {
					return Variant{}, usageSay("scenario.err.pane-beam", "Got", w, "Max", search.MaxBeam)
				}
				v.Beam = b
			}
		default:
			if err := v.other(lw, w); err != nil {
				return Variant{}, err
			}
		}
	}
	if plain && (v.Quiescence || v.Extend != "" || v.Forward != "") {
		return Variant{}, usageSay("scenario.err.pane-plain", "Got", strconv.Quote(spec))
	}
	v.Name = v.name()
	return v, nil
}

// other reads a word of a variant that is no selective option: a depth
// (depthN), an algorithm or an ordering, each at most once.
func (v *Variant) other(lw, w string) error {
	if d, ok := strings.CutPrefix(lw, "depth"); ok {
		n, err := strconv.Atoi(d)
		if err != nil || n < 1 || n > search.MaxSearchDepth || v.Depth != 0 {
			return usageSay("scenario.err.pane-depth", "Got", w, "Max", search.MaxSearchDepth)
		}
		v.Depth = n
		return nil
	}
	if a, err := search.ParseAlgorithm(lw); err == nil {
		if v.Algo != "" {
			return usageSay("scenario.err.pane-algo", "A", v.Algo, "B", a)
		}
		v.Algo = a.String()
		return nil
	}
	if o, err := search.ParseOrdering(lw); err == nil {
		if v.Order != "" {
			return usageSay("scenario.err.pane-order", "A", v.Order, "B", o)
		}
		v.Order = o.String()
		return nil
	}
	return usageSay("scenario.err.pane-option", "Got", strconv.Quote(w))
}

// Selective reports whether the variant turns on a selective option.
func (v Variant) Selective() bool { return v.Quiescence || v.Extend != "" || v.Forward != "" }

func (v Variant) name() string {
	var w []string
	if v.Quiescence {
		w = append(w, "quiescence")
	}
	if v.Extend != "" {
		w = append(w, v.Extend)
	}
	switch {
	case v.Forward == "beam" && v.Beam > 0:
		w = append(w, fmt.Sprintf("beam%d", v.Beam))
	case v.Forward != "":
		w = append(w, v.Forward)
	}
	if v.Depth > 0 {
		w = append(w, fmt.Sprintf("depth%d", v.Depth))
	}
	if len(w) == 0 {
		w = append(w, "plain")
	}
	if v.Algo != "" {
		w = append(w, v.Algo)
	}
	if v.Order != "" {
		w = append(w, v.Order)
	}
	return strings.Join(w, " ")
}

// Apply is s searched as the variant says: its selective options replace
// s's, and its algorithm and ordering, when given, s's.
func (v Variant) Apply(s Scenario) Scenario {
	s.Quiescence, s.Extend, s.Forward = v.Quiescence, v.Extend, v.Forward
	if v.Beam > 0 {
		s.Beam = v.Beam
	}
	if v.Depth > 0 {
		s.Depth = v.Depth
	}
	if v.Algo != "" {
		s.Algo = v.Algo
	}
	if v.Order != "" {
		s.Order = v.Order
	}
	return s
}
