package export

import (
	"context"
	"errors"
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
	// MinPNGScale and MaxPNGScale bound the scale.
	MinPNGScale = 0.25
	MaxPNGScale = 4
	// MaxPNGPixels bounds the image (width × height), 64 MB of RGBA.
	MaxPNGPixels = 16 << 20
	// MaxPNGSide bounds the image's width and its height, the most that
	// browsers and image programs open.
	MaxPNGSide = 32 << 10
	// MaxPNGWork bounds the rasteriser's work: the pixels it paints,
	// summed over the shapes (each painted only within its bounds, band
	// by band of bandRows rows; a text's halo counts once per copy).
	MaxPNGWork = 128 << 20
	// MaxPNGBytes bounds the encoded file.
	MaxPNGBytes = 16 << 20
)

// bandRows is how many rows of pixels the rasteriser paints a shape in at
// once: a band spans only the columns the shape's outline crosses in its
// rows, so that a long thin edge costs its own pixels, not its bounding
// box's.
const bandRows = 16

// ErrTooLarge is what every LimitError of PNG is (errors.Is): the image
// would pass one of the PNG limits.
var ErrTooLarge = errors.New("export: the image would pass the PNG limits (MaxPNGPixels, MaxPNGSide, MaxPNGWork, MaxPNGBytes)")

// PNG rasterises the drawing at scale (pixels per drawing unit; 0 means
// DefaultPNGScale) from the same shapes as SVG, with the Go fonts (bold),
// so that no external program or font is needed. Each shape is painted
// only where it lies, into one image, so that the work grows with the
// pixels painted. An image over MaxPNGPixels or MaxPNGSide, or whose
// shapes would take painting more than MaxPNGWork pixels, is refused with
// a LimitError (saying the largest scale that fits) before anything is
// drawn, and one whose file would pass MaxPNGBytes when its bytes reach
// it. PNG stops with ctx's error when ctx is done, between two shapes or
// two writes.
func PNG(ctx context.Context, w io.Writer, d *view.Drawing, scale float64) error {
	if scale == 0 {
		scale = DefaultPNGScale
	}
	if !(scale >= MinPNGScale && scale <= MaxPNGScale) {
		return fmt.Errorf("export: scale must be from %v to %d, not %s", MinPNGScale, MaxPNGScale, strconv.FormatFloat(scale, 'g', -1, 64))
	}
	shapes := Shapes(d)
	x0, y0, wd, ht := box(d, shapes)
	r, err := plan(ctx, shapes, x0, y0, wd, ht, scale)
	if err != nil {
		var le *LimitError
		if errors.As(err, &le) {
			le.Scale, err = fitScale(ctx, shapes, x0, y0, wd, ht, scale, le)
		}
		return err
	}
	r.dry = false
	pix := takePixels(4 * r.bounds.Dx() * r.bounds.Dy())
	defer putPixels(pix)
	r.img = &image.RGBA{Pix: pix, Stride: 4 * r.bounds.Dx(), Rect: r.bounds}
	draw.Draw(r.img, r.bounds, image.NewUniform(hexColour(colBg, 1)), image.Point{}, draw.Src)
	for _, s := range shapes {
		if err := ctx.Err(); err != nil {
			return err
		}
		r.shape(s)
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: encoders}
	return enc.Encode(&capWriter{w: w, ctx: ctx, max: MaxPNGBytes, limit: "MaxPNGBytes"}, r.img)
}

// spare keeps the pixels of the largest image drawn last, for the next
// PNG to draw into (each painted whole with the background first): an
// export of a large tree is tens of megabytes of pixels, and allocating
// them for every export made the collector run far more often in the soak
// (TestSoak), where exports come back to back. One buffer, not a pool: a
// sync.Pool kept one per core and the last cycle's too, 91 MB in the soak.
// ForgetPixels lets it go.
var spare struct {
	mu  sync.Mutex
	pix []byte
}

// takePixels returns a buffer of n bytes, the spare one when it is large
// enough (its bytes are whatever the last image left), or a new one.
func takePixels(n int) []byte {
	spare.mu.Lock()
	defer spare.mu.Unlock()
	if p := spare.pix; cap(p) >= n {
		spare.pix = nil
		return p[:n]
	}
	return make([]byte, n)
}

// putPixels keeps p as the spare buffer when it is larger than the one
// kept.
func putPixels(p []byte) {
	spare.mu.Lock()
	defer spare.mu.Unlock()
	if cap(p) > cap(spare.pix) {
		spare.pix = p
	}
}

// ForgetPixels drops the spare buffer of pixels (the server does when its
// class has left).
func ForgetPixels() {
	spare.mu.Lock()
	defer spare.mu.Unlock()
	spare.pix = nil
}

// encoders keeps the PNG encoders' buffers (their compressors among
// them) for the next export.
var encoders = &encoderPool{}

// encoderPool is a png.EncoderBufferPool over a sync.Pool.
type encoderPool struct{ p sync.Pool }

func (e *encoderPool) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}

