package scenario

import "github.com/abtrace/abtrace/search"

// ListingsOf is the pseudocode the viewer shows for the prepared search,
// one listing per form the algorithm is written in (the first the
// default): the variant's prune rule and fail mode, the selective
// searches it runs, and the table's lines where it keeps one.
func ListingsOf(p *Search) []search.Listing {
	var out []search.Listing
	for _, f := range search.Forms(p.Algorithm) {
		l := search.Pseudocode(p.Algorithm, f, p.PruneRule, p.FailMode, p.RootKind)
		if p.Algorithm == search.AlgoMinimax && (p.Scenario.TT > 0 || p.Scenario.Symmetry) {
			l = search.WithTable(l)
		}
		out = append(out, search.WithSelective(l, p.Scenario.Quiescence, p.Extension, p.Forward, p.PruneRule, p.FailMode))
	}
	return out
}
