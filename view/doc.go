// Package view is what a viewer sees of a search, decided once in Go.
//
// It sits between trace (the step vocabulary and its replay into frames)
// and the pages that show a search (web and templates), and imports
// neither Echo, templ nor the websocket library:
//
//   - A Scene is what does not change as the viewer steps: the laid-out
//     tree of a scenario, with its folds (subtrees too large to draw).
//   - A Drawing is every drawn node of a scene at one frame: its glyph,
//     state, value or bound text, α/β text, cut text and the test that
//     fired, the probability on the edge into it, the counts of its fold,
//     its classes. templ renders a Drawing; an export (SVG, LaTeX, PNG)
//     is another renderer that walks the same value.
//   - A DrawingPatch is what changed between two drawings, node by node,
//     with every attribute of each changed node: the page's script applies
//     it and decides nothing.
//   - A Cursor runs a scenario lazily and moves over its steps (step, back,
//     seek, next cutoff), with checkpoints for going back and the fold
//     counts kept up to date. Its memory is bounded by the drawn tree and
//     its checkpoints: what lies inside a fold is counted, not kept.
package view
