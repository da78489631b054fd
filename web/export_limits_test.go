package web

import (
	"image/png"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/view/export"
)

// TestExportScaleRefused: a scale that is not a number from 0.25 to 4 —
// NaN and the infinities among them — is refused with 400 naming scale
// and its range, in the page's language.
func TestExportScaleRefused(t *testing.T) {
	s := newTestServer(t)
	want := map[string]string{"en": "scale must be a number from 0.25 to 4", "de": "der Maßstab muss eine Zahl von 0.25 bis 4 sein", "cs": "měřítko musí být číslo od 0.25 do 4"}
	for _, scale := range []string{"NaN", "nan", "Inf", "+Inf", "-Inf", "infinity", "1e309", "0", "-0", "4.01", "0.2"} {
		for lang, w := range want {
			q := url.Values{"tree": {tree.TwoPlyGameTreePlain}, "scale": {scale}, "lang": {lang}}
			rec := httpGet(t, s, "/export.png?"+q.Encode())
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), w) {
				t.Errorf("scale=%s lang=%s: got %d %q, want 400 and %q", scale, lang, rec.Code, rec.Body.String(), w)
			}
		}
	}
}

// TestExportLimitsRefused: an export that would pass one of its limits is
// refused with 400 saying what to change, in the page's language: a PNG
// too wide at the scale asked for names scale and the largest that fits
// (without scale= it is made smaller: TestExportPNGFitsWithoutScale), a
// standalone HTML file
// too large says what to draw less of, after drawing one frame.
func TestExportLimitsRefused(t *testing.T) {
	s := newTestServer(t)
	tests := []struct {
		target string
		want   map[string]string
	}{
		{"/export.png?game=tictactoe&position=x...o....&scale=2", map[string]string{
			"en": "scale: the image would be 94571×1270 pixels, more than MaxPNGPixels = 16777216 in all or MaxPNGSide = 32768 on a side: use a scale of at most 0.69",
			"de": "scale: das Bild wäre 94571×1270 Pixel groß, mehr als MaxPNGPixels = 16777216 insgesamt oder MaxPNGSide = 32768 je Seite: wählen Sie einen Maßstab von höchstens 0.69",
			"cs": "scale: obrázek by měl 94571×1270 pixelů, víc než MaxPNGPixels = 16777216 celkem nebo MaxPNGSide = 32768 na stranu: zvolte měřítko nejvýše 0.69",
		}},
		{"/export.html?random=40,2&seed=1&order=best", map[string]string{
			"en": "the HTML file would be more than 16 MB (MaxHTMLBytes): draw fewer nodes with a depth limit (depth=)",
			"de": "die HTML-Datei wäre größer als 16 MB (MaxHTMLBytes)",
			"cs": "soubor HTML by byl větší než 16 MB (MaxHTMLBytes)",
		}},
		{"/embed?random=3,6&seed=1", map[string]string{
			"en": "a standalone HTML file holds at most 1500 steps (MaxHTMLSteps) and this search has more",
			"de": "eine eigenständige HTML-Datei fasst höchstens 1500 Schritte (MaxHTMLSteps)",
			"cs": "samostatný soubor HTML pojme nejvýše 1500 kroků (MaxHTMLSteps)",
		}},
	}
	for _, tc := range tests {
		for lang, want := range tc.want {
			rec := httpGet(t, s, tc.target+"&lang="+lang)
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), want) {
				t.Errorf("%s in %s: got %d %q, want 400 and %q", tc.target, lang, rec.Code, rec.Body.String(), want)
			}
		}
	}
}

// TestExportPNGFitsWithoutScale: a PNG asked for without scale= whose
// drawing would pass a PNG limit at the default scale is made at the
// largest scale that fits, and the answer's header says which and why.
func TestExportPNGFitsWithoutScale(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/export.png?"+url.Values{"tree": {wideTree}}.Encode())
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("got %d %q %q, want 200 and a PNG", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	cfg, err := png.DecodeConfig(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	head := rec.Header().Get(PNGScaleHeader)
	scale, why, _ := strings.Cut(head, "; ")
	f, err := strconv.ParseFloat(scale, 64)
	if err != nil || f >= export.DefaultPNGScale || why != "the default 2 would pass MaxPNGSide" || cfg.Width > export.MaxPNGSide || cfg.Width < export.MaxPNGSide*9/10 {
		t.Errorf("%s = %q, a %d×%d image: want a scale under 2 that fits MaxPNGSide = %d, named with the limit", PNGScaleHeader, head, cfg.Width, cfg.Height, export.MaxPNGSide)
	}
}

// wideTree is a tree too wide for a PNG at the default scale (1,200 leaves
// in a row): at the largest scale that fits, 0.47, a 32715×165 image.
var wideTree = "(" + strings.Repeat("("+strings.Repeat("1 ", 20)+") ", 60) + ")"
