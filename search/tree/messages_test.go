package tree

import (
	"errors"
	"strings"
	"testing"
)

// TestErrorPhrases: every error of tree text carries its message as a
// phrase of English, which words to exactly its Msg, with every argument
// filled in, so that a page can word it in another language.
func TestErrorPhrases(t *testing.T) {
	bad := []string{
		"", "(", "()", "(1 2))", "(1 2) 3", "(1 ;2)", "(1 2e3)", "(1 1e99)", "(1 inf)", "(A B)", "(A[min] B)",
		"[min]=3", "[](1)", "[min max](1)", "[h=1 h=2](1)", "[h 1](1)", "[foo](1)", "[min(1)", "[h=3]4",
		"<1>", "<1,,2>", "<1;2>", "(1 <1,2>)", "(<1,2> <1,2,3>)", "(1/2:3 1/2:4)", "[chance](1/0:3 1:4)",
		"[chance](3/2:3 1:4)", "[chance](0.5:3 4)", "[chance](0.3:3 0.3:4)", "[p2](1 2)", "(A[p3](<1,2>))",
		"([max](<1,2>))", "[h=3](<1,2>)", "[h=<1,2>](3)", "[h=<1,2,3>](<1,2>)", "(1\u00a02)", "(1 \xff)",
		"[chance](2:1 1)", "(1 x=)",
	}
	for _, in := range bad {
		_, err := Parse(in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v, want an *Error", in, err)
			continue
		}
		if _, ok := English[e.Phrase.ID]; !ok {
			t.Errorf("Parse(%q): phrase %q is not in English (%v)", in, e.Phrase.ID, err)
			continue
		}
		if got := english(e.Phrase); got != e.Msg {
			t.Errorf("Parse(%q): the phrase words to %q, want Msg %q", in, got, e.Msg)
		}
		if strings.Contains(e.Msg, "<no value>") || strings.Contains(e.Msg, "tree.") {
			t.Errorf("Parse(%q): message %q lacks an argument", in, e.Msg)
		}
	}
}
