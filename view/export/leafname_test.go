package export

import (
	"bytes"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
)

// TestExportsNameDepthLimitedLeaves: a named node the depth limit makes a
// leaf (C in the expected-value-by-category example) is drawn by the SVG
// and the LaTeX with its name in its box, as the page draws it.
func TestExportsNameDepthLimitedLeaves(t *testing.T) {
	d := drawingAt(t, scenario.Scenario{Tree: tree.ExpectedValueTree, Depth: 2}, -1)
	var svg, tex bytes.Buffer
	if err := SVG(&svg, d, SVGOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), ">C</text>") {
		t.Errorf("the SVG writes no C in the depth limit's leaf box")
	}
	if err := LaTeX(&tex, d, TeXOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tex.String(), "{C}") && !strings.Contains(tex.String(), "[C,") {
		t.Errorf("the LaTeX writes no C in the depth limit's leaf box:\n%s", tex.String())
	}
}
