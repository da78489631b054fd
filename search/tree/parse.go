package tree

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/abtrace/abtrace/trace"
)

// Parse reads a tree in the text format described in the package doc, with
// the default Options (root MAX, or player 1 for vector trees). Every error
// is an *Error.
func Parse(src string) (*Tree, error) { return Options{}.Parse(src) }

// MustParse is Parse for texts known to be valid, such as constants in
// tests; it panics on error.
func MustParse(src string) *Tree {
	t, err := Parse(src)
	if err != nil {
		panic(err)
	}
	return t
}

// Parse reads a tree with these options. Every error is an *Error.
func (o Options) Parse(src string) (*Tree, error) {
	if len(src) > MaxTextBytes {
		return nil, newError(0, 0, 0, ErrLimit, say("tree.err.too-long", "Bytes", len(src), "Max", MaxTextBytes))
	}
	p := parser{src: src, line: 1, opts: o, vec: -1}
	if strings.HasPrefix(src, "\ufeff") {
		p.pos, p.lineStart = 3, 3
	}
	t, err := p.parse()
	if err != nil {
		return nil, err
	}
	if err := t.resolve(o.Root); err != nil {
		return nil, err
	}
	return t, nil
}

// UnmarshalText parses text with the default Options into t.
func (t *Tree) UnmarshalText(text []byte) error {
	u, err := Parse(string(text))
	if err != nil {
		return err
	}
	*t = *u
	return nil
}

// parser reads the text with an explicit stack of open inner nodes, so the
// goroutine stack does not grow with the input's depth.
//
// Positions: every token the grammar accepts is ASCII, and non-ASCII text
// outside a comment is an error, while a comment runs to the end of its
// line. So before any accepted token the line is pure ASCII and its column
// is pos-lineStart+1; only error positions need counting runes.
type parser struct {
	src       string
	pos       int
	line      int
	lineStart int
	opts      Options

	size, leaves, height int
	vec                  int   // -1 before the first leaf, then its vector length (0: scalar)
	firstLeaf            *Node // the leaf that fixed vec

	slab  []Node  // nodes are allocated in chunks
	ptrs  []*Node // children slices are cut from chunks
	kids  []*Node // children of the open nodes, innermost last
	stack []frame // open inner nodes
}

type frame struct {
	node      *Node
	idx       int  // index of node among its parent's children
	line, col int  // position of its '('
	first     int  // index in kids of its first child
	chance    bool // its children may take probabilities
}

func (p *parser) alloc() *Node {
	if len(p.slab) == 0 {
		p.slab = make([]Node, min(max(16, p.size), 4096))
	}
	n := &p.slab[0]
	p.slab = p.slab[1:]
	return n
}

func (p *parser) allocPtrs(k int) []*Node {
	if len(p.ptrs) < k {
		p.ptrs = make([]*Node, max(k, min(max(64, p.size), 8192)))
	}
	s := p.ptrs[:k:k]
	p.ptrs = p.ptrs[k:]
	return s
}

func (p *parser) eof() bool { return p.pos >= len(p.src) }

// peek returns the byte at pos, or 0 at the end of input.
func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

// col is the column of pos for accepted tokens (see parser).
func (p *parser) col() int { return p.pos - p.lineStart + 1 }

func (p *parser) skipWS() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\r':
			p.pos++
		case '\n':
			p.pos++
			p.line++
			p.lineStart = p.pos
		case '#':
			if i := strings.IndexByte(p.src[p.pos:], '\n'); i >= 0 {
				p.pos += i
			} else {
				p.pos = len(p.src)
			}
		default:
			return
		}
	}
}

// peekFrom returns the first byte at or after offset i that is not
// whitespace or comment, or 0 at the end of input.
func (p *parser) peekFrom(i int) byte {
	for i < len(p.src) {
		switch p.src[i] {
		case ' ', '\t', '\r', '\n':
			i++
		case '#':
			j := strings.IndexByte(p.src[i:], '\n')
			if j < 0 {
				return 0
			}
			i += j
		default:
			return p.src[i]
		}
	}
	return 0
}

// errHere reports an error at pos: message id with argument pairs.
func (p *parser) errHere(err error, id string, kv ...any) *Error {
	return newError(p.line, utf8.RuneCountInString(p.src[p.lineStart:p.pos])+1, p.pos, err, say(id, kv...))
}

// errAt reports an error at an earlier accepted position.
func errAt(line, col, off int, err error, id string, kv ...any) *Error {
	return newError(line, col, off, err, say(id, kv...))
}