func (e *encoderPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }

// plan checks the image of shapes in the box (x0, y0, wd, ht) at scale
// against the limits, with a dry run that counts the pixels each shape
// would paint, and returns the raster ready to paint it, or the LimitError
// of the first limit it passes.
func plan(ctx context.Context, shapes []Shape, x0, y0, wd, ht, scale float64) (*raster, error) {
	fw, fh := math.Ceil(wd*scale), math.Ceil(ht*scale)
	W, H := int(min(fw, 1<<31)), int(min(fh, 1<<31))
	if fw > MaxPNGSide || fh > MaxPNGSide {
		return nil, &LimitError{Limit: "MaxPNGSide", Got: int64(max(W, H)), Max: MaxPNGSide, W: W, H: H}
	}
	if fw*fh > MaxPNGPixels {
		return nil, &LimitError{Limit: "MaxPNGPixels", Got: int64(W) * int64(H), Max: MaxPNGPixels, W: W, H: H}
	}
	r := &raster{bounds: image.Rect(0, 0, W, H), scale: scale, x0: x0, y0: y0, dry: true}
	for i, s := range shapes {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		r.shape(s)
	}
	if r.work > MaxPNGWork {
		return nil, &LimitError{Limit: "MaxPNGWork", Got: r.work, Max: MaxPNGWork, W: W, H: H}
	}
	return r, nil
}

// fitScale returns the largest scale, in hundredths, below scale at which
// the image fits every limit, le being the one it passes at scale, and le;
// 0 when not even MinPNGScale fits.
func fitScale(ctx context.Context, shapes []Shape, x0, y0, wd, ht, scale float64, le *LimitError) (float64, error) {
	ratio := math.Sqrt(float64(le.Max) / float64(le.Got))
	if le.Limit == "MaxPNGSide" {
		ratio = float64(le.Max) / float64(le.Got)
	}
	for s := math.Floor(scale*ratio*100) / 100; s >= MinPNGScale; s = math.Floor(s*95) / 100 {
		_, err := plan(ctx, shapes, x0, y0, wd, ht, s)
		if err == nil {
			return s, le
		}
		if !errors.As(err, new(*LimitError)) {
			return 0, err
		}
	}
	return 0, le
}

// raster paints shapes into img, each within its own bounds. In a dry run
// it only counts the pixels it would paint (work), with no image.
type raster struct {
	img    *image.RGBA
	bounds image.Rectangle
	scale  float64
	x0, y0 float64
	faces  map[float64]font.Face
	// z is the rasteriser of every fill, sized to each band; texts are the
	// masks of the texts drawn so far (at most maxTextMasks).
	z     vector.Rasterizer
	texts map[textKey]*image.Alpha
	dry   bool
	work  int64
}

func (r *raster) pt(x, y float64) (float32, float32) {
	return float32((x - r.x0) * r.scale), float32((y - r.y0) * r.scale)
}

// fill paints the polygons (each a closed list of drawing points) as one
// shape, band by band of bandRows rows, each band only across the columns
// the outlines cross in it.
func (r *raster) fill(polys [][][2]float64, col color.Color) {
	px := make([][][2]float32, 0, len(polys))
	minX, minY, maxX, maxY := float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Inf(-1))
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
		pts := make([][2]float32, len(poly))
		for i, p := range poly {
			x, y := r.pt(p[0], p[1])
			pts[i] = [2]float32{x, y}
			minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
		}
		px = append(px, pts)
	}
	if len(px) == 0 || !(minX <= maxX && minY <= maxY) {
		return
	}
	all := image.Rect(floorInt(minX)-1, floorInt(minY)-1, ceilInt(maxX)+1, ceilInt(maxY)+1).Intersect(r.bounds)
	var src *image.Uniform
	for y := all.Min.Y; y < all.Max.Y; y += bandRows {
		y1 := min(y+bandRows, all.Max.Y)
		lo, hi, ok := bandColumns(px, float32(y), float32(y1))
		if !ok {
			continue
		}
		band := image.Rect(floorInt(lo)-1, y, ceilInt(hi)+1, y1).Intersect(all)
		if band.Empty() {
			continue
		}
		r.work += int64(band.Dx() * band.Dy())
		if r.dry {
			continue
		}
		if src == nil {
			src = image.NewUniform(col)
		}
		r.z.Reset(band.Dx(), band.Dy())
		ox, oy := float32(band.Min.X), float32(band.Min.Y)
		for _, pts := range px {
			r.z.MoveTo(pts[0][0]-ox, pts[0][1]-oy)
			for _, p := range pts[1:] {
				r.z.LineTo(p[0]-ox, p[1]-oy)
			}
			r.z.ClosePath()
		}
		r.z.Draw(r.img, band, src, image.Point{})
	}
}

func floorInt(x float32) int { return int(math.Floor(float64(x))) }
func ceilInt(x float32) int  { return int(math.Ceil(float64(x))) }

