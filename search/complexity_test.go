package search_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// MaxComplexity is the most cyclomatic complexity a function of the
// engine, the view or the server may have, counted as gocyclo counts it:
// one, plus one for each if, for, range, non-default case and select case,
// && and ||. A function above it is one whose reader must hold too many
// paths at once; split it into steps with names (search/node.go).
const MaxComplexity = 25

// TestComplexity checks every function of the engine (the package search
// and the packages below it), of the view (view and below) and of the
// server (web) against MaxComplexity, as gocyclo -over 25 would.
func TestComplexity(t *testing.T) {
	var over []string
	for _, root := range []string{".", "../view", "../web"} {
		for name, c := range complexities(t, root, true) {
			if c > MaxComplexity {
				over = append(over, fmt.Sprintf("%s (%d)", name, c))
			}
		}
	}
	slices.Sort(over)
	for _, f := range over {
		t.Errorf("%s: cyclomatic complexity above MaxComplexity = %d; split it into steps with names", f, MaxComplexity)
	}
}

// complexities returns the complexity of every function declared in the
// non-test Go files in root (and the folders below it, with below), by
// "path:Func" (methods "path:Type.Func").
func complexities(t *testing.T, root string, below bool) map[string]int {
	t.Helper()
	out := map[string]int{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if !below && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			name := fn.Name.Name
			if fn.Recv != nil && len(fn.Recv.List) > 0 {
				name = recvName(fn.Recv.List[0].Type) + "." + name
			}
			out[filepath.ToSlash(path)+":"+name] = complexity(fn)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func recvName(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.StarExpr:
		return recvName(x.X)
	case *ast.IndexExpr:
		return recvName(x.X)
	case *ast.IndexListExpr:
		return recvName(x.X)
	case *ast.Ident:
		return x.Name
	}
	return "?"
}

// complexity counts as gocyclo does, function literals inside fn
// included.
func complexity(fn *ast.FuncDecl) int {
	c := 1
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt:
			c++
		case *ast.CaseClause:
			if n.List != nil {
				c++
			}
		case *ast.CommClause:
			if n.Comm != nil {
				c++
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				c++
			}
		}
		return true
	})
	return c
}

// TestNodeFunctionsShort: each recursive search's node function reads
// like its lecture's pseudocode over the node skeleton (node.go):
// alpha-beta's at most 30 lines, every other at most 40.
func TestNodeFunctionsShort(t *testing.T) {
	for _, f := range []struct {
		file, fn string
		max      int
	}{
		{"alphabeta.go", "alphabeta", 30},
		{"minimax.go", "minimax", 40},
		{"negamax.go", "negamax", 40},
		{"maxn.go", "maxn", 40},
		{"expectimax.go", "expecti", 40},
		{"star1.go", "star1", 40},
	} {
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, f.file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != f.fn {
				continue
			}
			found = true
			if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > f.max {
				t.Errorf("%s: %s is %d lines long; at most %d", f.file, f.fn, n, f.max)
			}
		}
		if !found {
			t.Errorf("%s: no function %s: name the node function here", f.file, f.fn)
		}
	}
}
