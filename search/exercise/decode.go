package exercise

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
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
			return Submission{}, invalid("body", "more after the JSON object; send one object")
		}
		return Submission{}, jsonError(err)
	}
	sub := Submission{Tree: w.Tree, Root: w.Root, Prune: w.Prune, Fail: w.Fail, Pruned: w.Pruned, WindowAt: w.Window}
	if w.Answers != nil {
		sub.Answers = make(map[string]string, len(w.Answers))
	}
	for id, raw := range w.Answers {
		s, err := rawText(raw)
		if err != nil {
			return Submission{}, invalid(fmt.Sprintf("answers[%q]", id), "%s; write the answer as a string such as \"≤ 2\"", err.Error())
		}
		sub.Answers[id] = s
	}
	if w.Windows != nil {
		sub.Windows = make(map[string]Window, len(w.Windows))
	}
	for id, raw := range w.Windows {
		field := fmt.Sprintf("windows[%q]", id)
		ww, err := decodeWindow(raw)
		if err != nil {
			return Submission{}, invalid(field, "%s", err.Error())
		}
		a, err := rawText(ww.Alpha)
		if err != nil {
			return Submission{}, invalid(field+".alpha", "%s; write α as a string such as \"3\" or \"−∞\"", err.Error())
		}
		b, err := rawText(ww.Beta)
		if err != nil {
			return Submission{}, invalid(field+".beta", "%s; write β as a string such as \"3\" or \"+∞\"", err.Error())
		}
		sub.Windows[id] = Window{Alpha: a, Beta: b}
	}
	return sub, nil
}

// decodeWindow reads {"alpha": …, "beta": …} and nothing else; null is an
// empty window.
func decodeWindow(raw json.RawMessage) (wireWindow, error) {
	var w wireWindow
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			return w, fmt.Errorf("want an object such as {\"alpha\": \"3\", \"beta\": \"+∞\"}, not a %s", typ.Value)
		}
		return w, fmt.Errorf("%s (want alpha and beta only)", strings.TrimPrefix(err.Error(), "json: "))
	}
	return w, nil
}

// rawText turns a JSON string or number into its text; null and absence
// are "".
func rawText(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		return s, nil
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return string(raw), nil
	case 't', 'f':
		return "", errors.New("a true or false is not an answer")
	case '[':
		return "", errors.New("a list is not an answer")
	}
	return "", errors.New("an object is not an answer")
}

// jsonError turns a decoding error into an *Error naming the field, or
// wraps a reading error as it is.
func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return invalid("body", "empty: send a JSON object with the tree and the answers")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return invalid("body", "the JSON ends before the object is complete")
	case errors.As(err, &syntax):
		return invalid("body", "not valid JSON at byte %d: %s", syntax.Offset, strings.TrimPrefix(syntax.Error(), "json: "))
	case errors.As(err, &typ):
		return typeError(typ)
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if n, uerr := strconv.Unquote(name); uerr == nil {
			name = n
		}
		if name == "alpha" || name == "beta" {
			return invalid(name, "unknown field: α and β go in windows, such as \"windows\": {\"1\": {\"alpha\": \"3\", \"beta\": \"+∞\"}}")
		}
		return invalid(fieldName(name), "unknown field (known: %s; α and β go in windows as alpha and beta)", strings.Join(submissionFields, ", "))
	}
	return fmt.Errorf("exercise: reading the submission: %w", err)
}

// typeError names the field of a value of the wrong type.
func typeError(e *json.UnmarshalTypeError) error {
	field, _, _ := strings.Cut(e.Field, ".")
	switch field {
	case "":
		return invalid("body", "a JSON %s is not a submission; send a JSON object", e.Value)
	case "answers":
		return invalid(field, "want an object from node id to answer, such as {\"1\": \"≤ 2\"}, not a %s", e.Value)
	case "pruned":
		return invalid(field, "want a list of node ids (strings), such as [\"1.1\", \"1.2\"], not a %s", e.Value)
	case "windows":
		return invalid(field, "want an object from node id to {\"alpha\": …, \"beta\": …}, not a %s", e.Value)
	}
	return invalid(field, "want a string, not a %s", e.Value)
}
