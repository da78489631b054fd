package gdl

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// State is a position of a GDL game: its true base propositions as a bit
// vector, with what follows from them (legal moves, terminal, goals)
// computed once when the state was made. It is immutable and cheap to
// copy; Key identifies it for transposition tables and Facts lists it.
//
// States compare equal (==) when they are the same value, made by the same
// call; two equal positions reached apart may be distinct values: compare
// them with Base or Key.
type State struct{ s *state }

// state is a state's words; small games keep them inline, in one
// allocation.
type state struct {
	w      []uint64
	inline [12]uint64
}

// Game is a GDL game compiled for play: the fast reasoner, and the
// search.Game of every search (search.Keyer, and search.VectorGame when
// it has more than two roles or goals that do not sum to a constant). A
// Game is safe for concurrent use.
//
// Moves are numbered per role: search.Move k is the k-th of the role's
// possible moves in the byte order of their text (MoveText). At each state
// the role to move is the one with a choice (more than one legal move),
// and the others play their only legal move (noop); with no choice at all
// it is the first role whose only move is not noop.
type Game struct {
	d *Description
	n *net
	// constSum is the sum of the two roles' goals in every terminal state
	// the probe met (two-player games), 0 when it varies.
	constSum int
	players  bool // ToMove names trace.Player(k) (see Players)
	simult   *simultaneous
	cache    *stepCache // nil: no cache
}

// CacheSize is the number of slots of a game's cache of state changes: a
// direct-mapped table from (state, joint move) to the next state, so that
// a search that meets a position again (a transposition, the next pass of
// iterative deepening, the next search on the same game) does not derive
// its successor again.
const CacheSize = 1 << 16

// stepCache is safe for concurrent use: each slot is an atomic pointer to
// an immutable entry. positions is a second direct-mapped table, from a
// state's base to the state made for it, so that a position reached by a
// new path (another parent, another move) is not derived again either:
// its view (legal moves, terminal, goals) is read from the state made
// first.
type stepCache struct {
	slots     [CacheSize]atomic.Pointer[cacheEntry]
	positions [CacheSize]atomic.Pointer[state]
}

type cacheEntry struct {
	from  []uint64 // the parent state's vector (its base words are compared)
	joint [maxCachedRoles]int32
	to    State
}

// maxCachedRoles: games with more roles are not cached.
const maxCachedRoles = 4

// simultaneous records a state met in search where more than one role
// had a choice, and what else a search met that would make its answer
// wrong (shared by the views of one game): a role without a legal move in
// a state that is not terminal, and a terminal state whose goals do not
// sum to the constant the game is searched with.
type simultaneous struct {
	probe string
	seen  atomic.Pointer[string]
	stuck atomic.Pointer[trace.Phrase]
	goals atomic.Pointer[trace.Phrase]
}

var (
	_ search.Game[State]       = (*Game)(nil)
	_ search.Keyer[State]      = (*Game)(nil)
	_ search.VectorGame[State] = (*Game)(nil)
)

// ErrSimultaneous is returned (wrapped) for a game in which several roles
// choose a move at once, by the searches that need one player to move.
var ErrSimultaneous = errors.New("gdl: roles move simultaneously")

// ProbeGames is how many random games New plays to find out whether the
// game takes turns and whether its goals sum to a constant.
const ProbeGames = 64

// MaxPlayoutSteps bounds one random game of the probe, of a playout and of
// a benchmark rollout (a game that runs longer is cut).
const MaxPlayoutSteps = 10000

// New grounds and compiles a checked description into a Game. Errors are
// the grounding's limits (*LimitError) and goal values that are not
// numbers from 0 to 100.
func New(d *Description) (*Game, error) { return newGame(d, defaultLimits) }

// newGame is New within the grounding's limits lim.
func newGame(d *Description, lim groundLimits) (*Game, error) {
	g, err := build(d, lim)
	if err != nil {
		return nil, err
	}
	g.probe()
	return g, nil
}

