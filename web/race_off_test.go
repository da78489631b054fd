//go:build !race

package web

// raceDetector: see race_on_test.go.
const raceDetector = false
