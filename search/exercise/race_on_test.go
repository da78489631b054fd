//go:build race

package exercise

// raceDetector is set when the tests run under the race detector (CI's
// run), which makes the single-goroutine property checks about ten times
// slower without finding anything more in them: there they take their
// -short counts. Without -race the full counts run.
const raceDetector = true
