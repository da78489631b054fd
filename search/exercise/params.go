package exercise

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// Limits of what the generator makes. An exercise is worked by hand, so it
// must fit on a page.
const (
	MinBranching = 2   // fewest children of an inner node: one child leaves nothing to prune
	MaxBranching = 8   // most children of an inner node
	MaxDepth     = 8   // most edges from the root to a leaf
	MaxLeaves    = 256 // most leaves a tree of the largest branching may have: bmax^d ≤ MaxLeaves
	MaxValue     = 999 // leaf values lie in [−MaxValue, MaxValue]
	// MaxSeed is the largest seed, 2^53 − 1: the seed is echoed as a JSON
	// number, and every JSON client reads integers up to 2^53 exactly.
	MaxSeed = 1<<53 - 1
	// MaxAttempts is how many trees the generator draws before it gives up
	// on constraints that are possible but rare.
	MaxAttempts = 2000
)

// Errors wrapped by every *Error, to tell the kinds apart with errors.Is.
var (
	// ErrInvalid: a parameter or an answer is malformed or out of range.
	ErrInvalid = errors.New("invalid")
	// ErrImpossible: the constraints can never be met together.
	ErrImpossible = errors.New("impossible")
	// ErrNotMet: the constraints are possible, but no tree met them in
	// MaxAttempts attempts.
	ErrNotMet = errors.New("not met")
)

// Error is a problem with a request, tied to the parameter or field that
// causes it.
type Error struct {
	// Field names the query parameter ("min_cutoffs") or the JSON field
	// (`answers["1.2"]`, "pruned[1]", "tree") at fault; "body" for a body
	// that is not a JSON object.
	Field string
	// Msg says what is wrong, without the "exercise: field: " prefix.
	Msg string
	// Kind is ErrInvalid, ErrImpossible or ErrNotMet.
	Kind error
	// Err is the error behind Msg, if any (a *tree.Error for a tree that
	// does not parse); nil otherwise.
	Err error
	// Say is Msg as a phrase of English, for a page to word in its
	// language; its ID is empty where the message is only Msg.
	Say trace.Phrase
}

// Error formats the error as "exercise: field: msg".
func (e *Error) Error() string {
	if e.Field == "" {
		return "exercise: " + e.Msg
	}
	return "exercise: " + e.Field + ": " + e.Msg
}

// Unwrap returns the kind (ErrInvalid, ErrImpossible or ErrNotMet) and the
// error behind the message, if any, so errors.Is and errors.As see both.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Err}
}

// fieldName is how an error names a field or parameter: as given, or
// `""` for the empty name, so that the message always says which.
func fieldName(name string) string {
	if name == "" {
		return `""`
	}
	return name
}

func invalid(field, format string, args ...any) *Error {
	return &Error{Field: field, Msg: fmt.Sprintf(format, args...), Kind: ErrInvalid}
}

// invalidSay and impossibleSay are invalid and impossible worded from
// English[id] with the arguments kv (name, value, …).
func invalidSay(field, id string, kv ...any) *Error {
	p := say(id, kv...)
	return &Error{Field: field, Msg: english(p), Kind: ErrInvalid, Say: p}
}

func impossibleSay(field, id string, kv ...any) *Error {
	p := say(id, kv...)
	return &Error{Field: field, Msg: english(p), Kind: ErrImpossible, Say: p}
}

// Params are the constraints of an exercise. The same Params give the same
// tree on every run and platform.
type Params struct {
	// Seed is the exercise number, 0 to MaxSeed.
	Seed uint64
	// Variant is a capital letter A to Z: neighbours with the same Seed and
	// another variant get a different tree that meets the same constraints.
	Variant string
	// BMin and BMax bound the number of children of every inner node,
	// MinBranching ≤ BMin ≤ BMax ≤ MaxBranching. Equal for a fixed
	// branching.
	BMin, BMax int
	// Depth is the number of edges from the root to every leaf, 1 to MaxDepth.
	Depth int
	// Min and Max bound the leaf values (whole numbers), inclusive,
	// −MaxValue ≤ Min < Max ≤ MaxValue.
	Min, Max int
	// MinCutoffs is the least number of cutoffs (prunes that skip at least
	// one child) alpha-beta must make on the tree.
	MinCutoffs int
	// Deep asks for at least one deep cutoff: one that skips inner nodes.
	Deep bool
	// Root is the player at the root: trace.Max or trace.Min.
	Root trace.Kind
	// Prune is the cutoff rule the exercise is solved with.
	Prune search.PruneRule
	// Distinct asks for all leaf values to differ.
	Distinct bool
}

