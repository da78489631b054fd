package tree

import (
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// English holds the tree text's error messages in English, by message ID:
// the source the i18n package's German and Czech catalogs translate. An
// [Error] carries its message as a [trace.Phrase] of these IDs, so that a
// page words it in its language, while [Error.Error] (and the command
// line) word it in English. Arguments: Found is what the text has where
// something else was expected (a quoted token or a phrase), Line and Col a
// position, Node a node as a phrase (see describe), Name a quoted label
// or id, Kind a kind as tagged (max, min, chance, p1…), the rest numbers.
var English = map[string]trace.Message{
	// What stands where something else was expected.
	"tree.found.end":  {Other: "end of input"},
	"tree.found.eol":  {Other: "end of line"},
	"tree.found.nbsp": {Other: "a non-breaking space (U+00A0)"},
	"tree.found.byte": {Other: "invalid UTF-8 byte {{.Byte}}"},
	// Nodes, as the messages name them.
	"tree.node":               {Other: "node {{.Name}}"},
	"tree.node.root":          {Other: "the root node"},
	"tree.chance-node":        {Other: "chance node {{.Name}}"},
	"tree.chance-node.root":   {Other: "the root chance node"},
	"tree.child":              {Other: "child {{.Name}}"},
	"tree.child.root":         {Other: "the root child"},
	"tree.leaf":               {Other: "leaf {{.Name}}"},
	"tree.leaf.root":          {Other: "the root leaf"},
	"tree.kind-node":          {Other: "{{.Kind}} node {{.Name}}"},
	"tree.kind-node.root":     {Other: "the root {{.Kind}} node"},
	"tree.shape.number":       {Other: "a number"},
	"tree.shape.vector":       {Other: "a vector of {{.N}} values"},
	"tree.what.after-eq":      {Other: "after '='"},
	"tree.what.after-tags":    {Other: "or '(' after the tags"},
	"tree.what.child":         {Other: "or '(' for a child"},
	"tree.what.after-h":       {Other: "after h="},
	"tree.err.too-long":       {Other: "input is {{.Bytes}} bytes, more than MaxTextBytes = {{.Max}}"},
	"tree.err.number":         {Other: "expected a number such as 3, -2.5 or .5, found {{.Found}}"},
	"tree.err.number-exp":     {Other: "expected a number such as 3, -2.5 or .5, found {{.Found}} (exponents are not allowed)"},
	"tree.err.range":          {Other: "number {{.Number}} is out of range: values are at most MaxMagnitude = 1e9 in absolute value"},
	"tree.err.vector-short":   {Other: "vector has {{.N}} value(s); a vector needs one value per player, at least 2"},
	"tree.err.vector-comma":   {Other: "expected a number after ',' in the vector opened at line {{.Line}}, column {{.Col}}, found {{.Found}}"},
	"tree.err.vector-open":    {Other: "expected a number or '>' to close '<' opened at line {{.Line}}, column {{.Col}}, found {{.Found}}"},
	"tree.err.vector-long":    {Other: "vector opened at line {{.Line}}, column {{.Col}} has more than MaxPlayers = {{.Max}} values"},
	"tree.err.value":          {Other: "expected a value (a number or a <vector>) {{.What}}, found {{.Found}}"},
	"tree.err.fraction":       {Other: "expected a fraction a/b of whole numbers from 1 to 1000000000, found {{.Found}}"},
	"tree.err.prob-over":      {Other: "probability {{.Number}} is more than 1"},
	"tree.err.prob-range":     {Other: "probability {{.Number}} is not in (0, 1]"},
	"tree.err.empty":          {Other: "expected a tree (a number or '('), found end of input"},
	"tree.err.unclosed":       {Other: "expected ')' to close '(' opened at line {{.Line}}, column {{.Col}}, found end of input"},
	"tree.err.no-child":       {Other: "expected a child, found ')': a node needs at least one child"},
	"tree.err.child":          {Other: "expected a child or ')' to close '(' opened at line {{.Line}}, column {{.Col}}, found {{.Found}}"},
	"tree.err.children":       {Other: "{{.Node}} has more than MaxChildren = {{.Max}} children"},
	"tree.err.prob-no-chance": {Other: "expected a child, found the probability {{.Found}}: only the children of a chance node take probabilities, and {{.Node}} is not one (tag it [chance])"},
	"tree.err.prob-colon":     {Other: "expected ':' after the probability, found {{.Found}}"},
	"tree.err.extra-close":    {Other: "expected end of input, found ')' with no '(' to close"},
	"tree.err.extra":          {Other: "expected end of input after the tree, found {{.Found}}: a tree has one root, so put siblings inside parentheses"},
	"tree.err.nodes":          {Other: "more than {{.Name}} = {{.Max}} nodes"},
	"tree.err.depth":          {Other: "node at depth {{.Depth}} is deeper than MaxDepth = {{.Max}}"},
	"tree.err.label-long":     {Other: "label {{.Name}} is {{.N}} characters long, more than MaxLabelLen = {{.Max}}"},
	"tree.err.infinite":       {Other: "expected a number, found {{.Name}}: values must be finite numbers"},
	"tree.err.after-label":    {Other: "expected '(', '[' or '=' after label {{.Name}}, found {{.Found}}"},
	"tree.err.after-tags":     {Other: "expected '(' or '=' after label {{.Name}} and its tags, found {{.Found}}"},
	"tree.err.tags-eq":        {Other: "expected '(' or a value after the tags, found '=': only a label takes '=' (write E[min]=3 or [min]3)"},
	"tree.err.tree":           {Other: "expected a tree (a number or '('), found {{.Found}}"},
	"tree.err.leaf-estimate":  {Other: "expected an inner node after h=, found a leaf: a leaf's value is its estimate"},
	"tree.err.leaf-shape":     {Other: "expected {{.Want}} like the first leaf (line {{.Line}}, column {{.Col}}), found {{.Found}}: the leaves are all numbers or all vectors"},
	"tree.err.leaf-players":   {Other: "vector has {{.N}} values, but the first leaf (line {{.Line}}, column {{.Col}}) has {{.Want}}: every leaf has one value per player"},
	"tree.err.tags-open":      {Other: "expected ']' to close '[' opened at line {{.Line}}, column {{.Col}}, found end of input"},
	"tree.err.tags-empty":     {Other: "expected a tag (max, min, chance, p1..p16 or h=<estimate>), found ']'"},
	"tree.err.tags-close":     {Other: "expected a tag (max, min, chance, p1..p16 or h=<estimate>) or ']' to close '[' opened at line {{.Line}}, column {{.Col}}, found {{.Found}}"},
	"tree.err.second-h":       {Other: "expected one estimate, found a second h="},
	"tree.err.h-eq":           {Other: "expected '=' after tag h, found {{.Found}}"},
	"tree.err.leaf-shares":    {Other: "expected an inner node after win=, loss= and draw=, found a leaf: a leaf's value is its estimate"},
	"tree.err.second-share":   {Other: "expected {{.Name}}= once, found it a second time"},
	"tree.err.share-eq":       {Other: "expected '=' after tag {{.Name}}, found {{.Found}}"},
	"tree.err.share":          {Other: "expected a share from 0 to 100 % after {{.Name}}= (such as {{.Name}}=72%), found {{.Found}}"},
	"tree.err.shares-h":       {Other: "expected either h= or the shares win=, loss= and draw=, found both: the shares are the estimate"},
	"tree.err.shares-sum":     {Other: "expected shares win=, loss= and draw= that add up to 100 %, found {{.Sum}} %"},
	"tree.err.tag":            {Other: "expected a tag (max, min, chance, p1..p16 or h=<estimate>), found {{.Found}}"},
	"tree.err.second-kind":    {Other: "expected one kind, found {{.Kind}} after {{.First}}"},
	"tree.err.tag-end":        {Other: "expected a space or ']' after tag {{.Name}}, found {{.Found}}"},
	// Checks of the whole tree, at a node's position.
	"tree.err.root-players":    {Other: "root kind {{.Kind}} needs an n-player tree (vector leaves like <3,1,2>)"},
	"tree.err.root-over":       {Other: "root kind {{.Kind}}, but the tree has {{.N}} players"},
	"tree.err.root-unknown":    {Other: "unknown root kind {{.Kind}}"},
	"tree.err.kind-n":          {Other: "{{.Node}} is tagged {{.Kind}}, but this is a {{.N}}-player tree: use p1..p{{.N}}"},
	"tree.err.kind-player":     {Other: "{{.Node}} is tagged {{.Kind}}, but player kinds need an n-player tree (vector leaves like <3,1,2>); use max or min"},
	"tree.err.kind-over":       {Other: "{{.Node}} is tagged {{.Kind}}, but the tree has {{.N}} players"},
	"tree.err.kind-unknown":    {Other: "{{.Node}} has unknown kind {{.Kind}}"},
	"tree.err.estimate-number": {Other: "estimate of {{.Node}} is a number, but this is a {{.N}}-player tree: write h=<...> with {{.N}} values"},
	"tree.err.estimate-len":    {Other: "estimate of {{.Node}} has {{.Want}} values, but the tree has {{.N}} players"},
	"tree.err.estimate-vector": {Other: "estimate of {{.Node}} is a vector, but the leaves are numbers: write h=<number>"},
	"tree.err.prob-some":       {Other: "{{.Node}} gives a probability for {{.With}} but not for {{.Without}}: give one for every child or for none"},
	"tree.err.prob-sum":        {Other: "probabilities of {{.Node}} sum to {{.Number}}, not 1"},
	"tree.err.prob-parent":     {Other: "{{.Node}} has a probability, but its parent is {{.Parent}}, not a chance node (tag it [chance])"},
	// Trees built in code, and random recipes' trees.
	"tree.err.no-root":       {Other: "no root node"},
	"tree.err.value-nan":     {Other: "{{.What}} of {{.Node}} is {{.Number}}: values must be finite"},
	"tree.err.value-range":   {Other: "{{.What}} of {{.Node}} is {{.Number}}, more than MaxMagnitude = 1e9 in absolute value"},
	"tree.err.node-depth":    {Other: "{{.Node}} is at depth {{.Depth}}, deeper than MaxDepth = {{.Max}}"},
	"tree.err.node-children": {Other: "{{.Node}} has {{.N}} children, more than MaxChildren = {{.Max}}"},
	"tree.err.label":         {Other: "label {{.Name}} of node {{.ID}} is not an identifier ([A-Za-z_][A-Za-z0-9_']*)"},
	"tree.err.node-prob":     {Other: "probability {{.Number}} of {{.Node}} is not in (0, 1]"},
	"tree.err.leaf-h":        {Other: "leaf {{.Node}} has an estimate, but a leaf's value is its estimate"},
	"tree.err.leaf-vector":   {Other: "vector of {{.Node}} has {{.N}} values; a vector needs one value per player, 2 to {{.Max}}"},
	"tree.err.leaf-mixed":    {Other: "{{.Node}} has {{.Found}}, but leaf {{.ID}} has {{.Want}}: all leaves are numbers or all are vectors of one length"},
	"tree.err.nil-child":     {Other: "child {{.N}} of {{.Node}} is nil"},
}

// say makes a phrase of message id with argument pairs (name, value, …);
// numbers become their decimal text.
func say(id string, kv ...any) trace.Phrase {
	p := trace.Phrase{ID: id}
	if len(kv) > 0 {
		p.Args = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			v := kv[i+1]
			switch x := v.(type) {
			case int:
				v = strconv.Itoa(x)
			case trace.Kind:
				v = x.String()
			}
			p.Args[kv[i].(string)] = v
		}
	}
	return p
}

// english words a phrase of this package's messages in English.
func english(p trace.Phrase) string { return p.WordIn(English) }
