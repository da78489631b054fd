//go:build race

package search

// raceDetector is set when the tests run under the race detector (CI's
// run), which makes the single-goroutine property checks about ten times
// slower without finding anything more in them: there they take their
// -short counts (hundreds of trees). `go test ./search` without -race
// runs the full counts (thousands).
const raceDetector = true