// DefaultParams are the parameters a query leaves unsaid: seed 0, variant
// A, branching 3, depth 3, values 0 to 20, at least one cutoff, no deep
// cutoff required, root MAX, prune on ≥, values may repeat.
func DefaultParams() Params {
	return Params{Variant: "A", BMin: 3, BMax: 3, Depth: 3, Min: tree.DefaultMin, Max: tree.DefaultMax,
		MinCutoffs: 1, Root: trace.Max, Prune: search.PruneGE}
}

// Fixed reports whether the branching is fixed (BMin == BMax).
func (p Params) Fixed() bool { return p.BMin == p.BMax }

// QueryNames lists the query parameters ParseQuery reads.
var QueryNames = []string{"seed", "variant", "b", "bmin", "bmax", "d", "min", "max", "min_cutoffs", "deep", "root", "prune", "distinct"}

// ParseQuery reads Params from a query string, starting from DefaultParams:
// seed, variant, b (or bmin and bmax together), d, min, max, min_cutoffs,
// deep, root (max|min), prune (ge|gt) and distinct. Flags take 1, 0, true,
// false, yes, no, on or off. A parameter given twice, a malformed value, or
// a name that is neither one of these nor listed in also is an *Error naming
// the parameter. The result is validated (see Validate), but whether a tree
// can meet the constraints is Generate's business.
func ParseQuery(q url.Values, also ...string) (Params, error) {
	p := DefaultParams()
	if err := checkNames(q, also); err != nil {
		return p, err
	}
	for _, step := range []func(*Params, url.Values) error{parseSeed, parseBranching, parseNumbers, parseFlags} {
		if err := step(&p, q); err != nil {
			return p, err
		}
	}
	if err := p.validate(fieldsFor(q)); err != nil {
		return p, err
	}
	return p, nil
}

// checkNames checks that each name in q is a parameter of QueryNames or
// of also, given once.
func checkNames(q url.Values, also []string) error {
	names := make([]string, 0, len(q))
	for name := range q {
		names = append(names, name)
	}
	slices.Sort(names) // report the same error for the same query every time
	for _, name := range names {
		if !slices.Contains(QueryNames, name) && !slices.Contains(also, name) {
			return invalidSay(fieldName(name), "exercise.err.unknown-param", "Known", strings.Join(QueryNames, ", "))
		}
		if len(q[name]) > 1 {
			return invalidSay(name, "exercise.err.twice", "N", len(q[name]))
		}
	}
	return nil
}

// parseSeed reads seed and variant.
func parseSeed(p *Params, q url.Values) error {
	if q.Has("seed") {
		s := strings.TrimSpace(q.Get("seed"))
		n, e := strconv.ParseUint(s, 10, 64)
		if e != nil || n > MaxSeed {
			return invalidSay("seed", "exercise.err.seed", "Got", strconv.Quote(q.Get("seed")), "Max", uint64(MaxSeed))
		}
		p.Seed = n
	}
	if q.Has("variant") {
		p.Variant = strings.ToUpper(strings.TrimSpace(q.Get("variant")))
	}
	return nil
}

