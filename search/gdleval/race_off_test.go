//go:build !race

package gdleval

const raceDetector = false
