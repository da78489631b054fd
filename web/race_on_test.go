//go:build race

package web

// raceDetector is set when the tests run under the race detector, which
// makes the single-goroutine session checks several times slower without
// finding anything more in them: they make fewer random moves there.
const raceDetector = true
