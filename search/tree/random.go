package tree

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// MaxRandomNodes bounds the size of a random tree. Random trees may be
// larger than MaxNodes (they are never parsed), but then their text does not
// parse back.
const MaxRandomNodes = 1_000_000

// DefaultMin and DefaultMax are the leaf value range of a Recipe whose Min
// and Max are both zero.
const (
	DefaultMin = 0
	DefaultMax = 20
)

// MaxDecimals is the largest Recipe.Decimals.
const MaxDecimals = 3

// EarlyLeafChance is the probability that a node of an uneven random tree
// below the root and above the depth limit is a leaf (unless it lies on the
// path kept at full depth).
const EarlyLeafChance = 0.25

// pcgStream is the second PCG seed word ("abtrace" in ASCII). Changing it
// changes every random tree.
const pcgStream = 0x61627472616365

// Recipe describes a random tree. The same recipe gives the same tree on
// every run and platform: the generator is PCG (math/rand/v2) seeded with
// Seed, and every draw is made by this package's own code in a fixed order.
type Recipe struct {
	// Branching is the number of children of every inner node, 1 to
	// MaxChildren; in uneven trees it is the largest number.
	Branching int
	// Depth is the number of edges from the root to the deepest leaves,
	// 0 to MaxDepth.
	Depth int
	// Min and Max bound the leaf values, inclusive, each at most
	// MaxMagnitude in absolute value. Both zero means DefaultMin..DefaultMax
	// (0..20).
	Min, Max int
	// Decimals is the number of digits after the decimal point of the leaf
	// values, 0 (whole numbers) to MaxDecimals. Values are then multiples of
	// 10^-Decimals in [Min, Max].
	Decimals int
	// Seed selects the tree.
	Seed uint64
	// Uneven makes a varied tree: every inner node has a random number of
	// children from 2 to Branching (1 if Branching is 1), and every node
	// strictly between the root and depth Depth becomes a leaf early with
	// probability EarlyLeafChance, except along one random path from the
	// root, which reaches depth Depth so that the tree's height is Depth.
	// Otherwise the tree is uniform: Branching^Depth leaves, all at depth
	// Depth.
	Uneven bool
	// Distinct makes all leaf values different; it is an error if the range
	// has fewer values than the tree has leaves.
	Distinct bool
}

