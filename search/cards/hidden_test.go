package cards

import (
	"slices"
	"testing"

	"github.com/abtrace/abtrace/search"
)

func lectureWorlds(t *testing.T) []search.World[State, Game] {
	d := mustParse(t, Lecture)
	var ws []search.World[State, Game]
	for i := range d.Min {
		g, s := d.Game(i)
		ws = append(ws, search.World[State, Game]{Name: d.HandName(i), Game: g, Root: s})
	}
	return ws
}

func moveValues(r search.HiddenReport) map[string][]float64 {
	out := map[string][]float64{}
	for _, m := range r.Moves {
		out[m.Name] = append(slices.Clone(m.PerWorld), m.Value)
	}
	return out
}

// TestLectureClairvoyance: averaging over clairvoyance rates every first
// card at two tricks, in each deal and on average, so ♣9 looks as good as
// any. By hand, deal 1 (MIN ♥4 ♠2 ♣10 ♣5), open cards, first card ♣9:
// MIN takes it with ♣10 (♣5 would hand MAX the trick), leads ♠2 and takes
// that too; MAX, seeing ♥4, throws ♦6 and keeps ♥6 ♣8, which take the last
// two tricks (♣8 over ♣5, ♥6 over ♥4): 2. Deal 2 is the mirror (MAX throws
// ♥6 and keeps ♦6 for ♦4): 2. No first card does better: MIN's ♠2 and ♣10
// always take a trick each (MAX has no spade and nothing over ♣10).
func TestLectureClairvoyance(t *testing.T) {
	r, err := search.Clairvoyance(lectureWorlds(t), search.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	got := moveValues(r)
	for _, name := range []string{"♥6", "♦6", "♣9", "♣8"} {
		if want := []float64{2, 2, 2}; !slices.Equal(got[name], want) {
			t.Errorf("clairvoyance %s: per deal and average %v, want %v", name, got[name], want)
		}
	}
	if r.Value != 2 || r.Moves[2].Value != r.Value {
		t.Errorf("clairvoyance value %v and ♣9's %v, want both 2: ♣9 rated as good as any", r.Value, r.Moves[2].Value)
	}
}

// TestLectureInfoSets: MAX plays the same card in states it cannot tell
// apart; MIN sees everything and answers best in each deal.
//
// First card ♣9, by hand. MIN follows with ♣10 in both deals (♣5 would lose
// the trick and change nothing after), then leads ♠2, which MAX cannot
// follow: MAX has seen ♣9 ♣10 ♠2 in both deals and must throw the same card
// in both.
//   - throw ♦6, keep ♥6 ♣8: deal 1 — MAX leads ♣8 (MIN ♣5) and takes it,
//     MIN leads ♥4 and MAX's ♥6 takes it: 2. Deal 2 — MIN keeps ♦4: MAX
//     leads ♣8 (♣5) and takes it, MIN leads ♦4, MAX cannot follow: 1; or
//     MAX leads ♥6 first, MIN throws ♣5 and leads ♦4 last: 1. So (2, 1).
//   - throw ♥6, keep ♦6 ♣8: the mirror, (1, 2).
//   - throw ♣8, keep ♥6 ♦6: MIN still holds ♣5 and leads it in the fourth
//     trick (or keeps it when MAX leads a 6 it cannot follow): 1 in each
//     deal, (1, 1).
//
// So ♣9 guarantees 1.5 tricks on average, not 2. ♣8 first is the same
// story (MIN's ♣10 takes it, then ♠2): 1.5.
//
// First card ♥6, by hand. Deal 1: MIN must follow with ♥4 and MAX takes
// the trick. MIN leads: ♠2 (MAX throws ♦6, keeps ♣9 ♣8; MAX leads ♣9, MIN's
// ♣10 takes it, MIN leads ♣5 and ♣8 takes it: 2), ♣10 (MAX follows ♣8 and
// keeps ♣9 for ♣5, MIN's ♠2 takes the last: 2), ♣5 (MAX's club takes it:
// 3 or more). So 2. Deal 2: MIN cannot follow ♥6 and throws a card; MAX
// takes the trick; now MAX has seen which card MIN threw and plays on as
// with open cards: MIN's ♠2 and ♣10 take one trick each, MAX ♦6 takes ♦4
// or MAX's clubs take ♣5: 2. So ♥6 guarantees (2, 2), and ♦6 likewise.
func TestLectureInfoSets(t *testing.T) {
	r, err := search.InfoSets(lectureWorlds(t), search.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	got := moveValues(r)
	tests := []struct {
		card string
		avg  float64
	}{{"♥6", 2}, {"♦6", 2}, {"♣9", 1.5}, {"♣8", 1.5}}
	for _, tt := range tests {
		if v := got[tt.card]; v[2] != tt.avg {
			t.Errorf("infoset %s: average %v, want %v", tt.card, v[2], tt.avg)
		}
	}
	// ♣9's best plan wins two tricks in one deal and one in the other.
	if v := got["♣9"]; !(v[0] == 2 && v[1] == 1 || v[0] == 1 && v[1] == 2) {
		t.Errorf("infoset ♣9 per deal %v, want (2, 1) or (1, 2)", v[:2])
	}
	if name := r.Moves[r.Best].Name; name != "♥6" || r.Value != 2 {
		t.Errorf("infoset chooses %s worth %v, want ♥6 worth 2 (the first of the best)", name, r.Value)
	}
	// What ♣9 risks: after ♣9 ♣10 ♠2 deal 1 needs ♦6 thrown, deal 2 ♥6.
	risk := r.Risk[2]
	if risk == nil {
		t.Fatal("no risk found below ♣9")
	}
	if want := []string{"♣9", "♣10", "♠2"}; !slices.Equal(risk.Line, want) {
		t.Errorf("♣9's risk after %v, want after %v", risk.Line, want)
	}
	if !slices.Equal(risk.Best[0], []string{"♦6"}) || !slices.Equal(risk.Best[1], []string{"♥6"}) {
		t.Errorf("♣9's risk: best throws %v, want [♦6] in deal 1 and [♥6] in deal 2", risk.Best)
	}
	if r.Risk[0] != nil {
		t.Errorf("♥6 has a risk %+v, want none", r.Risk[0])
	}
}

// TestOneWorldIsOpenPlay: with a single MIN hand there is nothing hidden,
// and both methods give each first card its open minimax value.
func TestOneWorldIsOpenPlay(t *testing.T) {
	d := mustParse(t, "max: ♥6 ♦6 ♣9 ♣8\nmin: ♥4 ♠2 ♣10 ♣5")
	g, s := d.Game(0)
	ws := []search.World[State, Game]{{Name: "open", Game: g, Root: s}}
	for _, method := range []func([]search.World[State, Game], search.Budget) (search.HiddenReport, error){search.Clairvoyance[State, Game], search.InfoSets[State, Game]} {
		r, err := method(ws, search.Budget{})
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range g.Moves(s, nil) {
			mm, _ := search.Minimax(g, g.Result(s, m), search.Options[State]{}, nil)
			if r.Moves[i].Value != float64(mm.Value) {
				t.Errorf("%v %s: %v, want the minimax value %v", r.Method, Card(m), r.Moves[i].Value, mm.Value)
			}
		}
	}
}

// TestLectureDeterminized: determinised MCTS searches sampled deals as if
// open, so it believes ♣9 brings two tricks in each deal (after ♣9 ♣10 ♠2
// it throws the right 6 in each, which MAX cannot do): its estimate of ♣9
// stays near 2, well above the 1.5 that ♣9 guarantees over information
// sets. That gap is strategy fusion. 20 samples of 1000 iterations, seed 1.
func TestLectureDeterminized(t *testing.T) {
	r, err := search.Determinized(lectureWorlds(t), 20, search.MCTSOptions[State]{Iterations: 1000, Seed: 1, Bounds: search.Bounds{L: 0, U: 4}})
	if err != nil {
		t.Fatal(err)
	}
	in, err := search.InfoSets(lectureWorlds(t), search.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	club9 := r.Moves[2]
	if club9.Name != "♣9" || club9.Value < 1.9 || club9.Value-in.Moves[2].Value < 0.4 {
		t.Errorf("determinized rates %s at %v, information sets at %v; want near 2 against 1.5", club9.Name, club9.Value, in.Moves[2].Value)
	}
	for wi, v := range club9.PerWorld {
		if v < 1.9 {
			t.Errorf("determinized ♣9 in deal %d: %v, want near 2 (it plays each deal open)", wi+1, v)
		}
	}
}
