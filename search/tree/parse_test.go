package tree

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// dump lists every node in preorder as
// id:kind[*]["label"][=value][ h=estimate][ p=prob], joined by "; ", where
// * marks an explicit kind and the root's id is written "root".
func dump(t *Tree) string {
	var parts []string
	for n := range t.All() {
		var b strings.Builder
		id := n.ID
		if id == "" {
			id = "root"
		}
		b.WriteString(id + ":" + n.Kind.String())
		if n.KindSet {
			b.WriteByte('*')
		}
		if n.Label != "" {
			b.WriteString(strconv.Quote(n.Label))
		}
		if n.IsLeaf() {
			b.WriteByte('=')
			if n.Vec != nil {
				b.Write(appendVec(nil, n.Vec))
			} else {
				b.Write(appendNum(nil, n.Value))
			}
		}
		if n.HasEstimate {
			b.WriteString(" h=")
			if n.EstimateVec != nil {
				b.Write(appendVec(nil, n.EstimateVec))
			} else {
				b.Write(appendNum(nil, n.Estimate))
			}
		}
		if n.Prob != 0 {
			b.WriteString(" p=" + strconv.FormatFloat(n.Prob, 'g', 6, 64))
			if n.ProbSet {
				b.WriteByte('!')
			}
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, "; ")
}

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts Options
		want string // dump
		// shape
		size, leaves, height, players int
	}{
		{
			name: "textbook",
			in:   TwoPlyGameTreePlain,
			want: "root:max; 0:min; 0.0:max=3; 0.1:max=12; 0.2:max=8; 1:min; 1.0:max=2; 1.1:max=4; 1.2:max=6; 2:min; 2.0:max=14; 2.1:max=5; 2.2:max=2",
			size: 13, leaves: 9, height: 2,
		},
		{
			name: "no spaces between siblings",
			in:   "((3)(4))",
			want: "root:max; 0:min; 0.0:max=3; 1:min; 1.0:max=4",
			size: 5, leaves: 2, height: 2,
		},
		{
			name: "decimals",
			in:   "(2.5 .5 5. 0.125 +3)",
			want: "root:max; 0:min=2.5; 1:min=0.5; 2:min=5; 3:min=0.125; 4:min=3",
			size: 6, leaves: 5, height: 1,
		},
		{
			name: "negatives and minus zero",
			in:   "(-3 -0.5 -0 -.25 1000000000 -1000000000)",
			want: "root:max; 0:min=-3; 1:min=-0.5; 2:min=0; 3:min=-0.25; 4:min=1000000000; 5:min=-1000000000",
			size: 7, leaves: 6, height: 1,
		},
		{
			name: "uneven depth",
			in:   "(3 (1 (4 1) 5) 9)",
			want: "root:max; 0:min=3; 1:min; 1.0:max=1; 1.1:max; 1.1.0:min=4; 1.1.1:min=1; 1.2:max=5; 2:min=9",
			size: 9, leaves: 6, height: 3,
		},
		{
			name: "single leaf",
			in:   "7",
			want: "root:max=7",
			size: 1, leaves: 1, height: 0,
		},
		{
			name: "single leaf with whitespace and comment",
			in:   "  # just a number\n -7.5 \n",
			want: "root:max=-7.5",
			size: 1, leaves: 1, height: 0,
		},
		{
			name: "single child",
			in:   "((5))",
			want: "root:max; 0:min; 0.0:max=5",
			size: 3, leaves: 1, height: 2,
		},
		{
			name: "labels",
			in:   "A(B(3 12 8) C (2 4 6) D(E=14 F = 5 x_1'=2))",
			want: `root:max"A"; 0:min"B"; 0.0:max=3; 0.1:max=12; 0.2:max=8; 1:min"C"; 1.0:max=2; 1.1:max=4; 1.2:max=6; 2:min"D"; 2.0:max"E"=14; 2.1:max"F"=5; 2.2:max"x_1'"=2`,
			size: 13, leaves: 9, height: 2,
		},
		{
			name: "min follows min",
			in:   "([min](3 4) B[min h=4](3 12 8))",
			want: "root:max; 0:min*; 0.0:max=3; 0.1:max=4; 1:min*\"B\" h=4; 1.0:max=3; 1.1:max=12; 1.2:max=8",
			size: 8, leaves: 5, height: 2,
		},
		{
			name: "pacman: two ghosts",
			in:   "((([min](3 4) [min](5 6))))",
			want: "root:max; 0:min; 0.0:max; 0.0.0:min*; 0.0.0.0:max=3; 0.0.0.1:max=4; 0.0.1:min*; 0.0.1.0:max=5; 0.0.1.1:max=6",
			size: 9, leaves: 4, height: 4,
		},
		{
			name: "explicit kind changes the children's",
			in:   "([max](1 2) 3)",
			want: "root:max; 0:max*; 0.0:min=1; 0.1:min=2; 1:min=3",
			size: 5, leaves: 3, height: 2,
		},
		{
			name: "tags on leaves, upper case",
			in:   "([MIN]3 E[Max]=4 [min] 5)",
			want: `root:max; 0:min*=3; 1:max*"E"=4; 2:min*=5`,
			size: 4, leaves: 3, height: 1,
		},
		{
			name: "estimates",
			in:   "[h=2.5]([h=-1](3 4) [h = 7 min](5))",
			want: "root:max h=2.5; 0:min h=-1; 0.0:max=3; 0.1:max=4; 1:min* h=7; 1.0:max=5",
			size: 6, leaves: 3, height: 2,
		},
		{
			name: "root option min",
			in:   "((3 12 8) (2 4 6))",
			opts: Options{Root: trace.Min},
			want: "root:min; 0:max; 0.0:min=3; 0.1:min=12; 0.2:min=8; 1:max; 1.0:min=2; 1.1:min=4; 1.2:min=6",
			size: 9, leaves: 6, height: 2,
		},
		{
			name: "tag beats root option",
			in:   "[max](3 4)",
			opts: Options{Root: trace.Min},
			want: "root:max*; 0:min=3; 1:min=4",
			size: 3, leaves: 2, height: 1,
		},
		{
			name: "chance without probabilities",
			in:   "([chance](3 5) [chance](1 2 (4 7)))",
			want: "root:max; 0:chance*; 0.0:min=3 p=0.5; 0.1:min=5 p=0.5; 1:chance*; 1.0:min=1 p=0.333333; 1.1:min=2 p=0.333333; 1.2:min p=0.333333; 1.2.0:max=4; 1.2.1:max=7",
			size: 10, leaves: 6, height: 3,
		},
		{
			name: "chance with probabilities and fractions",
			in:   "[chance](0.5:3 0.25:(1 2) 1/4:7)",
			want: "root:chance*; 0:max=3 p=0.5!; 1:max p=0.25!; 1.0:min=1; 1.1:min=2; 2:max=7 p=0.25!",
			size: 6, leaves: 4, height: 2,
		},
		{
			name: "probabilities with spaces and labels",
			in:   "[chance](1/3 : A=3 1/3: B(1 2) 1/3 :[min]7)",
			want: `root:chance*; 0:max"A"=3 p=0.333333!; 1:max"B" p=0.333333!; 1.0:min=1; 1.1:min=2; 2:min*=7 p=0.333333!`,
			size: 6, leaves: 4, height: 2,
		},
		{
			name: "max chance min chance max",
			in:   "([chance](([chance](1 2))))",
			want: "root:max; 0:chance*; 0.0:min p=1; 0.0.0:chance*; 0.0.0.0:max=1 p=0.5; 0.0.0.1:max=2 p=0.5",
			size: 6, leaves: 2, height: 4,
		},
		{
			name: "chance under min",
			in:   "[min]([chance](1 2))",
			want: "root:min*; 0:chance*; 0.0:max=1 p=0.5; 0.1:max=2 p=0.5",
			size: 4, leaves: 2, height: 2,
		},
		{
			name: "chance root option",
			in:   "(0.5:3 0.5:(1 2))",
			opts: Options{Root: trace.Chance},
			want: "root:chance; 0:max=3 p=0.5!; 1:max p=0.5!; 1.0:min=1; 1.1:min=2",
			size: 5, leaves: 3, height: 2,
		},
		{
			name: "chance root under min option",
			in:   "[chance](3 (1 2))",
			opts: Options{Root: trace.Min},
			want: "root:chance*; 0:min=3 p=0.5; 1:min p=0.5; 1.0:max=1; 1.1:max=2",
			size: 5, leaves: 3, height: 2,
		},
		{
			name: "vectors",
			in:   "((<3,1,2> <1 2 3>) (<2, 2, 2> <0 0 9>))",
			want: "root:p1; 0:p2; 0.0:p3=<3,1,2>; 0.1:p3=<1,2,3>; 1:p2; 1.0:p3=<2,2,2>; 1.1:p3=<0,0,9>",
			size: 7, leaves: 4, height: 2, players: 3,
		},
		{
			name: "vectors wrap around players",
			in:   "(((<1,2> <3,4>)))",
			want: "root:p1; 0:p2; 0.0:p1; 0.0.0:p2=<1,2>; 0.0.1:p2=<3,4>",
			size: 5, leaves: 2, height: 3, players: 2,
		},
		{
			name: "vectors with kinds, estimates, chance and root option",
			in:   "[h=<1,1,1>]([p3 h=<0,1,2>](E=<1,2,3>) [chance](<1,1,1> <2,2,2>))",
			opts: Options{Root: trace.Player(2)},
			want: `root:p2 h=<1,1,1>; 0:p3* h=<0,1,2>; 0.0:p1"E"=<1,2,3>; 1:chance*; 1.0:p3=<1,1,1> p=0.5; 1.1:p3=<2,2,2> p=0.5`,
			size: 6, leaves: 3, height: 2, players: 3,
		},
		{
			name: "vector tree with max option means p1",
			in:   "(<1,2> <2,1>)",
			opts: Options{Root: trace.Min},
			want: "root:p1; 0:p2=<1,2>; 1:p2=<2,1>",
			size: 3, leaves: 2, height: 1, players: 2,
		},
		{
			name: "comments and multiple lines",
			in:   "# Figure 5.2\nA(            # MAX\n  B(3 12 8)   # MIN\n  C(2 4 6)\n\tD(14 5 2)\r\n)# end",
			want: `root:max"A"; 0:min"B"; 0.0:max=3; 0.1:max=12; 0.2:max=8; 1:min"C"; 1.0:max=2; 1.1:max=4; 1.2:max=6; 2:min"D"; 2.0:max=14; 2.1:max=5; 2.2:max=2`,
			size: 13, leaves: 9, height: 2,
		},
		{
			name: "byte order mark",
			in:   "\ufeff(1 2)",
			want: "root:max; 0:min=1; 1:min=2",
			size: 3, leaves: 2, height: 1,
		},
		{
			name: "label named like a keyword",
			in:   "max(p1(1) min=2)",
			want: `root:max"max"; 0:min"p1"; 0.0:max=1; 1:min"min"=2`,
			size: 4, leaves: 2, height: 2,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := tc.opts.Parse(tc.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.in, err)
			}
			if got := dump(tr); got != tc.want {
				t.Errorf("Parse(%q)\n got  %s\n want %s", tc.in, got, tc.want)
			}
			if tr.Size != tc.size || tr.Leaves != tc.leaves || tr.Height != tc.height || tr.Players != tc.players {
				t.Errorf("size, leaves, height, players: got %d, %d, %d, %d, want %d, %d, %d, %d",
					tr.Size, tr.Leaves, tr.Height, tr.Players, tc.size, tc.leaves, tc.height, tc.players)
			}
			if tr.RootOption != tc.opts.Root {
				t.Errorf("RootOption: got %v, want %v", tr.RootOption, tc.opts.Root)
			}
			checkRoundTrip(t, tr)
		})
	}
}