// bandColumns returns the leftmost and rightmost x where the outlines of
// polys cross the rows from y0 to y1: every pixel of the filled shape in
// those rows lies between them. ok is false when no outline enters them.
func bandColumns(polys [][][2]float32, y0, y1 float32) (lo, hi float32, ok bool) {
	lo, hi = float32(math.Inf(1)), float32(math.Inf(-1))
	for _, pts := range polys {
		for i, a := range pts {
			b := pts[(i+1)%len(pts)]
			if a[1] > b[1] {
				a, b = b, a
			}
			if b[1] < y0 || a[1] > y1 {
				continue
			}
			// The part of the edge a–b within the rows: its ends at the
			// rows' top and bottom (or the edge's own ends).
			xa, xb := a[0], b[0]
			if dy := b[1] - a[1]; dy > 0 {
				t0 := max(0, (y0-a[1])/dy)
				t1 := min(1, (y1-a[1])/dy)
				xa, xb = a[0]+(b[0]-a[0])*t0, a[0]+(b[0]-a[0])*t1
			}
			lo, hi = min(lo, xa, xb), max(hi, xa, xb)
			ok = true
		}
	}
	return lo, hi, ok
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

// maxTextMasks bounds the masks of texts a raster keeps.
const maxTextMasks = 4096

// textKey names the mask of a text: its size in pixels, the text, and
// the quarter of a pixel its start is drawn at.
type textKey struct {
	px      float64
	str     string
	quarter int
}

// textMask returns the coverage of s drawn in face from the dot (quarter/4,
// 0), in pixels around that dot; each text is rasterised once per size and
// quarter pixel, however often it is drawn (a halo draws it 13 times).
func (r *raster) textMask(face font.Face, px float64, s string, quarter int) *image.Alpha {
	k := textKey{px, s, quarter}
	if m, ok := r.texts[k]; ok {
		return m
	}
	if r.texts == nil || len(r.texts) >= maxTextMasks {
		r.texts = map[textKey]*image.Alpha{}
	}
	dot := fixed.Point26_6{X: fixed.Int26_6(quarter * 16)}
	b, _ := font.BoundString(face, s)
	b = b.Add(dot)
	rect := image.Rect(b.Min.X.Floor()-1, b.Min.Y.Floor()-1, b.Max.X.Ceil()+1, b.Max.Y.Ceil()+1)
	m := image.NewAlpha(rect)
	dr := font.Drawer{Dst: m, Src: image.Opaque, Face: face, Dot: dot}
	dr.DrawString(s)
	r.texts[k] = m
	return m
}

func (r *raster) text(s Shape) {
	if s.Str == "" {
		return
	}
	copies := int64(1)
	if s.HaloW > 0 {
		copies = 13
	}
	if r.dry {
		// The text's box as box estimates it, a line and a fifth high,
		// halo included, once per copy.
		l, rt := textExtent(s)
		h := s.HaloW * r.scale
		w, ht := (rt-l)*r.scale+h+2, s.Size*1.2*r.scale+h+2
		r.work += copies * int64(math.Ceil(w)*math.Ceil(ht))
		if s.Strike {
			r.fill(strokePolys([][2]float64{{l, s.Y}, {rt, s.Y}}, false, 1.2, nil), nil)
		}
		return
	}
	face := r.face(s.Size)
	if face == nil {
		return
	}
	wd := float64(font.MeasureString(face, s.Str)) / 64
	x, y := r.pt(s.X, s.Y)
	px := float64(x)
	switch s.Anchor {
	case "middle":
		px -= wd / 2
	case "end":
		px -= wd
	}
	ix := math.Floor(px)
	quarter := int((px - ix) * 4)
	m := r.textMask(face, s.Size*r.scale, s.Str, quarter)
	at := image.Pt(int(ix), int(math.Round(float64(y))))
	if s.HaloW > 0 {
		// The halo: the text in the background colour, around the place.
		bg := image.NewUniform(hexColour(colBg, s.Opacity))
		h := s.HaloW / 2 * r.scale
		for i := range 12 {
			a := 2 * math.Pi * float64(i) / 12
			r.mask(m, at.Add(image.Pt(int(math.Round(h*math.Cos(a))), int(math.Round(h*math.Sin(a))))), bg)
		}
	}
	r.mask(m, at, image.NewUniform(hexColour(s.Fill, s.Opacity)))
	if s.Strike {
		mid := float64(y) - s.Size*r.scale*0.3
		line := [][2]float64{{px/r.scale + r.x0, mid/r.scale + r.y0}, {(px+wd)/r.scale + r.x0, mid/r.scale + r.y0}}
		r.fill(strokePolys(line, false, 1.2, nil), hexColour(s.Fill, s.Opacity))
	}
}

// mask paints src through the text mask m with its dot at the pixel at.
func (r *raster) mask(m *image.Alpha, at image.Point, src image.Image) {
	dst := m.Bounds().Add(at)
	draw.DrawMask(r.img, dst, src, image.Point{}, m, m.Bounds().Min, draw.Over)
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