// Random builds the tree a recipe describes. Its kinds are resolved with
// the root MAX (call SetRoot to change that); it has ids and depths like a
// parsed tree, and Line and Col 0. It fails if the recipe is out of range
// or if the largest tree it could give (the uniform one) has more than
// MaxRandomNodes nodes, whatever the seed.
func Random(r Recipe) (*Tree, error) {
	switch {
	case r.Branching < 1 || r.Branching > MaxChildren:
		return nil, recipeErr(r.Branching > MaxChildren, "random tree: branching %d is not between 1 and MaxChildren = %d", r.Branching, MaxChildren)
	case r.Depth < 0 || r.Depth > MaxDepth:
		return nil, recipeErr(r.Depth > MaxDepth, "random tree: depth %d is not between 0 and MaxDepth = %d", r.Depth, MaxDepth)
	case r.Decimals < 0 || r.Decimals > MaxDecimals:
		return nil, recipeErr(false, "random tree: decimals %d is not between 0 and MaxDecimals = %d", r.Decimals, MaxDecimals)
	}
	lo, hi := r.Min, r.Max
	if lo == 0 && hi == 0 {
		lo, hi = DefaultMin, DefaultMax
	}
	switch {
	case lo > hi:
		return nil, recipeErr(false, "random tree: value range %d..%d is empty (Min > Max)", lo, hi)
	case lo < -MaxMagnitude || hi > MaxMagnitude:
		return nil, recipeErr(true, "random tree: value range %d..%d goes beyond MaxMagnitude = 1e9", lo, hi)
	}
	nodes, level := 0, 1
	for d := 0; d <= r.Depth; d++ {
		nodes += level
		if nodes > MaxRandomNodes {
			return nil, recipeErr(true, "random tree: branching %d and depth %d give up to %s nodes, more than MaxRandomNodes = %d",
				r.Branching, r.Depth, sizeText(r.Branching, r.Depth), MaxRandomNodes)
		}
		level *= r.Branching
	}

	g := &generator{pcg: rand.NewPCG(r.Seed, pcgStream), r: r, most: nodes}
	root := g.node(0, true)

	scale := int64(1)
	for range r.Decimals {
		scale *= 10
	}
	loS, hiS := int64(lo)*scale, int64(hi)*scale
	span := uint64(hiS-loS) + 1
	k := uint64(len(g.leaves))
	value := func(v int64) float64 {
		if scale == 1 {
			return float64(v)
		}
		return float64(v) / float64(scale) // correctly rounded, so equal to parsing the decimal
	}
	switch {
	case !r.Distinct:
		for _, n := range g.leaves {
			n.Value = value(loS + int64(g.below(span)))
		}
	case k > span:
		return nil, recipeErr(false, "random tree: Distinct needs %d different leaf values, but the range %s..%s has only %d",
			k, strconv.FormatFloat(value(loS), 'f', -1, 64), strconv.FormatFloat(value(hiS), 'f', -1, 64), span)
	case span <= 2*k:
		// Partial Fisher–Yates shuffle of the whole range.
		vals := make([]int64, span)
		for i := range vals {
			vals[i] = loS + int64(i)
		}
		for i, n := range g.leaves {
			j := uint64(i) + g.below(span-uint64(i))
			vals[i], vals[j] = vals[j], vals[i]
			n.Value = value(vals[i])
		}
	default:
		// Rejection: each draw succeeds with probability above 1/2.
		seen := make(map[int64]struct{}, k)
		for _, n := range g.leaves {
			for {
				v := loS + int64(g.below(span))
				if _, dup := seen[v]; !dup {
					seen[v] = struct{}{}
					n.Value = value(v)
					break
				}
			}
		}
	}
	return build(root, trace.Max, MaxRandomNodes)
}

func recipeErr(limit bool, format string, args ...any) *Error {
	e := &Error{Msg: fmt.Sprintf(format, args...)}
	if limit {
		e.Err = ErrLimit
	}
	return e
}

// sizeText is the node count of a uniform tree, or "more than a billion".
func sizeText(b, d int) string {
	total, level := 0, 1
	for range d + 1 {
		total += level
		if total > 1e9 || level > 1e9 {
			return "more than 1000000000"
		}
		level *= b
	}
	return strconv.Itoa(total)
}

type generator struct {
	pcg  *rand.PCG
	r    Recipe
	slab []Node
	// most is how many more nodes the tree may take (the uniform tree's
	// size less those made): the last slab is no larger than that.
	most   int
	leaves []*Node
}

// slabNodes is how many nodes the generator allocates at once, at most.
const slabNodes = 1024

// below returns a uniform integer in [0, n), n ≥ 1 (Lemire's method).
func (g *generator) below(n uint64) uint64 {
	hi, lo := bits.Mul64(g.pcg.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(g.pcg.Uint64(), n)
		}
	}
	return hi
}

func (g *generator) alloc() *Node {
	if len(g.slab) == 0 {
		g.slab = make([]Node, min(slabNodes, max(1, g.most)))
	}
	g.most--
	n := &g.slab[0]
	g.slab = g.slab[1:]
	return n
}

// node makes a node at depth d; full says it lies on the path kept at
// full depth.
func (g *generator) node(d int, full bool) *Node {
	n := g.alloc()
	r := g.r
	if d == r.Depth || r.Uneven && d > 0 && !full && g.below(4) == 0 {
		g.leaves = append(g.leaves, n)
		return n
	}
	k := r.Branching
	if r.Uneven && k > 2 {
		k = 2 + int(g.below(uint64(k-1)))
	}
	keep := -1
	if r.Uneven && full {
		keep = int(g.below(uint64(k)))
	}
	n.Children = make([]*Node, k)
	for i := range n.Children {
		n.Children[i] = g.node(d+1, i == keep)
	}
	return n
}
