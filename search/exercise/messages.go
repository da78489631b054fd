package exercise

import (
	"strings"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// English holds the checker's and predict mode's sentences in English, by
// message ID: the source the i18n package's German and Czech catalogs
// translate. Arguments: Node is a node's name (a phrase or a label), Want
// and Got values or bounds as written (3, ≤ 2), Name α or β, Value and
// Number numbers, Why a narration, Score and Total counts.
var English = map[string]trace.Message{
	"exercise.note.searched":         {Other: "{{cap .Node}} was searched, so the edge to it is followed: it is not pruned."},
	"exercise.note.evaluated":        {Other: "{{cap .Node}} was evaluated, so the edge to it is followed: it is not pruned."},
	"exercise.note.no-value":         {Other: "No value given: {{.Node}} returns {{.Want}}."},
	"exercise.note.no-window":        {Other: "No {{.Name}} given: it is {{.Want}}."},
	"exercise.note.wrong-window":     {Other: "{{cap .Node}}'s {{.Name}} is {{.Want}}, not {{.Got}}."},
	"exercise.note.skipped":          {Other: "A cutoff skips {{.Node}}: mark it pruned."},
	"exercise.note.never-visited":    {Other: "{{cap .Node}} is never visited, so it gets no value and no window."},
	"exercise.note.below-pruned":     {Other: "{{cap .Node}} lies below a pruned node and is never visited, so it gets no value and no window."},
	"exercise.note.bound-for-exact":  {Other: "The search knows {{.Node}}'s exact value, {{.Want}}: no ≤ or ≥."},
	"exercise.note.exact-for-bound":  {Other: "{{cap .Node}} returns only a bound, {{.Want}}: its exact value is never computed."},
	"exercise.note.bound-direction":  {Other: "The bound points the other way: {{.Node}} returns {{.Want}}."},
	"exercise.note.wrong-value":      {Other: "{{cap .Node}} returns {{.Want}}, not {{.Got}}."},
	"exercise.note.wrong-number":     {Other: "The number is {{.Want}}, not {{.Got}}."},
	"exercise.feedback.right":        {Other: "{{.Node}}: right"},
	"exercise.feedback.wrong":        {Other: "{{.Node}}: wrong"},
	"exercise.feedback.expected":     {Other: " — expected {{.Want}}, you gave {{.Got}}."},
	"exercise.feedback.nothing":      {Other: "nothing"},
	"exercise.feedback.pruned":       {Other: "pruned"},
	"exercise.feedback.ok":           {Other: " — {{.Want}}."},
	"exercise.feedback.window-wrong": {Other: " — {{.Want}} is right; the window is not."},
	"exercise.feedback.window":       {Other: " {{.Name}}: expected {{.Want}}, you gave {{.Got}}."},
	"exercise.feedback.why":          {Other: "Why: {{.Why}}"},
	"exercise.feedback.score":        {Other: "Score {{.Score}} / {{.Total}}"},
	"exercise.feedback.score-full":   {Other: "Score {{.Score}} / {{.Total}}: all right!"},
	"exercise.predict.enter":         {Other: "Which node does the search enter next? Click it (or focus it and press Enter)."},
	"exercise.name.leaf":             {Other: "leaf {{.Value}}", Description: "a leaf named by its value as drawn"},
	"exercise.predict.window":        {Other: "{{cap .Node}} has the value of its child {{.Child}}, and its {{.Name}} moves. What is {{.Name}} at {{.Node}} now?"},
	"exercise.predict.cut":           {Other: "{{cap .Node}} has the value of its child {{.Child}}. Does it cut off now, skipping the rest of its children?"},
	"exercise.predict.goes-on":       {Other: "{{cap .Node}} goes on to its next child."},
	"exercise.predict.not-a-value":   {Other: "“{{.Got}}” is not a value: write a number such as 3 or −2.5, or ∞ or −∞."},
	"exercise.predict.it-enters":     {Other: "It enters {{.Node}}."},
	"exercise.predict.becomes":       {Other: "{{.Name}} becomes {{.Want}}."},
	"exercise.predict.cuts-off":      {Other: "It cuts off."},
	"exercise.predict.no-cut":        {Other: "It goes on."},
	"exercise.predict.right":         {Other: "Right! {{.Want}} {{.Why}}"},
	"exercise.predict.wrong":         {Other: "Not quite. {{.Want}} {{.Why}}"},
	"exercise.predict.returns":       {Other: "{{cap .Node}} returns {{.Want}}."},
	"exercise.predict.skips":         {Other: "The next cutoff skips {{.Node}}."},
	"exercise.predict.moves":         {Other: "The root's player moves to {{.Node}}."},
	"exercise.predict.explain":       {Other: "{{.Want}} {{.Why}}"},
	"exercise.predict.not-a-bound":   {Other: "“{{.Got}}” is not a value or a bound: write a number such as 3, or a bound such as ≤ 2 or ≥ 5."},
	// The matchsticks exercise (GradeMatchsticksIn). Got is the student's
	// answer, Take a number of matches, Moves a list of moves and their
	// values, Best the winning move's number, Who and Other MAX or MIN,
	// Left the matches left, Value a game value such as +1.
	"exercise.ms.not-a-value": {Other: "{{.Got}} is not a value such as +1 or −1"},
	"exercise.ms.no-value":    {Other: "No value given."},
	"exercise.ms.not":         {Other: "Not {{.Got}}."},
	"exercise.ms.take":        {Other: "take {{.Take}}"},
	"exercise.ms.move-why":    {Other: "MAX picks the move whose state is worth the most to MAX: {{.Moves}}. The winning move is to take {{.Best}}."},
	"exercise.ms.no-move":     {Other: "No move named."},
	"exercise.ms.wrong-move":  {Other: "Taking {{.Move}} is not the winning move."},
	"exercise.ms.bad-fields":  {Other: "Some values are not +1 or −1: {{.Fields}}."},
	"exercise.ms.why-leaf":    {Other: "No matches left and {{.Who}} to move: {{.Other}} took the last match and lost, so the value is {{.Value}}."},
	"exercise.ms.why-max":     {Other: "MAX to move with {{.Left}} left picks the largest of its moves' values ({{.Moves}}): {{.Value}}."},
	"exercise.ms.why-min":     {Other: "MIN to move with {{.Left}} left picks the smallest of its moves' values ({{.Moves}}): {{.Value}}."},
	// Errors in an exercise's parameters (Error.Say). Got is the value as
	// given (quoted where it was text), Min and Max a range, Known the
	// parameters known, B a branching, D a depth, N and Span counts.
	"exercise.err.unknown-param":   {Other: "unknown parameter (known: {{.Known}})"},
	"exercise.err.gt-fail-hard":    {Other: "the strict prune rule (gt) needs fail-soft: a fail-hard child never returns more than β, so v > β could never fire"},
	"exercise.err.window":          {Other: "{{.Got}} is not a window to check (want final or entry)"},
	"exercise.err.gdl-depth":       {Other: "must be 1 to {{.Max}} for a game in GDL"},
	"exercise.err.gdl-turns":       {Other: "in this game several roles choose at once; an exercise needs one player to move at a time"},
	"exercise.err.gdl-players":     {Other: "the game is not for two roles whose goals sum to a constant; an exercise needs MAX and MIN"},
	"exercise.err.gdl-unsuitable":  {Other: "no position of this game in MaxAttempts = {{.Attempts}} attempts has a tree to depth {{.D}} with {{.Min}} to MaxBranching = {{.Max}} moves at every inner node and at most MaxLeaves = {{.Leaves}} leaves; try a smaller depth"},
	"exercise.err.gdl-limit":       {Other: "the game is too large to be reasoned about: it passes {{.Limit}} = {{.Max}}"},
	"exercise.err.gdl":             {Other: "the game cannot be used: {{.Error}}"},
	"exercise.err.gdl-at":          {Other: "line {{.Line}}, column {{.Col}} ({{.Rule}}): {{.Msg}}", Description: "Rule is the specification's rule (gdl.rule.…), Msg the reader's or checker's account (gdl.msg.…)"},
	"exercise.err.no-tree":         {Other: "missing: give the tree in the classroom notation, such as {{.Example}}"},
	"exercise.err.no-node":         {Other: "there is no node {{.Got}} in the tree (ids are paths of child indices such as 1.2; the root is \"\")"},
	"exercise.err.twice":           {Other: "given {{.N}} times; give it once"},
	"exercise.err.whole":           {Other: "{{.Got}} is not a whole number"},
	"exercise.err.seed":            {Other: "{{.Got}} is not a whole number from 0 to {{.Max}}"},
	"exercise.err.b-and-range":     {Other: "give b for a fixed branching, or bmin and bmax for a range, not both"},
	"exercise.err.bmin-bmax":       {Other: "give bmin and bmax together"},
	"exercise.err.variant":         {Other: "{{.Got}} is not a variant (want one letter, A to Z)"},
	"exercise.err.branching":       {Other: "branching {{.Got}} is not between {{.Min}} and MaxBranching = {{.Max}}"},
	"exercise.err.bmin-more":       {Other: "bmin {{.Min}} is more than bmax {{.Max}}"},
	"exercise.err.depth":           {Other: "depth {{.Got}} is not between 1 and MaxDepth = {{.Max}}"},
	"exercise.err.value":           {Other: "{{.Got}} is not between −{{.Max}} and {{.Max}}"},
	"exercise.err.value-range":     {Other: "the value range {{.Min}}..{{.Max}} needs at least two values (min < max)"},
	"exercise.err.negative":        {Other: "{{.Got}} is negative"},
	"exercise.err.too-many-leaves": {Other: "branching {{.B}} and depth {{.D}} give {{.Leaves}} leaves, more than MaxLeaves = {{.Max}}: an exercise must fit on a page"},
	"exercise.err.distinct":        {Other: "all values distinct: a tree with branching {{.B}} and depth {{.D}} has {{.N}} leaves, but the range {{.Min}}..{{.Max}} holds only {{.Span}} values"},
	"exercise.err.distinct-least":  {Other: "all values distinct: a tree with branching {{.B}} and depth {{.D}} has at least {{.N}} leaves, but the range {{.Min}}..{{.Max}} holds only {{.Span}} values"},
	"exercise.err.deep":            {Other: "a deep cutoff skips inner nodes, which needs depth 3 or more, not {{.Got}}"},
	"exercise.err.cutoffs":         {Other: "{{.Got}} cutoffs: alpha-beta makes at most {{.Most}} on any tree with branching {{.B}} and depth {{.D}}"},
	"exercise.err.flag":            {Other: "{{.Got}} is not a flag (want 1 or 0, true or false)"},
	"exercise.err.root":            {Other: "{{.Got}} is not a root player (want max or min)"},
	"exercise.err.prune":           {Other: "{{.Got}} is not a prune rule (want ge, cut on v ≥ β and v ≤ α, or gt, cut on v > β and v < α)"},
	"exercise.err.fail":            {Other: "{{.Got}} is not a fail mode (want soft or hard)"},
	"exercise.err.goal":            {Other: "{{.Got}} is not a goal: give most (prune as much as possible) or least (as little)"},
	"exercise.err.not-reordering":  {Other: "is not a reordering of the exercise's tree: only the order of children may change"},
	"exercise.err.notation":        {Other: "{{.Got}} is not a notation: give symbols (≤ ≥) or ascii (<= >=)"},
	// Errors in a submission's JSON (Error.Say). Got is a JSON type as a
	// phrase (exercise.json.*), Offset a byte, Known the fields known,
	// Why what is wrong with an answer (exercise.err.json-not-*).
	"exercise.json.string":            {Other: "a string"},
	"exercise.json.number":            {Other: "a number"},
	"exercise.json.bool":              {Other: "true or false"},
	"exercise.json.array":             {Other: "a list"},
	"exercise.json.object":            {Other: "an object"},
	"exercise.err.json-empty":         {Other: "empty: send a JSON object with the tree and the answers"},
	"exercise.err.json-eof":           {Other: "the JSON ends before the object is complete"},
	"exercise.err.json-syntax":        {Other: "not valid JSON at byte {{.Offset}}"},
	"exercise.err.json-more":          {Other: "more after the JSON object; send one object"},
	"exercise.err.json-unknown-ab":    {Other: "unknown field: α and β go in windows, such as \"windows\": {\"1\": {\"alpha\": \"3\", \"beta\": \"+∞\"}}"},
	"exercise.err.json-unknown":       {Other: "unknown field (known: {{.Known}}; α and β go in windows as alpha and beta)"},
	"exercise.err.json-body-type":     {Other: "a JSON {{.Got}} is not a submission; send a JSON object"},
	"exercise.err.json-answers-type":  {Other: "want an object from node id to answer, such as {\"1\": \"≤ 2\"}, not {{.Got}}"},
	"exercise.err.json-pruned-type":   {Other: "want a list of node ids (strings), such as [\"1.1\", \"1.2\"], not {{.Got}}"},
	"exercise.err.json-windows-type":  {Other: "want an object from node id to {\"alpha\": …, \"beta\": …}, not {{.Got}}"},
	"exercise.err.json-string-type":   {Other: "want a string, not {{.Got}}"},
	"exercise.err.json-number-type":   {Other: "want a whole number, such as 4, not {{.Got}}"},
	"exercise.err.json-window-type":   {Other: "want an object such as {\"alpha\": \"3\", \"beta\": \"+∞\"}, not {{.Got}}"},
	"exercise.err.json-window-fields": {Other: "want alpha and beta only"},
	"exercise.err.json-answer":        {Other: "{{.Why}}; write the answer as a string such as \"≤ 2\""},
	"exercise.err.json-alpha":         {Other: "{{.Why}}; write α as a string such as \"3\" or \"−∞\""},
	"exercise.err.json-beta":          {Other: "{{.Why}}; write β as a string such as \"3\" or \"+∞\""},
	"exercise.err.json-not-bool":      {Other: "a true or false is not an answer"},
	"exercise.err.json-not-list":      {Other: "a list is not an answer"},
	"exercise.err.json-not-object":    {Other: "an object is not an answer"},
	// Answers, α and β as read (Got quoted, N their length, Max the
	// limit), predict mode's posted answers (N the questions, Last the
	// last one's number), and exercises no tree met in MaxAttempts
	// (Attempts) tries (B the branching, D the depth, N the cutoffs asked
	// for, Most the most any tree had).
	"exercise.err.answer-long":      {Other: "an answer of {{.N}} characters is too long (at most {{.Max}})"},
	"exercise.err.strict":           {Other: "{{.Got}} uses a strict bound; write ≤ or ≥ with the value the search returns, such as ≤ 2"},
	"exercise.err.answer":           {Other: "{{.Got}} is not a value or a bound such as 3, ≤ 2 or ≥ 5"},
	"exercise.err.answer-comma":     {Other: "{{.Got}} is not a value or a bound such as 3, ≤ 2 or ≥ 5 (write decimals with a point: 2.5)"},
	"exercise.err.value-long":       {Other: "a value of {{.N}} characters is too long (at most {{.Max}})"},
	"exercise.err.window-value":     {Other: "{{.Got}} is not a number or an infinity such as 3, −∞ or +∞"},
	"exercise.err.leaf-window":      {Other: "no α and β at {{.Node}}: a leaf has none; they are asked for at inner nodes only"},
	"exercise.err.predict-unknown":  {Other: "unknown field (known: query, question, answer)"},
	"exercise.err.query-long":       {Other: "a query of {{.N}} bytes is too long (at most {{.Max}})"},
	"exercise.err.query":            {Other: "not a query string such as seed=42&b=3&d=3"},
	"exercise.err.question":         {Other: "{{.Got}} is not a question number: they count from 0"},
	"exercise.err.no-question":      {Other: "there is no question {{.Got}}: this exercise asks {{.N}} (0 to {{.Last}})"},
	"exercise.err.replay":           {Other: "{{.Got}} questions cannot have been answered: this exercise asks {{.N}}"},
	"exercise.err.arrangement-long": {Other: "an arrangement of {{.N}} bytes is too long (at most {{.Max}})"},
	"exercise.err.notmet-distinct":  {Other: "no tree with branching {{.B}} and depth {{.D}} had few enough leaves for distinct values in {{.Min}}..{{.Max}} in MaxAttempts = {{.Attempts}} attempts; widen the range or narrow the branching"},
	"exercise.err.notmet-deep":      {Other: "no tree with branching {{.B}} and depth {{.D}} had a deep cutoff in MaxAttempts = {{.Attempts}} attempts"},
	"exercise.err.notmet-cutoffs":   {Other: "no tree with branching {{.B}} and depth {{.D}} had {{.N}} cutoffs in MaxAttempts = {{.Attempts}} attempts (the most was {{.Most}}); ask for fewer"},
	"exercise.err.notmet-both":      {Other: "no tree with branching {{.B}} and depth {{.D}} had {{.N}} cutoffs and a deep cutoff together in MaxAttempts = {{.Attempts}} attempts; ask for fewer cutoffs"},
	// The ordering exercise (GradeOrdering). Leaves, Optimum, Best, Worst,
	// All and Start are numbers of leaves evaluated; Count is the number
	// the sentence counts.
	"exercise.ord.score":         {One: "1 leaf evaluated; the optimum is {{.Optimum}}.", Other: "{{.Count}} leaves evaluated; the optimum is {{.Optimum}}."},
	"exercise.ord.counts":        {Other: "The best ordering evaluates {{.Best}}, the worst {{.Worst}}, minimax all {{.All}}."},
	"exercise.ord.optimal-least": {One: "Optimal: alpha-beta evaluates {{.Leaves}} of 1 leaf, as many as the worst ordering.", Other: "Optimal: alpha-beta evaluates {{.Leaves}} of {{.Count}} leaves, as many as the worst ordering."},
	"exercise.ord.worse-to-go":   {One: "Worse than the start ({{.Start}}), but the worst ordering makes it evaluate {{.Worst}}: 1 leaf to go.", Other: "Worse than the start ({{.Start}}), but the worst ordering makes it evaluate {{.Worst}}: {{.Count}} leaves to go."},
	"exercise.ord.not-worse":     {One: "Not worse than the start (1 leaf); the worst ordering makes it evaluate {{.Worst}}.", Other: "Not worse than the start ({{.Count}} leaves); the worst ordering makes it evaluate {{.Worst}}."},
	"exercise.ord.optimal-most":  {One: "Optimal: alpha-beta evaluates {{.Leaves}} of 1 leaf, as few as the best ordering.", Other: "Optimal: alpha-beta evaluates {{.Leaves}} of {{.Count}} leaves, as few as the best ordering."},
	"exercise.ord.better-to-go":  {One: "Better than the start ({{.Start}}), but the best ordering needs only {{.Best}}: 1 leaf to go.", Other: "Better than the start ({{.Start}}), but the best ordering needs only {{.Best}}: {{.Count}} leaves to go."},
	// Why a node of the arrangement is badly ordered (orderingReasons):
	// Node is the node, Kind MAX or MIN, First and Best its first and its
	// best child with their values; Cut the narration of its cutoff.
	"exercise.ord.why-most":   {Other: "{{.Node}} ({{.Kind}}) searches {{.First}} first, worth {{.FirstValue}}, but {{.Best}}, worth {{.BestValue}}, is better for {{.Kind}}: searched first, it sets the bound at once, and every later child is cut off as soon as it cannot beat it."},
	"exercise.ord.why-least":  {Other: "{{.Cut}} To avoid the cutoff, put {{.Node}}'s children worse for {{.Kind}} first, so that its value reaches the bound as late as possible."},
	"exercise.ord.not-better": {One: "Not better than the start (1 leaf); the best ordering needs only {{.Best}}.", Other: "Not better than the start ({{.Count}} leaves); the best ordering needs only {{.Best}}."},
}

// sayN makes a plural phrase counting n.
func sayN(id string, n int, kv ...any) trace.Phrase {
	p := say(id, kv...)
	p.Count, p.Plural = n, true
	return p
}

// say makes a phrase from a message ID and argument pairs (name, value, …).
func say(id string, kv ...any) trace.Phrase {
	p := trace.Phrase{ID: id}
	if len(kv) > 0 {
		p.Args = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			p.Args[kv[i].(string)] = kv[i+1]
		}
	}
	return p
}

