package view

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
