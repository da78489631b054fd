package view

import "unsafe"

// Bytes estimates the memory a drawing holds, for bounding what a cache
// keeps: the arrays of its nodes, edges, layers, trail and attributes, and
// the texts of each node's attributes (its classes and states are mostly
// shared constants, counted once in their arrays). It is an estimate, not
// the heap's exact figure.
func (d *Drawing) Bytes() int64 {
	n := int64(unsafe.Sizeof(*d)) + int64(cap(d.Nodes))*int64(unsafe.Sizeof(Node{})) +
		int64(cap(d.Edges))*int64(unsafe.Sizeof(Edge{})) + int64(cap(d.Layers))*int64(unsafe.Sizeof(Layer{})) +
		int64(cap(d.Trail))*int64(unsafe.Sizeof(Crumb{}))
	for i := range d.Nodes {
		nd := &d.Nodes[i]
		n += int64(len(nd.ID) + len(nd.Value) + len(nd.Shown) + len(nd.Alpha) + len(nd.Beta))
		if nd.Fold != nil {
			n += int64(unsafe.Sizeof(*nd.Fold))
		}
	}
	return n + attrsBytes(d.attrs)
}

// Bytes estimates the memory a patch holds (see Drawing.Bytes).
func (p *DrawingPatch) Bytes() int64 {
	return int64(unsafe.Sizeof(*p)) + attrsBytes(p.Nodes)
}

// attrsBytes estimates the memory of nodes' attributes: their array, the
// texts that differ from node to node, their cut marks and folds.
func attrsBytes(a []NodeAttrs) int64 {
	n := int64(cap(a)) * int64(unsafe.Sizeof(NodeAttrs{}))
	for i := range a {
		at := &a[i]
		n += int64(len(at.Value) + len(at.Shown) + len(at.Alpha) + len(at.Beta))
		if at.Cut != nil {
			n += int64(unsafe.Sizeof(*at.Cut)) + 64
		}
		if at.Fold != nil {
			n += int64(unsafe.Sizeof(*at.Fold)) + int64(len(at.Fold.Seen)+len(at.Fold.Of)+len(at.Fold.Title))
		}
	}
	return n
}
