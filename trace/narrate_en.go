package trace

// narrationEnglish is the narration in English: the source every
// translation follows. Arguments: Node, Child and Parent are names as
// drawn (a label, "the root" or "node 1.2"), or with the kind ("MAX node
// C"); Kind and Opponent are MAX, MIN, CHANCE or P1, P2, …; Alpha, Beta,
// Value, Old are numbers as the lecture writes them (−∞, 3, 2.5); Test is
// the test that fired ("5 ≥ β = 3"); Word is a count in English words;
// Count is the plural count.
var narrationEnglish = map[string]Message{
	"narrate.step":      {Other: "Step {{.Step}}: {{.Type}}.", Description: "an event without its own sentence"},
	"narrate.root":      {Other: "the root", Description: "the name of an unlabelled root"},
	"narrate.node-id":   {Other: "node {{.ID}}", Description: "a node without a label, by its path of child indices"},
	"narrate.kind-node": {Other: "{{.Kind}} node {{.Name}}", Description: "a node with its kind: MIN node C"},
	"narrate.kind-root": {Other: "the {{.Kind}} root", Description: "an unlabelled root with its kind"},

	"narrate.enter.start":       {Other: "The search starts at {{.Node}}.", Description: "minimax enters the root"},
	"narrate.enter.depth":       {Other: "{{cap .Node}} is entered at depth {{.Depth}}."},
	"narrate.enter.star1":       {Other: "{{cap .Node}} is entered with α = {{.Alpha}}, β = {{.Beta}}, the window its CHANCE parent {{.Parent}} derived from its own window and the leaf bounds: only a value between {{.Alpha}} and {{.Beta}} must be found exactly; beyond them a bound lets {{.Parent}} cut."},
	"narrate.enter.open":        {Other: "{{cap .Node}} is entered with α = {{.Alpha}}, β = {{.Beta}}: nothing is known yet."},
	"narrate.enter.root-window": {Other: "{{cap .Node}} is entered with α = {{.Alpha}}, β = {{.Beta}}: the caller only cares about values between {{.Alpha}} and {{.Beta}}."},
	"narrate.enter.window":      {Other: "{{cap .Node}} is entered with α = {{.Alpha}}, β = {{.Beta}}: MAX already has {{.Alpha}} elsewhere and MIN already has {{.Beta}}, so only values between them matter."},
	"narrate.enter.alpha":       {Other: "{{cap .Node}} is entered with α = {{.Alpha}}, β = {{.Beta}}: MAX already has {{.Alpha}} elsewhere."},
	"narrate.enter.beta":        {Other: "{{cap .Node}} is entered with α = {{.Alpha}}, β = {{.Beta}}: MIN already has {{.Beta}} elsewhere."},

	"narrate.enter.leaf": {Other: "Leaf {{.Node}} is reached; the next step gives its value.", Description: "the search reaches a leaf (terminal, or at the depth limit) whose value is computed next"},

	"narrate.expand.none": {Other: "{{cap .Node}} has no successors."},
	"narrate.expand.natural": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, searched in natural order.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, searched in natural order."},
	"narrate.expand.reversed": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, searched in reverse order.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, searched in reverse order."},
	"narrate.expand.random": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, searched in random order.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, searched in random order."},
	"narrate.expand.eval": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered best first for {{.Kind}} by evaluation: {{.Keys}}.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered best first for {{.Kind}} by evaluation: {{.Keys}}."},
	"narrate.expand.keyless-eval": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered best first for {{.Kind}} by evaluation.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered best first for {{.Kind}} by evaluation."},
	"narrate.expand.best": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered best first for {{.Kind}} by minimax value: {{.Keys}}.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered best first for {{.Kind}} by minimax value: {{.Keys}}."},
	"narrate.expand.keyless-best": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered best first for {{.Kind}} by minimax value.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered best first for {{.Kind}} by minimax value."},
	"narrate.expand.worst": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered worst first for {{.Kind}} by minimax value: {{.Keys}}.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered worst first for {{.Kind}} by minimax value: {{.Keys}}."},
	"narrate.expand.keyless-worst": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered worst first for {{.Kind}} by minimax value.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered worst first for {{.Kind}} by minimax value."},
	"narrate.expand.order": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, searched in the order {{.Keys}}.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, searched in the order {{.Keys}}.", Description: "Keys: the child indices in search order"},
	"narrate.expand.other-keys": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered by {{.By}}: {{.Keys}}.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, ordered by {{.By}}: {{.Keys}}.", Description: "By: the name of an ordering"},
	"narrate.expand.other": {One: "{{cap .Node}} has 1 successor{{if .Probs}} (probabilities {{.Probs}}){{end}}, searched in {{.By}} order.",
		Other: "{{cap .Node}} has {{.Count}} successors{{if .Probs}} (probabilities {{.Probs}}){{end}}, searched in {{.By}} order."},

	"narrate.leaf.root":     {Other: "{{cap .Node}} is terminal: utility {{.Value}}."},
	"narrate.leaf.terminal": {Other: "Leaf {{.Node}} is terminal: utility {{.Value}}."},
	"narrate.leaf.depth":    {Other: "The depth limit stops at {{.Node}}: evaluation {{if .Eval}}{{.Eval}} {{end}}= {{.Value}}{{if .Terms}} ({{.Terms}}){{end}}.", Description: "Eval: the evaluation's name; Terms: its named terms"},

	"narrate.child-bound": {Other: "{{.Child}}'s bound {{.Bound}}", Description: "what a child returned when it is a bound: Bound is ≥ 5 or ≤ 2"},

	"narrate.update.alpha":     {Other: "{{cap .Node}}'s α rises to {{.Alpha}}: MAX is now sure of at least {{.Alpha}}."},
	"narrate.update.beta":      {Other: "{{cap .Node}}'s β falls to {{.Beta}}: MIN can now hold MAX to at most {{.Beta}}."},
	"narrate.update.becomes":   {Other: "{{cap .Node}}'s value becomes {{.Value}} after {{.Child}} returns {{.Returned}}."},
	"narrate.update.max-rises": {Other: "{{cap .Node}}'s value rises to {{.Value}}: {{.Kind}} takes the larger of {{.Old}} and {{.Child}}.", Description: "Child: the child's value, or its bound (narrate.child-bound)"},
	"narrate.update.min-falls": {Other: "{{cap .Node}}'s value falls to {{.Value}}: {{.Kind}} takes the smaller of {{.Old}} and {{.Child}}.", Description: "Child: the child's value, or its bound (narrate.child-bound)"},
	"narrate.update.stays-vec": {Other: "{{cap .Node}}'s value stays {{.Value}} after {{.Child}} returns {{.Returned}}."},
	"narrate.update.stays":     {Other: "{{cap .Node}}'s value stays {{.Value}}: {{.Child}} is no better for {{.Kind}}.", Description: "Child: the child's value, or its bound (narrate.child-bound)"},

	"narrate.prune.none": {Other: "{{cap .Node}} has value {{.Test}}, but the test fires at the last child, so nothing is left to prune."},
	"narrate.prune.cut": {One: "{{cap .Node}} has value {{.Test}}, so {{.Opponent}} will never come here: its last child is pruned.",
		Other: "{{cap .Node}} has value {{.Test}}, so {{.Opponent}} will never come here: its last {{.Word}} children are pruned."},
	"narrate.prune.cut-other": {One: "{{cap .Node}} has value {{.Test}}, so its other children cannot change the result: its last child is pruned.",
		Other: "{{cap .Node}} has value {{.Test}}, so its other children cannot change the result: its last {{.Word}} children are pruned."},

	"narrate.exit.estimate":     {Other: "{{cap .Node}} returns its evaluation {{.Value}}, an estimate of its true value."},
	"narrate.exit.root-utility": {Other: "The root returns its utility {{.Value}}."},
	"narrate.exit.utility":      {Other: "Leaf {{.Node}} returns its utility {{.Value}}."},
	"narrate.exit.lower":        {Other: "{{cap .Node}} returns ≥ {{.Value}}, a lower bound: its true value is at least {{.Value}}."},
	"narrate.exit.upper":        {Other: "{{cap .Node}} returns ≤ {{.Value}}, an upper bound: its true value is at most {{.Value}}."},
	"narrate.exit.minimax":      {Other: "{{cap .Node}} returns {{.Value}}, its exact minimax value."},
	"narrate.exit.exact":        {Other: "{{cap .Node}} returns {{.Value}}, its exact value."},

	"narrate.done": {One: "Search done: the root's value is {{.Value}}{{.Move}}; 1 leaf was evaluated{{.Cutoffs}}.",
		Other: "Search done: the root's value is {{.Value}}{{.Move}}; {{.Count}} leaves were evaluated{{.Cutoffs}}.", Description: "Move: narrate.done.move or narrate.done.leaf; Cutoffs: narrate.done.cutoffs, or empty for minimax"},
	"narrate.done.unknown": {Other: "unknown"},
	"narrate.done.leaf":    {Other: " (it is a leaf)", Description: "follows the root's value; starts with a space"},
	"narrate.done.move":    {Other: " and {{.Kind}} moves to {{.Node}}", Description: "follows the root's value; starts with a space"},
	"narrate.done.cutoffs": {One: " and 1 cutoff saved work", Other: "{{if eq .Count 0}} and no cutoff saved work{{else}} and {{.Count}} cutoffs saved work{{end}}", Description: "ends the sentence; starts with a space"},

	"narrate.expected": {Other: "{{cap .Node}}'s expected {{if .Vector}}vector{{else}}value{{end}}{{if .SoFar}} so far{{end}}: {{.Sum}}{{if .Low}}; with every outcome still to come between the leaf bounds, {{.Node}} is worth between {{.Low}} and {{.High}}{{end}}.",
		Description: "a chance node's weighted sum; Sum is the formula (0.5 × 3 + 0.5 × 12 = 7.5); Low and High only under Star1"},

	"narrate.picks.starts": {Other: "At {{.Node}}, {{.Kind}} starts from {{.Vec}}, the vector of {{.Child}}: its {{.Ordinal}} component is {{.Own}}.", Description: "max^n; P is the player's number and Ordinal it in English words"},
	"narrate.picks.picks":  {Other: "At {{.Node}}, {{.Kind}} picks {{.Vec}}: {{.Own}} is the best {{.Ordinal}} component so far."},
	"narrate.picks.keeps":  {Other: "At {{.Node}}, {{.Kind}} keeps {{.Vec}}: {{.Child}} offers {{.Offer}} as the {{.Ordinal}} component, no better than {{.Own}}."},

	"narrate.chance-cut.upper.none": {Other: "{{cap .Node}} has upper bound {{.Test}}: even if every outcome still to come scored the greatest leaf value, its expected value could not beat α, what MAX is already sure of; the test fires at the last child, so nothing is left to prune."},
	"narrate.chance-cut.upper.all":  {Other: "{{cap .Node}} has upper bound {{.Test}}: even if every outcome still to come scored the greatest leaf value, its expected value could not beat α, what MAX is already sure of, so all its {{.Word}} children are pruned before any is searched."},
	"narrate.chance-cut.upper.only": {Other: "{{cap .Node}} has upper bound {{.Test}}: even if every outcome still to come scored the greatest leaf value, its expected value could not beat α, what MAX is already sure of, so its only child is pruned."},
	"narrate.chance-cut.upper.last": {One: "{{cap .Node}} has upper bound {{.Test}}: even if every outcome still to come scored the greatest leaf value, its expected value could not beat α, what MAX is already sure of, so its last child is pruned.",
		Other: "{{cap .Node}} has upper bound {{.Test}}: even if every outcome still to come scored the greatest leaf value, its expected value could not beat α, what MAX is already sure of, so its last {{.Word}} children are pruned."},
	"narrate.chance-cut.lower.none": {Other: "{{cap .Node}} has lower bound {{.Test}}: even if every outcome still to come scored the least leaf value, its expected value would stay at β or above, and MIN can already hold MAX to β; the test fires at the last child, so nothing is left to prune."},
	"narrate.chance-cut.lower.all":  {Other: "{{cap .Node}} has lower bound {{.Test}}: even if every outcome still to come scored the least leaf value, its expected value would stay at β or above, and MIN can already hold MAX to β, so all its {{.Word}} children are pruned before any is searched."},
	"narrate.chance-cut.lower.only": {Other: "{{cap .Node}} has lower bound {{.Test}}: even if every outcome still to come scored the least leaf value, its expected value would stay at β or above, and MIN can already hold MAX to β, so its only child is pruned."},
	"narrate.chance-cut.lower.last": {One: "{{cap .Node}} has lower bound {{.Test}}: even if every outcome still to come scored the least leaf value, its expected value would stay at β or above, and MIN can already hold MAX to β, so its last child is pruned.",
		Other: "{{cap .Node}} has lower bound {{.Test}}: even if every outcome still to come scored the least leaf value, its expected value would stay at β or above, and MIN can already hold MAX to β, so its last {{.Word}} children are pruned."},

	"narrate.mcts.select-only":   {Other: "Iteration {{.Iter}}, selection: {{.Node}} goes down to {{.Child}}.", Description: "Monte-Carlo tree search"},
	"narrate.mcts.select":        {Other: "Iteration {{.Iter}}, selection: at {{.Node}} (N = {{.N}}), {{.Child}} has the greatest UCB1 score, {{.Score}}{{if .Second}}, against {{.Second}} for {{.Other}}{{end}}.", Description: "Score: w/n + c·√(ln N / n) = 0.5 + 0.83 = 1.33; Second and Other: the runner-up, when there is one"},
	"narrate.mcts.grow-root":     {Other: "The search tree starts as the root alone, with no wins and no visits."},
	"narrate.mcts.grow":          {Other: "Iteration {{.Iter}}, expansion: {{.Parent}} still had a move never tried; {{.Node}} joins the tree with 0/0."},
	"narrate.mcts.simulate-over": {Other: "Iteration {{.Iter}}, simulation: a playout from {{.Node}} plays no move: the game is already over there and ends with {{.Value}} for MAX, a reward of {{.Reward}}."},
	"narrate.mcts.simulate": {One: "Iteration {{.Iter}}, simulation: a playout from {{.Node}} plays 1 move ({{.Moves}}) and ends with {{.Value}} for MAX, a reward of {{.Reward}}.",
		Other: "Iteration {{.Iter}}, simulation: a playout from {{.Node}} plays {{.Count}} moves ({{.Moves}}) and ends with {{.Value}} for MAX, a reward of {{.Reward}}."},
	"narrate.mcts.backprop":  {Other: "Iteration {{.Iter}}, backpropagation: {{.Node}} counts {{.W}}/{{.N}} ({{.Who}} gained {{.Reward}})."},
	"narrate.mcts.done-none": {Other: "Done: the root has no move to choose."},
	"narrate.mcts.done":      {Other: "Done: the move is {{.Child}}, the child visited most, worth about {{.Value}} for MAX."},
}
