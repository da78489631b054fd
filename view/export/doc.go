// Package export renders a view.Drawing outside the viewer: as a
// standalone SVG (no external fonts, styles or scripts, so that it opens
// in Inkscape and in a browser), as a PNG rasterised in Go from the same
// shapes, as LaTeX (forest, TikZ underneath) for slides and exam sheets,
// and as a standalone HTML file that plays a whole search with its keys.
//
// The SVG and the PNG are drawn from one list of shapes ([Shapes]) that
// decides every colour, stroke and text once, with the viewer's light
// theme: an export shows exactly the states, values, bounds, α/β labels,
// cut marks, tests and probabilities the page shows at that step.
package export
