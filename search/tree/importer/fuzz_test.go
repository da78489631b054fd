package importer

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
)

// FuzzImport checks that no input makes an importer panic, that every
// error is an *Error (a *tree.Error for the abtrace format) that has a
// position unless it is a limit or a missing field, and that every
// accepted tree prints as classroom text that parses to an equal tree.
func FuzzImport(f *testing.F) {
	for _, s := range []struct {
		f    Format
		text string
	}{
		{CMU, "(((3) (12) (8)) ((2) (4) (6)) ((14) (5) (2)))"},
		{CMU, "((1.5),((-2) (+3))) # c"},
		{CMU, "((3) 4"},
		{SML, "val t = Node [Node [Esti 3, Esti ~12], Esti 8];"},
		{SML, "Node(Node(Esti(~3), Esti(12)), (* c *) Esti(~0.5))"},
		{SML, "Node ([Esti 1"},
		{AIMA, "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"},
		{AIMA, "[[1,],\n [2, [3, -4.5]]]"},
		{CS188, "num_agents: \"2\"\ndepth: \"1\"\nstart_state: \"a\"\nsuccessors: \"\"\"\na L b\na R c\n\"\"\"\nevaluation: \"\"\"\nb 1\nc 2\n\"\"\"\n"},
		{CS188, "alg: \"ExpectimaxAgent\"\nnum_agents: \"3\"\ndepth: \"1\"\nstart_state: \"a\"\nwin_states: \"b\"\nsuccessors: \"\"\"\na L b\n\"\"\"\nevaluation: \"b 7\"\n"},
		{Abtrace, "A(B(3 12 8) C(2 4 6))"},
	} {
		f.Add(uint8(s.f), s.text)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "cs188", "*.test"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(CS188), string(b))
	}
	f.Fuzz(func(t *testing.T, fb uint8, text string) {
		format := Format(fb % uint8(len(Formats)))
		imp, err := Import(format, text, tree.Options{})
		if err != nil {
			var e *Error
			var te *tree.Error
			switch {
			case errors.As(err, &e):
				if e.Line == 0 && e.Err == nil && format != CS188 {
					t.Fatalf("error without a position: %v", err)
				}
			case errors.As(err, &te):
				if format != Abtrace {
					t.Fatalf("%v import returned a *tree.Error: %v", format, err)
				}
			default:
				t.Fatalf("error %T %v is neither *Error nor *tree.Error", err, err)
			}
			return
		}
		canon := imp.Tree.String()
		back, err := tree.Options{Root: imp.Tree.RootOption}.Parse(canon)
		if err != nil {
			t.Fatalf("canonical text %q of an imported tree does not parse: %v", canon, err)
		}
		if !tree.Equal(back, imp.Tree) {
			t.Fatalf("canonical text %q parses to another tree", canon)
		}
	})
}
