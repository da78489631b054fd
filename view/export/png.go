package export

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"slices"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/abtrace/abtrace/view"
)

// PNG limits.
const (
	// DefaultPNGScale is the scale PNG uses when none is given: twice the
	// drawing's own units, sharp on a projector or a slide at 1920 wide.
	DefaultPNGScale = 2
	// MaxPNGScale bounds the scale.
	MaxPNGScale = 4
	// MaxPNGPixels bounds the image (width × height), about 64 MB of RGBA.
	MaxPNGPixels = 16 << 20
)

// ErrTooLarge is returned by PNG when the image would exceed MaxPNGPixels.
var ErrTooLarge = fmt.Errorf("export: the image would have more than MaxPNGPixels = %d pixels: use a smaller scale, fold the tree, or export SVG", MaxPNGPixels)

// PNG rasterises the drawing at scale (pixels per drawing unit; 0 means
// DefaultPNGScale) from the same shapes as SVG, with the Go fonts (bold),
// so that no external program or font is needed.
func PNG(w io.Writer, d *view.Drawing, scale float64) error {
	if scale == 0 {
		scale = DefaultPNGScale
	}
	if scale < 0.25 || scale > MaxPNGScale {
		return fmt.Errorf("export: scale must be from 0.25 to %d, not %s", MaxPNGScale, strconv.FormatFloat(scale, 'g', -1, 64))
	}
	shapes := Shapes(d)
	x0, y0, wd, ht := box(d, shapes)
	W, H := int(math.Ceil(wd*scale)), int(math.Ceil(ht*scale))
	if W*H > MaxPNGPixels {
		return ErrTooLarge
	}
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	draw.Draw(img, img.Bounds(), image.NewUniform(hexColour(colBg, 1)), image.Point{}, draw.Src)
	r := raster{img: img, scale: scale, x0: x0, y0: y0}
	for _, s := range shapes {
		r.shape(s)
	}
	return png.Encode(w, img)
}

type raster struct {
	img    *image.RGBA
	scale  float64
	x0, y0 float64
	faces  map[float64]font.Face
}

func (r *raster) pt(x, y float64) (float32, float32) {
	return float32((x - r.x0) * r.scale), float32((y - r.y0) * r.scale)
}

// fill paints the polygons (each a closed list of drawing points).
func (r *raster) fill(polys [][][2]float64, col color.Color) {
	b := r.img.Bounds()
	z := vector.NewRasterizer(b.Dx(), b.Dy())
	for _, poly := range polys {
		if len(poly) < 3 {
			continue
		}
		// One orientation for every piece, so that overlapping pieces
		// (a stroke's segments and round joins) add up instead of
		// cancelling.
		area := 0.0
		for i, p := range poly {
			q := poly[(i+1)%len(poly)]
			area += p[0]*q[1] - q[0]*p[1]
		}
		if area < 0 {
			poly = slices.Clone(poly)
			slices.Reverse(poly)
		}
		z.MoveTo(r.pt(poly[0][0], poly[0][1]))
		for _, p := range poly[1:] {
			z.LineTo(r.pt(p[0], p[1]))
		}
		z.ClosePath()
	}
	z.Draw(r.img, b, image.NewUniform(col), image.Point{})
}

// strokePolys turns a polyline into quads (one per segment, dashed when
// dash is set) and round joins, width w.
func strokePolys(pts [][2]float64, closed bool, w float64, dash []float64) [][][2]float64 {
	if closed && len(pts) > 1 {
		pts = append(append([][2]float64(nil), pts...), pts[0])
	}
	var out [][][2]float64
	on, left, di := true, 0.0, 0
	if len(dash) > 0 {
		left = dash[0]
	}
	for i := 0; i+1 < len(pts); i++ {
		ax, ay, bx, by := pts[i][0], pts[i][1], pts[i+1][0], pts[i+1][1]
		l := math.Hypot(bx-ax, by-ay)
		if l == 0 {
			continue
		}
		ux, uy := (bx-ax)/l, (by-ay)/l
		pos := 0.0
		for pos < l {
			seg := l - pos
			if len(dash) > 0 {
				seg = math.Min(seg, left)
			}
			if on {
				sx, sy := ax+ux*pos, ay+uy*pos
				ex, ey := ax+ux*(pos+seg), ay+uy*(pos+seg)
				nx, ny := -uy*w/2, ux*w/2
				out = append(out, [][2]float64{{sx + nx, sy + ny}, {ex + nx, ey + ny}, {ex - nx, ey - ny}, {sx - nx, sy - ny}})
				out = append(out, disc(sx, sy, w/2), disc(ex, ey, w/2))
			}
			pos += seg
			if len(dash) > 0 {
				left -= seg
				if left <= 1e-9 {
					di = (di + 1) % len(dash)
					left, on = dash[di], !on
				}
			}
		}
	}
	return out
}

