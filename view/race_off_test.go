//go:build !race

package view

// raceDetector: see race_on_test.go.
const raceDetector = false
