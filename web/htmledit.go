package web

import (
	"strings"
	"unicode/utf16"
)

// shownPanels is what the page shows of the panels the server renders
// as HTML, so that a step sends each only when it changed, or what
// changed in it.
type shownPanels struct {
	// real is the print (htmlPrint) of the panels of the searches on real
	// games, "" for none (going back clears them).
	real string
	// eval is the key (view.EvalKey) of the evaluation panel: a step sends
	// the panel only when its key changes.
	eval string
	// mcts is the Monte-Carlo panel's body as the page has it: a step
	// sends what changed in it (htmlEditOf).
	mcts string
	// set is the markup of the information set's mark in the overview
	// (the card game): a step sends it only when it changed.
	set string
}

// An HTML edit turns the HTML a panel of the page holds into the panel's
// HTML at the step, the way the page applies it: a list of a number of
// UTF-16 code units (JavaScript's string length) of the old text to keep
// (≥ 0) or to drop (< 0), and strings to insert, in order. What is left of
// the old text after the last entry is dropped. A Monte-Carlo step
// changes a few numbers of its panel, a row chosen and a caption (about
// 450 bytes of JSON where the whole body took 1,800 in decoupled UCT).
type htmlEdit []any

// Bounds of htmlEditOf.
const (
	// maxEditCells bounds the table of the comparison (tokens of the old
	// text times tokens of the new): beyond it the whole text is sent.
	// A Monte-Carlo panel has about 100 tokens; a 400×400 table is 640 KB.
	maxEditCells = 400 * 400
)

// htmlTokens splits HTML into its tags and the text between them, the
// pieces an edit keeps or replaces whole.
func htmlTokens(s string) []string {
	var out []string
	for s != "" {
		end := len(s)
		if s[0] == '<' {
			if i := strings.IndexByte(s, '>'); i >= 0 {
				end = i + 1
			}
		} else if i := strings.IndexByte(s, '<'); i >= 0 {
			end = i
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

// jsLen is the length of s in UTF-16 code units, as JavaScript counts it.
func jsLen(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// htmlEditOf is the edit from old to new (see htmlEdit), or nil when
// sending new whole is as short: old is empty, the texts are too long to
// compare, or they have too little in common.
func htmlEditOf(old, new string) htmlEdit {
	a, b := htmlTokens(old), htmlTokens(new)
	if len(a) == 0 || len(a)*len(b) > maxEditCells {
		return nil
	}
	// lcs[i*(m+1)+j] is the longest common subsequence of a[i:] and b[j:].
	n, m := len(a), len(b)
	w := m + 1
	lcs := make([]int32, (n+1)*w)
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case a[i] == b[j]:
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			default:
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	var e editWriter
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			e.keep(jsLen(a[i]))
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i*w+j+1] >= lcs[(i+1)*w+j]):
			e.insert(b[j])
			j++
		default:
			e.drop(jsLen(a[i]))
			i++
		}
	}
	e.flush()
	if e.inserted+8*len(e.out) >= len(new) {
		return nil
	}
	return e.out
}

// editWriter writes an htmlEdit, joining runs of the same kind.
type editWriter struct {
	out      htmlEdit
	kept     int // units kept since the last entry
	dropped  int // units dropped since the last entry
	ins      strings.Builder
	inserted int // bytes inserted in all
}

func (e *editWriter) keep(n int) {
	if e.dropped > 0 || e.ins.Len() > 0 {
		e.flush()
	}
	e.kept += n
}

func (e *editWriter) drop(n int) {
	if e.kept > 0 {
		e.flush()
	}
	e.dropped += n
}

func (e *editWriter) insert(s string) {
	if e.kept > 0 {
		e.flush()
	}
	e.ins.WriteString(s)
	e.inserted += len(s)
}

func (e *editWriter) flush() {
	if e.kept > 0 {
		e.out = append(e.out, e.kept)
	}
	if e.dropped > 0 {
		e.out = append(e.out, -e.dropped)
	}
	if e.ins.Len() > 0 {
		e.out = append(e.out, e.ins.String())
	}
	e.kept, e.dropped = 0, 0
	e.ins.Reset()
}
