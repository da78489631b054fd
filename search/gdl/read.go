// Package gdl reads games written in the Game Description Language (GDL,
// in KIF syntax, as in the Stanford course and the public game
// repositories), checks the static rules of its specification, reasons
// about its states and plays them through the search.Game interface, so
// that every search of abtrace runs on any game written in GDL.
//
// The pieces, in the order a game goes through them:
//
//   - Parse reads the text into a Description: its sentences as Rules, each
//     with its source span, every term with its line and column.
//   - Check applies the specification's static rules (safety,
//     stratification, arities, where init, true, does and role may appear,
//     and the recursion restriction); Load is Parse and Check in one.
//   - New grounds the description bottom-up and compiles it into a
//     propositional network over bitsets: the fast reasoner, a Game.
//   - NewProver is the simple reasoner, a top-down prover over the rules as
//     written: the tests check the fast one against it, and Explain uses
//     it to show why a move is legal, a fact holds next or a goal is
//     reached.
package gdl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// Limits the reader enforces (see also the reasoner's in ground.go).
const (
	// MaxSourceBytes bounds the text of one game.
	MaxSourceBytes = 1 << 20
	// MaxRules bounds the sentences of one game (after `or` is expanded).
	MaxRules = 20000
	// MaxDepth bounds the nesting of parentheses.
	MaxDepth = 64
)

// Pos is a place in the game's text: 1-based line and column (in bytes).
type Pos struct{ Line, Col int }

func (p Pos) String() string { return fmt.Sprintf("line %d, column %d", p.Line, p.Col) }

// Span is the stretch of text a sentence occupies, from the opening
// parenthesis (or the symbol of a bare fact) to its closing parenthesis.
type Span struct{ Start, End Pos }

// Term is a GDL term: a constant, a variable (Name starts with '?') or a
// compound term (Name is its function constant, Args its arguments). Names
// are in lower case: GDL symbols are case-insensitive.
type Term struct {
	Name string
	Args []Term
	Pos  Pos
}

// IsVar reports whether t is a variable.
func (t Term) IsVar() bool { return strings.HasPrefix(t.Name, "?") }

// Ground reports whether t has no variable.
func (t Term) Ground() bool {
	if t.IsVar() {
		return false
	}
	for _, a := range t.Args {
		if !a.Ground() {
			return false
		}
	}
	return true
}

// String writes t as KIF in lower case with single spaces: "(mark 2 2)".
func (t Term) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t Term) write(b *strings.Builder) {
	if len(t.Args) == 0 {
		b.WriteString(t.Name)
		return
	}
	b.WriteByte('(')
	b.WriteString(t.Name)
	for _, a := range t.Args {
		b.WriteByte(' ')
		a.write(b)
	}
	b.WriteByte(')')
}

// Key is the relation's name and arity, such as "cell/3".
func (t Term) Key() string { return fmt.Sprintf("%s/%d", t.Name, len(t.Args)) }

// Literal is one condition of a rule's body: an atom, its negation, or
// (distinct a b) (Atom.Name "distinct", two arguments).
type Literal struct {
	Neg  bool
	Atom Term
}

// IsDistinct reports whether l is a (distinct a b) condition.
func (l Literal) IsDistinct() bool { return l.Atom.Name == "distinct" }

func (l Literal) String() string {
	if l.Neg {
		return "(not " + l.Atom.String() + ")"
	}
	return l.Atom.String()
}

// Rule is one sentence of the game: a fact (no Body) or a rule
// (<= Head Body…). A sentence whose body holds `or` is expanded into one
// Rule per alternative; they share Sentence and Span.
type Rule struct {
	Head Term
	Body []Literal
	// Sentence is the index of the sentence in the text (0-based) and Span
	// its place there, for a rules panel to highlight.
	Sentence int
	Span     Span
}

func (r Rule) String() string {
	if len(r.Body) == 0 {
		return r.Head.String()
	}
	var b strings.Builder
	b.WriteString("(<= ")
	r.Head.write(&b)
	for _, l := range r.Body {
		b.WriteByte(' ')
		b.WriteString(l.String())
	}
	b.WriteByte(')')
	return b.String()
}

// Description is a game as read: its rules in the order of the text.
type Description struct {
	Rules []Rule
	// Sentences are the spans of the text's sentences, by Rule.Sentence.
	Sentences []Span
	// Source is the text it was read from.
	Source string
}

