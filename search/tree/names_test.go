package tree

import (
	"testing"
)

func TestLetters(t *testing.T) {
	tests := []struct {
		k    int
		want string
	}{{0, "A"}, {1, "B"}, {25, "Z"}, {26, "AA"}, {27, "AB"}, {51, "AZ"}, {52, "BA"}, {701, "ZZ"}, {702, "AAA"}}
	for _, tt := range tests {
		if got := Letters(tt.k); got != tt.want {
			t.Errorf("Letters(%d) = %q, want %q", tt.k, got, tt.want)
		}
	}
}

func TestNames(t *testing.T) {
	tests := []struct {
		name, text string
		want       map[string]string // id → Game.Label
	}{
		{"textbook", TwoPlyGameTreePlain,
			map[string]string{"": "A", "0": "B", "1": "C", "2": "D", "0.1": "12", "2.2": "2"}},
		{"level by level, left to right", "(((1 2) 3) ((4 5) (6 7)))",
			map[string]string{"": "A", "0": "B", "1": "C", "0.0": "D", "1.0": "E", "1.1": "F", "0.1": "3"}},
		{"labels kept, their letters skipped", "(B(1 2) (3 4) X(5 6))",
			map[string]string{"": "A", "0": "B", "1": "C", "2": "X"}},
		{"a label taking the root's letter", "A2(C(1 2) (3 4))",
			map[string]string{"": "A2", "0": "C", "1": "A"}},
		{"vector leaves", "(<1,2,3> <3,2,1>)",
			map[string]string{"": "A", "0": "(1, 2, 3)", "1": "(3, 2, 1)"}},
		{"past Z", "((1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1) (1))",
			map[string]string{"": "A", "0": "B", "24": "Z", "25": "AA", "26": "AB"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, err := Parse(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			for id, want := range tt.want {
				n := tr.Find(id)
				if n == nil {
					t.Fatalf("no node %q", id)
				}
				if got := (Game{}).Label(n); got != want {
					t.Errorf("node %q: got %q, want %q", id, got, want)
				}
			}
		})
	}
}

// TestNamesDoNotPrint: the letters are names, not labels: printing the
// tree gives back the text as typed.
func TestNamesDoNotPrint(t *testing.T) {
	tr := MustParse(TwoPlyGameTreePlain)
	if got, want := tr.String(), TwoPlyGameTreePlain; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
