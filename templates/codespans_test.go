package templates

import (
	"reflect"
	"testing"
)

// TestCodeSpans: the game's terms between backquotes become code, the
// rest words; a backquote without its pair stays.
func TestCodeSpans(t *testing.T) {
	for in, want := range map[string][]CodeSpan{
		"`(cell ?m ?n ?c)` is a board": {{"(cell ?m ?n ?c)", true}, {" is a board", false}},
		"the board `cell`, with x":     {{"the board ", false}, {"cell", true}, {", with x", false}},
		"a `b` c `d`":                  {{"a ", false}, {"b", true}, {" c ", false}, {"d", true}},
		"one ` alone":                  {{"one ` alone", false}},
		"":                             nil,
	} {
		if got := CodeSpans(in); !reflect.DeepEqual(got, want) {
			t.Errorf("CodeSpans(%q) = %v, want %v", in, got, want)
		}
	}
}