// build grounds and compiles d within lim, without the probe: a Game that
// knows its states and moves, but not yet whether it takes turns nor
// whether its goals sum to a constant (ToMove, TurnTaking, ZeroSum and
// Utility need the probe; a playout does not).
func build(d *Description, lim groundLimits) (*Game, error) {
	g0, rules, err := ground(d, lim)
	if err != nil {
		return nil, err
	}
	n, err := compile(d, g0, rules)
	if err != nil {
		return nil, err
	}
	if len(n.roles) == 0 {
		return nil, fmt.Errorf("gdl: the game declares no role")
	}
	g := &Game{d: d, n: n, simult: &simultaneous{}}
	if len(n.roles) <= maxCachedRoles {
		g.cache = &stepCache{}
	}
	return g, nil
}

// Compile reads, checks and compiles a game's text: Load, then New.
func Compile(src string) (*Game, error) {
	d, err := Load(src)
	if err != nil {
		return nil, err
	}
	return New(d)
}

// probe plays random games to learn whether the game takes turns and
// whether two roles' goals sum to a constant.
func (g *Game) probe() {
	rng := rand.New(rand.NewPCG(1, 2))
	sum, sumSet, constant := 0, false, len(g.n.roles) == 2
	for range ProbeGames {
		s := g.Init()
		for step := 0; step < MaxPlayoutSteps && !g.Terminal(s); step++ {
			if g.simult.probe == "" && g.choosers(s) > 1 {
				g.simult.probe = g.Facts(s)
			}
			joint := make([]int, len(g.n.roles))
			stuck := false
			for r := range joint {
				legal := g.LegalMoves(s, r)
				if len(legal) == 0 {
					stuck = true
					break
				}
				joint[r] = legal[rng.IntN(len(legal))]
			}
			if stuck {
				break
			}
			s = g.Next(s, joint)
		}
		if g.Terminal(s) && len(g.n.roles) == 2 {
			goals := g.Goals(s)
			t := goals[0] + goals[1]
			if sumSet && t != sum {
				constant = false
			}
			sum, sumSet = t, true
		}
	}
	if constant && sumSet && sum > 0 {
		g.constSum = sum
	} else {
		g.players = true
	}
}

// Description returns the game as read.
func (g *Game) Description() *Description { return g.d }

// Roles returns the roles in the order the game declares them.
func (g *Game) Roles() []string { return g.n.roles }

// ZeroSum reports whether the game is for two roles whose goals sum to the
// same constant in every terminal state met (then searches see MAX, the
// first role, and MIN).
func (g *Game) ZeroSum() bool { return !g.players && g.constSum > 0 }

// Players returns the game seen as n players: ToMove names trace.Player(k)
// for the k-th role, for max^n and paranoid (UtilityVec gives every role's
// goal). A game of more than two roles, or whose goals do not sum to a
// constant, is already seen that way.
func (g *Game) Players() *Game {
	h := *g
	h.players = true
	return &h
}

// TurnTaking reports whether every state the probe met had at most one
// role with a choice. CheckTurns returns ErrSimultaneous otherwise.
func (g *Game) TurnTaking() bool { return g.simult.probe == "" }

// CheckTurns returns nil for a game that takes turns (as far as the probe
// and every search so far have seen), and otherwise an error wrapping
// ErrSimultaneous that shows a state where several roles choose at once.
func (g *Game) CheckTurns() error {
	if g.simult.probe != "" {
		return fmt.Errorf("%w: several roles have a choice in state %s; searches that need one player to move at a time cannot search this game", ErrSimultaneous, g.simult.probe)
	}
	if p := g.simult.seen.Load(); p != nil {
		return fmt.Errorf("%w: several roles have a choice in state %s; searches that need one player to move at a time cannot search this game", ErrSimultaneous, *p)
	}
	return nil
}