func TestParsePositions(t *testing.T) {
	tr := MustParse("A(\n  B(3 12 8)\n  C[min](2 E=4 6)\n)")
	tests := []struct {
		id        string
		line, col int
	}{
		{"", 1, 1}, {"0", 2, 3}, {"0.0", 2, 5}, {"0.1", 2, 7}, {"0.2", 2, 10},
		{"1", 3, 3}, {"1.0", 3, 10}, {"1.1", 3, 12}, {"1.2", 3, 16},
	}
	for _, tc := range tests {
		n := tr.Find(tc.id)
		if n == nil {
			t.Fatalf("Find(%q) = nil", tc.id)
		}
		if n.Line != tc.line || n.Col != tc.col {
			t.Errorf("node %q at line %d, column %d, want line %d, column %d", tc.id, n.Line, n.Col, tc.line, tc.col)
		}
	}
}

func TestNodeIDs(t *testing.T) {
	tr := MustParse(TwoPlyGameTree)
	var got []string
	for n := range tr.All() {
		got = append(got, n.ID)
		if f := tr.Find(n.ID); f != n {
			t.Errorf("Find(%q) = %p, want %p", n.ID, f, n)
		}
		if n.Depth != trace.DepthOf(n.ID) {
			t.Errorf("node %q: depth %d, want %d", n.ID, n.Depth, trace.DepthOf(n.ID))
		}
	}
	want := []string{"", "0", "0.0", "0.1", "0.2", "1", "1.0", "1.1", "1.2", "2", "2.0", "2.1", "2.2"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("ids in preorder: got %q, want %q", got, want)
	}
	if n := tr.Find("2.0"); n.Value != 14 {
		t.Errorf(`Find("2.0").Value = %v, want 14`, n.Value)
	}
	for _, bad := range []string{"3", "0.3", "0.0.0", "01", "+1", "-1", "a", "0.", ".0", "0..1", " 0"} {
		if n := tr.Find(bad); n != nil {
			t.Errorf("Find(%q) = node %q, want nil", bad, n.ID)
		}
	}
	// Stopping All early.
	count := 0
	for range tr.All() {
		count++
		if count == 3 {
			break
		}
	}
	if count != 3 {
		t.Errorf("All stopped after %d nodes, want 3", count)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		opts      Options
		line, col int
		msg       string // substring of Error()
		limit     bool
	}{
		{"empty", "", Options{}, 1, 1, "expected a tree (a number or '('), found end of input", false},
		{"only comments", "# nothing\n  # here\n", Options{}, 3, 1, "expected a tree (a number or '('), found end of input", false},
		{"unclosed", "((3 4)", Options{}, 1, 7, "expected ')' to close '(' opened at line 1, column 1, found end of input", false},
		{"unclosed on a later line", "(\n (3 4)\n (5\n", Options{}, 4, 1, "expected ')' to close '(' opened at line 3, column 2, found end of input", false},
		{"extra close", "(3 4))", Options{}, 1, 6, "expected end of input, found ')' with no '(' to close", false},
		{"close first", ")", Options{}, 1, 1, "expected a tree (a number or '('), found ')'", false},
		{"empty children", "(3 ())", Options{}, 1, 5, "expected a child, found ')': a node needs at least one child", false},
		{"empty root", "()", Options{}, 1, 2, "a node needs at least one child", false},
		{"junk", "(3 $)", Options{}, 1, 4, "expected a child or ')' to close '(' opened at line 1, column 1, found '$'", false},
		{"junk at top", "@", Options{}, 1, 1, "expected a tree (a number or '('), found '@'", false},
		{"two roots", "3 4", Options{}, 1, 3, `expected end of input after the tree, found "4": a tree has one root`, false},
		{"two tree roots", "(1 2) (3 4)", Options{}, 1, 7, `expected end of input after the tree, found '('`, false},
		{"exponent", "(1e5)", Options{}, 1, 2, `found "1e5" (exponents are not allowed)`, false},
		{"two points", "(3.4.5)", Options{}, 1, 2, `expected a number such as 3, -2.5 or .5, found "3.4.5"`, false},
		{"letters after number", "(3abc)", Options{}, 1, 2, `found "3abc"`, false},
		{"lone sign", "(- 3)", Options{}, 1, 2, `found "-"`, false},
		{"lone point", "(1 . 2)", Options{}, 1, 4, `found "."`, false},
		{"double sign", "(--3)", Options{}, 1, 2, `found "-"`, false},
		{"inf", "(inf 3)", Options{}, 1, 2, `expected a number, found "inf": values must be finite`, false},
		{"nan", "(1 NaN)", Options{}, 1, 4, `found "NaN"`, false},
		{"too large", "(1 1000000000.5)", Options{}, 1, 4, "number 1000000000.5 is out of range: values are at most MaxMagnitude = 1e9", true},
		{"too small", "(-2000000000)", Options{}, 1, 2, "MaxMagnitude", true},
		{"huge", "(" + strings.Repeat("9", 400) + ")", Options{}, 1, 2, "MaxMagnitude", true},
		{"label too long", "(" + strings.Repeat("a", 33) + "(1))", Options{}, 1, 2, "is 33 characters long, more than MaxLabelLen = 32", true},
		{"label without body", "(A B(1))", Options{}, 1, 4, `expected '(', '[' or '=' after label "A", found "B"`, false},
		{"label at end", "A", Options{}, 1, 2, `expected '(', '[' or '=' after label "A", found end of input`, false},
		{"label and tag without body", "(A[min] 3)", Options{}, 1, 9, `expected '(' or '=' after label "A" and its tags, found "3"`, false},
		{"equals without label", "(=3)", Options{}, 1, 2, "expected a child or ')'", false},
		{"equals after tags", "([min]=3)", Options{}, 1, 7, "only a label takes '='", false},
		{"equals without value", "(E=)", Options{}, 1, 4, "expected a value (a number or a <vector>) after '=', found ')'", false},
		{"unknown tag", "[foo](1 2)", Options{}, 1, 2, `expected a tag (max, min, chance, p1..p16 or h=<estimate>), found "foo"`, false},
		{"joint tag", "[joint](1 2)", Options{}, 1, 2, `expected a tag (max, min, chance, p1..p16 or h=<estimate>), found "joint"`, false},
		{"p0 tag", "[p0](1 2)", Options{}, 1, 2, `found "p0"`, false},
		{"p17 tag", "(<1,2> [p17]<2,1>)", Options{}, 1, 9, `found "p17"`, false},
		{"empty tags", "[](1 2)", Options{}, 1, 2, "expected a tag (max, min, chance, p1..p16 or h=<estimate>), found ']'", false},
		{"unclosed tags", "[min", Options{}, 1, 5, "expected ']' to close '[' opened at line 1, column 1, found end of input", false},
		{"two kinds", "[min max](1)", Options{}, 1, 6, "expected one kind, found max after min", false},
		{"two estimates", "[h=1 h=2](1)", Options{}, 1, 6, "expected one estimate, found a second h=", false},
		{"tags run together", "[min,h=3](1)", Options{}, 1, 5, `expected a space or ']' after tag "min", found ','`, false},
		{"h without equals", "[h 3](1)", Options{}, 1, 4, "expected '=' after tag h, found \"3\"", false},
		{"h without value", "[h=](1)", Options{}, 1, 4, "expected a value (a number or a <vector>) after h=, found ']'", false},
		{"h on a leaf", "(1 [min h=3]2)", Options{}, 1, 9, "expected an inner node after h=, found a leaf: a leaf's value is its estimate", false},
		{"h on a labelled leaf", "(E[h=3]=2)", Options{}, 1, 4, "a leaf's value is its estimate", false},
		{"tags then junk", "([min]!)", Options{}, 1, 7, "expected a value (a number or a <vector>) or '(' after the tags, found '!'", false},
		{"probability under max", "(0.5:3 0.5:4)", Options{}, 1, 2, `expected a child, found the probability "0.5": only the children of a chance node take probabilities, and the root node is not one`, false},
		{"fraction under min", "((1/2:3 1/2:4))", Options{}, 1, 3, `and node "0" is not one`, false},
		{"probabilities sum below 1", "([chance](0.5:3 0.4:4))", Options{}, 1, 2, `probabilities of chance node "0" sum to 0.9, not 1`, false},
		{"probabilities sum above 1", "C[chance](0.5:3 0.6:4)", Options{}, 1, 1, `probabilities of chance node "C" sum to 1.1, not 1`, false},
		{"probabilities at root", "[chance](1/3:3 1/3:4)", Options{}, 1, 1, `probabilities of the root chance node sum to 0.6666666667, not 1`, false},
		{"some probabilities", "[chance](0.5:3 4)", Options{}, 1, 16, `the root chance node gives a probability for child "0" but not for child "1": give one for every child or for none`, false},
		{"some probabilities later", "[chance](3 1:4)", Options{}, 1, 14, `gives a probability for child "1" but not for child "0"`, false},
		{"zero probability", "[chance](0:3 1:4)", Options{}, 1, 10, "probability 0 is not in (0, 1]", false},
		{"negative probability", "[chance](-0.5:3 1:4)", Options{}, 1, 10, "probability -0.5 is not in (0, 1]", false},
		{"probability above 1", "[chance](1.5:3 1:4)", Options{}, 1, 10, "probability 1.5 is not in (0, 1]", false},
		{"fraction above 1", "[chance](3/2:3 1:4)", Options{}, 1, 10, "probability 3/2 is more than 1", false},
		{"fraction zero denominator", "[chance](1/0:3)", Options{}, 1, 10, `expected a fraction a/b of whole numbers from 1 to 1000000000, found "1/0"`, false},
		{"fraction decimal", "[chance](0.5/1:3)", Options{}, 1, 10, `found "0.5/1"`, false},
		{"fraction without colon", "[chance](1/2 3)", Options{}, 1, 14, `expected ':' after the probability, found "3"`, false},
		{"bad probability", "[chance](1x:3)", Options{}, 1, 10, `expected a number such as 3, -2.5 or .5, found "1x"`, false},
		{"probability then junk", "[chance](1:)", Options{}, 1, 12, "expected a value (a number or a <vector>) or '(' for a child, found ')'", false},
		{"mixed scalar then vector", "(3 <1,2>)", Options{}, 1, 4, "expected a number like the first leaf (line 1, column 2), found a vector of 2 values", false},
		{"mixed vector then scalar", "(<1,2>\n 3)", Options{}, 2, 2, "expected a vector of 2 values like the first leaf (line 1, column 2), found a number", false},
		{"vector lengths", "(<1,2> <1,2,3>)", Options{}, 1, 8, "vector has 3 values, but the first leaf (line 1, column 2) has 2", false},
		{"vector of one", "(<1> <2>)", Options{}, 1, 2, "vector has 1 value(s); a vector needs one value per player, at least 2", false},
		{"empty vector", "<>", Options{}, 1, 1, "vector has 0 value(s)", false},
		{"vector junk", "(<1;2>)", Options{}, 1, 4, "expected a number or '>' to close '<' opened at line 1, column 2, found ';'", false},
		{"vector double comma", "<1,,2>", Options{}, 1, 4, "expected a number after ',' in the vector opened at line 1, column 1, found ','", false},
		{"vector unclosed", "(<1,2", Options{}, 1, 6, "expected a number or '>' to close '<' opened at line 1, column 2, found end of input", false},
		{"vector too long", "<" + strings.Repeat("1 ", 17) + ">", Options{}, 1, 34, "has more than MaxPlayers = 16 values", true},
		{"player kind in scalar tree", "[p2](1 2)", Options{}, 1, 1, "the root node is tagged p2, but player kinds need an n-player tree", false},
		{"player beyond players", "(A[p3](<1,2>))", Options{}, 1, 2, `node "A" is tagged p3, but the tree has 2 players`, false},
		{"max in vector tree", "([max](<1,2>))", Options{}, 1, 2, `node "0" is tagged max, but this is a 2-player tree: use p1..p2`, false},
		{"scalar estimate in vector tree", "[h=3](<1,2>)", Options{}, 1, 1, "estimate of the root node is a number, but this is a 2-player tree", false},
		{"vector estimate in scalar tree", "[h=<1,2>](3)", Options{}, 1, 1, "estimate of the root node is a vector, but the leaves are numbers", false},
		{"estimate vector length", "[h=<1,2,3>](<1,2>)", Options{}, 1, 1, "estimate of the root node has 3 values, but the tree has 2 players", false},
		{"player root option in scalar tree", "(1 2)", Options{Root: trace.Player(2)}, 1, 1, "root kind p2 needs an n-player tree", false},
		{"player root option beyond players", "(<1,2> <2,1>)", Options{Root: trace.Player(3)}, 1, 1, "root kind p3, but the tree has 2 players", false},
		{"invalid UTF-8", "(1 \xff)", Options{}, 1, 4, "found invalid UTF-8 byte 0xff", false},
		{"non-breaking space", "(1\u00a02)", Options{}, 1, 3, "found a non-breaking space (U+00A0)", false},
		{"columns count runes", "((3) # é\n(é))", Options{}, 2, 2, "found 'é'", false},
		{"column after a comment with runes", "((3) # éé", Options{}, 1, 10, "expected ')' to close '(' opened at line 1, column 1, found end of input", false},
		{"unicode before error", "(1 ü)", Options{}, 1, 4, "found 'ü'", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := tc.opts.Parse(tc.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %s, want error", tc.in, tr)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q) error %T %v, want *Error", tc.in, err, err)
			}
			if e.Line != tc.line || e.Col != tc.col {
				t.Errorf("Parse(%q): got line %d, column %d, want line %d, column %d (%v)", tc.in, e.Line, e.Col, tc.line, tc.col, err)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Parse(%q): got %q, want it to contain %q", tc.in, err, tc.msg)
			}
			if want := fmt.Sprintf("tree: line %d, column %d: ", tc.line, tc.col); !strings.HasPrefix(err.Error(), want) {
				t.Errorf("Parse(%q): got %q, want prefix %q", tc.in, err, want)
			}
			if got := errors.Is(err, ErrLimit); got != tc.limit {
				t.Errorf("errors.Is(%v, ErrLimit) = %v, want %v", err, got, tc.limit)
			}
		})
	}
}

