package search

// RaceDetectorForTests lets the external tests (package search_test) scale
// their property checks the way this package's do.
const RaceDetectorForTests = raceDetector
