package export

import (
	"bufio"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/view"
)

// SVGOptions are the options of SVG.
type SVGOptions struct {
	// Title is the document's title (its <title>), such as the scenario
	// and the step; "" for none.
	Title string
	// Inline leaves out the XML declaration, for an SVG inside HTML.
	Inline bool
	// Scale multiplies the width and height written on the root element
	// (the view box stays the drawing's); 0 means 1.
	Scale float64
}

// MaxSVGBytes bounds an SVG file: four times the largest drawing that
// folds nothing open (2,000 tic-tac-toe boards make 4 MB).
const MaxSVGBytes = 16 << 20

// SVG writes the drawing as a standalone SVG document: presentation
// attributes only (no stylesheet, no script, no external font or image),
// so that Inkscape, a browser and a LaTeX converter draw it alike. Every
// node's group carries data-node and data-state, every edge data-edge and
// data-state, as on the page. A document that would pass MaxSVGBytes
// stops there with a LimitError.
func SVG(w io.Writer, d *view.Drawing, opt SVGOptions) error {
	cw := &capWriter{w: w, max: MaxSVGBytes, limit: "MaxSVGBytes"}
	bw := bufio.NewWriter(cw)
	shapes := Shapes(d)
	x, y, wd, ht := box(d, shapes)
	scale := opt.Scale
	if scale <= 0 {
		scale = 1
	}
	if !opt.Inline {
		bw.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	}
	bw.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="` + num(x) + " " + num(y) + " " + num(wd) + " " + num(ht) +
		`" width="` + num(wd*scale) + `" height="` + num(ht*scale) + `" font-family="` + fontFamily + `" text-rendering="geometricPrecision">` + "\n")
	if opt.Title != "" {
		bw.WriteString("<title>" + html.EscapeString(opt.Title) + "</title>\n")
	}
	bw.WriteString(`<rect x="` + num(x) + `" y="` + num(y) + `" width="` + num(wd) + `" height="` + num(ht) + `" fill="` + colBg + `"/>` + "\n")
	group := "none"
	closeGroup := func() {
		if group != "none" {
			bw.WriteString("</g>\n")
			group = "none"
		}
	}
	for _, s := range shapes {
		if cw.err != nil {
			return cw.err
		}
		key := strconv.Itoa(int(s.Of)) + " " + s.Node + " " + s.Edge
		if key != group {
			closeGroup()
			group = key
			switch s.Of {
			case OfCut:
				bw.WriteString(`<g data-cut="` + html.EscapeString(s.Edge) + `">`)
			case OfSet:
				bw.WriteString(`<g data-set="` + html.EscapeString(s.Node) + `" class="infoset">`)
			case OfNode:
				bw.WriteString(`<g data-node="` + html.EscapeString(s.Node) + `" data-state="` + s.State + `">`)
			default:
				bw.WriteString(`<g data-edge="` + html.EscapeString(s.Edge) + `" data-state="` + s.State + `">`)
			}
			bw.WriteString("\n")
		}
		writeShape(bw, s)
	}
	closeGroup()
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

func writeShape(bw *bufio.Writer, s Shape) {
	style := func() {
		if s.Fill != "" {
			bw.WriteString(` fill="` + s.Fill + `"`)
		} else {
			bw.WriteString(` fill="none"`)
		}
		if s.Stroke != "" && s.StrokeW > 0 {
			bw.WriteString(` stroke="` + s.Stroke + `" stroke-width="` + num(s.StrokeW) + `"`)
			if s.Kind == Line {
				bw.WriteString(` stroke-linecap="round"`)
			}
			if len(s.Dash) > 0 {
				parts := make([]string, len(s.Dash))
				for i, x := range s.Dash {
					parts[i] = num(x)
				}
				bw.WriteString(` stroke-dasharray="` + strings.Join(parts, " ") + `"`)
			}
		}
		if s.Opacity < 1 {
			bw.WriteString(` opacity="` + num(s.Opacity) + `"`)
		}
	}
	switch s.Kind {
	case Line:
		bw.WriteString(`<line x1="` + num(s.X1) + `" y1="` + num(s.Y1) + `" x2="` + num(s.X2) + `" y2="` + num(s.Y2) + `"`)
		s.Fill = ""
		style()
	case Polygon:
		pts := make([]string, len(s.Points))
		for i, p := range s.Points {
			pts[i] = num(p[0]) + "," + num(p[1])
		}
		bw.WriteString(`<polygon points="` + strings.Join(pts, " ") + `"`)
		style()
	case Rect:
		bw.WriteString(`<rect x="` + num(s.X) + `" y="` + num(s.Y) + `" width="` + num(s.W) + `" height="` + num(s.H) + `" rx="` + num(s.RX) + `"`)
		style()
	case Circle:
		bw.WriteString(`<circle cx="` + num(s.X) + `" cy="` + num(s.Y) + `" r="` + num(s.RX) + `"`)
		style()
	case Text:
		bw.WriteString(`<text x="` + num(s.X) + `" y="` + num(s.Y) + `" font-size="` + num(s.Size) + `"`)
		if s.Bold {
			bw.WriteString(` font-weight="bold"`)
		}
		if s.Anchor != "" && s.Anchor != "start" {
			bw.WriteString(` text-anchor="` + s.Anchor + `"`)
		}
		if s.Strike {
			bw.WriteString(` text-decoration="line-through"`)
		}
		if s.HaloW > 0 {
			// The halo: the background colour stroked under the letters.
			bw.WriteString(` stroke="` + colBg + `" stroke-width="` + num(s.HaloW) + `" stroke-linejoin="round" paint-order="stroke"`)
		}
		bw.WriteString(` fill="` + s.Fill + `"`)
		if s.Opacity < 1 {
			bw.WriteString(` opacity="` + num(s.Opacity) + `"`)
		}
		bw.WriteString(">" + html.EscapeString(s.Str) + "</text>\n")
		return
	}
	bw.WriteString("/>\n")
}

// num writes a coordinate with at most two decimals.
func num(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}