// sized returns a tree text with exactly n nodes, height at most 3 and at
// most 64 children per node.
func sized(n int) string {
	var b strings.Builder
	var gen func(n int)
	gen = func(n int) {
		if n == 1 {
			b.WriteString("1")
			return
		}
		k := min(MaxChildren, n-1)
		b.WriteByte('(')
		for i := range k {
			if i > 0 {
				b.WriteByte(' ')
			}
			share := (n - 1) / k
			if i < (n-1)%k {
				share++
			}
			gen(share)
		}
		b.WriteByte(')')
	}
	gen(n)
	return b.String()
}

func nested(depth int) string {
	return strings.Repeat("(", depth) + "1" + strings.Repeat(")", depth)
}

func children(k int) string {
	return "(" + strings.TrimSpace(strings.Repeat("1 ", k)) + ")"
}

func TestLimits(t *testing.T) {
	ok := []struct {
		name string
		in   string
	}{
		{"MaxNodes nodes", sized(MaxNodes)},
		{"MaxDepth levels", nested(MaxDepth)},
		{"MaxChildren children", children(MaxChildren)},
		{"MaxLabelLen label", strings.Repeat("a", MaxLabelLen) + "=1"},
		{"MaxMagnitude value", "(1000000000 -1000000000.000)"},
		{"MaxTextBytes text", "1" + strings.Repeat(" ", MaxTextBytes-1)},
		{"MaxPlayers vector", "<" + strings.Repeat("1 ", trace.MaxPlayers) + ">"},
	}
	for _, tc := range ok {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Parse(tc.in); err != nil {
				t.Errorf("Parse: got %v, want success", err)
			}
		})
	}
	if tr := MustParse(sized(MaxNodes)); tr.Size != MaxNodes {
		t.Errorf("sized(MaxNodes) has %d nodes, want %d", tr.Size, MaxNodes)
	}
	if tr := MustParse(nested(MaxDepth)); tr.Height != MaxDepth {
		t.Errorf("nested(MaxDepth) has height %d, want %d", tr.Height, MaxDepth)
	}

	bad := []struct {
		name, in, limit string
		line, col       int
	}{
		{"MaxNodes", sized(MaxNodes + 1), "more than MaxNodes = 100000 nodes", 1, 0},
		{"MaxDepth", nested(MaxDepth + 1), "node at depth 65 is deeper than MaxDepth = 64", 1, MaxDepth + 2},
		{"MaxChildren", children(MaxChildren + 1), "more than MaxChildren = 64 children", 1, 2*MaxChildren + 2},
		{"MaxLabelLen", strings.Repeat("a", MaxLabelLen+1) + "=1", "more than MaxLabelLen = 32", 1, 1},
		{"MaxMagnitude", "(1 2 1000000001)", "MaxMagnitude = 1e9", 1, 6},
		{"MaxTextBytes", "1" + strings.Repeat(" ", MaxTextBytes), "input is 1048577 bytes, more than MaxTextBytes = 1048576", 0, 0},
		{"MaxPlayers", "<" + strings.Repeat("1 ", trace.MaxPlayers+1) + ">", "more than MaxPlayers = 16 values", 1, 2*trace.MaxPlayers + 2},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.in)
			if err == nil {
				t.Fatalf("Parse: got success, want an error naming %s", tc.name)
			}
			if !strings.Contains(err.Error(), tc.limit) {
				t.Errorf("got %q, want it to contain %q", err, tc.limit)
			}
			if !errors.Is(err, ErrLimit) {
				t.Errorf("errors.Is(%v, ErrLimit) = false, want true", err)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %T, want *Error", err)
			}
			if e.Line != tc.line || (tc.col > 0 && e.Col != tc.col) {
				t.Errorf("got line %d, column %d, want line %d, column %d", e.Line, e.Col, tc.line, tc.col)
			}
		})
	}
}

