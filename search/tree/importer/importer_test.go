package importer

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

func TestImportNestedFormats(t *testing.T) {
	textbook := tree.MustParse(tree.TwoPlyGameTree)
	plain := tree.MustParse(tree.TwoPlyGameTreePlain)
	tests := []struct {
		name string
		f    Format
		text string
		want string // canonical abtrace text
	}{
		{"cmu textbook", CMU, "(((3) (12) (8)) ((2) (4) (6)) ((14) (5) (2)))", plain.String()},
		{"cmu commas and comments", CMU, "# lecture 7\n(((3),(12),(8)),\n ((2) (4) (6)),((14)(5)(2)))", plain.String()},
		{"cmu single leaf", CMU, " (-7) ", "-7"},
		{"cmu decimals and unbalanced depth", CMU, "((1.5) ((-2) (+3)))", "(1.5 (-2 3))"},
		{"sml brackets", SML, "Node [Node [Esti 3, Esti 12, Esti 8], Node [Esti 2, Esti 4, Esti 6], Node [Esti 14, Esti 5, Esti 2]]", plain.String()},
		{"sml parentheses and tilde", SML, "Node(Node(Esti(~3), Esti(12)), Esti(~0.5))", "((-3 12) -0.5)"},
		{"sml val binding, comments, list in parentheses", SML, "(* from lab 9 *)\nval t : tree =\n  Node ([Esti ~1, (* nested (* comment *) *) Esti 2]);", "(-1 2)"},
		{"aima textbook", AIMA, "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", plain.String()},
		{"aima trailing comma and floats", AIMA, "[[3, -1.25,], 7]", "((3 -1.25) 7)"},
		{"aima leaf", AIMA, "42", "42"},
		{"abtrace", Abtrace, tree.TwoPlyGameTree, textbook.String()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			imp, err := Import(tc.f, tc.text, tree.Options{})
			if err != nil {
				t.Fatalf("Import: %v", err)
			}
			if got := imp.Tree.String(); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestImportRootOption(t *testing.T) {
	imp, err := Import(AIMA, "[[1, 2], [3]]", tree.Options{Root: trace.Min})
	if err != nil {
		t.Fatal(err)
	}
	if got := imp.Tree.Root.Kind; got != trace.Min {
		t.Errorf("root kind: got %v, want min", got)
	}
	if got := imp.Tree.Root.Children[0].Kind; got != trace.Max {
		t.Errorf("child kind: got %v, want max", got)
	}
}

func TestImportErrors(t *testing.T) {
	tests := []struct {
		name      string
		f         Format
		text      string
		line, col int
		msg       string
	}{
		{"cmu bare number", CMU, "((3) 4)", 1, 6, "a leaf is written in its own parentheses"},
		{"cmu two numbers", CMU, "((3 4))", 1, 5, "expected ')' after the leaf's value"},
		{"cmu unclosed", CMU, "((3)\n  ((4)", 2, 7, "to close '(' opened at line 2, column 3"},
		{"cmu empty node", CMU, "(() (3))", 1, 3, "empty node"},
		{"cmu trailing text", CMU, "((3)) x", 1, 7, "expected end of input"},
		{"cmu exponent", CMU, "((1e5))", 1, 3, "plain decimals"},
		{"cmu empty", CMU, "  # nothing\n", 2, 1, "empty input"},
		{"cmu column counts characters", CMU, "# é\n(ä)", 2, 2, "found 'ä'"},
		{"sml unknown constructor", SML, "Node [Esti 3, Leaf 4]", 1, 15, `found "Leaf"`},
		{"sml missing bracket", SML, "Node [Esti 3, Esti 4", 1, 21, "expected ',' or ']'"},
		{"sml esti without number", SML, "Node [Esti x]", 1, 12, "expected a number after Esti"},
		{"sml unclosed comment", SML, "Node [Esti 1]\n (* note", 2, 2, "comment (* is never closed"},
		{"sml value too large", SML, "Node [Esti 1, Esti 2000000000]", 1, 15, "MaxMagnitude"},
		{"aima missing comma", AIMA, "[[1, 2] [3]]", 1, 9, "expected ',' or ']'"},
		{"aima empty list", AIMA, "[[], [1]]", 1, 3, "empty list"},
		{"aima word", AIMA, "[1, x]", 1, 5, "expected a number or '['"},
		{"aima unclosed", AIMA, "[1,\n[2", 2, 3, "to close '[' opened at line 2, column 1"},
		{"abtrace", Abtrace, "((3 4)", 1, 7, "expected ')'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Import(tc.f, tc.text, tree.Options{})
			if err == nil {
				t.Fatal("got no error")
			}
			line, col := 0, 0
			var e *Error
			var te *tree.Error
			switch {
			case errors.As(err, &e):
				line, col = e.Line, e.Col
			case errors.As(err, &te):
				line, col = te.Line, te.Col
			default:
				t.Fatalf("error %T is neither *Error nor *tree.Error", err)
			}
			if line != tc.line || col != tc.col {
				t.Errorf("got line %d, column %d (%v), want line %d, column %d", line, col, err, tc.line, tc.col)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("got %q, want it to contain %q", err, tc.msg)
			}
			if tc.f != Abtrace && !strings.HasPrefix(err.Error(), tc.f.String()+": line ") {
				t.Errorf("got %q, want the prefix %q", err, tc.f.String()+": line ")
			}
		})
	}
}

func TestImportLimits(t *testing.T) {
	deep := strings.Repeat("[", tree.MaxDepth+2) + "1" + strings.Repeat("]", tree.MaxDepth+2)
	wide := "[" + strings.Repeat("1, ", tree.MaxChildren) + "1]"
	tests := []struct {
		name, text string
		f          Format
	}{
		{"depth", deep, AIMA},
		{"children", wide, AIMA},
		{"text", strings.Repeat(" ", tree.MaxTextBytes+1), CMU},
		{"cs188 depth", "num_agents: \"2\"\ndepth: \"40\"\nstart_state: \"a\"\nsuccessors: \"a x a\"\nevaluation: \"a 1\"\n", CS188},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Import(tc.f, tc.text, tree.Options{})
			if !errors.Is(err, tree.ErrLimit) {
				t.Errorf("got %v, want an error wrapping tree.ErrLimit", err)
			}
		})
	}
}

