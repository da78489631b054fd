package view

import "strings"

// Label sizes. A drawing's labels are drawn at these font sizes (SVG user
// units) times its TextScale, which Draw chooses from the tree: as large
// as the tree's room allows, up to what makes them legible on a
// projector, so that a 40-node tree fitted in presenter mode at 1280×720
// shows its values at PresentValuePx and its α/β at PresentABPx.
const (
	ValueFont = 18 // the value or bound beside a node (.v)
	LeafFont  = 17 // the value in a leaf's box (.lv)
	ABFont    = 13 // the α/β lines (.ab)
	InFont    = 14 // the letter inside a glyph (.in)
	CutFont   = 14 // the test written under cut marks (.cut text)

	// PresentWidth and PresentHeight are the tree pane of presenter mode
	// at 1280×720, in CSS pixels: the pane the text scale is chosen for.
	PresentWidth, PresentHeight = 1260, 600
	// PresentValuePx and PresentABPx are the rendered sizes wanted there
	// (with a pixel to spare over the 24 and 18 a lecture hall needs).
	PresentValuePx, PresentABPx = 25, 19
	// MaxTextScale bounds TextScale.
	MaxTextScale = 2.4
)

// InTextMax is the widest text, in user units at InFont, written inside a
// MAX or MIN glyph: the triangle's base (42 units). A longer state text (a
// GDL state's facts, "(points even 0) (points odd 0) (round 0)") would
// cover its neighbours, and a start of it ("(po…") says nothing, so the
// glyph writes "…" and the node's title (its tooltip) holds the text;
// the node's panel lists the facts.
const InTextMax = 42

// InInside is the widest name, in user units at InFont, that stays inside
// a MAX or MIN triangle's outline on the line it is written on (about
// two letters); a wider one ("Taken", "Check" in the horizon example)
// crosses the outline, and its node carries the class "in-wide", for
// which the page writes the name over a band of the background, so that
// the outline does not run through its letters.
const InInside = 22

// inText is what a MAX or MIN glyph writes inside it: the state's text,
// else the node's label, whole where it fits in InTextMax; else "…", and
// full is then the whole text ("" when nothing was left out).
func inText(text, label string) (in, full string) {
	switch {
	case text == "":
		return label, ""
	case TextEm(text)*InFont <= InTextMax:
		return text, ""
	}
	return "…", text
}

// Abbreviate is s as it is where it is at most room wide in bold text of
// size font (TextEm), else the longest start of it that is, with "…"
// after it.
func Abbreviate(s string, font, room float64) string {
	if TextEm(s)*font <= room {
		return s
	}
	left := room/font - runeEm('…')
	w, cut := 0.0, 0
	for i, r := range s {
		if w += runeEm(r); w > left {
			break
		}
		cut = i + len(string(r))
	}
	return strings.TrimRight(s[:cut], " ") + "…"
}