// found describes what is at pos, for "expected X, found Y" messages: a
// quoted token or character, or a phrase.
func (p *parser) found() any {
	if p.pos >= len(p.src) {
		return say("tree.found.end")
	}
	c := p.src[p.pos]
	if isNumStart(c) || isIdentStart(c) {
		end := p.numEnd(p.pos)
		return strconv.Quote(truncate(p.src[p.pos:end]))
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	if r == utf8.RuneError && size == 1 {
		return say("tree.found.byte", "Byte", fmt.Sprintf("0x%02x", c))
	}
	switch r {
	case '\n':
		return say("tree.found.eol")
	case '\u00a0':
		return say("tree.found.nbsp")
	}
	return strconv.QuoteRune(r)
}

func isNumStart(c byte) bool {
	return c >= '0' && c <= '9' || c == '.' || c == '+' || c == '-'
}

func isNumChar(c byte) bool { return isIdentChar(c) || c == '.' }

// numEnd returns the end of the number-like token at i: an optional sign
// and a run of digits, letters, '_', '\” and '.'. Such a token is then
// either a valid number or reported whole as a bad one.
func (p *parser) numEnd(i int) int {
	if i < len(p.src) && (p.src[i] == '+' || p.src[i] == '-') {
		i++
	}
	for i < len(p.src) && isNumChar(p.src[i]) {
		i++
	}
	return i
}

// parseNum validates and converts a number token. It returns a message
// (ID "" when none) when the token is not a number or is out of range.
func parseNum(tok string) (v float64, msg trace.Phrase, limit bool) {
	i := 0
	if i < len(tok) && (tok[i] == '+' || tok[i] == '-') {
		i++
	}
	digits := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
		digits++
	}
	if i < len(tok) && tok[i] == '.' {
		i++
		for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
			i++
			digits++
		}
	}
	if i != len(tok) || digits == 0 {
		id := "tree.err.number"
		if digits > 0 && i < len(tok) && (tok[i] == 'e' || tok[i] == 'E') {
			id = "tree.err.number-exp"
		}
		return 0, say(id, "Found", strconv.Quote(truncate(tok))), false
	}
	v, err := strconv.ParseFloat(tok, 64)
	if (err != nil && !math.IsInf(v, 0)) || math.IsNaN(v) {
		return 0, say("tree.err.number", "Found", strconv.Quote(truncate(tok))), false
	}
	if math.IsInf(v, 0) || math.Abs(v) > MaxMagnitude {
		return 0, say("tree.err.range", "Number", truncate(tok)), true
	}
	return v + 0, trace.Phrase{}, false // +0 turns -0 into 0
}

// number reads a number at pos.
func (p *parser) number() (float64, error) {
	line, col, off := p.line, p.col(), p.pos
	end := p.numEnd(p.pos)
	tok := p.src[p.pos:end]
	v, msg, limit := parseNum(tok)
	if msg.ID != "" {
		var err error
		if limit {
			err = ErrLimit
		}
		return 0, newError(line, col, off, err, msg)
	}
	p.pos = end
	return v, nil
}

// vector reads a vector at pos, which holds '<'.
func (p *parser) vector() ([]float64, error) {
	line, col, off := p.line, p.col(), p.pos
	p.pos++
	vec := make([]float64, 0, 4)
	for {
		p.skipWS()
		c := p.peek()
		if c == '>' {
			if len(vec) < 2 {
				return nil, errAt(line, col, off, nil, "tree.err.vector-short", "N", len(vec))
			}
			p.pos++
			return vec, nil
		}
		if len(vec) > 0 && c == ',' {
			p.pos++
			p.skipWS()
			c = p.peek()
			if !isNumStart(c) {
				return nil, p.errHere(nil, "tree.err.vector-comma", "Line", line, "Col", col, "Found", p.found())
			}
		}
		if !isNumStart(c) {
			return nil, p.errHere(nil, "tree.err.vector-open", "Line", line, "Col", col, "Found", p.found())
		}
		if len(vec) == trace.MaxPlayers {
			return nil, p.errHere(ErrLimit, "tree.err.vector-long", "Line", line, "Col", col, "Max", trace.MaxPlayers)
		}
		v, err := p.number()
		if err != nil {
			return nil, err
		}
		vec = append(vec, v)
	}
}

// value reads a number or a vector; what (a tree.what.* message) describes
// the context for the error when there is neither.
func (p *parser) value(what string) (float64, []float64, error) {
	c := p.peek()
	switch {
	case c == '<':
		v, err := p.vector()
		if err != nil {
			return 0, nil, err
		}
		return v[0], v, nil
	case isNumStart(c):
		v, err := p.number()
		return v, nil, err
	}
	return 0, nil, p.errHere(nil, "tree.err.value", "What", say(what), "Found", p.found())
}

