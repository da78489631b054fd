//go:build !race

package search

// raceDetector: see race_on_test.go.
const raceDetector = false
