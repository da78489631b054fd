package importer

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/abtrace/abtrace/search/tree"
)

// scanner walks a text keeping the line and column (in characters) of its
// position.
type scanner struct {
	f         Format
	src       string
	pos       int
	line, col int
	nodes     int
}

func newScanner(f Format, src string) *scanner {
	s := &scanner{f: f, src: src, line: 1, col: 1}
	if strings.HasPrefix(src, "\ufeff") {
		s.pos = 3
	}
	return s
}

func (s *scanner) eof() bool { return s.pos >= len(s.src) }

func (s *scanner) peek() byte {
	if s.eof() {
		return 0
	}
	return s.src[s.pos]
}

// advance moves over one character (a whole UTF-8 sequence).
func (s *scanner) advance() {
	if s.eof() {
		return
	}
	if s.src[s.pos] == '\n' {
		s.line, s.col = s.line+1, 1
		s.pos++
		return
	}
	_, n := utf8.DecodeRuneInString(s.src[s.pos:])
	s.pos += n
	s.col++
}

// found describes the character at the position for a message.
func (s *scanner) found() string {
	if s.eof() {
		return "end of input"
	}
	r, _ := utf8.DecodeRuneInString(s.src[s.pos:])
	return strconv.QuoteRune(r)
}

func (s *scanner) errf(format string, args ...any) *Error {
	return &Error{Format: s.f, Line: s.line, Col: s.col, Msg: fmt.Sprintf(format, args...)}
}

// space skips whitespace and the format's comments: '#' to the end of the
// line (CMU, AIMA), nested (* ... *) (SML).
func (s *scanner) space() error {
	for !s.eof() {
		c := s.peek()
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			s.advance()
		case c == '#' && s.f != SML:
			for !s.eof() && s.peek() != '\n' {
				s.advance()
			}
		case c == '(' && s.f == SML && strings.HasPrefix(s.src[s.pos:], "(*"):
			line, col := s.line, s.col
			depth := 0
			for {
				if s.eof() {
					return &Error{Format: s.f, Line: line, Col: col, Msg: "comment (* is never closed with *)"}
				}
				switch {
				case strings.HasPrefix(s.src[s.pos:], "(*"):
					depth++
					s.advance()
				case strings.HasPrefix(s.src[s.pos:], "*)"):
					depth--
					s.advance()
				}
				s.advance()
				if depth == 0 {
					break
				}
			}
		default:
			return nil
		}
	}
	return nil
}

// expect consumes c after optional space, or fails naming what it wanted.
func (s *scanner) expect(c byte, what string) error {
	if err := s.space(); err != nil {
		return err
	}
	if s.peek() != c {
		return s.errf("expected %s, found %s", what, s.found())
	}
	s.advance()
	return nil
}

// isNumberStart reports whether a number starts here: a sign (~ in SML)
// or a digit or a '.' before a digit.
func (s *scanner) isNumberStart() bool {
	c := s.peek()
	if c >= '0' && c <= '9' {
		return true
	}
	rest := s.src[s.pos:]
	if c == '.' || c == '-' || c == '+' || c == '~' && s.f == SML {
		i := 1
		if c != '.' && len(rest) > 1 && rest[1] == '.' {
			i = 2
		}
		return len(rest) > i && rest[i] >= '0' && rest[i] <= '9'
	}
	return false
}

// number reads [sign] digits [. digits] (SML writes minus as ~).
func (s *scanner) number() (float64, error) {
	line, col, start := s.line, s.col, s.pos
	var b strings.Builder
	if c := s.peek(); c == '-' || c == '+' || c == '~' && s.f == SML {
		if c == '~' {
			c = '-'
		}
		b.WriteByte(c)
		s.advance()
	}
	digits := 0
	for !s.eof() && (s.peek() >= '0' && s.peek() <= '9' || s.peek() == '.') {
		if s.peek() != '.' {
			digits++
		}
		b.WriteByte(s.peek())
		s.advance()
	}
	if digits == 0 {
		return 0, &Error{Format: s.f, Line: line, Col: col, Msg: fmt.Sprintf("expected a number, found %q", s.src[start:s.pos])}
	}
	if c := s.peek(); c == 'e' || c == 'E' || isWordChar(c) {
		return 0, &Error{Format: s.f, Line: line, Col: col, Msg: fmt.Sprintf("expected a number, found %q: write plain decimals such as 3, -2 or 0.5", s.src[start:s.pos+1])}
	}
	v, err := strconv.ParseFloat(b.String(), 64)
	if err != nil {
		return 0, &Error{Format: s.f, Line: line, Col: col, Msg: fmt.Sprintf("%q is not a number", s.src[start:s.pos])}
	}
	return v, nil
}