// parseBranching reads b, or bmin and bmax together.
func parseBranching(p *Params, q url.Values) error {
	if q.Has("b") && (q.Has("bmin") || q.Has("bmax")) {
		return invalidSay("b", "exercise.err.b-and-range")
	}
	if q.Has("bmin") != q.Has("bmax") {
		missing := "bmax"
		if !q.Has("bmin") {
			missing = "bmin"
		}
		return invalidSay(missing, "exercise.err.bmin-bmax")
	}
	if q.Has("b") {
		if err := queryInt(q, "b", &p.BMin); err != nil {
			return err
		}
		p.BMax = p.BMin
	}
	if err := queryInt(q, "bmin", &p.BMin); err != nil {
		return err
	}
	return queryInt(q, "bmax", &p.BMax)
}

// parseNumbers reads d, min, max and min_cutoffs.
func parseNumbers(p *Params, q url.Values) error {
	for _, x := range []struct {
		name string
		dst  *int
	}{{"d", &p.Depth}, {"min", &p.Min}, {"max", &p.Max}, {"min_cutoffs", &p.MinCutoffs}} {
		if err := queryInt(q, x.name, x.dst); err != nil {
			return err
		}
	}
	return nil
}

// queryInt reads the whole number q[name] into dst, if it is given.
func queryInt(q url.Values, name string, dst *int) error {
	if !q.Has(name) {
		return nil
	}
	n, e := strconv.Atoi(strings.TrimSpace(q.Get(name)))
	if e != nil {
		return invalidSay(name, "exercise.err.whole", "Got", strconv.Quote(q.Get(name)))
	}
	*dst = n
	return nil
}

// parseFlags reads deep, distinct, root and prune.
func parseFlags(p *Params, q url.Values) error {
	var err error
	if q.Has("deep") {
		if p.Deep, err = ParseFlag("deep", q.Get("deep")); err != nil {
			return err
		}
	}
	if q.Has("distinct") {
		if p.Distinct, err = ParseFlag("distinct", q.Get("distinct")); err != nil {
			return err
		}
	}
	if q.Has("root") {
		if p.Root, err = parseRoot("root", q.Get("root")); err != nil {
			return err
		}
	}
	if q.Has("prune") {
		if p.Prune, err = parsePrune("prune", q.Get("prune")); err != nil {
			return err
		}
	}
	return nil
}

// fieldNames says which query names to blame for the branching: b when it
// is fixed in the query, bmin and bmax otherwise.
type fieldNames struct{ bmin, bmax string }

func fieldsFor(q url.Values) fieldNames {
	if q.Has("bmin") {
		return fieldNames{"bmin", "bmax"}
	}
	return fieldNames{"b", "b"}
}

// ParseFlag reads a boolean parameter: 1, true, yes, on or 0, false, no,
// off (any case, surrounding spaces ignored).
func ParseFlag(field, s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "yes", "on":
		return true, nil
	case "0", "false", "no", "off":
		return false, nil
	}
	return false, invalidSay(field, "exercise.err.flag", "Got", strconv.Quote(s))
}

func parseRoot(field, s string) (trace.Kind, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "max":
		return trace.Max, nil
	case "min":
		return trace.Min, nil
	}
	return 0, invalidSay(field, "exercise.err.root", "Got", strconv.Quote(s))
}

func parsePrune(field, s string) (search.PruneRule, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "ge":
		return search.PruneGE, nil
	case "gt":
		return search.PruneGT, nil
	}
	return 0, invalidSay(field, "exercise.err.prune", "Got", strconv.Quote(s))
}

func parseFail(field, s string) (search.FailMode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "soft":
		return search.FailSoft, nil
	case "hard":
		return search.FailHard, nil
	}
	return 0, invalidSay(field, "exercise.err.fail", "Got", strconv.Quote(s))
}

// Validate reports parameters out of range, and constraints that no tree
// can meet, as an *Error naming the parameter (wrapping ErrInvalid or
// ErrImpossible). It does no search: it is fast whatever the parameters.
func (p Params) Validate() error {
	f := fieldNames{"bmin", "bmax"}
	if p.Fixed() {
		f = fieldNames{"b", "b"}
	}
	return p.validate(f)
}

