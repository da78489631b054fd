package templates

import "testing"

// TestConnect4Discs places the discs of a Connect Four board string on the
// board glyph: the bottom row lowest, column d in the middle.
func TestConnect4Discs(t *testing.T) {
	board := "......./......./......./......./......./...xo.."
	if !isConnect4(board) {
		t.Fatalf("isConnect4(%q) = false, want true", board)
	}
	if isConnect4("x........") || isConnect4(string(make([]byte, 64))) {
		t.Error("a tic-tac-toe or Reversi board taken for Connect Four")
	}
	got := connect4Discs(board)
	want := []boardCell{{X: 0, Y: 13.5, Mark: "x"}, {X: 5.4, Y: 13.5, Mark: "o"}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i].Mark != want[i].Mark || abs(got[i].X-want[i].X) > 1e-9 || abs(got[i].Y-want[i].Y) > 1e-9 {
			t.Errorf("disc %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