// ErrIllFormed is returned (wrapped) by Err when a search met a state that
// the game's rules leave without an answer the search can use: a role with
// no legal move in a state that is not terminal, or, in a game searched as
// MAX and MIN, a terminal state whose goals do not sum to the constant of
// the others (a role without a goal among them).
var ErrIllFormed = errors.New("gdl: the game is not well formed")

// IllFormedError is ErrIllFormed with what the search met (errors.Is it
// ErrIllFormed): Say is a phrase of English (gdl.msg.stuck,
// gdl.msg.goals or gdl.msg.goals-sum) for a page to word in its language.
type IllFormedError struct{ Say trace.Phrase }

func (e *IllFormedError) Error() string { return ErrIllFormed.Error() + ": " + e.Say.WordIn(English) }
func (e *IllFormedError) Unwrap() error { return ErrIllFormed }

// Err reports, after a search, why its answer cannot stand: the game's
// roles moved simultaneously somewhere (CheckTurns), or a state the search
// met is ill formed (ErrIllFormed). The searches' answers on such a state
// (the first legal move played for a role without one, a goal of 0 for a
// role without one) are never to be shown as the game's.
func (g *Game) Err() error {
	if err := g.CheckTurns(); err != nil {
		return err
	}
	if p := g.simult.stuck.Load(); p != nil {
		return &IllFormedError{*p}
	}
	if p := g.simult.goals.Load(); p != nil {
		return &IllFormedError{*p}
	}
	return nil
}

// sawStuck records a state that is not terminal where a role has no legal
// move.
func (g *Game) sawStuck(s State) {
	if g.simult.stuck.Load() != nil {
		return
	}
	for r, role := range g.n.roles {
		if n, _ := g.legalInfo(s, r); n == 0 {
			f := trace.PhraseOf("gdl.msg.stuck", "Role", role, "State", g.Facts(s))
			g.simult.stuck.CompareAndSwap(nil, &f)
			return
		}
	}
}

// sawGoals records a terminal state whose goals a search cannot use:
// they do not sum to constSum (searched as MAX and MIN), or a role has
// none.
func (g *Game) sawGoals(s State) {
	if g.simult.goals.Load() != nil {
		return
	}
	f := trace.PhraseOf("gdl.msg.goals", "State", g.Facts(s), "Goals", fmt.Sprint(g.Goals(s)))
	if !g.players {
		f = trace.PhraseOf("gdl.msg.goals-sum", "State", g.Facts(s), "Goals", fmt.Sprint(g.Goals(s)), "Sum", g.constSum)
	}
	g.simult.goals.CompareAndSwap(nil, &f)
}

// Stats are the sizes of a compiled game.
type Stats struct {
	RelaxedAtoms int // ground atoms of the relaxed fixpoint
	Base         int // base propositions (bits of a state)
	Propositions int // propositions of the network
	GroundRules  int // ground rules compiled
}

// Stats returns the sizes of the compiled game.
func (g *Game) Stats() Stats {
	return Stats{RelaxedAtoms: g.n.relaxedAtoms, Base: g.n.nBase, Propositions: g.n.propositions, GroundRules: g.n.groundRules}
}

// The words after a state's view: mover (the role to move; 0xff when
// terminal or none has a move), and per role the count of legal moves and
// the first one.
func (g *Game) header(s State) uint64 { return s.s.w[g.n.stateWords] }

func (g *Game) legalInfo(s State, r int) (count, first int) {
	x := s.s.w[g.n.stateWords+1+r]
	return int(x >> 32), int(uint32(x))
}

// finish computes the view of a state whose base words are set, and its
// header words.
func (g *Game) finish(st *state) State {
	n := g.n
	w := st.w
	n.view.run(w)
	choosers, mover, fallback, stuck := 0, -1, -1, false
	for r, ms := range n.moves {
		count, first := legalRun(w, n.legalLo[r], n.legalLo[r]+len(ms))
		w[n.stateWords+1+r] = uint64(count)<<32 | uint64(uint32(first))
		stuck = stuck || count == 0
		switch {
		case count > 1:
			choosers++
			if mover < 0 {
				mover = r
			}
		case count == 1 && fallback < 0 && !n.noop[r][first]:
			fallback = r
		}
	}
	if mover < 0 {
		mover = max(fallback, 0)
	}
	h := uint64(mover)
	if choosers > 1 {
		h |= 1 << 8
	}
	if n.terminal >= 0 && getBit(w, int32(n.terminal)) != 0 {
		h |= 1 << 9
	} else if stuck {
		h |= 1 << 10
	}
	w[n.stateWords] = h
	return State{st}
}

