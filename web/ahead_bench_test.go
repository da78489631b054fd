package web

import (
	"context"
	"github.com/abtrace/abtrace/search/tree"
	"net/url"
	"testing"

	"github.com/abtrace/abtrace/view"
)

// BenchmarkSessionStepAhead is what the server does for one step of a
// page that takes the steps made ahead: it takes the step the page says
// it applied and makes the next one ahead, with its ready message (the
// patch, the drawing's changes and the panels). BenchmarkSessionStep is
// the same step answered the plain way; the difference is what making
// steps ahead adds per step.
func BenchmarkSessionStepAhead(b *testing.B) {
	ctx := context.Background()
	for _, q := range []string{"tree=" + url.QueryEscape(tree.TwoPlyGameTreePlain), tttMinimax} {
		b.Run(q, func(b *testing.B) {
			v := loadedViewer(b, q, StepArg{Set: true, Value: 20})
			defer v.close()
			tag := 1
			v.prepareAhead(ctx, view.ByEvent, tag)
			for b.Loop() {
				if v.ready == nil {
					b.StopTimer()
					seek(b, v, StepArg{Set: true, Value: 20})
					tag++
					v.prepareAhead(ctx, view.ByEvent, tag)
					b.StartTimer()
				}
				if !v.takeAhead(tag, view.ByEvent) {
					b.Fatalf("the step made ahead with tag %d was not taken", tag)
				}
				tag++
				v.prepareAhead(ctx, view.ByEvent, tag)
			}
		})
	}
}
