package tree_test

import (
	"fmt"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

func ExampleParse() {
	t, err := tree.Parse(`
		# The textbook's two-ply game.
		A(B(3 12 8) C(2 4 6) D(14 5 2))`)
	if err != nil {
		fmt.Println(err)
		return
	}
	n := t.Find("1.2")
	fmt.Println(t, t.Size, t.Root.Kind, t.Find("1").Kind, n.Value)
	// Output: A(B(3 12 8) C(2 4 6) D(14 5 2)) 13 max min 6
}

func ExampleParse_error() {
	_, err := tree.Parse("(3 12 8\n (2 4 6)")
	fmt.Println(err)
	// Output: tree: line 2, column 9: expected ')' to close '(' opened at line 1, column 1, found end of input
}

func ExampleParse_extensions() {
	// B is MIN anyway; its first child is MIN too because of its tag.
	t, err := tree.Parse("(B[min h=4]([min](3 12) 8) [chance](0.5:3 1/4:(1 2) 0.25:7))")
	if err != nil {
		fmt.Println(err)
		return
	}
	for n := range t.All() {
		fmt.Printf("%-7q %-6s %g\n", n.ID, n.Kind, n.Prob)
	}
	fmt.Println(t)
	// Output:
	// ""      max    0
	// "0"     min    0
	// "0.0"   min    0
	// "0.0.0" max    0
	// "0.0.1" max    0
	// "0.1"   max    0
	// "1"     chance 0
	// "1.0"   min    0.5
	// "1.1"   min    0.25
	// "1.1.0" max    0
	// "1.1.1" max    0
	// "1.2"   min    0.25
	// (B[h=4]([min](3 12) 8) [chance](0.5:3 0.25:(1 2) 0.25:7))
}

func ExampleOptions_Parse() {
	t, err := tree.Options{Root: trace.Min}.Parse("((3 12 8) (2 4 6))")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Root.Kind, t.Find("0").Kind, t.Find("0.0").Kind)
	// Output: min max min
}

func ExampleRandom() {
	t, err := tree.Random(tree.Recipe{Branching: 3, Depth: 2, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t, t.Leaves)
	// Output: ((11 5 1) (9 12 17) (12 10 2)) 9
}

func ExampleTree_Indented() {
	fmt.Print(tree.MustParse(tree.TwoPlyGameTree).Indented())
	// Output:
	// A(
	//   B(3 12 8)
	//   C(2 4 6)
	//   D(14 5 2)
	// )
}
