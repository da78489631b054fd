// Package exercise makes alpha-beta exercises and checks them: a generator
// of trees that meet a lecturer's constraints, the same tree for the same
// exercise number on every machine, and a checker that compares a student's
// answers with the engine's own trace, node by node, and says why.
//
// It is pure Go with no web dependency, so a course platform can grade with
// it from its own code; package web serves it as a JSON API.
//
// # Generator
//
// [Generate] turns [Params] (branching, depth, value range, at least k
// cutoffs, a deep cutoff, root player, prune rule, distinct values, a seed
// and a variant letter) into a tree. It derives a seed for each attempt from
// all parameters with FNV-1a and draws a tree (with [tree.Random] for a fixed
// branching, with this package's own PCG draws for a range), then searches it
// with [search.AlphaBeta] in natural order, fail-soft, with the chosen prune
// rule, and keeps the first tree that meets every constraint. Constraints
// that no tree can meet are refused before any attempt; constraints that are
// possible but rare fail after [MaxAttempts] attempts with an error naming
// the constraint. Every error is an [*Error] naming the parameter.
//
// A cutoff is a prune that skips at least one child (a test that fires at a
// node's last child skips nothing and does not count). A deep cutoff is a
// cutoff whose skipped children are inner nodes: in the level trees this
// package makes (every leaf at depth d), a cutoff at depth ≤ d−2.
//
// # Checker
//
// [Check] replays the engine's trace of the submitted tree (alpha-beta,
// natural order, the prune rule given, fail-soft unless fail-hard is asked
// for) into a [trace.Frame] and compares the student's answers with the
// frame at the end.
//
// What is expected of each node:
//
//   - A node the search visited (entered), inner or the root: its final text
//     in the frame, the value or bound it returned: "3", "≤ 2" or "≥ 5".
//     The bound must be the one the search returns, in its direction: "≤ 3"
//     where the search returns "≤ 2" is a true statement but not the answer.
//   - A node the search skipped by a cutoff (listed by a prune event): it is
//     marked pruned (in the pruned list, or answered "pruned") and has no
//     value. Its want is "pruned".
//   - A node below a skipped node: never visited, so it has no value and no
//     window; marking it pruned as well is accepted (it is never followed)
//     and not required.
//   - A leaf the search visited: nothing is required (the leaves are given);
//     an answer, if given, must be its value, and it must not be marked.
//
// Items and score. The score counts items:
//
//   - one item for each inner node the search visited: its value or bound,
//     right when the answer is equivalent to the frame's text and the node
//     is not marked pruned;
//   - one item for each node a cutoff skipped (the edge never followed):
//     right when it is marked pruned and carries no value;
//   - when any α or β is given (Submission.Windows), two more items for each
//     visited inner node, its α and its β (a missing one is wrong);
//   - one extra item, always wrong, for each other node that carries a
//     mistake: a visited leaf marked pruned or answered wrongly, an answer or
//     a window below a skipped node.
//
// So Total is fixed by the tree and the prune rule, except that stray
// mistakes add to it; Score == Total exactly when Correct is true.
//
// Windows. α and β are optional. When any is given, every visited inner
// node's α and β are asked for: by default the window it finished with (the
// window the viewer shows at the end: as passed in, moved by its updates,
// not moved by the step that cut off), or with WindowAt "entry" the window
// it was called with. A window for a leaf is an error; one for a node never
// visited is a mistake.
//
// Answers are parsed leniently but exactly (see [ParseAnswer]): "3", "3.0",
// "-1", "−1", "≤2", "≤ 2", "<= 2", "le 2", "≥ 5", ">=5", "ge 5", with
// surrounding whitespace; "" or "-" is no answer and "pruned" marks the
// node. Anything else is an error naming the field, such as
// answers["1.2"]: "abc" is not a value or a bound such as 3, ≤ 2 or ≥ 5.
//
// Each node's feedback (see [NodeResult]) says whether it is right, what
// was wanted, what was given, the kinds of mistake ([Mistake]), and why:
// the narration of the step that decided it, from [trace.Narrate] — the
// node's exit, preceded by its own prune when a cutoff there made the value
// a bound; for a skipped node the prune that skipped it.
package exercise
