package exercise

import (
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// The matchstick exercise of the lecture: 5 matches, take 1 or 2, whoever
// takes the last match loses. The student gives every state's minimax
// value (+1: MAX wins, −1: MIN wins) and names MAX's winning first move;
// the answers travel in a query (a.<node id>=…, move=…, check=1), so a
// reload or a link keeps them. GradeMatchsticks grades them against the
// engine's minimax and says for every state how its value comes about.

// MatchScenario is the lecture's game, searched by minimax.
var MatchScenario = scenario.Scenario{Game: "nim", Matches: 5, Take: 2, Algo: "minimax"}

// MatchSubmission is a student's matchstick answers.
type MatchSubmission struct {
	// Answers holds the value given for each state, by node id.
	Answers map[string]string
	// Move is the number of matches MAX's first move takes, as given.
	Move string
	// Check asks for the grading.
	Check bool
}

// ParseMatchQuery reads a matchstick submission from a query: a.<id> for
// the values, move, and check=1. Other parameters are left alone. Values
// longer than MaxAnswerLen are kept as given and graded as not a value.
func ParseMatchQuery(q url.Values) MatchSubmission {
	s := MatchSubmission{Answers: map[string]string{}, Move: q.Get("move"), Check: q.Get("check") == "1"}
	for k, v := range q {
		if id, ok := strings.CutPrefix(k, "a."); ok && len(v) > 0 {
			s.Answers[id] = v[0]
		}
	}
	return s
}

// MatchState is one state of the game, with the engine's value and the
// verdict on the student's.
type MatchState struct {
	ID     string `json:"id"`
	Parent string `json:"parent"` // "" for the root and its children
	Left   string `json:"left"`   // matches left
	Max    bool   `json:"max"`    // MAX to move (else MIN)
	Leaf   bool   `json:"leaf"`
	// Take is the move that leads here from the parent ("take 2"); "" at
	// the root.
	Take string `json:"take,omitempty"`
	// Want is the state's minimax value (+1, −1) and Why how it comes
	// about.
	Want string `json:"want"`
	Why  string `json:"why"`
	// Given is the student's answer as given.
	Given string `json:"given"`
	// State is "right" or "wrong" once checked, "" before; Note says what
	// is wrong.
	State string `json:"state,omitempty"`
	OK    bool   `json:"ok"`
	Note  string `json:"note,omitempty"`
}

// MatchMove is one of MAX's first moves.
type MatchMove struct {
	Take  string `json:"take"` // matches taken
	Child string `json:"child"`
	Value string `json:"value"` // the value of the state it leads to
	Best  bool   `json:"best"`
}

// MatchResult is the matchstick exercise with the verdict on a submission.
type MatchResult struct {
	States   []MatchState `json:"states"` // the root first, then depth first
	Moves    []MatchMove  `json:"moves"`
	BestTake string       `json:"best_take"`
	// Move is the move named; MoveOK, MoveNote the verdict on it, MoveWhy
	// the reason the winning move wins.
	Move     string `json:"move"`
	MoveOK   bool   `json:"move_ok"`
	MoveNote string `json:"move_note,omitempty"`
	MoveWhy  string `json:"move_why"`
	// Checked is true when the submission asked for the grading; Score of
	// Total items are right (one per state and one for the move).
	Checked bool `json:"checked"`
	Score   int  `json:"score"`
	Total   int  `json:"total"`
	// Error names the answers that are not values (Fields, the first of
	// them in Field), "" when every answer reads.
	Error  string   `json:"error,omitempty"`
	Fields []string `json:"fields,omitempty"`
}

// GradeMatchsticks solves the game with minimax and, when sub.Check is
// set, grades the submission, in English.
func GradeMatchsticks(sub MatchSubmission) (*MatchResult, error) {
	return GradeMatchsticksIn(sub, nil)
}

// GradeMatchsticksIn is GradeMatchsticks with its notes and reasons
// worded by w (nil: English).
func GradeMatchsticksIn(sub MatchSubmission, w Words) (*MatchResult, error) {
	p, err := MatchScenario.Prepare()
	if err != nil {
		return nil, err
	}
	shape, err := p.Shape(scenario.ShapeOptions{})
	if err != nil {
		return nil, err
	}
	values := map[string]trace.Num{}
	res, err := p.Run(func(e *trace.Event) bool {
		if e.Type == trace.Exit || e.Type == trace.Leaf {
			values[e.Node] = e.Value
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	m := &MatchResult{Move: strings.TrimSpace(sub.Move), Checked: sub.Check}
	var walk func(n *trace.Shape, parent *trace.Shape)
	walk = func(n, parent *trace.Shape) {
		st := MatchState{ID: n.ID, Left: n.Text, Max: n.Kind == trace.Max, Leaf: n.Leaf,
			Want: Signed(values[n.ID]), Why: matchWhy(n, values, w), Given: sub.Answers[n.ID]}
		if parent != nil {
			st.Parent, st.Take = parent.ID, w.word(takeText(parent.Text, n.Text))
		}
		if sub.Check {
			m.Total++
			got, given, err := parseSigned(st.Given)
			switch {
			case err != nil:
				m.Fields = append(m.Fields, "a."+n.ID)
				st.Note = w.word(say("exercise.ms.not-a-value", "Got", strconv.Quote(truncateRunes(strings.TrimSpace(st.Given), 20))))
			case !given:
				st.Note = w.word(say("exercise.ms.no-value"))
			case got != float64(values[n.ID]):
				st.Note = w.word(say("exercise.ms.not", "Got", strings.TrimSpace(st.Given)))
			default:
				st.OK = true
				m.Score++
			}
			st.State = "wrong"
			if st.OK {
				st.State = "right"
			}
		}
		m.States = append(m.States, st)
		for _, c := range n.Children {
			walk(c, n)
		}
	}
	walk(shape, nil)
	for _, ch := range shape.Children {
		take := takeCount(shape.Text, ch.Text)
		m.Moves = append(m.Moves, MatchMove{Take: take, Child: ch.ID, Value: Signed(values[ch.ID]), Best: ch.ID == res.Best})
		if ch.ID == res.Best {
			m.BestTake = take
		}
	}
	parts := make([]string, len(m.Moves))
	for i, mv := range m.Moves {
		parts[i] = w.word(say("exercise.ms.take", "Take", mv.Take)) + " → " + mv.Value
	}
	m.MoveWhy = w.word(say("exercise.ms.move-why", "Moves", strings.Join(parts, ", "), "Best", m.BestTake))
	if sub.Check {
		m.Total++
		switch {
		case m.Move == "":
			m.MoveNote = w.word(say("exercise.ms.no-move"))
		case m.Move == m.BestTake:
			m.MoveOK = true
			m.Score++
		default:
			m.MoveNote = w.word(say("exercise.ms.wrong-move", "Move", truncateRunes(m.Move, 12)))
		}
	}
	if len(m.Fields) > 0 {
		m.Error = w.word(say("exercise.ms.bad-fields", "Fields", strings.Join(m.Fields, ", ")))
	}
	return m, nil
}

// Signed writes a game value with its sign: +1, −1, 0.
func Signed(v trace.Num) string {
	if v > 0 {
		return "+" + v.String()
	}
	return v.String()
}

// parseSigned reads a student's value: 1, +1, -1, −1 (and 0); given is
// false for "".
func parseSigned(s string) (v float64, given bool, err error) {
	t := strings.TrimSpace(strings.ReplaceAll(s, "−", "-"))
	if t == "" {
		return 0, false, nil
	}
	body := strings.TrimPrefix(t, "+")
	f, perr := strconv.ParseFloat(body, 64)
	if utf8.RuneCountInString(t) > MaxAnswerLen || perr != nil || math.IsInf(f, 0) || math.IsNaN(f) ||
		(body != t && body != "" && strings.ContainsAny(body[:1], "+-")) {
		return 0, true, fmt.Errorf("%q is not a value such as +1 or −1", truncateRunes(strings.TrimSpace(s), 20))
	}
	return f, true, nil
}

// truncateRunes shortens s to at most n runes, with … when cut.
func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

func takeCount(from, to string) string {
	a, _ := strconv.Atoi(from)
	b, _ := strconv.Atoi(to)
	return strconv.Itoa(a - b)
}

// takeText is the move from a state with from matches left to one with
// to left: "take 2".
func takeText(from, to string) trace.Phrase {
	return say("exercise.ms.take", "Take", takeCount(from, to))
}

// matchWhy says how a state's value comes about.
func matchWhy(n *trace.Shape, values map[string]trace.Num, w Words) string {
	who, other := "MAX", "MIN"
	if n.Kind != trace.Max {
		who, other = "MIN", "MAX"
	}
	if n.Leaf {
		return w.word(say("exercise.ms.why-leaf", "Who", who, "Other", other, "Value", Signed(values[n.ID])))
	}
	parts := make([]string, len(n.Children))
	for i, k := range n.Children {
		parts[i] = w.word(takeText(n.Text, k.Text)) + " → " + Signed(values[k.ID])
	}
	id := "exercise.ms.why-max"
	if n.Kind != trace.Max {
		id = "exercise.ms.why-min"
	}
	return w.word(say(id, "Left", n.Text, "Moves", strings.Join(parts, ", "), "Value", Signed(values[n.ID])))
}
