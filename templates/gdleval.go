package templates

// GDLEvalPage shows what a player builds from a GDL game's rules
// (/gdl/eval): the structures found and why, the candidate features with
// their scores, one evaluation's terms at the initial state, and the goal
// formulas with the degree of every subformula there.
type GDLEvalPage struct {
	Assets Assets
	Fields []FormField
	Error  string
	// Structures are the findings, each worded in the page's language.
	Structures []string
	// Candidates are the features, best first.
	Candidates []GDLCandidate
	Games      string // "200 random games (seed 1), 1571 states"
	// Eval is the chosen evaluation's name, Terms its construction at the
	// initial state: the formula, then the numbers.
	Eval    string
	Terms   []GDLTerm
	Formula string
	// Goals are the goal formulas (of the first role) evaluated at the
	// initial state, Captions their names ("(goal x 100)").
	Goals    []FuzzyNode
	Captions []string
	Params   string
}

// GDLCandidate is one row of the candidates' table.
type GDLCandidate struct {
	Feature, Score, Evaluation string
}

// GDLTerm is one named quantity of Kuhlmann's construction: V, R⁻, R⁺, E.
type GDLTerm struct {
	Name, Meaning, Value string
}