// probability reads a decimal or a fraction a/b at pos.
func (p *parser) probability() (float64, error) {
	line, col, off := p.line, p.col(), p.pos
	end := p.numEnd(p.pos)
	if end < len(p.src) && p.src[end] == '/' {
		dend := end + 1
		for dend < len(p.src) && isNumChar(p.src[dend]) {
			dend++
		}
		tok := p.src[p.pos:dend]
		a, errA := strconv.ParseUint(p.src[p.pos:end], 10, 64)
		b, errB := strconv.ParseUint(p.src[end+1:dend], 10, 64)
		if errA != nil || errB != nil || p.src[p.pos] == '+' || a == 0 || b == 0 || a > MaxMagnitude || b > MaxMagnitude {
			return 0, errAt(line, col, off, nil, "tree.err.fraction", "Found", strconv.Quote(truncate(tok)))
		}
		if a > b {
			return 0, errAt(line, col, off, nil, "tree.err.prob-over", "Number", tok)
		}
		p.pos = dend
		return float64(a) / float64(b), nil
	}
	tok := p.src[p.pos:end]
	v, msg, _ := parseNum(tok)
	if msg.ID != "" {
		return 0, newError(line, col, off, nil, msg)
	}
	if !(v > 0 && v <= 1) {
		return 0, errAt(line, col, off, nil, "tree.err.prob-range", "Number", tok)
	}
	p.pos = end
	return v, nil
}

func (p *parser) parse() (*Tree, error) {
	p.skipWS()
	if p.eof() {
		return nil, p.errHere(nil, "tree.err.empty")
	}
	root, inner, err := p.node(nil, 0, 0, false)
	if err != nil {
		return nil, err
	}
	if inner {
		p.open(root)
	}
	for len(p.stack) > 0 {
		p.skipWS()
		top := &p.stack[len(p.stack)-1]
		c := p.peek()
		switch {
		case p.eof():
			return nil, p.errHere(nil, "tree.err.unclosed", "Line", top.line, "Col", top.col)
		case c == ')':
			kids := p.kids[top.first:]
			if len(kids) == 0 {
				return nil, p.errHere(nil, "tree.err.no-child")
			}
			p.pos++
			ch := p.allocPtrs(len(kids))
			copy(ch, kids)
			top.node.Children = ch
			clear(kids)
			p.kids = p.kids[:top.first]
			p.stack = p.stack[:len(p.stack)-1]
			continue
		case !(isIdentStart(c) || isNumStart(c) || c == '(' || c == '[' || c == '<'):
			return nil, p.errHere(nil, "tree.err.child", "Line", top.line, "Col", top.col, "Found", p.found())
		}
		parent, chance, idx := top.node, top.chance, len(p.kids)-top.first
		if idx == MaxChildren {
			p.stackIDs()
			return nil, p.errHere(ErrLimit, "tree.err.children", "Node", describe(parent, "tree.node"), "Max", MaxChildren)
		}
		prob, probSet := 0.0, false
		if isNumStart(c) {
			end := p.numEnd(p.pos)
			if end < len(p.src) && p.src[end] == '/' || p.peekFrom(end) == ':' {
				if !chance {
					p.stackIDs()
					return nil, p.errHere(nil, "tree.err.prob-no-chance",
						"Found", strconv.Quote(truncate(p.src[p.pos:end])), "Node", describe(parent, "tree.node"))
				}
				if prob, err = p.probability(); err != nil {
					return nil, err
				}
				p.skipWS()
				if p.peek() != ':' {
					return nil, p.errHere(nil, "tree.err.prob-colon", "Found", p.found())
				}
				p.pos++
				p.skipWS()
				probSet = true
			}
		}
		child, inner, err := p.node(parent, idx, prob, probSet)
		if err != nil {
			return nil, err
		}
		p.kids = append(p.kids, child)
		if inner {
			p.open(child)
		}
	}
	p.skipWS()
	if !p.eof() {
		if p.peek() == ')' {
			return nil, p.errHere(nil, "tree.err.extra-close")
		}
		return nil, p.errHere(nil, "tree.err.extra", "Found", p.found())
	}
	assignIDs(root)
	return &Tree{Root: root, Players: max(p.vec, 0), Size: p.size, Leaves: p.leaves, Height: p.height}, nil
}

