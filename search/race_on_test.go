//go:build race

package search

// raceDetector is set when the tests run under the race detector (CI's
// run), which makes the single-goroutine property checks about ten times
// slower without finding anything more in them.
const raceDetector = true
