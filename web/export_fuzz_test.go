package web

import (
	"bytes"
	"github.com/abtrace/abtrace/search/tree"
	"image/png"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/view/export"
)

// FuzzPNGScale: scale= is a finite number from MinPNGScale to MaxPNGScale
// or an error naming scale; it never panics.
func FuzzPNGScale(f *testing.F) {
	for _, s := range []string{"", "2", "0.25", "4", "NaN", "-Inf", "+inf", "1e309", "0x1p-2", "-0", "4.000000000000001", "1_0", " 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		scale, err := pngScale(v)
		if err != nil {
			if !strings.Contains(err.Error(), "scale") {
				t.Fatalf("pngScale(%q): %v, want an error naming scale", v, err)
			}
			return
		}
		if math.IsNaN(scale) || scale < export.MinPNGScale || scale > export.MaxPNGScale {
			t.Fatalf("pngScale(%q) = %v, want a scale from %v to %v", v, scale, export.MinPNGScale, export.MaxPNGScale)
		}
	})
}

// FuzzExportParams: the parameters of the exports (scale, step, open,
// pane, layout, blank, key, fragment, download …) on the textbook tree
// give the file or a 400 with the reason, never another status, and a PNG
// that decodes within MaxPNGBytes.
func FuzzExportParams(f *testing.F) {
	for _, s := range []string{
		"scale=1&step=27", "scale=NaN", "scale=Inf&step=end", "scale=0.25&open=1", "step=-1", "step=99999999999999999999",
		"open=0,1.2,3&layout=across", "orders=natural,best&pane=2", "pane=worst", "blank=1&key=1&fragment=1", "scale=4&download=1",
	} {
		f.Add(s, "/export.png")
	}
	f.Add("blank=1", "/export.tex")
	f.Add("step=end&layout=across", "/export.svg")
	f.Add("step=3&lang=cs", "/export.html")
	s := New(testConfig())
	routes := []string{"/export.png", "/export.svg", "/export.tex", "/export.html", "/embed"}
	f.Fuzz(func(t *testing.T, raw, route string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		// Only the export's own parameters vary: the tree is the textbook's.
		for _, k := range []string{"game", "random", "seed", "matches", "tree-file", "format", "depth", "algo", "algos", "orders"} {
			q.Del(k)
		}
		q.Set("tree", tree.TwoPlyGameTree)
		if strings.Contains(raw, "pane=") {
			q.Set("orders", "natural,best")
		}
		path := routes[0]
		for _, r := range routes {
			if r == route {
				path = r
			}
		}
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path+"?"+q.Encode(), nil))
		switch rec.Code {
		case http.StatusOK:
			if path == "/export.png" {
				if rec.Body.Len() > export.MaxPNGBytes {
					t.Fatalf("%s?%s: %d bytes, more than MaxPNGBytes", path, q.Encode(), rec.Body.Len())
				}
				if _, err := png.Decode(bytes.NewReader(rec.Body.Bytes())); err != nil {
					t.Fatalf("%s?%s: the PNG does not decode: %v", path, q.Encode(), err)
				}
			}
		case http.StatusBadRequest:
			if !strings.HasPrefix(rec.Body.String(), "abtrace export: ") || len(rec.Body.String()) < len("abtrace export: ")+10 {
				t.Fatalf("%s?%s: 400 %q, want the reason", path, q.Encode(), rec.Body.String())
			}
		default:
			t.Fatalf("%s?%s: got %d %q, want 200 or 400", path, q.Encode(), rec.Code, rec.Body.String())
		}
	})
}
