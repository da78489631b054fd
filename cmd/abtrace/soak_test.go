package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/abtrace/abtrace/web"
)

// Soak: what a class does to the server at once, for soakFor.
const (
	soakSessions = 300              // viewers stepping large random trees
	soakHeavy    = 20               // clients sending heavy requests and PNG exports back to back
	soakFor      = 60 * time.Second // how long
	soakStepGap  = time.Second      // how often a viewer steps
	// soakHealthP99 is the most the health check's 99th percentile may take.
	soakHealthP99 = 50 * time.Millisecond
)

// soakHeavyPaths are the heavy requests the soak's clients send in turn.
var soakHeavyPaths = []string{
	"/view?random=12,3&seed=%d&algo=minimax&step=end",
	"/export.png?random=3,4&seed=%d&scale=1",
	"/compare?random=8,4&seed=%d&orders=natural,best,worst&step=end",
	"/export.png?game=tictactoe&position=xo.x.o...&step=30&scale=1&seed=%d",
	"/lab?random=3,6&seeds=200&seed=%d",
	"/api/exercise?seed=%d&b=3&d=3",
}

// TestSoak runs the soak against the real binary when ABTRACE_SOAK=1 (a
// minute of both cores: not part of the ordinary run): soakSessions
// viewers of random=12,3 (1,885 nodes) stepping every soakStepGap, and
// soakHeavy clients sending heavy requests and PNG exports back to back,
// for soakFor. It holds when the server's resident memory stays under its
// memory cap (web.DefaultMemoryLimit), /healthz answers within
// soakHealthP99 at the 99th percentile, and nothing fails: no session
// ends, no load or heavy request is refused for memory, no request gets
// a 5xx but the 503 of a full heavy queue (counted and reported). After
// the class leaves it reports what the server keeps, a second later and
// once it has forgotten its shared caches.
func TestSoak(t *testing.T) {
	if os.Getenv("ABTRACE_SOAK") != "1" {
		t.Skip("the soak runs a minute of both cores: set ABTRACE_SOAK=1")
	}
	s := startServer(t)
	pid := s.cmd.Process.Pid
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var sessionErrs, sessionMemory, steps, heavyDone, heavyBusy, heavyMemory, heavyErrs atomic.Int64
	var errMu sync.Mutex
	var firstErrs []string
	fail := func(c *atomic.Int64, msg string) {
		c.Add(1)
		errMu.Lock()
		if len(firstErrs) < 10 {
			firstErrs = append(firstErrs, msg)
		}
		errMu.Unlock()
	}
	host := strings.TrimPrefix(s.url, "http://")
	// The sessions come from ten loopback addresses, as a class's laptops
	// would (at most web.DefaultMaxSessionsPerAddr from each).
	for i := range soakSessions {
		wg.Go(func() {
			d := websocket.Dialer{HandshakeTimeout: 10 * time.Second,
				NetDialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i%10))}}).DialContext}
			h := http.Header{}
			h.Set("Origin", s.url)
			c, _, err := d.Dial("ws://"+host+"/ws", h)
			if err != nil {
				fail(&sessionErrs, "dial: "+err.Error())
				return
			}
			defer c.Close()
			// A viewer steps once its load is answered, and not at all when
			// its load was refused.
			var loaded, refusedLoad atomic.Bool
			go func() { // the reader: every answer, until the session ends
				for {
					_, b, err := c.ReadMessage()
					if err != nil {
						select {
						case <-stop:
						default:
							fail(&sessionErrs, "session: "+err.Error())
						}
						return
					}
					if m := string(b); strings.Contains(m, `"type":"frame"`) {
						loaded.Store(true)
					} else if strings.Contains(m, `"type":"error"`) {
						if strings.Contains(m, "memory is nearly full") {
							sessionMemory.Add(1)
							refusedLoad.Store(true)
						} else {
							fail(&sessionErrs, "session: "+m)
						}
					}
				}
			}()
			load := fmt.Sprintf(`{"v":1,"cmd":"load","query":"random=12,3&seed=%d&algo=minimax","step":0}`, i+1)
			if err := c.WriteMessage(websocket.TextMessage, []byte(load)); err != nil {
				fail(&sessionErrs, "load: "+err.Error())
				return
			}
			tick := time.NewTicker(soakStepGap)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
				}
				if refusedLoad.Load() || !loaded.Load() {
					continue
				}
				if err := c.WriteMessage(websocket.TextMessage, []byte(`{"v":1,"cmd":"step","n":1}`)); err != nil {
					fail(&sessionErrs, "step: "+err.Error())
					return
				}
				steps.Add(1)
			}
		})
	}
	client := &http.Client{Timeout: 2 * time.Minute}
	for i := range soakHeavy {
		wg.Go(func() {
			for k := 0; ; k++ {
				select {
				case <-stop:
					return
				default:
				}
				path := fmt.Sprintf(soakHeavyPaths[(i+k)%len(soakHeavyPaths)], i*1000+k+1)
				resp, err := client.Get(s.url + path)
				if err != nil {
					fail(&heavyErrs, path+": "+err.Error())
					continue
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				switch {
				case resp.StatusCode == http.StatusServiceUnavailable && strings.Contains(string(body), "memory is nearly full"):
					heavyMemory.Add(1)
					time.Sleep(time.Second)
				case resp.StatusCode == http.StatusServiceUnavailable:
					heavyBusy.Add(1)
					time.Sleep(time.Second)
				case resp.StatusCode >= 500:
					fail(&heavyErrs, path+": "+resp.Status)
				default:
					heavyDone.Add(1)
				}
			}
		})
	}
	// The health check every 100 ms, and the resident memory and the
	// runtime's figures every 300 ms.
	var health []time.Duration
	var maxRSS int64
	var healthErrs int
	var rt soakRuntime
	rt.sample(t, s)
	first := rt.last
	end := time.After(soakFor)
	hc := &http.Client{Timeout: 10 * time.Second}
	tick := time.NewTicker(100 * time.Millisecond)
loop:
	for n := 0; ; n++ {
		select {
		case <-end:
			break loop
		case <-tick.C:
		}
		t0 := time.Now()
		resp, err := hc.Get(s.url + "/healthz")
		if err != nil {
			healthErrs++
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		health = append(health, time.Since(t0))
		if n%3 == 0 {
			maxRSS = max(maxRSS, rss(t, pid))
			rt.sample(t, s)
		}
	}
	tick.Stop()
	rt.sample(t, s)
	close(stop)
	wg.Wait()
	// The class leaves: what the server keeps a second later, and once it
	// has forgotten its shared caches (web.DefaultIdleForget).
	time.Sleep(time.Second)
	t.Logf("a second after the class left: resident %d MB, heap %.0f MB", rss(t, pid)>>20, s.health(t)["heap_bytes"].(float64)/(1<<20))
	a := cpuTicks(t, pid)
	time.Sleep(time.Second)
	idle := cpuTicks(t, pid) - a
	t.Logf("CPU from 1 s to 2 s after the class left: %d ticks (at most %d)", idle, reproIdleTicks)
	time.Sleep(web.DefaultIdleForget + 4*time.Second) // 36 s after the class left
	t.Logf("%v later: resident %d MB, heap %.0f MB", web.DefaultIdleForget+6*time.Second, rss(t, pid)>>20, s.health(t)["heap_bytes"].(float64)/(1<<20))
	slices.Sort(health)
	p := func(q float64) time.Duration { return health[min(len(health)-1, int(q*float64(len(health))))] }
	t.Logf("soak: %d sessions (%d steps sent), %d heavy clients for %v", soakSessions, steps.Load(), soakHeavy, soakFor)
	t.Logf("sessions: %d loads refused for memory, %d other errors", sessionMemory.Load(), sessionErrs.Load())
	t.Logf("heavy requests: %d answered, %d turned away busy (503), %d for memory (503), %d failed", heavyDone.Load(), heavyBusy.Load(), heavyMemory.Load(), heavyErrs.Load())
	t.Logf("/healthz: %d checks, p50 %v, p99 %v, max %v, %d failed", len(health), p(0.5), p(0.99), health[len(health)-1], healthErrs)
	t.Logf("/healthz latencies: %s", latencyBuckets(health))
	t.Logf("resident memory: at most %d MB (cap %d MB)", maxRSS>>20, web.DefaultMemoryLimit>>20)
	rt.report(t, first)
	for _, e := range firstErrs {
		t.Logf("error: %s", e)
	}
	if maxRSS >= web.DefaultMemoryLimit {
		t.Errorf("resident memory reached %d MB, want under the cap of %d MB", maxRSS>>20, web.DefaultMemoryLimit>>20)
	}
	if p(0.99) > soakHealthP99 {
		t.Errorf("/healthz p99 %v, want at most %v", p(0.99), soakHealthP99)
	}
	if n := sessionMemory.Load() + heavyMemory.Load(); n > 0 {
		t.Errorf("%d loads and heavy requests refused for memory; want none (the class fits)", n)
	}
	if idle > reproIdleTicks {
		t.Errorf("the server was not idle a second after the class left: %d ticks of CPU, want at most %d", idle, reproIdleTicks)
	}
	if sessionErrs.Load() > 0 || heavyErrs.Load() > 0 || healthErrs > 0 {
		t.Errorf("errors: %d sessions, %d heavy requests, %d health checks; want none", sessionErrs.Load(), heavyErrs.Load(), healthErrs)
	}
}

// rss is the resident memory of process pid, in bytes.
func rss(t *testing.T, pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Skip("no /proc:", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// soakRuntime follows the server's runtime figures (/healthz?runtime=1)
// through the soak: their peaks, and how often the collector's CPU
// limiter was on.
type soakRuntime struct {
	last                                    web.RuntimeHealth
	samples, limited                        int
	maxGoal, maxObjects, maxMapped, maxLive uint64
}

// sample reads the server's runtime figures once.
func (r *soakRuntime) sample(t *testing.T, s *server) {
	t.Helper()
	resp, err := http.Get(s.url + "/healthz?runtime=1")
	if err != nil {
		return
	}
	defer resp.Body.Close()
	var h web.Health
	if err := json.NewDecoder(resp.Body).Decode(&h); err != nil || h.Runtime == nil {
		t.Fatalf("/healthz?runtime=1: %v, %+v", err, h)
	}
	n := *h.Runtime
	if r.samples > 0 && n.LimiterLastEnabled != r.last.LimiterLastEnabled {
		r.limited++
	}
	r.samples++
	r.last = n
	r.maxGoal, r.maxObjects = max(r.maxGoal, n.HeapGoal), max(r.maxObjects, n.HeapObjects)
	r.maxMapped, r.maxLive = max(r.maxMapped, n.MappedBytes), max(r.maxLive, n.LiveHeap)
}

// report logs what the collector did during the soak (from first on).
func (r *soakRuntime) report(t *testing.T, first web.RuntimeHealth) {
	t.Helper()
	l, mb := r.last, func(b uint64) uint64 { return b >> 20 }
	t.Logf("collector: %d cycles in the soak (%d since the start), pauses since the start: %d, p50 %.3f ms, p99 %.3f ms, max %.3f ms",
		l.GCCycles-first.GCCycles, l.GCCycles, l.GCPauses.Count, l.GCPauses.P50, l.GCPauses.P99, l.GCPauses.Max)
	t.Logf("collector: CPU limiter on in %d of %d samples (last on in cycle %d); GC %.1f s of %.1f s CPU (assists %.1f s), scavenging %.2f s",
		r.limited, r.samples-1, l.LimiterLastEnabled, l.GCCPUSeconds-first.GCCPUSeconds, l.CPUSeconds-first.CPUSeconds,
		l.AssistCPUSeconds-first.AssistCPUSeconds, l.ScavengeSeconds-first.ScavengeSeconds)
	t.Logf("allocated: %d MB in the soak", mb(l.AllocBytes-first.AllocBytes))
	t.Logf("heap: peaks live %d MB, objects %d MB, goal %d MB, mapped %d MB (soft limit %d MB)",
		mb(r.maxLive), mb(r.maxObjects), mb(r.maxGoal), mb(r.maxMapped), mb(l.MemoryLimit))
	t.Logf("scheduler: goroutines waited for a core p50 %.3f ms, p99 %.3f ms, max %.3f ms (%d waits since the start)",
		l.SchedLatency.P50, l.SchedLatency.P99, l.SchedLatency.Max, l.SchedLatency.Count)
}

// latencyBuckets counts sorted latencies by bound: "≤1ms 500, ≤2ms 30, …".
func latencyBuckets(sorted []time.Duration) string {
	var b strings.Builder
	i := 0
	for _, ms := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500} {
		n := 0
		for ; i < len(sorted) && sorted[i] <= time.Duration(ms)*time.Millisecond; i++ {
			n++
		}
		fmt.Fprintf(&b, "≤%dms %d, ", ms, n)
	}
	fmt.Fprintf(&b, "more %d", len(sorted)-i)
	return b.String()
}