// TestDeepInput checks that pathological nesting is refused quickly and
// without deep recursion.
func TestDeepInput(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("(", MaxTextBytes),
		strings.Repeat("[", MaxTextBytes),
		strings.Repeat(")", MaxTextBytes),
		strings.Repeat("<", MaxTextBytes),
		strings.Repeat("(1 ", MaxTextBytes/3),
		strings.Repeat("[chance](", MaxTextBytes/9),
		strings.Repeat("#", MaxTextBytes),
		strings.Repeat("1", MaxTextBytes),
		strings.Repeat("a", MaxTextBytes),
	} {
		// A parser that went quadratic here would show in BenchmarkParse and
		// in the test's own time limit; the test asserts the error.
		_, err := Parse(in)
		if err == nil {
			t.Errorf("Parse(%.10q…) succeeded, want error", in)
		}
	}
	_, err := Parse(strings.Repeat("(", MaxTextBytes))
	if want := "tree: line 1, column 66: node at depth 65 is deeper than MaxDepth = 64"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

func TestUnmarshalText(t *testing.T) {
	var tr Tree
	if err := tr.UnmarshalText([]byte(TwoPlyGameTree)); err != nil {
		t.Fatal(err)
	}
	b, err := tr.MarshalText()
	if err != nil || string(b) != TwoPlyGameTree {
		t.Errorf("MarshalText: got %q, %v, want %q", b, err, TwoPlyGameTree)
	}
	if err := tr.UnmarshalText([]byte("(")); err == nil {
		t.Error("UnmarshalText(\"(\"): got nil error")
	}
}

func BenchmarkParse(b *testing.B) {
	for _, n := range []int{13, 1000, MaxNodes} {
		src := sized(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := Parse(src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkString(b *testing.B) {
	tr := MustParse(sized(MaxNodes))
	for b.Loop() {
		_ = tr.String()
	}
}
