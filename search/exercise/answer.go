package exercise

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/abtrace/abtrace/trace"
)

// MaxAnswerLen is the longest answer, in characters, that ParseAnswer reads.
const MaxAnswerLen = 40

// AnswerKind says what an answer states.
type AnswerKind uint8

const (
	NoAnswer     AnswerKind = iota // blank: nothing stated
	MarkedPruned                   // "pruned": the node is never visited
	ValueAnswer                    // a value, exact or a bound
)

// Answer is a parsed answer for one node.
type Answer struct {
	Kind  AnswerKind
	Value float64     // ValueAnswer: the number
	Bound trace.Bound // ValueAnswer: Exact, Lower (≥) or Upper (≤)
}

// Text writes the answer as the viewer would: "3", "≤ 2", "≥ 5", "pruned", "".
func (a Answer) Text() string {
	switch a.Kind {
	case MarkedPruned:
		return "pruned"
	case ValueAnswer:
		return a.Bound.Text(trace.Num(a.Value))
	}
	return ""
}

// Same reports whether a states the value v with bound b.
func (a Answer) Same(v trace.Num, b trace.Bound) bool {
	return a.Kind == ValueAnswer && a.Bound == b && a.Value == float64(v)
}

// Bound prefixes ParseAnswer accepts, longest first where one begins
// another. "le" and "ge" must be followed by a space, a sign or a digit.
var boundPrefixes = []struct {
	text  string
	bound trace.Bound
	word  bool
}{
	{"<=", trace.Upper, false}, {"=<", trace.Upper, false}, {"≤", trace.Upper, false}, {"⩽", trace.Upper, false}, {"≦", trace.Upper, false},
	{">=", trace.Lower, false}, {"=>", trace.Lower, false}, {"≥", trace.Lower, false}, {"⩾", trace.Lower, false}, {"≧", trace.Lower, false},
	{"le", trace.Upper, true}, {"ge", trace.Lower, true},
}

// ParseAnswer reads a student's answer for a node.
//
// Accepted, with any whitespace around it:
//
//   - nothing, "-", "–" or "—": no answer;
//   - "pruned" (any case): the node is marked pruned;
//   - a number: an optional sign (+, - or the minus sign −), digits, and an
//     optional fraction ("3", "-1", "−1", "2.5", "3.0", ".5"): an exact
//     value;
//   - a bound: ≤ (also <=, =<, ⩽, ≦ or the word le) or ≥ (also >=, =>, ⩾, ≧
//     or ge), optional whitespace, and a number: "≤2", "≤ 2", "<= 2", "le 2",
//     "≥ 5".
//
// Equal numbers are the same answer however they are written ("3" and
// "3.0"). Strict bounds (< and >), exponents, infinities, commas and
// anything else are an error that quotes the answer and says what is
// expected: an *Error with no field (Check adds it).
func ParseAnswer(s string) (Answer, error) {
	if utf8.RuneCountInString(s) > MaxAnswerLen {
		return Answer{}, invalidSay("", "exercise.err.answer-long", "N", utf8.RuneCountInString(s), "Max", MaxAnswerLen)
	}
	t := strings.TrimFunc(s, unicode.IsSpace)
	switch strings.ToLower(t) {
	case "", "-", "–", "—":
		return Answer{Kind: NoAnswer}, nil
	case "pruned":
		return Answer{Kind: MarkedPruned}, nil
	}
	a := Answer{Kind: ValueAnswer, Bound: trace.Exact}
	rest := t
	for _, p := range boundPrefixes {
		if len(rest) < len(p.text) || !strings.EqualFold(rest[:len(p.text)], p.text) {
			continue
		}
		after := rest[len(p.text):]
		if p.word {
			r, _ := utf8.DecodeRuneInString(after)
			if !unicode.IsSpace(r) && !isSignOrDigit(r) {
				continue
			}
		}
		a.Bound = p.bound
		rest = strings.TrimLeftFunc(after, unicode.IsSpace)
		break
	}
	if a.Bound == trace.Exact && (strings.HasPrefix(rest, "<") || strings.HasPrefix(rest, ">")) {
		return Answer{}, invalidSay("", "exercise.err.strict", "Got", strconv.Quote(s))
	}
	v, ok := parseNumber(rest)
	if !ok {
		if strings.Contains(rest, ",") {
			return Answer{}, invalidSay("", "exercise.err.answer-comma", "Got", strconv.Quote(s))
		}
		return Answer{}, invalidSay("", "exercise.err.answer", "Got", strconv.Quote(s))
	}
	a.Value = v
	return a, nil
}

func isSignOrDigit(r rune) bool {
	return r == '+' || r == '-' || r == '−' || r == '.' || r >= '0' && r <= '9'
}

// parseNumber reads [sign] (digits [. [digits]] | . digits) and nothing
// else; the sign is +, - or U+2212 (−). It accepts no exponent, no
// infinity and no NaN, unlike strconv.ParseFloat.
func parseNumber(s string) (float64, bool) {
	neg := false
	switch {
	case strings.HasPrefix(s, "−"):
		neg, s = true, s[len("−"):]
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	digits, point, fraction := 0, false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9' && !point:
			digits++
		case c >= '0' && c <= '9':
			fraction++
		case c == '.' && !point:
			point = true
		default:
			return 0, false
		}
	}
	if digits == 0 && fraction == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v + 0, true // -0 is 0
}

// parseWindowValue reads an α or β: a number as ParseAnswer reads one, or
// an infinity: ∞, +∞, -∞, −∞, inf, +inf, -inf, infinity (any case).
func parseWindowValue(s string) (trace.Num, bool, error) {
	if utf8.RuneCountInString(s) > MaxAnswerLen {
		return 0, false, invalidSay("", "exercise.err.value-long", "N", utf8.RuneCountInString(s), "Max", MaxAnswerLen)
	}
	t := strings.ToLower(strings.TrimFunc(s, unicode.IsSpace))
	switch t {
	case "", "-", "–", "—":
		return 0, false, nil
	case "∞", "+∞", "inf", "+inf", "infinity", "+infinity":
		return trace.Inf(1), true, nil
	case "-∞", "−∞", "-inf", "−inf", "-infinity", "−infinity":
		return trace.Inf(-1), true, nil
	}
	v, ok := parseNumber(t)
	if !ok {
		return 0, false, invalidSay("", "exercise.err.window-value", "Got", strconv.Quote(s))
	}
	return trace.Num(v), true, nil
}