// legalRun counts the bits of w in [lo, hi) (a role's legal moves) and
// returns the first one's offset from lo (−1: none).
func legalRun(w []uint64, lo, hi int) (count, first int) {
	first = -1
	for i := lo >> 6; i<<6 < hi; i++ {
		x := w[i]
		if i<<6 < lo {
			x &^= 1<<(uint(lo)&63) - 1
		}
		if (i+1)<<6 > hi {
			x &= 1<<(uint(hi)&63) - 1
		}
		if x != 0 && first < 0 {
			first = i<<6 + bits.TrailingZeros64(x) - lo
		}
		count += bits.OnesCount64(x)
	}
	return count, first
}

func (g *Game) newState() *state {
	st := &state{}
	if n := g.n.stateWords + 1 + len(g.n.roles); n <= len(st.inline) {
		st.w = st.inline[:n]
	} else {
		st.w = make([]uint64, n)
	}
	return st
}

// Init returns the initial state.
func (g *Game) Init() State {
	st := g.newState()
	copy(st.w, g.n.init)
	return g.finish(st)
}

func (g *Game) choosers(s State) int {
	c := 0
	for r := range g.n.roles {
		if n, _ := g.legalInfo(s, r); n > 1 {
			c++
		}
	}
	return c
}

// Mover returns the index of the role to move at s (see Game).
func (g *Game) Mover(s State) int { return int(g.header(s) & 0xff) }

