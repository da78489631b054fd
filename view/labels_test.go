package view

import (
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
)

// A MAX or MIN glyph writes a state's text that fits it, and "…" with the
// text as the node's title where it does not; a label is written as it is.
func TestInText(t *testing.T) {
	for _, c := range []struct{ text, label, in, full string }{
		{"5", "", "5", ""},
		{"12", "B", "12", ""},
		{"", "A", "A", ""},
		{"(points even 0) (points odd 0) (round 0)", "", "…", "(points even 0) (points odd 0) (round 0)"},
	} {
		if in, full := inText(c.text, c.label); in != c.in || full != c.full {
			t.Errorf("inText(%q, %q) = %q, %q; want %q, %q", c.text, c.label, in, full, c.in, c.full)
		}
	}
	if got := Abbreviate("move_1_1_2_3_and_more", 18, 150); !strings.HasSuffix(got, "…") || TextEm(got)*18 > 150 {
		t.Errorf("Abbreviate: %q is %.0f wide, want at most 150 with …", got, TextEm(got)*18)
	}
	if got := Abbreviate("mark_3_1", 18, 150); got != "mark_3_1" {
		t.Errorf("Abbreviate of a name that fits: %q", got)
	}
}

// TestWideNamesMarked: the horizon example's names wider than a
// triangle's inside ("Taken", "Check") mark their node "in-wide", for the
// band the page writes them over; a letter ("A", "D") does not.
func TestWideNamesMarked(t *testing.T) {
	p, s := prepare(t, "tree="+url.QueryEscape(tree.HorizonDelayTree)+"&depth=4")
	cur := NewCursor(p, s)
	defer cur.Close()
	d := cur.Drawing()
	wide := map[string]bool{}
	for _, n := range d.Nodes {
		if n.In != "" {
			wide[n.In] = strings.Contains(" "+n.Class+" ", " in-wide ")
		}
	}
	for name, want := range map[string]bool{"A": false, "D": false, "Give": true, "Check": true, "Taken": true, "Reply": true, "Later": true} {
		if got, ok := wide[name]; !ok || got != want {
			t.Errorf("%q: in-wide %v (drawn %v), want %v", name, got, ok, want)
		}
	}
}
