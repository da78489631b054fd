package tree

import (
	"math"
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// Expected value by category (Russell & Norvig, Artificial Intelligence:
// A Modern Approach, the section on evaluation functions in the chapter on
// adversarial search): an evaluation sorts positions into categories by
// their features and values a position by how the positions of its
// category end. In the lecture's example 72 % of them end in a win (+1),
// 20 % in a loss (−1) and 8 % in a draw (0), so the position is worth
// 0.72 × (+1) + 0.20 × (−1) + 0.08 × 0 = 0.52. The book's editions differ
// in the utilities: with a win 1, a loss 0 and a draw ½ (the convention
// of its later editions) the same shares give 0.76. abtrace uses +1, −1
// and 0 by default, the values of its trees' leaves; the utilities
// option (Utilities, "plus-minus" or "zero-half-one") chooses. In the
// tree text an inner node gives its category's shares as tags:
// [win=72% loss=20% draw=8%].

// Categories are the names of the categories, in the order of
// Node.Shares; they are also the names of the terms Explain returns.
var Categories = [3]string{"win", "loss", "draw"}

// CategoryValues are the values of a win, a loss and a draw by default:
// +1, −1 and 0 (UtilitiesPlusMinus).
var CategoryValues = [3]float64{1, -1, 0}

// The names of the utilities of a win, a loss and a draw an expected
// value by category may be valued with (the utilities option of the
// command line, the address and the form).
const (
	// UtilitiesPlusMinus values a win +1, a loss −1 and a draw 0 (the
	// default, the values of the trees' leaves): 72 % win, 20 % loss,
	// 8 % draw is worth 0.52.
	UtilitiesPlusMinus = "plus-minus"
	// UtilitiesZeroHalfOne values a win 1, a loss 0 and a draw ½ (Russell
	// & Norvig's later editions): the same shares are worth 0.76.
	UtilitiesZeroHalfOne = "zero-half-one"
)

// UtilityNames lists the names ParseUtilities reads, the default first.
var UtilityNames = []string{UtilitiesPlusMinus, UtilitiesZeroHalfOne}

// ParseUtilities reads the name of utilities: "" or "plus-minus" (the
// default, CategoryValues) or "zero-half-one". It reports false for any
// other name.
func ParseUtilities(name string) ([3]float64, bool) {
	switch name {
	case "", UtilitiesPlusMinus:
		return CategoryValues, true
	case UtilitiesZeroHalfOne:
		return [3]float64{1, 0, 0.5}, true
	}
	return [3]float64{}, false
}

// SetUtilities values every expected value by category of t with the
// utilities u of a win, a loss and a draw (see ParseUtilities): each such
// node's Estimate, and the weights Explain gives its terms.
func (t *Tree) SetUtilities(u [3]float64) {
	for n := range t.All() {
		if !n.HasShares {
			continue
		}
		n.Utilities = nil
		if u != CategoryValues {
			n.Utilities = &u
		}
		n.Estimate = shareEstimate(n.Shares, u)
	}
}

// utilitiesOf are the values n's shares are weighed with.
func utilitiesOf(n *Node) [3]float64 {
	if n.Utilities != nil {
		return *n.Utilities
	}
	return CategoryValues
}

// ShareTolerance is how far from 100 % the shares of a node may add up
// (in percentage points), so that thirds written 33.33% add up.
const ShareTolerance = 0.05

// categoryIndex is the index in Categories of a tag word ("win"), or -1.
func categoryIndex(word string) int {
	for i, c := range Categories {
		if word == c {
			return i
		}
	}
	return -1
}

// shareEstimate is the expected value of shares (percentages) with the
// utilities u.
func shareEstimate(shares, u [3]float64) float64 {
	v := 0.0
	for i, s := range shares {
		v += s / 100 * u[i]
	}
	// Round away the binary noise of s/100 (0.72 − 0.2 is not 0.52).
	return math.Round(v*1e9) / 1e9
}

// share reads the value of a category tag at pos, just after the word:
// '=' and a percentage from 0 to 100, with or without '%'. seen marks
// the categories n has given.
func (p *parser) share(n *Node, seen *uint8, i int, word string, wl, wc, wo int) error {
	if *seen&(1<<i) != 0 {
		return errAt(wl, wc, wo, nil, "tree.err.second-share", "Name", word)
	}
	p.skipWS()
	if p.peek() != '=' {
		return p.errHere(nil, "tree.err.share-eq", "Name", word, "Found", p.found())
	}
	p.pos++
	p.skipWS()
	line, col, off := p.line, p.col(), p.pos
	if !isNumStart(p.peek()) {
		return p.errHere(nil, "tree.err.share", "Name", word, "Found", p.found())
	}
	v, err := p.number()
	if err != nil {
		return err
	}
	if v < 0 || v > 100 {
		return errAt(line, col, off, nil, "tree.err.share", "Name", word, "Found", strconv.Quote(trace.Num(v).Plain()))
	}
	if p.peek() == '%' {
		p.pos++
	}
	n.Shares[i], n.HasShares = v, true
	*seen |= 1 << i
	return nil
}

// endShares checks the shares of n once its tags are read: they add up to
// 100 % and come without h=; then they are its estimate.
func endShares(n *Node, line, col, off int) error {
	if !n.HasShares {
		return nil
	}
	if n.HasEstimate {
		return errAt(line, col, off, nil, "tree.err.shares-h")
	}
	sum := n.Shares[0] + n.Shares[1] + n.Shares[2]
	if math.Abs(sum-100) > ShareTolerance {
		return errAt(line, col, off, nil, "tree.err.shares-sum", "Sum", trace.Num(sum).Plain())
	}
	n.Estimate, n.HasEstimate = shareEstimate(n.Shares, CategoryValues), true
	return nil
}

// Explain names the terms of an inner node's expected value by category:
// each category with its share (a fraction) and its value, so that the
// estimate is their weighted sum. Other nodes have no terms.
func (Game) Explain(n *Node) []trace.Term {
	if !n.HasShares || len(n.Children) == 0 {
		return nil
	}
	terms := make([]trace.Term, len(Categories))
	u := utilitiesOf(n)
	for i, c := range Categories {
		terms[i] = trace.Term{Name: c, Count: n.Shares[i] / 100, Weight: u[i]}
	}
	return terms
}

// appendShares appends the category tags of n: win=72% loss=20% draw=8%.
func appendShares(b []byte, n *Node) []byte {
	for i, c := range Categories {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, c...)
		b = append(b, '=')
		b = appendNum(b, n.Shares[i])
		b = append(b, '%')
	}
	return b
}