func TestParseFormat(t *testing.T) {
	for _, f := range Formats {
		got, err := ParseFormat(f.String())
		if err != nil || got != f {
			t.Errorf("ParseFormat(%q): got %v, %v, want %v", f.String(), got, err, f)
		}
	}
	if got, err := ParseFormat(""); err != nil || got != Abtrace {
		t.Errorf(`ParseFormat(""): got %v, %v, want abtrace`, got, err)
	}
	if _, err := ParseFormat("json"); err == nil || !strings.Contains(err.Error(), "cs188") {
		t.Errorf(`ParseFormat("json"): got %v, want an error listing the formats`, err)
	}
}

// TestCS188Course checks our own .test files against what the course's
// autograder expects of a correct agent: the action chosen at the root and
// the set of states generated (the start state and every successor made),
// which with the course's strict pruning are exactly the nodes entered.
func TestCS188Course(t *testing.T) {
	tests := []struct {
		file      string
		action    string
		value     float64
		generated string
	}{
		{"1-lecture-tree.test", "Left", 3, "a b b1 b2 b3 c c1 d d1 d2 d3"},
		{"2-two-ghosts-ties.test", "West", 4, "root ga ha la1 la2 hb lb1 lb2 gb hc lc1 lc2 hd ld1"},
		{"3-cut-and-terminals.test", "Left", 5, "s a w c e1 f1 f2 e2 f3 b d g1 h1 h2"},
		{"4-expectimax.test", "Right", 16.0 / 3, "top m1 u1 u2 m2 u3 u4 u5"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			imp := importFile(t, tc.file)
			if imp.Prune != "gt" {
				t.Errorf("Prune: got %q, want gt", imp.Prune)
			}
			algo, err := search.ParseAlgorithm(imp.Algo)
			if err != nil {
				t.Fatal(err)
			}
			var entered []string
			res, err := search.Run(algo, tree.Game{}, imp.Tree.Root, search.Options[*tree.Node]{Prune: search.PruneGT}, func(e *trace.Event) bool {
				if e.Type == trace.Enter {
					entered = append(entered, imp.Tree.Find(e.Node).Label)
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := imp.Actions[res.Best]; got != tc.action {
				t.Errorf("action: got %q, want %q", got, tc.action)
			}
			if got := float64(res.Value); got-tc.value > 1e-9 || tc.value-got > 1e-9 {
				t.Errorf("value: got %v, want %v", got, tc.value)
			}
			want := strings.Fields(tc.generated)
			slices.Sort(entered)
			slices.Sort(want)
			if !slices.Equal(entered, want) {
				t.Errorf("generated states: got %v, want %v", entered, want)
			}
		})
	}
}

// TestCS188StrictRuleMatters shows that the course's strict rule is what
// makes the generated set agree: with the default ≥ rule the ties of the
// two-ghost file prune states the course generates.
func TestCS188StrictRuleMatters(t *testing.T) {
	imp := importFile(t, "2-two-ghosts-ties.test")
	count := func(rule search.PruneRule) int {
		res, err := search.Run(search.AlgoAlphaBeta, tree.Game{}, imp.Tree.Root, search.Options[*tree.Node]{Prune: rule}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res.Stats.Nodes
	}
	if gt, ge := count(search.PruneGT), count(search.PruneGE); gt != 14 || ge >= gt {
		t.Errorf("nodes entered: got %d with gt and %d with ge, want 14 and fewer", gt, ge)
	}
}

func TestCS188Kinds(t *testing.T) {
	imp := importFile(t, "2-two-ghosts-ties.test")
	for _, tc := range []struct {
		id   string
		kind trace.Kind
	}{{"", trace.Max}, {"0", trace.Min}, {"0.0", trace.Min}, {"0.0.0", trace.Max}} {
		if got := imp.Tree.Find(tc.id).Kind; got != tc.kind {
			t.Errorf("kind of %q: got %v, want %v", tc.id, got, tc.kind)
		}
	}
	if imp.Depth != 1 || imp.Agents != 3 {
		t.Errorf("depth, agents: got %d, %d, want 1, 3", imp.Depth, imp.Agents)
	}
}

func TestCS188Errors(t *testing.T) {
	base := func(over map[string]string) string {
		keys := []string{"num_agents", "depth", "start_state", "successors", "evaluation"}
		vals := map[string]string{"num_agents": `"2"`, "depth": `"1"`, "start_state": `"a"`,
			"successors": "\"\"\"\na L b\na R c\n\"\"\"", "evaluation": "\"\"\"\nb 1\nc 2\n\"\"\""}
		var sb strings.Builder
		for _, k := range keys {
			v, ok := over[k]
			if !ok {
				v = vals[k]
			}
			if v != "-" {
				sb.WriteString(k + ": " + v + "\n")
			}
		}
		return sb.String() + over["extra"]
	}
	tests := []struct {
		name      string
		text      string
		line, col int
		msg       string
	}{
		{"missing eval at cut", base(map[string]string{"evaluation": "\"\"\"\nb 1\n\"\"\""}), 6, 5, `state "c" is a leaf here (a state without successors`},
		{"bad depth", base(map[string]string{"depth": `"two"`}), 2, 9, "depth must be a whole number"},
		{"unquoted", base(map[string]string{"depth": "2"}), 2, 8, "in quotes"},
		{"short successor", base(map[string]string{"successors": "\"\"\"\na L\n\"\"\""}), 5, 1, "three words"},
		{"duplicate action", base(map[string]string{"successors": "\"\"\"\na L b\na L c\n\"\"\""}), 6, 3, `action "L" twice`},
		{"bad value", base(map[string]string{"evaluation": "\"\"\"\nb 1\nc x\n\"\"\""}), 10, 3, `evaluation of "c"`},
		{"bad state name", base(map[string]string{"successors": "\"\"\"\na L 1b\n\"\"\"", "evaluation": "\"\"\"\n1b 1\n\"\"\""}), 5, 5, `state name "1b"`},
		{"unclosed block", base(map[string]string{"evaluation": "\"\"\"\nb 1"}), 8, 13, "never closed"},
		{"not a key line", base(map[string]string{"extra": "  what is this\n"}), 12, 3, "expected a line key"},
		{"twice", base(map[string]string{"extra": "depth: \"3\"\n"}), 12, 1, "depth is given twice"},
		{"unknown alg", base(map[string]string{"extra": "alg: \"GreedyAgent\"\n"}), 12, 7, "unknown alg"},
		{"missing start", base(map[string]string{"start_state": "-"}), 0, 0, "no start_state given"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Import(CS188, tc.text, tree.Options{})
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if e.Line != tc.line || e.Col != tc.col {
				t.Errorf("got line %d, column %d (%v), want line %d, column %d", e.Line, e.Col, err, tc.line, tc.col)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("got %q, want it to contain %q", err, tc.msg)
			}
		})
	}
}

// importFile imports one of our CS188 test files.
func importFile(t *testing.T, name string) *Imported {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("testdata", "cs188", name))
	if err != nil {
		t.Fatal(err)
	}
	imp, err := Import(CS188, string(text), tree.Options{})
	if err != nil {
		t.Fatalf("Import %s: %v", name, err)
	}
	return imp
}
