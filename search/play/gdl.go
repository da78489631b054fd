package play

import (
	"fmt"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/gdl"
)

// GDL is the name of a game written in GDL in Spec.Game; Spec.GDL holds
// its text.
const GDL = "gdl"

// Why a game written in GDL cannot be played (GDLError.Why).
const (
	// GDLRoles: the game is not for two roles.
	GDLRoles = "roles"
	// GDLSimultaneous: roles choose at once and the algorithm (alpha-beta)
	// needs one to move at a time.
	GDLSimultaneous = "simultaneous"
	// GDLIllegal: a move of the list is not legal (or not a move of every
	// role that has a choice).
	GDLIllegal = "move"
	// GDLOver: a move comes after the end of the game.
	GDLOver = "over"
)

// GDLError is a game written in GDL that cannot be played as asked: Field
// names the query's field (gdl, algo, moves), Why one of the constants
// above, N the move's place (1-based) and Move its text, Roles the roles'
// count; Played is the moves before a wrong one, Legal what the role to
// move could play there.
type GDLError struct {
	Field, Why string
	N          int
	Move       string
	Roles      int
	Played     []string
	Legal      []string
}

func (e *GDLError) Error() string {
	switch e.Why {
	case GDLRoles:
		return fmt.Sprintf("play: the GDL game has %d roles; a game against the engine needs two", e.Roles)
	case GDLSimultaneous:
		return "play: in this GDL game several roles choose at once; alpha-beta needs one player to move at a time: choose mcts (decoupled UCT, one table per role)"
	case GDLOver:
		return fmt.Sprintf("play: move %d, %q, comes after the end of the game", e.N, e.Move)
	}
	return fmt.Sprintf("play: move %d, %q, is not legal here (legal: %s)", e.N, e.Move, strings.Join(e.Legal, ", "))
}

// GDLPosition is where a game written in GDL stands: its roles, which is
// the human's, the facts true in the state (in the byte order of their
// text) and the human's legal moves, each with the entry a link adds to
// the game's list of moves.
type GDLPosition struct {
	Roles  []string
	Human  int
	Facts  []string
	Moves  []GDLMove
	Goals  []int // when over
	Joint  bool  // the human's moves are made at once with the engine's
	Engine string
	// Board is the state's board text as the viewer draws it
	// (scenario.GDLBoardText), "" when the game has none; Cols and Rows
	// are its size and Last the cells (row by row from the top) the last
	// step changed; Other are the facts the board does not show.
	Board string
	Other []string
	// Tables are the engine's decoupled UCT statistics, one table per
	// role, of its last choice made at once with the human's (shown
	// after the human has moved, never before); nil otherwise.
	Tables     []gdl.RoleStats
	Cols, Rows int
	Last       []int
}

// GDLMove is a legal move of the human: its GDL term and the entry of the
// list of moves that plays it ("(mark 1 1)", or every role's move joined
// by ";" where roles choose at once). On a board, To is the cell (row by
// row from the top) the move is played on and From the cell it is played
// from when it moves a piece, each NoCell when there is none (see
// boardPosition).
type GDLMove struct {
	Text, Entry string
	From, To    int
}

// gdlGame is a game written in GDL against the engine. Each entry of its
// list of moves is one step: the move of the role that has a choice (the
// others play their only move, such as noop), or, where several roles
// choose at once, every role's move in the order the game declares them,
// joined by ";" (a character GDL's text never has in a term: it starts a
// comment).
type gdlGame struct {
	spec  Spec
	g     *gdl.Game
	s     gdl.State
	human int
	mcts  bool
	// prev is the state before the last step, when played.
	prev   gdl.State
	played bool
}

