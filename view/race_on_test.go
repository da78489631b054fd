//go:build race

package view

// raceDetector is set when the tests run under the race detector, which
// makes the single-goroutine painter checks about ten times slower without
// finding anything more in them: they check fewer random trees there.
const raceDetector = true

// raceShare reports whether a property check over many scenarios runs
// scenario i under the race detector: every other one, shifted by k, so
// that checks over the same scenarios share them out (CI's run has the
// race detector; go test ./view without it runs every scenario).
func raceShare(i, k int) bool { return (i+k)%2 == 0 }
