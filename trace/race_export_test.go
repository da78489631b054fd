package trace

// RaceDetectorForTests lets the external tests (package trace_test) scale
// their property checks the way this package's do.
const RaceDetectorForTests = raceDetector