// Roles returns the roles in the order the text declares them.
func (d *Description) Roles() []string {
	var out []string
	for _, r := range d.Rules {
		if r.Head.Name == "role" && len(r.Head.Args) == 1 && len(r.Body) == 0 {
			out = append(out, r.Head.Args[0].String())
		}
	}
	return out
}

// Relations returns the relations the rules define or use, as "name/arity",
// in order of first appearance.
func (d *Description) Relations() []string {
	seen := map[string]bool{}
	var out []string
	add := func(t Term) {
		if k := t.Key(); !seen[k] && t.Name != "distinct" {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, r := range d.Rules {
		add(r.Head)
		for _, l := range r.Body {
			add(l.Atom)
		}
	}
	return out
}

// Error is a problem with a game's text, at a line and column. Rule names
// the rule of the specification that is broken ("safety", "stratification",
// …) or is "syntax" for the reader's own errors.
type Error struct {
	Pos  Pos
	Rule string
	Msg  string // in English
	// Say is Msg as a page words it in its language: a message of English
	// (gdl.msg.…) with its arguments.
	Say trace.Phrase
}

func (e *Error) Error() string { return fmt.Sprintf("gdl: %s: %s", e.Pos, e.Msg) }

// ErrorList is every error found in a text, in order of position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// errAt is the error at p against rule, worded by message id (English)
// with the arguments given as name, value pairs.
func errAt(p Pos, rule, id string, kv ...any) *Error {
	say := trace.Phrase{ID: id, Args: map[string]any{}}
	for i := 0; i+1 < len(kv); i += 2 {
		say.Args[kv[i].(string)] = kv[i+1]
	}
	return &Error{Pos: p, Rule: rule, Msg: say.WordIn(English), Say: say}
}

// token kinds
const (
	tokOpen = iota
	tokClose
	tokSym
	tokEOF
)

type token struct {
	kind int
	text string
	pos  Pos
}

type lexer struct {
	src       string
	i         int
	line, col int
}

func (lx *lexer) next() (token, *Error) {
	lx.skip()
	if lx.i >= len(lx.src) {
		return token{tokEOF, "", Pos{lx.line, lx.col}}, nil
	}
	c := lx.src[lx.i]
	p := Pos{lx.line, lx.col}
	switch {
	case c < ' ' || c >= 0x7f || c == '"' || c == '|' || c == '\\':
		return token{}, errAt(p, "syntax", "gdl.msg.char-text", "Char", strconv.Quote(lx.src[lx.i:lx.i+1]))
	case c == '(':
		lx.i++
		lx.col++
		return token{tokOpen, "(", p}, nil
	case c == ')':
		lx.i++
		lx.col++
		return token{tokClose, ")", p}, nil
	}
	return lx.symbol(p)
}

// skip passes white space and comments (from ; to the end of the line).
func (lx *lexer) skip() {
	for lx.i < len(lx.src) {
		switch c := lx.src[lx.i]; {
		case c == '\n':
			lx.i++
			lx.line++
			lx.col = 1
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.i++
			lx.col++
		case c == ';':
			for lx.i < len(lx.src) && lx.src[lx.i] != '\n' {
				lx.i++
			}
		default:
			return
		}
	}
}

// symbol reads a symbol starting at p, in lower case.
func (lx *lexer) symbol(p Pos) (token, *Error) {
	start := lx.i
	for lx.i < len(lx.src) {
		c := lx.src[lx.i]
		if c <= ' ' || c == '(' || c == ')' || c == ';' {
			break
		}
		if c >= 0x7f || c == '"' || c == '|' || c == '\\' {
			return token{}, errAt(Pos{lx.line, lx.col + lx.i - start}, "syntax", "gdl.msg.char-symbol", "Char", strconv.Quote(lx.src[lx.i:lx.i+1]))
		}
		lx.i++
	}
	lx.col += lx.i - start
	return token{tokSym, strings.ToLower(lx.src[start:lx.i]), p}, nil
}

// sexpr is the text read into nested lists before it is given meaning.
type sexpr struct {
	atom string // "" for a list
	list []sexpr
	pos  Pos
	end  Pos // the closing parenthesis of a list
}

func (x sexpr) isList() bool { return x.atom == "" }

// Parse reads a game's text. It returns the description or an ErrorList
// (syntax errors: the reader stops at the first unbalanced parenthesis but
// reports every malformed sentence otherwise). It does not apply the
// specification's static rules: see Check and Load.
func Parse(src string) (*Description, error) {
	if len(src) > MaxSourceBytes {
		return nil, ErrorList{errAt(Pos{1, 1}, "limit", "gdl.msg.size", "Got", len(src), "Max", MaxSourceBytes)}
	}
	lx := &lexer{src: src, line: 1, col: 1}
	var exprs []sexpr
	for {
		t, err := lx.next()
		if err != nil {
			return nil, ErrorList{err}
		}
		if t.kind == tokEOF {
			break
		}
		x, err := readSexpr(lx, t, 0)
		if err != nil {
			return nil, ErrorList{err}
		}
		exprs = append(exprs, x)
	}
	d := &Description{Source: src}
	var errs ErrorList
	for i, x := range exprs {
		span := Span{x.pos, x.end}
		if !x.isList() {
			span.End = Pos{x.pos.Line, x.pos.Col + len(x.atom) - 1}
		}
		d.Sentences = append(d.Sentences, span)
		rules, err := sentence(x)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, r := range rules {
			r.Sentence, r.Span = i, span
			d.Rules = append(d.Rules, r)
		}
		if len(d.Rules) > MaxRules {
			return nil, append(errs, errAt(x.pos, "limit", "gdl.msg.rules", "Max", MaxRules))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return d, nil
}

func readSexpr(lx *lexer, t token, depth int) (sexpr, *Error) {
	switch t.kind {
	case tokSym:
		return sexpr{atom: t.text, pos: t.pos}, nil
	case tokClose:
		return sexpr{}, errAt(t.pos, "syntax", "gdl.msg.close")
	}
	if depth >= MaxDepth {
		return sexpr{}, errAt(t.pos, "limit", "gdl.msg.depth", "Max", MaxDepth)
	}
	x := sexpr{pos: t.pos}
	for {
		u, err := lx.next()
		if err != nil {
			return sexpr{}, err
		}
		switch u.kind {
		case tokEOF:
			return sexpr{}, errAt(t.pos, "syntax", "gdl.msg.open")
		case tokClose:
			x.end = u.pos
			if len(x.list) == 0 {
				return sexpr{}, errAt(t.pos, "syntax", "gdl.msg.empty")
			}
			return x, nil
		}
		y, err := readSexpr(lx, u, depth+1)
		if err != nil {
			return sexpr{}, err
		}
		x.list = append(x.list, y)
	}
}

// keywords that cannot name a relation or a function.
var keywords = map[string]bool{"<=": true, "not": true, "or": true, "and": true, "distinct": true}

// sentence gives a top-level expression its meaning: a fact or a rule,
// with `or` in the body expanded.
func sentence(x sexpr) ([]Rule, *Error) {
	if x.isList() && x.list[0].atom == "<=" {
		if len(x.list) < 2 {
			return nil, errAt(x.pos, "syntax", "gdl.msg.no-head")
		}
		head, err := atom(x.list[1])
		if err != nil {
			return nil, err
		}
		if head.Name == "distinct" {
			return nil, errAt(head.Pos, "syntax", "gdl.msg.distinct-head")
		}
		bodies := [][]Literal{nil}
		for _, y := range x.list[2:] {
			alts, err := literal(y, false)
			if err != nil {
				return nil, err
			}
			var next [][]Literal
			for _, b := range bodies {
				for _, a := range alts {
					next = append(next, append(append([]Literal(nil), b...), a...))
				}
			}
			if len(next) > MaxRules {
				return nil, errAt(y.pos, "limit", "gdl.msg.or-rules", "Max", MaxRules)
			}
			bodies = next
		}
		rules := make([]Rule, len(bodies))
		for i, b := range bodies {
			rules[i] = Rule{Head: head, Body: b}
		}
		return rules, nil
	}
	head, err := atom(x)
	if err != nil {
		return nil, err
	}
	if head.Name == "distinct" {
		return nil, errAt(head.Pos, "syntax", "gdl.msg.distinct-fact")
	}
	return []Rule{{Head: head}}, nil
}

// literal reads a body condition into its alternatives (more than one
// when it is or contains `or`), each a conjunction of literals.
func literal(x sexpr, neg bool) ([][]Literal, *Error) {
	if x.isList() {
		switch x.list[0].atom {
		case "not":
			if len(x.list) != 2 {
				return nil, errAt(x.pos, "syntax", "gdl.msg.not-args", "Got", len(x.list)-1)
			}
			if neg {
				// (not (not p)) is p.
				return literal(x.list[1], false)
			}
			return literal(x.list[1], true)
		case "or", "and":
			// De Morgan: (not (or a b)) is (and (not a) (not b)).
			conj := (x.list[0].atom == "and") != neg
			if len(x.list) < 2 {
				return nil, errAt(x.pos, "syntax", "gdl.msg.no-args", "Name", x.list[0].atom)
			}
			if conj {
				out := [][]Literal{nil}
				for _, y := range x.list[1:] {
					alts, err := literal(y, neg)
					if err != nil {
						return nil, err
					}
					var next [][]Literal
					for _, b := range out {
						for _, a := range alts {
							next = append(next, append(append([]Literal(nil), b...), a...))
						}
					}
					if len(next) > MaxRules {
						return nil, errAt(y.pos, "limit", "gdl.msg.alternatives", "Max", MaxRules)
					}
					out = next
				}
				return out, nil
			}
			var out [][]Literal
			for _, y := range x.list[1:] {
				alts, err := literal(y, neg)
				if err != nil {
					return nil, err
				}
				out = append(out, alts...)
			}
			return out, nil
		case "distinct":
			if neg {
				return nil, errAt(x.pos, "unsupported", "gdl.msg.not-distinct")
			}
			if len(x.list) != 3 {
				return nil, errAt(x.pos, "syntax", "gdl.msg.distinct-args", "Got", len(x.list)-1)
			}
			a, err := term(x.list[1], 1)
			if err != nil {
				return nil, err
			}
			b, err := term(x.list[2], 1)
			if err != nil {
				return nil, err
			}
			return [][]Literal{{{Atom: Term{Name: "distinct", Args: []Term{a, b}, Pos: x.list[0].pos}}}}, nil
		}
	}
	a, err := atom(x)
	if err != nil {
		return nil, err
	}
	return [][]Literal{{{Neg: neg, Atom: a}}}, nil
}

// atom reads a sentence: a relation constant or (relation term…).
func atom(x sexpr) (Term, *Error) {
	if !x.isList() {
		if strings.HasPrefix(x.atom, "?") {
			return Term{}, errAt(x.pos, "syntax", "gdl.msg.var-sentence", "Name", x.atom)
		}
		if keywords[x.atom] {
			return Term{}, errAt(x.pos, "syntax", "gdl.msg.atom-sentence", "Name", x.atom)
		}
		return Term{Name: x.atom, Pos: x.pos}, nil
	}
	h := x.list[0]
	if !h.isList() && (h.atom == "not" || h.atom == "or" || h.atom == "and") {
		return Term{}, errAt(h.pos, "syntax", "gdl.msg.keyword-sentence", "Name", h.atom)
	}
	return term(x, 0)
}

// term reads a term; depth 0 is a sentence (its head names a relation).
func term(x sexpr, depth int) (Term, *Error) {
	if !x.isList() {
		if keywords[x.atom] {
			return Term{}, errAt(x.pos, "syntax", "gdl.msg.keyword-term", "Name", x.atom)
		}
		if x.atom == "?" {
			return Term{}, errAt(x.pos, "syntax", "gdl.msg.var-name")
		}
		return Term{Name: x.atom, Pos: x.pos}, nil
	}
	h := x.list[0]
	if h.isList() {
		return Term{}, errAt(h.pos, "syntax", "gdl.msg.list-name")
	}
	if strings.HasPrefix(h.atom, "?") {
		return Term{}, errAt(h.pos, "syntax", "gdl.msg.var-name-pos", "Name", h.atom)
	}
	if keywords[h.atom] {
		return Term{}, errAt(h.pos, "syntax", "gdl.msg.keyword-term", "Name", h.atom)
	}
	t := Term{Name: h.atom, Pos: h.pos}
	for _, y := range x.list[1:] {
		a, err := term(y, depth+1)
		if err != nil {
			return Term{}, err
		}
		t.Args = append(t.Args, a)
	}
	return t, nil
}
