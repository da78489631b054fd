//go:build race

package view

// raceDetector is set when the tests run under the race detector, which
// makes the single-goroutine painter checks about ten times slower without
// finding anything more in them: they check fewer random trees there.
const raceDetector = true
