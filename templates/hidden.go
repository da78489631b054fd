package templates

// HiddenView is what a method for hidden cards (clairvoyance, information
// sets, determinised MCTS) concluded about the first move: a table with a
// row per move and a column per deal, and the risks it found. Every text
// is decided before the page is rendered.
type HiddenView struct {
	Title  string   // the method's name
	Note   string   // one sentence on what the method assumes
	Worlds []string // the deals, named
	Heads  []string // the table's column of each deal ("deal 1", "world 1")
	Rows   []HiddenRow
	Risks  []string // "risk of ♣9: after ♣9 ♣10 ♠2, deal 1 needs ♦6, deal 2 needs ♥6"
	// Determinised MCTS: the sample the viewer steps (Stepped says which,
	// Sample of Samples), and the moves it overrates against the exact
	// information sets (strategy fusion).
	Stepped         string
	Sample, Samples int
	Fusion          []string
	// PrevURL and NextURL step the neighbouring samples ("" at the ends).
	PrevURL, NextURL string
}

// HiddenRow is one first move: its value in each deal and on average.
type HiddenRow struct {
	Move    string
	Cells   []string
	Average string
	Chosen  bool
}
