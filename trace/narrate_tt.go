package trace

// LineTTCut is the pseudocode key of the return of a node that the
// transposition table settled, on its tt-probe and exit events.
const LineTTCut = "tt-cut"

// FullDraft is the draft of a table entry searched without a depth limit,
// to the end of the game: it answers a probe at any depth.
const FullDraft = 1 << 20

// isRealGames reports whether t is one of the steps of the searches on
// real games: the table's probe and store, a re-search, a pass.
func (t Type) isRealGames() bool { return t >= TTProbe && t <= Pass }
