package web

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// htmlPage is a parsed HTML document with a few ways to find what a person
// (or a script) looks for: elements by data-testid, nodes by data-node.
type htmlPage struct {
	t    *testing.T
	root *html.Node
}

func parsePage(t *testing.T, body string) *htmlPage {
	t.Helper()
	root, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatalf("parse HTML: %v", err)
	}
	return &htmlPage{t: t, root: root}
}

// all returns the elements for which match is true, in document order.
func (p *htmlPage) all(match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && match(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(p.root)
	return out
}

// hasAttr matches elements whose attribute name is value.
func hasAttr(name, value string) func(*html.Node) bool {
	return func(n *html.Node) bool {
		v, ok := attrOK(n, name)
		return ok && v == value
	}
}

// isTag matches elements by tag name.
func isTag(name string) func(*html.Node) bool {
	return func(n *html.Node) bool { return n.Data == name }
}

// testid returns the elements with this data-testid.
func (p *htmlPage) testid(id string) []*html.Node { return p.all(hasAttr("data-testid", id)) }

// one returns the single element with this data-testid, failing the test
// if there is not exactly one.
func (p *htmlPage) one(id string) *html.Node {
	p.t.Helper()
	ns := p.testid(id)
	if len(ns) != 1 {
		p.t.Fatalf("data-testid=%q: got %d elements, want 1", id, len(ns))
	}
	return ns[0]
}

// node returns the tree node drawn with this id, or nil.
func (p *htmlPage) node(id string) *html.Node {
	ns := p.all(func(n *html.Node) bool {
		v, ok := attrOK(n, "data-node")
		return ok && v == id && attrOf(n, "data-testid") == "node"
	})
	if len(ns) != 1 {
		return nil
	}
	return ns[0]
}

// nodes returns every drawn tree node by id.
func (p *htmlPage) nodes() map[string]*html.Node {
	m := map[string]*html.Node{}
	for _, n := range p.testid("node") {
		m[attrOf(n, "data-node")] = n
	}
	return m
}

func attrOK(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// attrOf returns an attribute's value, "" when absent.
func attrOf(n *html.Node, name string) string {
	v, _ := attrOK(n, name)
	return v
}

// textOf returns the text inside n, with runs of white space made one space.
func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// descendant returns the first descendant of n that matches.
func descendant(n *html.Node, match func(*html.Node) bool) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && match(c) {
			return c
		}
		if d := descendant(c, match); d != nil {
			return d
		}
	}
	return nil
}

// hasClass matches elements whose class list holds name.
func hasClass(name string) func(*html.Node) bool {
	return func(n *html.Node) bool {
		for _, c := range strings.Fields(attrOf(n, "class")) {
			if c == name {
				return true
			}
		}
		return false
	}
}

// attrHas reports whether n has the attribute at all.
func attrHas(n *html.Node, name string) bool {
	_, ok := attrOK(n, name)
	return ok
}

// isInside reports whether n lies inside ancestor.
func isInside(n, ancestor *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p == ancestor {
			return true
		}
	}
	return false
}