func (p Params) validate(f fieldNames) error {
	if err := p.validateRanges(f); err != nil {
		return err
	}
	if leaves, ok := power(p.BMax, p.Depth, MaxLeaves); !ok {
		return invalidSay(f.bmax, "exercise.err.too-many-leaves", "B", p.BMax, "D", p.Depth, "Leaves", leaves, "Max", MaxLeaves)
	}
	span := p.Max - p.Min + 1
	if p.Distinct {
		least, _ := power(p.BMin, p.Depth, MaxLeaves)
		n, _ := strconv.Atoi(least)
		if n > span {
			id := "exercise.err.distinct"
			if !p.Fixed() {
				id = "exercise.err.distinct-least"
			}
			return impossibleSay("distinct", id, "B", branchText(p), "D", p.Depth, "N", n, "Min", p.Min, "Max", p.Max, "Span", span)
		}
	}
	if p.Deep && p.Depth < 3 {
		return impossibleSay("deep", "exercise.err.deep", "Got", p.Depth)
	}
	if most := MostCutoffs(p.BMax, p.Depth); p.MinCutoffs > most {
		return impossibleSay("min_cutoffs", "exercise.err.cutoffs", "Got", p.MinCutoffs, "Most", most, "B", branchText(p), "D", p.Depth)
	}
	return nil
}

// validateRanges checks each parameter against its range, blaming the
// branching on the names in f.
func (p Params) validateRanges(f fieldNames) error {
	switch {
	case p.Seed > MaxSeed:
		return invalidSay("seed", "exercise.err.seed", "Got", p.Seed, "Max", uint64(MaxSeed))
	case len(p.Variant) != 1 || p.Variant[0] < 'A' || p.Variant[0] > 'Z':
		return invalidSay("variant", "exercise.err.variant", "Got", strconv.Quote(p.Variant))
	case p.BMin < MinBranching || p.BMin > MaxBranching:
		return invalidSay(f.bmin, "exercise.err.branching", "Got", p.BMin, "Min", MinBranching, "Max", MaxBranching)
	case p.BMax < MinBranching || p.BMax > MaxBranching:
		return invalidSay(f.bmax, "exercise.err.branching", "Got", p.BMax, "Min", MinBranching, "Max", MaxBranching)
	case p.BMin > p.BMax:
		return invalidSay("bmin", "exercise.err.bmin-more", "Min", p.BMin, "Max", p.BMax)
	case p.Depth < 1 || p.Depth > MaxDepth:
		return invalidSay("d", "exercise.err.depth", "Got", p.Depth, "Max", MaxDepth)
	}
	switch {
	case p.Min < -MaxValue || p.Min > MaxValue:
		return invalidSay("min", "exercise.err.value", "Got", p.Min, "Max", MaxValue)
	case p.Max < -MaxValue || p.Max > MaxValue:
		return invalidSay("max", "exercise.err.value", "Got", p.Max, "Max", MaxValue)
	case p.Min >= p.Max:
		return invalidSay("max", "exercise.err.value-range", "Min", p.Min, "Max", p.Max)
	case p.MinCutoffs < 0:
		return invalidSay("min_cutoffs", "exercise.err.negative", "Got", p.MinCutoffs)
	case p.Root != trace.Max && p.Root != trace.Min:
		return invalidSay("root", "exercise.err.root", "Got", strconv.Quote(p.Root.String()))
	case p.Prune != search.PruneGE && p.Prune != search.PruneGT:
		return invalidSay("prune", "exercise.err.prune", "Got", strconv.Quote(p.Prune.String()))
	}
	return nil
}

// branchText writes the branching: "3" or "2..4".
func branchText(p Params) string {
	if p.Fixed() {
		return strconv.Itoa(p.BMin)
	}
	return strconv.Itoa(p.BMin) + ".." + strconv.Itoa(p.BMax)
}

// power returns b^d as text and whether it is at most limit; beyond the
// limit it stops early and says "more than <limit>".
func power(b, d, limit int) (string, bool) {
	n := 1
	for range d {
		n *= b
		if n > limit {
			return "more than " + strconv.Itoa(limit), false
		}
	}
	return strconv.Itoa(n), true
}

