package templates

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/abtrace/abtrace/view"
)

// The drawn nodes are written by appendNode, not by a template: a page
// of tic-tac-toe at its end draws 586 nodes of about 40 attributes and
// texts each, and templ's way with each (an interface value, a class
// list through two maps, a string made and escaped) was a third of the
// page's render. appendNode writes the bytes the node template wrote:
// every attribute and text escaped as templ escapes them (html's
// EscapeString), in the template's order and spacing.
// TestNodeMarkupAsTemplate holds the two to the same bytes.

// drawnNodes writes nodes, a drawing's or a layer's.
func drawnNodes(v *View, nodes []view.Node) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		var b []byte
		for i := range nodes {
			if err := v.writeNode(ctx, w, &b, &nodes[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// drawnNodesAt writes the nodes at the positions at.
func drawnNodesAt(v *View, nodes []view.Node, at []int) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		var b []byte
		for _, i := range at {
			if err := v.writeNode(ctx, w, &b, &nodes[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeNode writes node n to w, with b as its scratch.
func (v *View) writeNode(ctx context.Context, w io.Writer, b *[]byte, n *view.Node) error {
	var err error
	if *b, err = v.appendNode(ctx, (*b)[:0], n); err != nil {
		return err
	}
	_, err = w.Write(*b)
	return err
}

// appendNode appends the markup of drawn node n.
func (v *View) appendNode(ctx context.Context, b []byte, n *view.Node) ([]byte, error) {
	b = appendAttr(append(b, `<g class="`...), n.Class)
	b = appendAttr(append(b, `" data-node="`...), n.ID)
	b = appendAttr(append(b, `" data-state="`...), n.State)
	b = appendAttr(append(b, `" data-value="`...), n.Value)
	b = append(b, `" data-testid="node"`...)
	if n.Text != "" {
		b = append(appendAttr(append(b, ` data-text="`...), n.Text), '"')
	}
	if n.Player > 0 {
		b = append(strconv.AppendInt(append(b, ` data-player="`...), int64(n.Player), 10), '"')
	}
	b = view.AppendNum(append(b, ` transform="translate(`...), n.X)
	b = view.AppendNum(append(b, ' '), n.Y)
	b = append(b, `)">`...)
	if n.InFull != "" {
		b = append(appendAttr(append(b, `<title>`...), n.InFull), `</title>`...)
	}
	b, err := v.appendGlyph(b, n)
	if err != nil {
		return b, err
	}
	b = v.appendLabels(b, n)
	if n.Fold != nil {
		b = v.appendFold(ctx, b, n)
	}
	return append(b, `</g>`...), nil
}

// appendGlyph appends node n's glyph and what is written inside it.
func (v *View) appendGlyph(b []byte, n *view.Node) ([]byte, error) {
	inside := func(glyph, in string) []byte {
		return append(appendAttr(append(b, glyph...), in), `</text> `...)
	}
	switch n.Glyph {
	case view.GlyphMax:
		b = append(b, `<path class="s" d="M0 -18L21 13H-21Z"></path> `...)
		if n.In != "" {
			b = inside(`<text class="in" y="8">`, n.In)
		}
	case view.GlyphMin:
		b = append(b, `<path class="s" d="M0 18L21 -13H-21Z"></path> `...)
		if n.In != "" {
			b = inside(`<text class="in" y="1">`, n.In)
		}
	case view.GlyphChance:
		b = inside(`<circle class="s" r="16"></circle> <text class="in" y="5">`, n.Label)
	case view.GlyphPlayer:
		b = inside(`<rect class="s" x="-16" y="-16" width="32" height="32" rx="9"></rect> <text class="in" y="5">`, n.Kind.Upper())
	case view.GlyphJoint:
		b = inside(`<path class="s" d="M0 -18L18 0L0 18L-18 0Z"></path> <text class="in" y="5">`, n.Label)
	case view.GlyphLeaf:
		b = v.appendLeaf(b, n)
	case view.GlyphBoard, view.GlyphChess:
		s, err := boardHTML(*n)
		if err != nil {
			return b, err
		}
		b = append(b, s...)
	}
	return b, nil
}

// appendLeaf appends a leaf's box and its value.
func (v *View) appendLeaf(b []byte, n *view.Node) []byte {
	f := v.drawing().Fonts
	b = view.AppendNum(append(b, `<rect class="s" x="`...), -n.LeafW/2)
	b = view.AppendNum(append(b, `" y="`...), -n.LeafH/2)
	b = view.AppendNum(append(b, `" width="`...), n.LeafW)
	b = view.AppendNum(append(b, `" height="`...), n.LeafH)
	b = append(b, `" rx="6"></rect> <text class="in lv`...)
	if strings.HasPrefix(n.Text, "(") {
		b = append(b, ` vec`...)
	}
	b = view.AppendNum(append(b, `" y="`...), f.LeafY)
	b = view.AppendNum(append(b, `" font-size="`...), f.Leaf)
	return append(appendAttr(append(b, `">`...), n.LeafText()), `</text> `...)
}

// appendLabels appends the value beside node n, whose it is (max^n) and
// its α/β lines.
func (v *View) appendLabels(b []byte, n *view.Node) []byte {
	f := v.drawing().Fonts
	b = view.AppendNum(append(b, `<text class="v" x="`...), n.ValueX)
	b = view.AppendNum(append(b, `" y="`...), n.ValueY)
	b = appendAttr(append(b, `" text-anchor="`...), n.ValueAnchor)
	size := f.Value
	if n.Glyph.Below() {
		size = f.LeafValue
	}
	b = view.AppendNum(append(b, `" font-size="`...), size)
	b = append(appendAttr(append(b, `">`...), n.Shown), `</text> `...)
	if n.Glyph == view.GlyphPlayer {
		b = view.AppendNum(append(b, `<text class="who" x="`...), n.ValueX)
		b = view.AppendNum(append(b, `" y="`...), n.WhoY)
		b = appendAttr(append(b, `" text-anchor="`...), n.ValueAnchor)
		b = append(appendAttr(append(b, `" data-testid="who">`...), n.Who), `</text> `...)
	}
	b = view.AppendNum(append(b, `<text class="ab" x="`...), n.ABX)
	b = view.AppendNum(append(b, `" y="`...), n.ABY)
	b = appendAttr(append(b, `" text-anchor="`...), n.ABAnchor)
	b = view.AppendNum(append(b, `" font-size="`...), f.AB)
	b = view.AppendNum(append(b, `"><tspan class="a" x="`...), n.ABX)
	b = appendAttr(append(b, `">`...), n.Alpha)
	b = view.AppendNum(append(b, `</tspan> <tspan class="b" x="`...), n.ABX)
	b = view.AppendNum(append(b, `" dy="`...), f.ABLine)
	return append(appendAttr(append(b, `">`...), n.Beta), `</tspan></text> `...)
}

// appendFold appends the fold glyph of folded node n: the link that
// opens it, its fan and its counts.
func (v *View) appendFold(ctx context.Context, b []byte, n *view.Node) []byte {
	c := n.Fold
	b = appendAttr(append(b, `<a class="fold" href="`...), v.OpenURL(n.ID))
	b = appendAttr(append(b, `" data-fold="`...), n.ID)
	b = strconv.AppendInt(append(b, `" data-visited="`...), int64(c.Visited), 10)
	b = strconv.AppendInt(append(b, `" data-pruned="`...), int64(c.Pruned), 10)
	b = strconv.AppendInt(append(b, `" data-total="`...), int64(c.Total), 10)
	b = appendAttr(append(b, `" aria-label="`...), N(ctx, "view.fold.open", c.Total, "Node", v.nameOf(*n)))
	seen, of, title := v.foldText(ctx, *c)
	b = appendAttr(append(b, `"><title>`...), title)
	at := n.FoldAt
	b = append(b, `</title><path class="fan" d="`...)
	for i, p := range at.Fan {
		b = append(b, "MLL"[i])
		b = view.AppendNum(append(view.AppendNum(b, p[0]), ' '), p[1])
	}
	b = view.AppendNum(append(b, `Z"></path> <text class="fc" y="`...), at.TextY)
	b = appendAttr(append(b, `" text-anchor="`...), at.TextAnchor)
	b = view.AppendNum(append(b, `"><tspan class="fc-vp" x="`...), at.TextX)
	b = appendAttr(append(b, `">`...), seen)
	b = view.AppendNum(append(b, `</tspan> <tspan class="fc-t" x="`...), at.TextX)
	b = view.AppendNum(append(b, `" dy="`...), view.FoldLine)
	return append(appendAttr(append(b, `">`...), of), `</tspan></text></a>`...)
}

// appendAttr appends s escaped as templ escapes attribute values and text
// (html.EscapeString).
func appendAttr(b []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '&':
			esc = "&amp;"
		case '\'':
			esc = "&#39;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '"':
			esc = "&#34;"
		default:
			continue
		}
		b = append(append(b, s[last:i]...), esc...)
		last = i + 1
	}
	return append(b, s[last:]...)
}