// Words words a phrase in a language; nil words it in English.
type Words func(trace.Phrase) string

// word words p with w, in English when w is nil. The exercise's own
// messages are worded from English when w is nil; the narration's with
// trace's English.
func (w Words) word(p trace.Phrase) string {
	if w != nil {
		return w(p)
	}
	return english(p)
}

// english words a phrase whose messages are the exercise's or the
// narration's, in English.
func english(p trace.Phrase) string {
	return p.Word(func(q trace.Phrase) (string, bool) {
		catalog := English
		if _, ok := English[q.ID]; !ok {
			catalog = trace.English
		}
		s := q.WordIn(catalog)
		return s, s != q.ID
	})
}

// join words phrases and joins them with spaces.
func (w Words) join(ps []trace.Phrase) string {
	parts := make([]string, 0, len(ps))
	for _, p := range ps {
		if s := w.word(p); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// nameOf names a node as the tree draws it: its label or textbook letter
// (C), else a leaf by its value ("leaf 4"), else "the root" or "node 1.2".
func nameOf(n *tree.Node) any {
	switch {
	case n.Label != "":
		return n.Label
	case n.Name != "" && !n.IsLeaf():
		return n.Name
	case n.IsLeaf():
		return say("exercise.name.leaf", "Value", tree.Game{}.Label(n))
	case n.ID == "":
		return say("narrate.root")
	}
	return say("narrate.node-id", "ID", n.ID)
}

// wantText words what a node wants: its value or bound as written, or
// "pruned".
func wantText(s string) any {
	if s == "pruned" {
		return say("exercise.feedback.pruned")
	}
	return s
}

// nameID names a node by id: "the root" or "node 1.2".
func nameID(id string) trace.Phrase {
	if id == "" {
		return say("narrate.root")
	}
	return say("narrate.node-id", "ID", id)
}

// leafOf is a frame's Leaf for tree t: the narration says a leaf is
// reached, not entered as MAX or MIN.
func leafOf(t *tree.Tree) func(id string) bool {
	return func(id string) bool {
		n := t.Find(id)
		return n != nil && n.IsLeaf()
	}
}

// keepPhrase is a frame's Words that keeps the last narration's phrase in
// *p, to be worded later in the page's language, and words it in English.
func keepPhrase(p *trace.Phrase) func(trace.Phrase) string {
	return func(q trace.Phrase) string {
		*p = q
		return q.String()
	}
}
