//go:build !race

package gdl

// raceDetector: see race_on_test.go.
const raceDetector = false
