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
//
// Every export is bounded, so that a server can make them for anyone: a
// PNG by its pixels ([MaxPNGPixels], [MaxPNGSide]), by the pixels its
// shapes paint ([MaxPNGWork]; each shape is painted only where it lies,
// band by band, into one image) and by its bytes ([MaxPNGBytes]); an SVG,
// a LaTeX file and an HTML file by their bytes ([MaxSVGBytes],
// [MaxTeXBytes], [MaxHTMLBytes]) and the HTML file by its steps
// ([MaxHTMLSteps]). An export that would pass a limit is refused with a
// [LimitError] naming it: before anything is drawn where the limit can be
// known first (a PNG's size and work, an HTML file's steps, and its bytes
// once its first frame is drawn), else as its bytes reach the limit. PNG
// and HTML stop with their context's error when it is done.
package export
