package exercise

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// submissionFields are the JSON fields of a submission.
var submissionFields = []string{"tree", "root", "prune", "fail", "answers", "pruned", "windows", "window"}

// wireSubmission is the JSON shape of a Submission. Answers and window
// values stay raw, so that strings and numbers are both accepted and an
// error can name the node.
type wireSubmission struct {
	Tree    string                     `json:"tree"`
	Root    string                     `json:"root"`
	Prune   string                     `json:"prune"`
	Fail    string                     `json:"fail"`
	Answers map[string]json.RawMessage `json:"answers"`
	Pruned  []string                   `json:"pruned"`
	Windows map[string]json.RawMessage `json:"windows"`
	Window  string                     `json:"window"`
}

type wireWindow struct {
	Alpha json.RawMessage `json:"alpha"`
	Beta  json.RawMessage `json:"beta"`
}

// DecodeSubmission reads one JSON object from r:
//
//	{"tree": "((3 12 8) (2 4 6) (14 5 2))", "root": "max", "prune": "ge", "fail": "soft",
//	 "answers": {"": "3", "0": "3", "1": "≤ 2", "2": "2"},
//	 "pruned": ["1.1", "1.2"],
//	 "windows": {"1": {"alpha": "3", "beta": "+∞"}}, "window": "final"}
//
// Only tree is required. An answer, α or β may be a JSON string or number
// (null is no answer). Unknown fields, values of the wrong type, malformed
// JSON and anything after the object are an *Error naming the field
// ("body" when the JSON itself is broken), wrapping ErrInvalid. An error
// reading r (such as a body over the server's limit) is returned wrapped
// with %w, not as an *Error.
func DecodeSubmission(r io.Reader) (Submission, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var w wireSubmission
	if err := dec.Decode(&w); err != nil {
		return Submission{}, jsonError(err)
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); err != io.EOF {
		if err == nil {
			return Submission{}, invalidSay("body", "exercise.err.json-more")
		}
		return Submission{}, jsonError(err)
	}
	sub := Submission{Tree: w.Tree, Root: w.Root, Prune: w.Prune, Fail: w.Fail, Pruned: w.Pruned, WindowAt: w.Window}
	if w.Answers != nil {
		sub.Answers = make(map[string]string, len(w.Answers))
	}
	for id, raw := range w.Answers {
		s, why := rawText(raw)
		if why.ID != "" {
			return Submission{}, invalidSay(fmt.Sprintf("answers[%q]", id), "exercise.err.json-answer", "Why", why)
		}
		sub.Answers[id] = s
	}
	if w.Windows != nil {
		sub.Windows = make(map[string]Window, len(w.Windows))
	}
	for id, raw := range w.Windows {
		field := fmt.Sprintf("windows[%q]", id)
		ww, why := decodeWindow(raw)
		if why.ID != "" {
			return Submission{}, invalidSay(field, why.ID, argPairs(why)...)
		}
		a, why := rawText(ww.Alpha)
		if why.ID != "" {
			return Submission{}, invalidSay(field+".alpha", "exercise.err.json-alpha", "Why", why)
		}
		b, why := rawText(ww.Beta)
		if why.ID != "" {
			return Submission{}, invalidSay(field+".beta", "exercise.err.json-beta", "Why", why)
		}
		sub.Windows[id] = Window{Alpha: a, Beta: b}
	}
	return sub, nil
}

// decodeWindow reads {"alpha": …, "beta": …} and nothing else; null is an
// empty window. What is wrong is a phrase (its ID empty when nothing is).
func decodeWindow(raw json.RawMessage) (wireWindow, trace.Phrase) {
	var w wireWindow
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			return w, say("exercise.err.json-window-type", "Got", jsonType(typ.Value))
		}
		return w, say("exercise.err.json-window-fields")
	}
	return w, trace.Phrase{}
}

// rawText turns a JSON string or number into its text; null and absence
// are "". What is wrong is a phrase (its ID empty when nothing is).
func rawText(raw json.RawMessage) (string, trace.Phrase) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", trace.Phrase{}
	}
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", say("exercise.err.json-syntax", "Offset", "0")
		}
		return s, trace.Phrase{}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return string(raw), trace.Phrase{}
	case 't', 'f':
		return "", say("exercise.err.json-not-bool")
	case '[':
		return "", say("exercise.err.json-not-list")
	}
	return "", say("exercise.err.json-not-object")
}

// jsonType names a JSON value's type ("number", "array", …, as
// encoding/json writes it) as a phrase.
func jsonType(value string) trace.Phrase {
	// A number is "number" or "number 4", as encoding/json reports it.
	value, _, _ = strings.Cut(value, " ")
	switch value {
	case "string", "number", "bool", "array", "object":
		return say("exercise.json." + value)
	}
	return say("exercise.json.object")
}

// argPairs are a phrase's arguments as name, value pairs.
func argPairs(p trace.Phrase) []any {
	var kv []any
	for k, v := range p.Args {
		kv = append(kv, k, v)
	}
	return kv
}

// jsonError turns a decoding error into an *Error naming the field, or
// wraps a reading error as it is.
func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return invalidSay("body", "exercise.err.json-empty")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return invalidSay("body", "exercise.err.json-eof")
	case errors.As(err, &syntax):
		return invalidSay("body", "exercise.err.json-syntax", "Offset", strconv.FormatInt(syntax.Offset, 10))
	case errors.As(err, &typ):
		return typeError(typ)
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if n, uerr := strconv.Unquote(name); uerr == nil {
			name = n
		}
		if name == "alpha" || name == "beta" {
			return invalidSay(name, "exercise.err.json-unknown-ab")
		}
		return invalidSay(fieldName(name), "exercise.err.json-unknown", "Known", strings.Join(submissionFields, ", "))
	}
	return fmt.Errorf("exercise: reading the submission: %w", err)
}

// typeError names the field of a value of the wrong type.
func typeError(e *json.UnmarshalTypeError) error {
	field, _, _ := strings.Cut(e.Field, ".")
	switch field {
	case "":
		return invalidSay("body", "exercise.err.json-body-type", "Got", jsonType(e.Value))
	case "answers":
		return invalidSay(field, "exercise.err.json-answers-type", "Got", jsonType(e.Value))
	case "pruned":
		return invalidSay(field, "exercise.err.json-pruned-type", "Got", jsonType(e.Value))
	case "windows":
		return invalidSay(field, "exercise.err.json-windows-type", "Got", jsonType(e.Value))
	}
	if e.Type == nil {
		return invalidSay(field, "exercise.err.json-string-type", "Got", jsonType(e.Value))
	}
	switch e.Type.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return invalidSay(field, "exercise.err.json-number-type", "Got", jsonType(e.Value))
	}
	return invalidSay(field, "exercise.err.json-string-type", "Got", jsonType(e.Value))
}