// LegalMoves returns role r's legal moves at s, as indices into its
// possible moves (MoveText), in byte order of their text.
func (g *Game) LegalMoves(s State, r int) []int {
	var out []int
	for i, m := range g.n.moves[r] {
		if m.legal < 0 || getBit(s.s.w, int32(m.legal)) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// Legal returns role r's legal moves at s as text, in byte order.
func (g *Game) Legal(s State, r int) []string {
	var out []string
	for _, i := range g.LegalMoves(s, r) {
		out = append(out, g.n.moves[r][i].text)
	}
	return out
}

// MoveText returns the text of role r's k-th possible move, such as
// "(mark 2 2)".
func (g *Game) MoveText(r int, k int) string { return g.n.moves[r][k].text }

// MoveTerm returns role r's k-th possible move as a Term.
func (g *Game) MoveTerm(r int, k int) Term { return g.n.terms.term(g.n.moves[r][k].term) }

// Uncached returns the game without its cache of state changes (for the
// benchmarks that measure the reasoner itself).
func (g *Game) Uncached() *Game {
	h := *g
	h.cache = nil
	return &h
}

// lookup returns the cached successor of s under joint, and the slot for
// storing it.
func (g *Game) lookup(s State, joint []int) (State, *atomic.Pointer[cacheEntry], bool) {
	h := g.Key(s)
	for _, k := range joint {
		h = (h ^ uint64(k)) * 0x9e3779b97f4a7c15
	}
	slot := &g.cache.slots[(h^h>>29)&(CacheSize-1)]
	e := slot.Load()
	if e == nil {
		return State{}, slot, false
	}
	for r, k := range joint {
		if e.joint[r] != int32(k) {
			return State{}, slot, false
		}
	}
	for i, x := range s.s.w[:g.n.baseWords] {
		if e.from[i] != x {
			return State{}, slot, false
		}
	}
	return e.to, slot, true
}

func store(slot *atomic.Pointer[cacheEntry], s State, joint []int, to State) {
	e := &cacheEntry{from: s.s.w, to: to}
	for r, k := range joint {
		e.joint[r] = int32(k)
	}
	slot.Store(e)
}

// Next returns the state after the joint move: joint[r] is role r's move,
// an index into its possible moves that must be legal at s.
func (g *Game) Next(s State, joint []int) State {
	var slot *atomic.Pointer[cacheEntry]
	if g.cache != nil {
		t, sl, ok := g.lookup(s, joint)
		if ok {
			return t
		}
		slot = sl
	}
	t := g.next(s, joint)
	if slot != nil {
		store(slot, s, joint, t)
	}
	return t
}

func (g *Game) next(s State, joint []int) State {
	n := g.n
	var buf [128]uint64
	var v []uint64
	if n.words <= len(buf) {
		v = buf[:n.words]
	} else {
		v = make([]uint64, n.words)
	}
	copy(v, s.s.w[:n.stateWords])
	for r, k := range joint {
		if k >= 0 && k < len(n.moves[r]) {
			setBit(v, int32(n.moves[r][k].does), true)
		}
	}
	return g.advance(v, joint)
}

// advance runs the step program on v (state and move set) and builds the
// next state.
func (g *Game) advance(v []uint64, joint []int) State {
	n := g.n
	n.step.run(v)
	for r, k := range joint {
		if k < 0 || k >= len(n.moves[r]) {
			continue // a role without a move (a game that is not well formed)
		}
		orMasks(n.byDoesMasked[n.moves[r][k].does-n.doesLo], v)
	}
	base := v[n.nextLo>>6 : n.nextLo>>6+n.baseWords]
	if r := n.nBase & 63; r != 0 {
		base[n.baseWords-1] &= 1<<r - 1
	}
	for _, b := range n.alwaysNext {
		setBit(base, int32(b), true)
	}
	var slot *atomic.Pointer[state]
	if g.cache != nil {
		slot = &g.cache.positions[baseKey(base)&(CacheSize-1)]
		if old := slot.Load(); old != nil && slices.Equal(old.w[:n.baseWords], base) {
			return State{old}
		}
	}
	st := g.newState()
	copy(st.w, base)
	t := g.finish(st)
	if slot != nil {
		slot.Store(st)
	}
	return t
}

// Goals returns every role's goal value at s (−1 where no goal holds; the
// first listed in byte order where several do).
func (g *Game) Goals(s State) []int {
	out := make([]int, len(g.n.roles))
	for r := range out {
		out[r] = g.goal(s, r)
	}
	return out
}

func (g *Game) goal(s State, r int) int {
	best := -1
	for _, gp := range g.n.goals[r] {
		if gp.prop < 0 || getBit(s.s.w, int32(gp.prop)) != 0 {
			best = max(best, gp.value)
		}
	}
	return best
}

// Facts returns the true base facts of s, in byte order, one line:
// "(cell 1 1 b) (cell 1 2 x) … (control o)".
func (g *Game) Facts(s State) string { return strings.Join(g.FactList(s), " ") }

// FactList returns the true base facts of s, in byte order.
func (g *Game) FactList(s State) []string {
	var out []string
	for i, t := range g.n.baseText {
		if getBit(s.s.w, int32(i)) != 0 {
			out = append(out, t)
		}
	}
	return out
}

// FactTerms returns the true base facts of s as terms, in byte order.
func (g *Game) FactTerms(s State) []Term {
	var out []Term
	for i, a := range g.n.baseAtoms {
		if getBit(s.s.w, int32(i)) != 0 {
			out = append(out, g.n.terms.term(a))
		}
	}
	return out
}

// Base returns the bytes of s's base propositions: equal for equal
// states, usable as a map key.
func (g *Game) Base(s State) string {
	b := make([]byte, 0, 8*g.n.baseWords)
	for _, x := range s.s.w[:g.n.baseWords] {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24), byte(x>>32), byte(x>>40), byte(x>>48), byte(x>>56))
	}
	return string(b)
}

