//go:build race

package gdl

// raceDetector is set when the tests run under the race detector (CI's
// run), where the property checks take their short counts.
const raceDetector = true
