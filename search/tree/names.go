package tree

import (
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// nameNodes gives every node of the tree below root its Name, as a
// lecture's slide names them: a node with a label keeps it; unlabelled
// inner nodes get the textbook's letters, A at the root, then B, C, …
// level by level from left to right, skipping letters the tree already
// uses as labels, and AA, AB, … after Z. Unlabelled leaves keep an empty
// Name: they are named by their value as drawn (see Game.Label), which
// costs nothing until someone asks.
func nameNodes(root *Node) {
	used := map[string]bool{}
	level := []*Node{root}
	for len(level) > 0 {
		var next []*Node
		for _, n := range level {
			if n.Label != "" {
				used[n.Label] = true
			}
			next = append(next, n.Children...)
		}
		level = next
	}
	k := 0
	letter := func() string {
		for {
			s := Letters(k)
			k++
			if !used[s] {
				return s
			}
		}
	}
	level = []*Node{root}
	for len(level) > 0 {
		var next []*Node
		for _, n := range level {
			switch {
			case n.Label != "":
				n.Name = n.Label
			case n.IsLeaf():
				n.Name = ""
			default:
				n.Name = letter()
			}
			next = append(next, n.Children...)
		}
		level = next
	}
}

// leafName writes a leaf's value as the viewer draws it.
func leafName(n *Node) string {
	if n.Vec == nil {
		return trace.Num(n.Value).String()
	}
	s := "("
	for i, x := range n.Vec {
		if i > 0 {
			s += ", "
		}
		s += trace.Num(x).String()
	}
	return s + ")"
}

// Letters returns the k-th name of the textbook's sequence, counting from
// 0: A, B, …, Z, AA, AB, …, AZ, BA, … (as spreadsheets name columns).
func Letters(k int) string {
	if k < 0 {
		return strconv.Itoa(k)
	}
	var b []byte
	for k++; k > 0; k = (k - 1) / 26 {
		b = append([]byte{byte('A' + (k-1)%26)}, b...)
	}
	return string(b)
}
