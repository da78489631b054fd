//go:build race

package gdleval

// raceDetector is set under the race detector (CI's run), where the
// property checks take their short counts.
const raceDetector = true