func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= '0' && c <= '9' || c == '\''
}

// word reads an identifier.
func (s *scanner) word() string {
	start := s.pos
	for !s.eof() && isWordChar(s.peek()) {
		s.advance()
	}
	return s.src[start:s.pos]
}

// node makes a node at the current position, counting it against
// tree.MaxNodes and checking the depth against tree.MaxDepth, so that no
// input can recurse deeper than that.
func (s *scanner) node(depth int) (*tree.Node, error) {
	s.nodes++
	if s.nodes > tree.MaxNodes {
		e := s.errf("more than MaxNodes = %d nodes", tree.MaxNodes)
		e.Err = tree.ErrLimit
		return nil, e
	}
	if depth > tree.MaxDepth {
		e := s.errf("a node at depth %d, deeper than MaxDepth = %d", depth, tree.MaxDepth)
		e.Err = tree.ErrLimit
		return nil, e
	}
	return &tree.Node{Line: s.line, Col: s.col}, nil
}

// end checks that only space and comments follow the tree.
func (s *scanner) end() error {
	if err := s.space(); err != nil {
		return err
	}
	if !s.eof() {
		return s.errf("expected end of input after the tree, found %s", s.found())
	}
	return nil
}

// parseCMU reads the visualizer's text:
//
//	node = "(" number ")" | "(" node { [","] node } ")" .
func parseCMU(src string) (*tree.Node, error) {
	s := newScanner(CMU, src)
	if err := s.space(); err != nil {
		return nil, err
	}
	if s.eof() {
		return nil, s.errf("empty input: write a tree such as ((3) (5))")
	}
	n, err := s.cmuNode(0)
	if err != nil {
		return nil, err
	}
	return n, s.end()
}

func (s *scanner) cmuNode(depth int) (*tree.Node, error) {
	if err := s.space(); err != nil {
		return nil, err
	}
	n, err := s.node(depth)
	if err != nil {
		return nil, err
	}
	if s.peek() != '(' {
		if s.isNumberStart() {
			return nil, s.errf("expected '(', found a bare number: a leaf is written in its own parentheses, as (3)")
		}
		return nil, s.errf("expected '(' to start a node, found %s", s.found())
	}
	open := *s
	s.advance()
	if err := s.space(); err != nil {
		return nil, err
	}
	if s.isNumberStart() {
		if n.Value, err = s.number(); err != nil {
			return nil, err
		}
		if err := s.space(); err != nil {
			return nil, err
		}
		if s.peek() != ')' {
			return nil, s.errf("expected ')' after the leaf's value, found %s: a leaf is one number, as (3)", s.found())
		}
		s.advance()
		return n, nil
	}
	for {
		if err := s.space(); err != nil {
			return nil, err
		}
		switch s.peek() {
		case ')':
			if len(n.Children) == 0 {
				return nil, s.errf("empty node (): a leaf holds a number, as (3), and an inner node its children")
			}
			s.advance()
			return n, nil
		case ',':
			if len(n.Children) == 0 {
				return nil, s.errf("expected a child before ','")
			}
			s.advance()
			if err := s.space(); err != nil {
				return nil, err
			}
		case 0:
			return nil, s.errf("expected ')' to close '(' opened at line %d, column %d, found end of input", open.line, open.col)
		}
		c, err := s.cmuNode(depth + 1)
		if err != nil {
			return nil, err
		}
		n.Children = append(n.Children, c)
	}
}

// parseAIMA reads nested lists:
//
//	node = number | "[" node { "," node } [","] "]" .
func parseAIMA(src string) (*tree.Node, error) {
	s := newScanner(AIMA, src)
	if err := s.space(); err != nil {
		return nil, err
	}
	if s.eof() {
		return nil, s.errf("empty input: write a tree such as [[3, 12, 8], [2, 4, 6]]")
	}
	n, err := s.aimaNode(0)
	if err != nil {
		return nil, err
	}
	return n, s.end()
}

func (s *scanner) aimaNode(depth int) (*tree.Node, error) {
	if err := s.space(); err != nil {
		return nil, err
	}
	n, err := s.node(depth)
	if err != nil {
		return nil, err
	}
	if s.isNumberStart() {
		n.Value, err = s.number()
		return n, err
	}
	if s.peek() != '[' {
		return nil, s.errf("expected a number or '[', found %s", s.found())
	}
	open := *s
	s.advance()
	for {
		if err := s.space(); err != nil {
			return nil, err
		}
		if s.peek() == ']' {
			if len(n.Children) == 0 {
				return nil, s.errf("empty list []: an inner node needs at least one child")
			}
			s.advance()
			return n, nil
		}
		c, err := s.aimaNode(depth + 1)
		if err != nil {
			return nil, err
		}
		n.Children = append(n.Children, c)
		if err := s.space(); err != nil {
			return nil, err
		}
		switch s.peek() {
		case ',':
			s.advance()
		case ']':
		case 0:
			return nil, s.errf("expected ']' to close '[' opened at line %d, column %d, found end of input", open.line, open.col)
		default:
			return nil, s.errf("expected ',' or ']' after a list element, found %s", s.found())
		}
	}
}