// MostCutoffs is an upper bound on the number of cutoffs alpha-beta (any
// prune rule, any fail mode, natural order) can make on a level tree of
// depth d whose inner nodes have at most b children: the most cutoffs the
// windows allow, whatever the leaf values.
//
// A node can cut only when the bound its opponent set above it is finite
// (β at MAX, α at MIN), and then at best after its first b−1 children,
// leaving one skipped. Its first child inherits its window; every later
// child sees the node's own bound made finite by the first child's value.
// The recursion over (depth left, own bound finite, opponent's bound
// finite) counts the most cutoffs those rules permit. It ignores whether
// leaf values exist that make all of them fire, so the true maximum may be
// lower: a request between the two fails after MaxAttempts rather than at
// once.
func MostCutoffs(b, d int) int {
	if b < 2 || d < 2 {
		return 0
	}
	// g[own][opp] for the current height, from height 0 (leaves) up.
	var g [2][2]int
	for h := 1; h <= d; h++ {
		var next [2][2]int
		for own := range 2 {
			for opp := range 2 {
				// A child's own bound is its parent's opponent bound, and
				// its opponent bound is the parent's own: finite after
				// the first child.
				first := g[opp][own]
				later := g[opp][1]
				best := later
				if opp == 1 && best < 1 {
					best = 1 // cut after child b−1: the last one is skipped
				}
				next[own][opp] = first + (b-2)*later + best
			}
		}
		g = next
	}
	return g[0][0]
}

// Query encodes p with the names ParseQuery reads: b for a fixed branching,
// bmin and bmax for a range, and every other parameter, so the query names
// the exercise whatever the defaults become.
func (p Params) Query() url.Values {
	q := url.Values{}
	q.Set("seed", strconv.FormatUint(p.Seed, 10))
	q.Set("variant", p.Variant)
	if p.Fixed() {
		q.Set("b", strconv.Itoa(p.BMin))
	} else {
		q.Set("bmin", strconv.Itoa(p.BMin))
		q.Set("bmax", strconv.Itoa(p.BMax))
	}
	q.Set("d", strconv.Itoa(p.Depth))
	q.Set("min", strconv.Itoa(p.Min))
	q.Set("max", strconv.Itoa(p.Max))
	q.Set("min_cutoffs", strconv.Itoa(p.MinCutoffs))
	q.Set("deep", flag(p.Deep))
	q.Set("root", p.Root.String())
	q.Set("prune", p.Prune.String())
	q.Set("distinct", flag(p.Distinct))
	return q
}

func flag(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// wireParams is the JSON shape of Params: the query names, b only when the
// branching is fixed.
type wireParams struct {
	Seed       uint64     `json:"seed"`
	Variant    string     `json:"variant"`
	B          int        `json:"b,omitempty"`
	BMin       int        `json:"bmin"`
	BMax       int        `json:"bmax"`
	Depth      int        `json:"d"`
	Min        int        `json:"min"`
	Max        int        `json:"max"`
	MinCutoffs int        `json:"min_cutoffs"`
	Deep       bool       `json:"deep"`
	Root       trace.Kind `json:"root"`
	Prune      string     `json:"prune"`
	Distinct   bool       `json:"distinct"`
}

// MarshalJSON writes p with the query names: {"seed": 42, "variant": "A",
// "b": 3, "bmin": 3, "bmax": 3, "d": 3, "min": 0, "max": 20,
// "min_cutoffs": 3, "deep": true, "root": "max", "prune": "ge",
// "distinct": false}; b only when the branching is fixed.
func (p Params) MarshalJSON() ([]byte, error) {
	w := wireParams{Seed: p.Seed, Variant: p.Variant, BMin: p.BMin, BMax: p.BMax, Depth: p.Depth,
		Min: p.Min, Max: p.Max, MinCutoffs: p.MinCutoffs, Deep: p.Deep, Root: p.Root,
		Prune: p.Prune.String(), Distinct: p.Distinct}
	if p.Fixed() {
		w.B = p.BMin
	}
	return json.Marshal(w)
}
