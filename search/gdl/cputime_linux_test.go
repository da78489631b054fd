package gdl

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling thread has used: the
// benchmarks report it beside the wall time (cpu-ns/op), which on a shared
// machine measures the work without the time spent waiting for a core.
// lockThread keeps the benchmark's goroutine on one thread meanwhile.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func lockThread() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