// disc approximates a circle by a polygon.
func disc(cx, cy, r float64) [][2]float64 {
	n := max(12, int(r*2))
	out := make([][2]float64, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = [2]float64{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return out
}

// roundRect approximates a rectangle with rounded corners.
func roundRect(x, y, w, h, rx float64) [][2]float64 {
	rx = math.Min(rx, math.Min(w, h)/2)
	var out [][2]float64
	corners := [4][3]float64{{x + w - rx, y + rx, -math.Pi / 2}, {x + w - rx, y + h - rx, 0}, {x + rx, y + h - rx, math.Pi / 2}, {x + rx, y + rx, math.Pi}}
	for _, c := range corners {
		for i := 0; i <= 6; i++ {
			a := c[2] + math.Pi/2*float64(i)/6
			out = append(out, [2]float64{c[0] + rx*math.Cos(a), c[1] + rx*math.Sin(a)})
		}
	}
	return out
}

func (r *raster) shape(s Shape) {
	var outline [][2]float64
	closed := true
	switch s.Kind {
	case Line:
		outline, closed = [][2]float64{{s.X1, s.Y1}, {s.X2, s.Y2}}, false
	case Polygon:
		outline = s.Points
	case Rect:
		outline = roundRect(s.X, s.Y, s.W, s.H, s.RX)
	case Circle:
		outline = disc(s.X, s.Y, s.RX)
	case Text:
		r.text(s)
		return
	}
	if s.Fill != "" && s.Kind != Line {
		r.fill([][][2]float64{outline}, hexColour(s.Fill, s.Opacity))
	}
	if s.Stroke != "" && s.StrokeW > 0 {
		r.fill(strokePolys(outline, closed, s.StrokeW, s.Dash), hexColour(s.Stroke, s.Opacity))
	}
}

var boldFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

func (r *raster) face(size float64) font.Face {
	px := size * r.scale
	if f, ok := r.faces[px]; ok {
		return f
	}
	if r.faces == nil {
		r.faces = map[float64]font.Face{}
	}
	fnt, err := boldFont()
	if err != nil {
		return nil
	}
	f, err := opentype.NewFace(fnt, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil
	}
	r.faces[px] = f
	return f
}

func (r *raster) text(s Shape) {
	face := r.face(s.Size)
	if face == nil || s.Str == "" {
		return
	}
	dr := font.Drawer{Dst: r.img, Face: face}
	wd := float64(dr.MeasureString(s.Str)) / 64
	x, y := r.pt(s.X, s.Y)
	px := float64(x)
	switch s.Anchor {
	case "middle":
		px -= wd / 2
	case "end":
		px -= wd
	}
	at := func(dx, dy float64) fixed.Point26_6 {
		return fixed.Point26_6{X: fixed.Int26_6((px + dx) * 64), Y: fixed.Int26_6((float64(y) + dy) * 64)}
	}
	if s.HaloW > 0 {
		// The halo: the text in the background colour, around the place.
		dr.Src = image.NewUniform(hexColour(colBg, s.Opacity))
		h := s.HaloW / 2 * r.scale
		for i := range 12 {
			a := 2 * math.Pi * float64(i) / 12
			dr.Dot = at(h*math.Cos(a), h*math.Sin(a))
			dr.DrawString(s.Str)
		}
	}
	dr.Src = image.NewUniform(hexColour(s.Fill, s.Opacity))
	dr.Dot = at(0, 0)
	dr.DrawString(s.Str)
	if s.Strike {
		mid := float64(y) - s.Size*r.scale*0.3
		line := [][2]float64{{px/r.scale + r.x0, mid/r.scale + r.y0}, {(px+wd)/r.scale + r.x0, mid/r.scale + r.y0}}
		r.fill(strokePolys(line, false, 1.2, nil), hexColour(s.Fill, s.Opacity))
	}
}

// hexColour parses "#rrggbb" with an opacity.
func hexColour(s string, opacity float64) color.Color {
	var c [3]uint8
	if len(s) == 7 && s[0] == '#' {
		for i := range 3 {
			v, _ := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
			c[i] = uint8(v)
		}
	}
	if opacity <= 0 || opacity > 1 {
		opacity = 1
	}
	a := uint8(math.Round(255 * opacity))
	// Premultiplied, as color.RGBA wants.
	pm := func(v uint8) uint8 { return uint8(math.Round(float64(v) * opacity)) }
	return color.RGBA{pm(c[0]), pm(c[1]), pm(c[2]), a}
}
