package gdl

import "github.com/abtrace/abtrace/trace"

// English holds the reader's and the checker's errors by message ID (an
// Error's Say), the source the i18n package's German and Czech catalogs
// translate. Arguments: Name a relation's, function's or keyword's name,
// Got and Want numbers, Max a limit's value, Line and Col another place
// of the text, Var a variable, Char a character as quoted Go text; the
// errors of a search on an ill-formed game (IllFormedError) Role a role,
// State a state's facts, Goals the roles' goals as [100 0] and Sum the
// constant they are to sum to.
var English = map[string]trace.Message{
	"gdl.msg.no-role":          {Other: "the game declares no role: write a fact (role name) for each player"},
	"gdl.msg.arity-fixed":      {Other: "{{.Name}} has arity {{.Want}} (that many arguments), not {{.Got}}"},
	"gdl.msg.arity-relation":   {Other: "relation {{.Name}} has arity {{.Got}} here but {{.Want}} at line {{.Line}}, column {{.Col}}"},
	"gdl.msg.arity-function":   {Other: "function {{.Name}} has arity {{.Got}} here but {{.Want}} at line {{.Line}}, column {{.Col}}"},
	"gdl.msg.role-head":        {Other: "role may only appear in ground facts such as (role white), not as the head of a rule"},
	"gdl.msg.true-head":        {Other: "true may only appear in the body of a rule, not as a fact or a head"},
	"gdl.msg.does-head":        {Other: "does may only appear in the body of a rule, not as a fact or a head"},
	"gdl.msg.init-body":        {Other: "init may only appear as a fact or the head of a rule, not in a body"},
	"gdl.msg.next-body":        {Other: "next may only appear as a fact or the head of a rule, not in a body"},
	"gdl.msg.unsafe-head":      {Other: "variable {{.Var}} in the head does not appear in a positive condition of the rule's body (it is unsafe)"},
	"gdl.msg.unsafe-distinct":  {Other: "variable {{.Var}} in distinct does not appear in a positive condition of the rule's body (it is unsafe)"},
	"gdl.msg.unsafe-negated":   {Other: "variable {{.Var}} in a negated condition does not appear in a positive condition of the rule's body (it is unsafe)"},
	"gdl.msg.stratification":   {Other: "{{.Name}} depends on the negation of {{.Neg}}, which depends on {{.Name}} again (negation is not stratified)"},
	"gdl.msg.init-depends":     {Other: "init depends on {{.Bad}} (through {{.Through}}): the initial state cannot depend on a state, a move or the rules of play"},
	"gdl.msg.does-depends":     {Other: "{{.Name}} depends on does (through {{.Through}}): what is legal, terminal or reached cannot depend on the moves being made"},
	"gdl.msg.recursion":        {Other: "argument {{.Arg}} of the recursive condition {{.Name}} is neither ground, nor an argument of the head, nor bound by a condition outside the recursion (the recursion restriction)"},
	"gdl.msg.char-text":        {Other: "character {{.Char}} is not allowed in a game's text"},
	"gdl.msg.char-symbol":      {Other: "character {{.Char}} is not allowed in a symbol"},
	"gdl.msg.size":             {Other: "the game text has {{.Got}} bytes, more than the {{.Max}} allowed (MaxSourceBytes)"},
	"gdl.msg.rules":            {Other: "the game has more than {{.Max}} rules (MaxRules, after each `or` is expanded)"},
	"gdl.msg.close":            {Other: "unexpected ')'"},
	"gdl.msg.depth":            {Other: "parentheses nested deeper than {{.Max}} (MaxDepth)"},
	"gdl.msg.open":             {Other: "'(' is never closed"},
	"gdl.msg.empty":            {Other: "empty list ()"},
	"gdl.msg.no-head":          {Other: "(<= …) without a head"},
	"gdl.msg.distinct-head":    {Other: "distinct cannot be the head of a rule"},
	"gdl.msg.or-rules":         {Other: "the rule's `or` expands into more than {{.Max}} rules (MaxRules)"},
	"gdl.msg.distinct-fact":    {Other: "distinct cannot be a fact"},
	"gdl.msg.not-args":         {Other: "not takes one argument, not {{.Got}}"},
	"gdl.msg.no-args":          {Other: "{{.Name}} without arguments"},
	"gdl.msg.alternatives":     {Other: "the condition expands into more than {{.Max}} alternatives (MaxRules)"},
	"gdl.msg.not-distinct":     {Other: "(not (distinct …)) is not supported: write the equal terms as one variable"},
	"gdl.msg.distinct-args":    {Other: "distinct takes two arguments, not {{.Got}}"},
	"gdl.msg.var-sentence":     {Other: "variable {{.Name}} where a sentence is expected"},
	"gdl.msg.atom-sentence":    {Other: "{{.Name}} where a sentence is expected"},
	"gdl.msg.keyword-sentence": {Other: "{{.Name}} where an atomic sentence is expected (not, or and and belong in a rule's body)"},
	"gdl.msg.keyword-term":     {Other: "{{.Name}} where a term is expected"},
	"gdl.msg.var-name":         {Other: "a variable needs a name after '?'"},
	"gdl.msg.list-name":        {Other: "a list where a relation or function name is expected"},
	"gdl.msg.var-name-pos":     {Other: "variable {{.Name}} where a relation or function name is expected"},
	"gdl.msg.stuck":            {Other: "role {{.Role}} has no legal move in state {{.State}}, which is not terminal"},
	"gdl.msg.goals":            {Other: "the goals in terminal state {{.State}} are {{.Goals}} (−1: no goal holds)"},
	"gdl.msg.goals-sum":        {Other: "the goals in terminal state {{.State}} are {{.Goals}} (−1: no goal holds), which do not sum to {{.Sum}} as in the games played to learn the game; search it with maxn or paranoid"},
	// The structures of Kuhlmann et al. that Structures finds, in the
	// game's own terms: Rel a relation, Head a board's relation with its
	// variables as the rules write it, X and Y its coordinates' variables,
	// Succ a successor relation, Order constants in their order (or a
	// phrase of how a board's coordinates are ordered), Arg an argument's
	// position counted from 1, Seen the values seen.
	"gdl.structure.successor":        {Other: "`{{.Rel}}` is a successor relation: its {{.N}} facts order {{.Order}} in one chain"},
	"gdl.structure.board":            {Other: "`{{.Head}}` is a {{.W}}×{{.H}} board: {{.Order}}, each cell held one content in all {{.States}} simulated states; contents {{.Markers}}"},
	"gdl.structure.board-pieces":     {Other: "`{{.Head}}` is a {{.W}}×{{.H}} board: {{.Order}}, each cell held one content in all {{.States}} simulated states; contents {{.Markers}}; pieces (they only move: one leaves a cell as one arrives in another, and their number never grows) {{.Pieces}}"},
	"gdl.structure.order.same":       {Other: "{{.X}} and {{.Y}} are ordered by `{{.Succ}}`"},
	"gdl.structure.order.each":       {Other: "{{.X}} is ordered by `{{.SuccX}}`, {{.Y}} by `{{.SuccY}}`"},
	"gdl.structure.order.one":        {Other: "{{.X}} is ordered by `{{.Succ}}`, {{.Y}} as numbers (by no successor relation)"},
	"gdl.structure.order.numbers":    {Other: "{{.X}} and {{.Y}} are numbers, ordered by no successor relation"},
	"gdl.structure.counter":          {Other: "argument {{.Arg}} of `{{.Rel}}` is a counter: one `{{.Rel}}` fact in every state, and at every move of the simulated games its argument stepped to the next constant of `{{.Succ}}`"},
	"gdl.structure.quantity.order":   {Other: "argument {{.Arg}} of `{{.Rel}}` is a quantity: at most one `{{.Rel}}` fact in every state, and its values lie in the order of `{{.Succ}}` ({{.Seen}} seen)"},
	"gdl.structure.quantity.numbers": {Other: "argument {{.Arg}} of `{{.Rel}}` is a quantity: at most one `{{.Rel}}` fact in every state, and its values are numbers ({{.Seen}} seen)"},
}
