package scenario

import (
	"errors"

	"github.com/abtrace/abtrace/trace"
)

// MaxDrawn is how many nodes a drawing holds before deeper levels are folded.
const MaxDrawn = 2000

// MaxOpen is how many more nodes opening one fold may draw.
const MaxOpen = 500

// ShapeOptions say how much of the tree Search.Shape draws.
type ShapeOptions struct {
	MaxDrawn int      // 0 means MaxDrawn
	Open     []string // ids of folded nodes the viewer opened (each adds up to MaxOpen nodes under it)
}

// Shape enumerates the scenario's tree for drawing: whole levels from the
// root while the drawn count stays ≤ MaxDrawn; nodes of the last drawn
// level that have children become Folded. Every node's Total is the size
// of its full subtree in the game, so a fold glyph can say "visited / pruned / total".
func (p *Search) Shape(opt ShapeOptions) (*trace.Shape, error) {
	return nil, errors.New("scenario: Shape not implemented yet")
}

// SubtreeSize is the number of nodes below and including the node id in
// the full tree (for fold counts of pruned subtrees). It is an error if
// the id does not exist.
func (p *Search) SubtreeSize(id string) (int, error) {
	return 0, errors.New("scenario: SubtreeSize not implemented yet")
}

// Describe returns the kind and display facts of any node id, drawn or
// not (the viewer names nodes in folds): a Shape without Children, with
// Total filled.
func (p *Search) Describe(id string) (trace.Shape, error) {
	return trace.Shape{}, errors.New("scenario: Describe not implemented yet")
}