// stackIDs sets the ids of the open nodes, for an error message.
func (p *parser) stackIDs() {
	for i := range p.stack {
		f := &p.stack[i]
		if i == 0 {
			f.node.ID = ""
		} else {
			f.node.ID = trace.ChildID(p.stack[i-1].node.ID, f.idx)
		}
	}
}

// open consumes the '(' of inner node n, whose head node has read, and
// pushes its frame. The caller has already added n to its parent's kids.
func (p *parser) open(n *Node) {
	idx := 0
	if len(p.stack) > 0 {
		idx = len(p.kids) - 1 - p.stack[len(p.stack)-1].first
	}
	p.stack = append(p.stack, frame{
		node: n, idx: idx, line: p.line, col: p.col(), first: len(p.kids),
		chance: n.KindSet && n.Kind == trace.Chance || n.Depth == 0 && !n.KindSet && p.opts.Root == trace.Chance,
	})
	p.pos++
}

// node reads one node at pos. A leaf is read whole and pos is left after
// it; for an inner node (inner true) the head is read and pos is left at
// its '(', for the caller to open once it has recorded the node.
func (p *parser) node(parent *Node, idx int, prob float64, probSet bool) (n *Node, inner bool, err error) {
	n = p.alloc()
	n.Line, n.Col = p.line, p.col()
	off := p.pos
	n.Prob, n.ProbSet = prob, probSet
	if parent != nil {
		n.Depth = parent.Depth + 1 // ids are assigned at the end, see assignIDs
	}
	if err := p.count(n, off); err != nil {
		return nil, false, err
	}
	c := p.peek()
	if isIdentStart(c) {
		if c, err = p.label(n, off); err != nil {
			return nil, false, err
		}
	}
	tagged := false
	hLine, hCol, hOff := 0, 0, 0
	if c == '[' {
		if hLine, hCol, hOff, err = p.tags(n); err != nil {
			return nil, false, err
		}
		tagged = true
		p.skipWS()
		c = p.peek()
	}
	if c == '(' {
		return n, true, nil
	}
	// A leaf.
	what, err := p.leafStart(n, parent == nil, c, tagged)
	if err != nil {
		return nil, false, err
	}
	if n.HasShares {
		return nil, false, errAt(hLine, hCol, hOff, nil, "tree.err.leaf-shares")
	}
	if n.HasEstimate {
		return nil, false, errAt(hLine, hCol, hOff, nil, "tree.err.leaf-estimate")
	}
	if err := p.leafValue(n, what); err != nil {
		return nil, false, err
	}
	return n, false, nil
}

// count counts the node n, which starts at off, against MaxNodes and
// MaxDepth.
func (p *parser) count(n *Node, off int) error {
	p.size++
	if p.size > MaxNodes {
		return errAt(n.Line, n.Col, off, ErrLimit, "tree.err.nodes", "Name", "MaxNodes", "Max", MaxNodes)
	}
	if n.Depth > MaxDepth {
		return errAt(n.Line, n.Col, off, ErrLimit, "tree.err.depth", "Depth", n.Depth, "Max", MaxDepth)
	}
	p.height = max(p.height, n.Depth)
	return nil
}

// label reads the label of n at pos, which starts an identifier, and
// returns the character after it: a label must be followed by children,
// tags or "=".
func (p *parser) label(n *Node, off int) (byte, error) {
	end := p.pos
	for end < len(p.src) && isIdentChar(p.src[end]) {
		end++
	}
	label := p.src[p.pos:end]
	if len(label) > MaxLabelLen {
		return 0, errAt(n.Line, n.Col, off, ErrLimit, "tree.err.label-long", "Name", strconv.Quote(truncate(label)), "N", len(label), "Max", MaxLabelLen)
	}
	p.pos = end
	p.skipWS()
	c := p.peek()
	if c != '(' && c != '[' && c != '=' {
		switch strings.ToLower(label) {
		case "inf", "infinity", "nan":
			return 0, errAt(n.Line, n.Col, off, nil, "tree.err.infinite", "Name", strconv.Quote(label))
		}
		return 0, p.errHere(nil, "tree.err.after-label", "Name", strconv.Quote(label), "Found", p.found())
	}
	n.Label = strings.Clone(label) // do not keep the whole text alive
	return c, nil
}

