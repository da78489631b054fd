package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestSolveImportedLabels(t *testing.T) {
	code, out, errOut := runCmd("solve", "--format", "cs188", "--tree-file", "../../search/tree/importer/testdata/cs188/1-lecture-tree.test", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Value     float64           `json:"value"`
		Best      string            `json:"best"`
		Evaluated []string          `json:"evaluated"`
		Labels    map[string]string `json:"labels"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if got.Value != 3 || got.Labels[got.Best] != "b" {
		t.Errorf("got value %v, best %q (%q), want 3, b", got.Value, got.Best, got.Labels[got.Best])
	}
	if len(got.Labels) != 13 {
		t.Errorf("got %d labels, want 13 (every node of the file's tree)", len(got.Labels))
	}
	var names []string
	for _, id := range got.Evaluated {
		names = append(names, got.Labels[id])
	}
	if want := []string{"b1", "b2", "b3", "c1", "d1", "d2", "d3"}; !slices.Equal(names, want) {
		t.Errorf("evaluated by name: got %v, want %v", names, want)
	}
}

func TestSolveLabelsOnlyWhenLabelled(t *testing.T) {
	_, out, _ := runCmd("solve", "--tree", "((3 12 8) (2 4 6))", "--json")
	if strings.Contains(out, `"labels"`) {
		t.Errorf("got %s, want no labels for an unlabelled tree", out)
	}
	_, out, _ = runCmd("solve", "--tree", "A(B(3 12 8) (2 4 6))", "--json")
	if !strings.Contains(out, `"labels":{"":"A","0":"B"}`) {
		t.Errorf("got %s, want labels {\"\":\"A\",\"0\":\"B\"}", out)
	}
}

func TestImportUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--format", "cmu", "--tree", "((3) 4)"}, "cmu: line 1, column 6: expected '('"},
		{[]string{"--format", "aima", "--tree", "[[1, 2]"}, "aima: line 1, column 8"},
		{[]string{"--format", "yaml", "--tree", "(1 2)"}, `unknown format "yaml"`},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, errOut := runCmd(append([]string{"solve"}, tc.args...)...)
			if code != exitUsage || !strings.Contains(errOut, tc.want) {
				t.Errorf("got exit %d, %q; want exit %d and %q", code, errOut, exitUsage, tc.want)
			}
		})
	}
}