func newGDLGame(s Spec) (*gdlGame, error) {
	if s.Kuhlmann != "" || s.TT != 0 || s.Symmetry || s.Order != "" {
		return nil, fmt.Errorf("play: kuhlmann, tt, symmetry and order do not apply to a GDL game")
	}
	if s.Eval != "" && s.Eval != "goals" {
		return nil, &OptionError{Option: "eval", Value: s.Eval, Why: Unknown, Want: "goals"}
	}
	g, err := gdl.CompileCached(s.GDL)
	if err != nil {
		return nil, &FieldError{Field: "gdl", Err: err}
	}
	if n := len(g.Roles()); n != 2 {
		return nil, &GDLError{Field: "gdl", Why: GDLRoles, Roles: n}
	}
	switch s.Algo {
	case "", "alphabeta":
		if !g.TurnTaking() {
			return nil, &GDLError{Field: "algo", Why: GDLSimultaneous}
		}
	case "mcts":
	default:
		return nil, &OptionError{Option: "algo", Value: s.Algo, Why: Unknown, Want: "alphabeta, mcts"}
	}
	x := &gdlGame{spec: s, g: g.Duel(), mcts: s.Algo == "mcts"}
	if !s.HumanFirst {
		x.human = 1
	}
	x.s = x.g.Init()
	return x, nil
}

// normal writes a move as GDL's text is compared: lower case, single
// spaces, none inside the parentheses' edges.
func normal(m string) string {
	m = strings.ToLower(strings.Join(strings.Fields(m), " "))
	return strings.ReplaceAll(strings.ReplaceAll(m, "( ", "("), " )", ")")
}

// choosers returns the roles with more than one legal move at s.
func (x *gdlGame) choosers(s gdl.State) []int {
	var out []int
	for r := range x.g.Roles() {
		if len(x.g.LegalMoves(s, r)) > 1 {
			out = append(out, r)
		}
	}
	return out
}

func (x *gdlGame) replay(names []string) error {
	for i, name := range names {
		if x.g.Terminal(x.s) {
			return &GDLError{Field: "moves", Why: GDLOver, N: i + 1, Move: name, Played: names[:i]}
		}
		joint, r, ok := x.joint(x.s, name)
		if !ok {
			return &GDLError{Field: "moves", Why: GDLIllegal, N: i + 1, Move: name, Played: names[:i], Legal: x.g.Legal(x.s, r)}
		}
		x.prev, x.played = x.s, true
		x.s = x.g.Next(x.s, joint)
	}
	return nil
}

// joint reads one entry of the list at s as a joint move; when it does not
// read, r is the role whose move is wrong.
func (x *gdlGame) joint(s gdl.State, entry string) (joint []int, r int, ok bool) {
	roles := len(x.g.Roles())
	joint = make([]int, roles)
	parts := strings.Split(entry, ";")
	who := x.g.Mover(s)
	if cs := x.choosers(s); len(cs) > 1 && len(parts) != roles {
		return nil, cs[0], false
	}
	for r := range joint {
		legal := x.g.LegalMoves(s, r)
		if len(legal) == 0 {
			return nil, r, false
		}
		joint[r] = legal[0]
		text := ""
		switch {
		case len(parts) == roles:
			text = parts[r]
		case r == who:
			text = parts[0]
		default:
			if len(legal) > 1 {
				return nil, r, false
			}
			continue
		}
		k := x.find(r, legal, text)
		if k < 0 {
			return nil, r, false
		}
		joint[r] = k
	}
	return joint, 0, true
}

func (x *gdlGame) find(r int, legal []int, text string) int {
	text = normal(text)
	for _, k := range legal {
		if x.g.MoveText(r, k) == text {
			return k
		}
	}
	return -1
}

// toMoveFirst: the human's side when the human has a choice, otherwise the
// engine's (it also plays the steps where nobody has a choice).
func (x *gdlGame) toMoveFirst() bool {
	humanFirst := x.human == 0
	if len(x.g.LegalMoves(x.s, x.human)) > 1 {
		return humanFirst
	}
	return !humanFirst
}

func (x *gdlGame) over() bool { return x.g.Terminal(x.s) }

