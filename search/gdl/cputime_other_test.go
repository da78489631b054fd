//go:build !linux

package gdl

import "time"

func threadCPU() time.Duration { return 0 }

func lockThread() func() { return func() {} }
