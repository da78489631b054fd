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
}