func (x *gdlGame) position(humanFirst bool) Position {
	g := x.g
	p := Position{Last: -1, EvalName: "goals"}
	gp := &GDLPosition{Roles: g.Roles(), Human: x.human, Facts: g.FactList(x.s), Engine: g.Roles()[1-x.human]}
	p.GDL = gp
	if x.played && len(x.choosers(x.prev)) > 1 {
		if res, err := g.DUCT(x.prev, gdl.DUCTOptions{Iterations: x.iterations(), Seed: 1}); err == nil {
			gp.Tables = res.Roles
		}
	}
	if x.over() {
		p.Over = true
		gp.Goals = g.Goals(x.s)
		x.boardPosition(gp)
		a, b := gp.Goals[0], gp.Goals[1]
		switch {
		case a > b:
			p.Result, p.Winner = g.Roles()[0]+" wins", g.Roles()[0]
		case b > a:
			p.Result, p.Winner = g.Roles()[1]+" wins", g.Roles()[1]
		default:
			p.Result = "a draw"
		}
		return p
	}
	p.Value = g.Utility(x.s)
	if x.toMoveFirst() != humanFirst {
		x.boardPosition(gp)
		return p
	}
	p.HumanToMove = true
	engine := 1 - x.human
	gp.Joint = len(g.LegalMoves(x.s, engine)) > 1
	var engineMove string
	if gp.Joint {
		// The engine chooses from the state alone, before it knows the
		// human's move: its choice goes into every link.
		res, err := g.DUCT(x.s, gdl.DUCTOptions{Iterations: x.iterations(), Seed: 1})
		if err == nil {
			rs := res.Roles[engine]
			engineMove = rs.Moves[rs.Best].Move
		}
	}
	for _, k := range g.LegalMoves(x.s, x.human) {
		m := GDLMove{Text: g.MoveText(x.human, k), Entry: g.MoveText(x.human, k), From: NoCell, To: NoCell}
		if gp.Joint {
			parts := []string{m.Text, engineMove}
			if x.human == 1 {
				parts[0], parts[1] = parts[1], parts[0]
			}
			m.Entry = strings.Join(parts, ";")
		}
		gp.Moves = append(gp.Moves, m)
	}
	x.boardPosition(gp)
	return p
}

// iterations is the MCTS's iterations: GDLIterationsPerDepth per level of
// the depth asked for.
func (x *gdlGame) iterations() int { return GDLIterationsPerDepth * x.spec.Depth }

// GDLIterationsPerDepth is how many iterations the engine's decoupled UCT
// makes per level of the depth asked for (a depth of 3: 1,500).
const GDLIterationsPerDepth = 500

// reply is the engine's move: the only move when nobody has a choice;
// otherwise alpha-beta to the depth with the goals as evaluation, or
// decoupled UCT (mcts). The value is for the first role, from −1 to 1.
func (x *gdlGame) reply(b search.Budget, depth int) (string, float64, error) {
	g := x.g
	engine := 1 - x.human
	if len(x.choosers(x.s)) == 0 {
		who := g.Mover(x.s)
		return g.MoveText(who, g.LegalMoves(x.s, who)[0]), g.Utility(x.s), nil
	}
	if x.mcts {
		res, err := g.DUCT(x.s, gdl.DUCTOptions{Iterations: x.iterations(), Seed: 1, Context: b.Context})
		if err != nil {
			return "", 0, err
		}
		rs := res.Roles[engine]
		v := (res.Roles[0].Moves[res.Roles[0].Best].Mean - res.Roles[1].Moves[res.Roles[1].Best].Mean) / 100
		return rs.Moves[rs.Best].Move, v, nil
	}
	i, v, err := choose(b, g, x.s, search.Evaluation[gdl.State](gdl.GoalEvaluation{G: g}), depth)
	if err == nil {
		err = g.Err() // a state the search met leaves its answer without ground
	}
	if err != nil {
		return "", 0, err
	}
	return g.Name(x.s, g.Moves(x.s, nil)[i]), v, nil
}
