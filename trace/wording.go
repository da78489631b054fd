package trace

import (
	"strconv"
	"strings"
	"text/template"
)

// A message's template is executed for every phrase worded, so every
// step's narration and panels run several of them. text/template works by
// reflection; almost every message uses only a few of its actions, over
// arguments that are strings, names and counts. Such a message is also
// compiled to a plainMessage, which words it without reflection and gives
// the same text; any other action, or an argument of another type, takes
// text/template (TestPlainMessageMatchesTemplate compares the two over
// every message and many arguments).

// noValue is what text/template (with missingkey=zero) prints for an
// argument the phrase does not have.
const noValue = "<no value>"

// wording is one form of a message: its parsed template, and the plain
// form of it when the message has one.
type wording struct {
	t     *template.Template
	plain plainMessage // nil: text/template words every phrase
}

// word words data with the message, as t.Execute would.
func (w *wording) word(data map[string]any) (string, bool) {
	if w.plain != nil {
		var b strings.Builder
		if w.plain.write(&b, data) {
			return b.String(), true
		}
	}
	return execute(w.t, data)
}

// plainMessage is a message compiled from the actions it may hold: text,
// {{.X}}, {{cap .X}}, {{if .X}} or {{if eq .X 0}} with {{else}} and
// {{end}}, written exactly so.
type plainMessage []plainPart

type plainPart struct {
	text string // printed as it is, when key is ""
	key  string
	op   plainOp
	then plainMessage
	els  plainMessage
}

type plainOp uint8

const (
	opText plainOp = iota
	opPrint
	opCap
	opIf
	opIfZero // {{if eq .X 0}}
)

// compilePlain compiles text, or returns nil when it uses anything else.
func compilePlain(text string) plainMessage {
	m, rest, end := compileUntil(text)
	if rest != "" || end != "" {
		return nil
	}
	if m == nil {
		m = plainMessage{}
	}
	return m
}

// compileUntil compiles text up to an {{else}} or {{end}} of the level
// (end says which, rest is the text after it), or to the end of text.
// A text that cannot be compiled gives a nil message and a non-empty rest.
func compileUntil(text string) (m plainMessage, rest, end string) {
	fail := func() (plainMessage, string, string) { return nil, "\x00", "" }
	for text != "" {
		i := strings.Index(text, "{{")
		if i < 0 {
			m = append(m, plainPart{text: text})
			break
		}
		if i > 0 {
			m = append(m, plainPart{text: text[:i]})
		}
		j := strings.Index(text[i:], "}}")
		if j < 0 {
			return fail()
		}
		action, after := text[i+2:i+j], text[i+j+2:]
		switch {
		case action == "else" || action == "end":
			if m == nil {
				m = plainMessage{}
			}
			return m, after, action
		case plainKey(action) != "":
			m = append(m, plainPart{key: plainKey(action), op: opPrint})
		case strings.HasPrefix(action, "cap ") && plainKey(action[4:]) != "":
			m = append(m, plainPart{key: plainKey(action[4:]), op: opCap})
		case strings.HasPrefix(action, "if "):
			p := plainPart{op: opIf}
			cond := action[3:]
			if c, ok := strings.CutPrefix(cond, "eq "); ok {
				c, ok = strings.CutSuffix(c, " 0")
				if !ok {
					return fail()
				}
				p.op, cond = opIfZero, c
			}
			if p.key = plainKey(cond); p.key == "" {
				return fail()
			}
			var e string
			p.then, after, e = compileUntil(after)
			if p.then == nil {
				return fail()
			}
			if e == "else" {
				p.els, after, e = compileUntil(after)
				if p.els == nil {
					return fail()
				}
			}
			if e != "end" {
				return fail()
			}
			m = append(m, p)
		default:
			return fail()
		}
		text = after
	}
	return m, "", ""
}

// plainKey is X of the action ".X", a field name, or "".
func plainKey(action string) string {
	k, ok := strings.CutPrefix(action, ".")
	if !ok || k == "" {
		return ""
	}
	for i, r := range k {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return ""
		}
	}
	return k
}

// write words data into b; false when an argument is of a type the plain
// form does not word as text/template does (b is then to be dropped).
func (m plainMessage) write(b *strings.Builder, data map[string]any) bool {
	for _, p := range m {
		if p.op == opText {
			b.WriteString(p.text)
			continue
		}
		v, ok := data[p.key]
		if v == nil {
			ok = false
		}
		switch p.op {
		case opPrint, opCap:
			switch x := v.(type) {
			case Name:
				b.WriteString(string(x))
			case string:
				if p.op == opCap {
					x = Capitalize(x)
				}
				b.WriteString(x)
			case int:
				b.WriteString(strconv.Itoa(x))
			case groupedInt:
				b.WriteString(x.String())
			default:
				if ok {
					return false
				}
				if p.op == opPrint {
					b.WriteString(noValue)
				} // cap of nothing is ""
			}
		case opIf, opIfZero:
			var truth bool
			switch x := v.(type) {
			case Name:
				truth = x != ""
			case string:
				truth = x != ""
			case int:
				truth = x != 0
			case groupedInt:
				truth = x.int() != 0
			case bool:
				truth = x
			default:
				if ok {
					return false
				}
			}
			if p.op == opIfZero {
				x, isInt := v.(int)
				if g, ok := v.(groupedInt); ok {
					x, isInt = g.int(), true
				}
				if !isInt {
					return false // text/template: incompatible types, or no value
				}
				truth = x == 0
			}
			next := p.els
			if truth {
				next = p.then
			}
			if !next.write(b, data) {
				return false
			}
		}
	}
	return true
}