// leafStart checks what may come where the leaf n's value is due (c is
// the character there) and returns the words for what the value follows.
func (p *parser) leafStart(n *Node, root bool, c byte, tagged bool) (string, error) {
	switch {
	case n.Label != "" && c != '=' && tagged:
		return "", p.errHere(nil, "tree.err.after-tags", "Name", strconv.Quote(n.Label), "Found", p.found())
	case n.Label != "" && c != '=':
		return "", p.errHere(nil, "tree.err.after-label", "Name", strconv.Quote(n.Label), "Found", p.found())
	case n.Label != "":
		p.pos++
		p.skipWS()
		return "tree.what.after-eq", nil
	case tagged:
		if c == '=' {
			return "", p.errHere(nil, "tree.err.tags-eq")
		}
		return "tree.what.after-tags", nil
	case root && !isNumStart(c) && c != '<':
		return "", p.errHere(nil, "tree.err.tree", "Found", p.found())
	}
	return "tree.what.child", nil
}

// leafValue reads the leaf n's value and checks that it has as many
// players' values as the first leaf.
func (p *parser) leafValue(n *Node, what string) error {
	vline, vcol, voff := p.line, p.col(), p.pos
	v, vec, err := p.value(what)
	if err != nil {
		return err
	}
	n.Value, n.Vec = v, vec
	p.leaves++
	switch {
	case p.vec < 0:
		p.vec, p.firstLeaf = len(vec), n
	case p.vec != len(vec):
		f := p.firstLeaf
		if p.vec == 0 || len(vec) == 0 {
			return errAt(vline, vcol, voff, nil, "tree.err.leaf-shape",
				"Want", shape(p.vec), "Line", f.Line, "Col", f.Col, "Found", shape(len(vec)))
		}
		return errAt(vline, vcol, voff, nil, "tree.err.leaf-players",
			"N", len(vec), "Line", f.Line, "Col", f.Col, "Want", p.vec)
	}
	return nil
}

// tags reads a tag list at pos, which holds '['. It returns the position of
// the h tag, if any.
func (p *parser) tags(n *Node) (hLine, hCol, hOff int, err error) {
	line, col, off := p.line, p.col(), p.pos
	p.pos++
	count := 0
	var shares uint8
	for {
		p.skipWS()
		c := p.peek()
		if p.eof() {
			return 0, 0, 0, p.errHere(nil, "tree.err.tags-open", "Line", line, "Col", col)
		}
		if c == ']' {
			if count == 0 {
				return 0, 0, 0, p.errHere(nil, "tree.err.tags-empty")
			}
			p.pos++
			if err := endShares(n, line, col, off); err != nil {
				return 0, 0, 0, err
			}
			if n.HasShares {
				hLine, hCol, hOff = line, col, off
			}
			return hLine, hCol, hOff, nil
		}
		if !isIdentStart(c) {
			return 0, 0, 0, p.errHere(nil, "tree.err.tags-close", "Line", line, "Col", col, "Found", p.found())
		}
		wl, wc, wo := p.line, p.col(), p.pos
		end := p.pos
		for end < len(p.src) && isIdentChar(p.src[end]) {
			end++
		}
		word := p.src[p.pos:end]
		lw := strings.ToLower(word)
		p.pos = end
		if lw == "h" {
			if n.HasEstimate {
				return 0, 0, 0, errAt(wl, wc, wo, nil, "tree.err.second-h")
			}
			p.skipWS()
			if p.peek() != '=' {
				return 0, 0, 0, p.errHere(nil, "tree.err.h-eq", "Found", p.found())
			}
			p.pos++
			p.skipWS()
			v, vec, err := p.value("tree.what.after-h")
			if err != nil {
				return 0, 0, 0, err
			}
			n.Estimate, n.EstimateVec, n.HasEstimate = v, vec, true
			hLine, hCol, hOff = wl, wc, wo
		} else if i := categoryIndex(lw); i >= 0 {
			if err := p.share(n, &shares, i, lw, wl, wc, wo); err != nil {
				return 0, 0, 0, err
			}
		} else {
			k, err := trace.ParseKind(lw)
			if err != nil || k == trace.Joint {
				// A joint node is decoupled UCT's, never a tree's tag.
				return 0, 0, 0, errAt(wl, wc, wo, nil, "tree.err.tag", "Found", strconv.Quote(truncate(word)))
			}
			if n.KindSet {
				return 0, 0, 0, errAt(wl, wc, wo, nil, "tree.err.second-kind", "Kind", k, "First", n.Kind)
			}
			n.Kind, n.KindSet = k, true
		}
		count++
		switch p.peek() {
		case ' ', '\t', '\r', '\n', '#', ']', 0: // 0: end of input, reported above
		default:
			return 0, 0, 0, p.errHere(nil, "tree.err.tag-end", "Name", strconv.Quote(word), "Found", p.found())
		}
	}
}
