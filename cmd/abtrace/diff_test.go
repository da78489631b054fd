package main

import (
	"encoding/json"
	"github.com/abtrace/abtrace/search/tree"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const cs188Lecture = "../../search/tree/importer/testdata/cs188/1-lecture-tree.test"

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDiff(t *testing.T) {
	_, refTrace, _ := runCmd("trace", "--tree", tree.TwoPlyGameTree)
	ref := writeFile(t, "ref.jsonl", refTrace)
	var enters []string
	for _, l := range strings.Split(strings.TrimSpace(refTrace), "\n") {
		if strings.Contains(l, `"type":"enter"`) || strings.Contains(l, `"type":"exit"`) {
			enters = append(enters, l)
		}
	}
	tests := []struct {
		name    string
		args    []string
		student string
		code    int
		want    []string
	}{
		{"agreeing names", []string{"--format", "cs188", "--tree-file", cs188Lecture}, "a b b1 b2 b3 c c1 d d1 d2 d3", exitOK, []string{"The traces agree: 11 steps compared."}},
		{"a pruned state visited", []string{"--format", "cs188", "--tree-file", cs188Lecture}, "a b b1 b2 b3 c c1\nc2 d", exitSearch,
			[]string{"part at your step 8 (line 2, column 1)", "the reference: enter d with α = 3, β = +∞ (reference step 30)", "your engine:   visit c2",
				"why: the reference cuts at MIN c (step 27): 2 < α = 3"}},
		{"a reference trace file", []string{ref}, strings.Join(enters, "\n"), exitOK, []string{"The traces agree"}},
		{"a reference file, a student that stops early", []string{ref}, strings.Join(enters[:5], "\n"), exitSearch,
			[]string{"the reference: return 12 from 12 with α = −∞, β = 3 (reference step 12)", "your engine:   nothing more: your trace ends here"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := writeFile(t, "student.txt", tc.student)
			code, out, errOut := runCmd(append(append([]string{"diff"}, tc.args...), st)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s%s", code, tc.code, out, errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("got %q, want it to contain %q", out, w)
				}
			}
		})
	}
}

func TestDiffJSON(t *testing.T) {
	st := writeFile(t, "student.txt", "a b b1 b2 b3 c c1 c2")
	code, out, _ := runCmd("diff", "--json", "--format", "cs188", "--tree-file", cs188Lecture, st)
	var got struct {
		Agree     bool `json:"agree"`
		Departure struct {
			Index int
			Step  int
		} `json:"departure"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if code != exitSearch || got.Agree || got.Departure.Index != 7 || got.Departure.Step != 30 {
		t.Errorf("got exit %d and %s, want exit 1, index 7, step 30", code, out)
	}
}

func TestDiffUsage(t *testing.T) {
	bad := writeFile(t, "bad.txt", `{"type":"enter",,}`)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no student", []string{"diff"}, "give the student's trace last"},
		{"flags last", []string{"diff", "--tree", "(1 2)"}, "flag needs an argument"},
		{"missing file", []string{"diff", "--tree", "(1 2)", "/nonexistent/student.txt"}, "no such file"},
		{"bad student trace", []string{"diff", "--tree", "(1 2)", bad}, "line 1, column 17"},
		{"both stdin", []string{"diff", "-", "-"}, "only one of REF and STUDENT"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCmd(tc.args...)
			if code != exitUsage || !strings.Contains(errOut, tc.want) {
				t.Errorf("got exit %d, %q; want exit 2 and %q", code, errOut, tc.want)
			}
		})
	}
}
