// Package tree holds explicit game trees written in the classroom notation:
// their parser, their canonical printer, a generator of random trees, and
// their implementation of [search.Game].
//
// # The tree text format
//
// Plain trees stay plain. The tree of the textbook (root MAX, levels
// alternating) is written
//
//	((3 12 8) (2 4 6) (14 5 2))
//
// Nested parentheses are inner nodes, numbers are leaves, and whitespace
// (spaces, tabs, newlines) separates siblings. Whitespace is optional where
// the tokens already separate themselves, so ((3 12 8)(2 4 6)) is fine. A
// bare number is a one-node tree whose root is a leaf. A '#' starts a
// comment that runs to the end of the line.
//
// Numbers have an optional sign, digits and an optional fraction: 3, -3, +3,
// 2.5, .5 and 5. are numbers; exponents (1e5), inf and nan are not. Every
// value is at most [MaxMagnitude] in absolute value.
//
// Labels. An identifier ([A-Za-z_][A-Za-z0-9_']*, at most [MaxLabelLen]
// characters) written before '(' labels an inner node, and a leaf is
// labelled with '=':
//
//	A(B(3 12 8) C(2 4 6) D(E=14 5 2))
//
// Whitespace is allowed between a label and its '(' and around '='.
//
// Tags. After the optional label and before the '(' or the leaf's value, a
// bracketed list of space-separated tags:
//
//	max  min  chance  p1 … p16     the node's kind (at most one)
//	h=5                            the static estimate of an inner node,
//	                               used when a depth limit cuts there
//	win=72% loss=20% draw=8%       the static estimate as an expected value
//	                               by category (Russell & Norvig):
//	                               the shares of positions of its kind
//	                               that end in a win (+1), a loss (−1)
//	                               and a draw (0), adding up to 100 %;
//	                               here 0.52. Not with h=
//
// For example B[min h=4](3 12 8), [chance](3 5), [min]3 and E[min]=3. Tag
// words are case-insensitive. A leaf may carry a kind tag (a kind on a
// terminal node is harmless) but not h=: a leaf's value is its estimate.
//
// Kinds. A node without a kind tag gets its kind from its parent: the
// children of MAX are MIN, the children of MIN are MAX, the children of
// player k are player k%n+1, and the children of a CHANCE node get the kind
// the chance node itself would have had without its tag, so that
// MAX → CHANCE → MIN → CHANCE → MAX. The root gets [Options.Root] (MAX by
// default; [Tree.SetRoot] changes it later) unless it is tagged; the
// children of a root that is CHANCE get the kind of Options.Root if that
// is MAX, MIN or a player, and MAX (player 1 in n-player trees) if
// Options.Root is itself CHANCE. Explicit tags always win, so MIN may
// follow MIN, as with two ghosts in Pacman.
//
// Chance nodes. Each child of a CHANCE node may be prefixed with its
// probability and ':'; the probability is a decimal or a fraction a/b of
// whole numbers:
//
//	[chance](0.5:3 0.25:(1 2) 1/4:7)
//
// Either every child of a chance node gives a probability or none does
// (then each of its n children has probability 1/n). Given probabilities lie
// in (0, 1] and sum to 1 within [ProbTolerance]. Only the children of a
// chance node may have a probability.
//
// Vector leaves. In a tree for n players (max^n) every leaf is a vector of
// n values, one per player, written <3,1,2> or <3 1 2> (commas optional),
// with 2 ≤ n ≤ [trace.MaxPlayers]; every leaf has the same length and scalar
// and vector leaves do not mix. Kinds are then p1 … pn and chance (max and
// min are errors), the root is p1 by default (Options.Root MAX or MIN also
// means p1), and an estimate is a vector too: [h=<1,2,3>].
//
// # Grammar
//
//	tree    = ws node ws .
//	node    = [ label ws ] [ tags ws ] body .
//	body    = "(" ws child { ws child } ws ")"     inner node
//	        | "=" ws value                         leaf, only after a label
//	        | value .                              leaf, only without a label
//	child   = [ prob ws ":" ws ] node .
//	value   = number | vector .
//	vector  = "<" ws number { ws [ "," ws ] number } ws ">" .
//	tags    = "[" ws tag { ws1 tag } ws "]" .
//	tag     = "max" | "min" | "chance" | "p1" | … | "p16" | "h" ws "=" ws value .
//	prob    = number | digits "/" digits .
//	label   = letter { letter | digit | "'" } .       letter = "A"…"Z" | "a"…"z" | "_"
//	number  = [ "+" | "-" ] ( digits [ "." [ digits ] ] | "." digits ) .
//	ws      = { " " | "\t" | "\r" | "\n" | comment } .   ws1: at least one
//	comment = "#" { any character but "\n" } .
//
// A UTF-8 byte order mark at the start of the input is ignored.
//
// # Limits
//
// [MaxTextBytes], [MaxNodes], [MaxDepth], [MaxChildren], [MaxLabelLen] and
// [MaxMagnitude] bound what the parser accepts; exceeding one is an error
// that names the limit and wraps [ErrLimit]. The parser uses an explicit
// stack, so no input can exhaust the goroutine stack.
//
// # Errors
//
// Every error from [Parse] is an [*Error] with the 1-based line and column
// (counted in characters, not bytes) and says what was expected and what
// was found:
//
//	tree: line 3, column 7: expected ')' to close '(' opened at line 1, column 1, found end of input
//
// # Canonical text
//
// [Tree.String] prints the canonical form: one line, one space between
// siblings, no space inside parentheses, numbers in their shortest form
// (-0 as 0), kind tags only where the kind differs from the one resolution
// would give, estimates as [h=5] or [min h=5], probabilities only where the
// text gave them (a probability that is an exact fraction with a long
// decimal form, such as 1/3, prints as a fraction). Parsing the canonical
// text with the same Options gives an equal tree (see [Equal]), and printing
// that again gives the same text.
//
// # Node ids
//
// A node's id is the path of child indices from the root, dot-separated:
// the root is "", its third child "2", that child's first child "2.0" (see
// [trace.ChildID]).
package tree