// parseSML reads an ExplicitGame value:
//
//	top  = [ "val" name "=" ] tree [ ";" ] .
//	tree = "Node" ( "[" list "]" | "(" list ")" | "(" "[" list "]" ")" )
//	     | "Esti" ( number | "(" number ")" ) .
//	list = tree { "," tree } .
//
// Numbers write minus as ~ (a - is accepted too); comments are (* ... *).
func parseSML(src string) (*tree.Node, error) {
	s := newScanner(SML, src)
	if err := s.space(); err != nil {
		return nil, err
	}
	if s.eof() {
		return nil, s.errf("empty input: write a tree such as Node [Esti 3, Esti ~2]")
	}
	if strings.HasPrefix(s.src[s.pos:], "val") && !isWordChar(byteAt(s.src, s.pos+3)) {
		s.word()
		if err := s.space(); err != nil {
			return nil, err
		}
		if name := s.word(); name == "" {
			return nil, s.errf("expected a name after val, found %s", s.found())
		}
		if err := s.space(); err != nil {
			return nil, err
		}
		if s.peek() == ':' { // a type annotation: val t : tree = ...
			for !s.eof() && s.peek() != '=' {
				s.advance()
			}
		}
		if err := s.expect('=', "'=' after val and its name"); err != nil {
			return nil, err
		}
	}
	n, err := s.smlNode(0)
	if err != nil {
		return nil, err
	}
	if err := s.space(); err != nil {
		return nil, err
	}
	if s.peek() == ';' {
		s.advance()
	}
	return n, s.end()
}

func byteAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

func (s *scanner) smlNode(depth int) (*tree.Node, error) {
	if err := s.space(); err != nil {
		return nil, err
	}
	n, err := s.node(depth)
	if err != nil {
		return nil, err
	}
	wl, wc := s.line, s.col
	switch w := s.word(); w {
	case "Esti":
		return n, s.smlEsti(n)
	case "Node":
		return n, s.smlChildren(n, depth)
	case "":
		return nil, &Error{Format: SML, Line: wl, Col: wc, Msg: fmt.Sprintf("expected Node or Esti, found %s", s.found())}
	default:
		return nil, &Error{Format: SML, Line: wl, Col: wc, Msg: fmt.Sprintf("expected Node or Esti, found %q", w)}
	}
}

// smlEsti reads the leaf n's number after Esti, in parentheses or not.
func (s *scanner) smlEsti(n *tree.Node) error {
	if err := s.space(); err != nil {
		return err
	}
	paren := s.peek() == '('
	if paren {
		s.advance()
		if err := s.space(); err != nil {
			return err
		}
	}
	if !s.isNumberStart() {
		return s.errf("expected a number after Esti, found %s", s.found())
	}
	var err error
	if n.Value, err = s.number(); err != nil {
		return err
	}
	if paren {
		return s.expect(')', "')' after Esti's number")
	}
	return nil
}

// smlChildren reads the children of n (at depth) after Node: a list in
// one or two brackets, each '(' or '[', separated by commas.
func (s *scanner) smlChildren(n *tree.Node, depth int) error {
	if err := s.space(); err != nil {
		return err
	}
	var closers []byte
	for s.peek() == '(' || s.peek() == '[' {
		if s.peek() == '(' {
			closers = append(closers, ')')
		} else {
			closers = append(closers, ']')
		}
		s.advance()
		if err := s.space(); err != nil {
			return err
		}
		if len(closers) == 2 {
			break
		}
	}
	if len(closers) == 0 {
		return s.errf("expected '[' or '(' after Node, found %s", s.found())
	}
	for {
		c, err := s.smlNode(depth + 1)
		if err != nil {
			return err
		}
		n.Children = append(n.Children, c)
		if err := s.space(); err != nil {
			return err
		}
		if s.peek() != ',' {
			break
		}
		s.advance()
	}
	for i := len(closers) - 1; i >= 0; i-- {
		if err := s.expect(closers[i], fmt.Sprintf("',' or '%c' after Node's children", closers[i])); err != nil {
			return err
		}
	}
	return nil
}
