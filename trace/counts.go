package trace

import "strconv"

// A count in a sentence (nodes, leaves, iterations, steps, a limit) is
// written as a lecturer writes it, with its digits grouped in threes:
// 549,946 in English, 549 946 in German and Czech (the separator
// is the language's; English's is GroupEnglish). A phrase holds its counts
// as int arguments (and Count, of a plural phrase): they are grouped when
// the phrase is worded (GroupCounts), so the narration, the panels, the
// errors and the exports write them alike. The arguments that name rather
// than count (UngroupedArgs) are written as they are.

// GroupEnglish separates the thousands of a count written in English.
const GroupEnglish = ","

// UngroupedArgs are the int arguments of a phrase that name something
// rather than count it, written as they are: a random tree's seed (typed
// as seed=12345), and a line and column of a text.
var UngroupedArgs = map[string]bool{"Seed": true, "Line": true, "Column": true, "Col": true}

// Thousands writes n with its digits grouped in threes by sep: 2,199,784.
func Thousands(n int, sep string) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + sep + s[i:]
	}
	return s
}

// The grouped counts: ints, so that a template still compares them
// ({{if eq .Count 0}}) and tests them ({{if .Count}}), that print grouped.
type (
	commaCount int // 2,199,784
	dotCount   int // 2.199.784
	spaceCount int // 2 199 784, with no-break spaces
)

func (n commaCount) String() string { return Thousands(int(n), ",") }
func (n dotCount) String() string   { return Thousands(int(n), ".") }
func (n spaceCount) String() string { return Thousands(int(n), "\u00a0") }

// groupedInt is what the wording of a message knows of a grouped count.
type groupedInt interface {
	String() string
	int() int
}

func (n commaCount) int() int { return int(n) }
func (n dotCount) int() int   { return int(n) }
func (n spaceCount) int() int { return int(n) }

// grouping is the count of n whose digits sep groups; false for a sep no
// language uses.
func grouping(n int, sep string) (any, bool) {
	switch sep {
	case ",":
		return commaCount(n), true
	case ".":
		return dotCount(n), true
	case "\u00a0", " ":
		return spaceCount(n), true
	}
	return nil, false
}

// GroupCounts is the template data data with its counts of four digits or
// more (int arguments, UngroupedArgs aside) written grouped by sep, the
// language's thousands separator; data itself when it holds none.
func GroupCounts(data map[string]any, sep string) map[string]any {
	var out map[string]any
	for k, v := range data {
		n, ok := v.(int)
		if !ok || n > -1000 && n < 1000 || UngroupedArgs[k] {
			continue
		}
		g, ok := grouping(n, sep)
		if !ok {
			continue
		}
		if out == nil {
			out = make(map[string]any, len(data))
			for k, v := range data {
				out[k] = v
			}
		}
		out[k] = g
	}
	if out == nil {
		return data
	}
	return out
}
