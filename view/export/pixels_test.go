package export

import (
	"bytes"
	"context"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/view"
)

// A PNG drawn into the pixels a larger image left (the spare buffer) is
// the PNG drawn into new pixels, byte for byte.
func TestPNGIntoSparePixels(t *testing.T) {
	d := drawingAt(t, scenario.Scenario{Tree: "((3 12 8) (2 4 6) (14 5 2))"}, -1)
	png := func(d *view.Drawing, scale float64) []byte {
		var b bytes.Buffer
		if err := PNG(context.Background(), &b, d, scale); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	ForgetPixels()
	fresh := png(d, MinPNGScale)
	png(d, 1)
	if cap(spare.pix) < 4*300*100 {
		t.Fatalf("the large image left %d bytes of pixels, want its pixels kept", cap(spare.pix))
	}
	if again := png(d, MinPNGScale); !bytes.Equal(again, fresh) {
		t.Error("the PNG drawn into the large image's pixels differs from the one drawn into new pixels")
	}
	ForgetPixels()
	if spare.pix != nil {
		t.Error("ForgetPixels kept the spare pixels")
	}
}
