package view

import (
	"slices"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// The overview of a Monte-Carlo search (the whole drawing behind the
// focus, the outline and the exports) draws the tree the search grows,
// not the game behind it: every node the search has created by its end,
// each in its place from the first step on. A node is drawn not visited
// until the step that creates it, as alpha-beta's overview draws the
// nodes it has not reached yet, so the tree never jumps while it grows
// and the lecturer sees at once where the search will spend its visits.

// mctsShape is the shape of the tree Monte-Carlo search p grows: the nodes
// it creates, each one's Total the number of created nodes in its subtree.
func mctsShape(p *scenario.Search) (*trace.Shape, error) {
	var ids []string
	if _, err := p.Run(func(e *trace.Event) bool {
		if e.Type == trace.Grow {
			ids = append(ids, e.Node)
		}
		return true
	}); err != nil {
		return nil, err
	}
	shapes := make(map[string]*trace.Shape, len(ids))
	var root *trace.Shape
	for _, id := range ids { // a parent is grown before its children
		sh, err := p.Describe(id)
		if err != nil {
			return nil, err
		}
		sh.Children, sh.Folded, sh.Total = nil, false, 1
		shapes[id] = &sh
		if parent, ok := trace.ParentID(id); !ok {
			root = &sh
		} else if ps := shapes[parent]; ps != nil {
			ps.Children = append(ps.Children, &sh)
		}
	}
	if root == nil {
		sh, err := p.Describe("")
		if err != nil {
			return nil, err
		}
		sh.Children, sh.Folded = nil, false
		root = &sh
	}
	countCreated(root)
	return root, nil
}

// countCreated orders sh's children naturally and sets every Total in its
// subtree; it returns sh's.
func countCreated(sh *trace.Shape) int {
	slices.SortFunc(sh.Children, func(a, b *trace.Shape) int { return childIndex(a.ID) - childIndex(b.ID) })
	sh.Total = 1
	for _, c := range sh.Children {
		sh.Total += countCreated(c)
	}
	return sh.Total
}

// growsOwnTree reports whether p's overview is the tree its search grows
// (mctsShape) rather than the game's.
func growsOwnTree(p *scenario.Search) bool { return p.Algorithm == search.AlgoMCTS }