// ToMove is MAX for the first role and MIN for the second in a game of two
// roles whose goals sum to a constant, trace.Player(k) for the k-th role
// otherwise.
func (g *Game) ToMove(s State) trace.Kind {
	h := g.header(s)
	if h&(1<<8|1<<10) != 0 {
		if h&(1<<8) != 0 {
			g.sawSimultaneous(s)
		}
		if h&(1<<10) != 0 {
			g.sawStuck(s)
		}
	}
	r := int(h & 0xff)
	if !g.players {
		if r == 0 {
			return trace.Max
		}
		return trace.Min
	}
	return trace.Player(min(r+1, trace.MaxPlayers))
}

func (g *Game) sawSimultaneous(s State) {
	if g.simult.seen.Load() == nil {
		f := g.Facts(s)
		g.simult.seen.CompareAndSwap(nil, &f)
	}
}

// Moves appends the legal moves of the role to move (indices into its
// possible moves, in byte order of their text).
func (g *Game) Moves(s State, buf []search.Move) []search.Move {
	if g.Terminal(s) {
		return buf
	}
	r := int(g.header(s) & 0xff)
	lo, hi := g.n.legalLo[r], g.n.legalLo[r]+len(g.n.moves[r])
	for w := lo >> 6; w<<6 < hi; w++ {
		x := s.s.w[w]
		if w<<6 < lo {
			x &^= 1<<(uint(lo)&63) - 1
		}
		if (w+1)<<6 > hi {
			x &= 1<<(uint(hi)&63) - 1
		}
		for ; x != 0; x &= x - 1 {
			buf = append(buf, search.Move(w<<6+bits.TrailingZeros64(x)-lo))
		}
	}
	return buf
}

// Result returns the state after the role to move plays m and every other
// role its first legal move.
func (g *Game) Result(s State, m search.Move) State {
	mover := int(g.header(s) & 0xff)
	var jbuf [8]int
	joint := jbuf[:0]
	for r := range g.n.roles {
		k := int(m)
		if r != mover {
			_, k = g.legalInfo(s, r)
			k = max(k, 0)
		}
		joint = append(joint, k)
	}
	return g.Next(s, joint)
}

// Terminal reports whether s is terminal.
func (g *Game) Terminal(s State) bool { return g.header(s)&(1<<9) != 0 }

// Utility is (goal of the first role − goal of the second) / their sum,
// from −1 to 1, in a two-role game; otherwise the first role's goal / 100.
func (g *Game) Utility(s State) float64 {
	if len(g.n.roles) == 2 {
		a, b := g.goal(s, 0), g.goal(s, 1)
		if !g.players && g.constSum > 0 && a+b != g.constSum && g.Terminal(s) {
			g.sawGoals(s)
		}
		a, b = max(a, 0), max(b, 0)
		sum := g.constSum
		if sum == 0 {
			sum = 100
		}
		return float64(a-b) / float64(sum)
	}
	return float64(max(g.goal(s, 0), 0)) / 100
}

// UtilityVec returns every role's goal (0 where none holds; at a terminal
// state that is recorded for Err).
func (g *Game) UtilityVec(s State) []float64 {
	out := make([]float64, len(g.n.roles))
	terminal := g.Terminal(s)
	for r := range out {
		v := g.goal(s, r)
		if v < 0 && terminal {
			g.sawGoals(s)
		}
		out[r] = float64(max(v, 0))
	}
	return out
}

// Key hashes the state's base propositions (exact when they fit a word).
func (g *Game) Key(s State) uint64 {
	if g.n.baseWords == 1 {
		return s.s.w[0]
	}
	return baseKey(s.s.w[:g.n.baseWords])
}

// baseKey hashes a state's base words (mixed, also when there is one, for
// the position table).
func baseKey(base []uint64) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, x := range base {
		h ^= x
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	return h
}

// Name returns the text of move m at s, made by the role to move.
func (g *Game) Name(s State, m search.Move) string {
	return g.n.moves[g.Mover(s)][m].text
}
