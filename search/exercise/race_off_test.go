//go:build !race

package exercise

const raceDetector = false
