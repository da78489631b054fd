package web

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// The rooms' benchmarks: a class of followers on real websockets through
// the web server, the followers in a process of their own (this test
// binary, run as TestRoomFollowerProcess) so that the server's memory is
// the server's alone. The figure is the time from the lecturer's step
// command leaving the lecturer's socket until the last follower has read
// the step's message, as p50/p99/max over the benchmark's steps
// (docs/performance.md).

// followersEnv tells the follower process where to follow: "CODE" then
// one "URL COUNT" per server, separated by ";".
const followersEnv = "ABTRACE_BENCH_FOLLOWERS"

// TestRoomFollowerProcess is the benchmarks' class (it runs only as
// their subprocess): it joins the followers, prints "ready" once every
// one has its snapshot, and then, for every update number, "SEQ NANOS"
// once the last follower has read it (NANOS: wall clock, Unix ns).
func TestRoomFollowerProcess(t *testing.T) {
	spec := os.Getenv(followersEnv)
	if spec == "" {
		t.Skip("the rooms' benchmarks' follower process")
	}
	parts := strings.Split(spec, ";")
	code := parts[0]
	type got struct {
		seq int
		at  int64
	}
	seen := make(chan got, 4096)
	var ready sync.WaitGroup
	total := 0
	for _, p := range parts[1:] {
		var url string
		var n int
		fmt.Sscan(p, &url, &n)
		for i := range n {
			total++
			ready.Add(1)
			h := http.Header{}
			h.Set("Origin", strings.Replace(url, "ws", "http", 1))
			conn, _, err := websocket.DefaultDialer.Dial(url+"/ws", h)
			if err != nil {
				t.Fatalf("follower %d: %v", i, err)
			}
			id := fmt.Sprintf("bench-%s-%06d", strings.ReplaceAll(url[len(url)-5:], ":", ""), i)
			msg, _ := json.Marshal(map[string]any{"v": ProtocolVersion, "cmd": "follow", "code": code, "nick": "S", "student": id})
			if err := conn.WriteMessage(websocket.TextMessage, msg); err != nil {
				t.Fatal(err)
			}
			go func() {
				first := true
				for {
					_, b, err := conn.ReadMessage()
					if err != nil {
						return
					}
					at := time.Now().UnixNano()
					var m struct {
						Type, Kind string
						Seq        int
					}
					if json.Unmarshal(b, &m) != nil || m.Type != "room" {
						continue
					}
					if first {
						first = false
						ready.Done()
						continue
					}
					seen <- got{m.Seq, at}
				}
			}()
		}
	}
	ready.Wait()
	fmt.Println("ready")
	count, last := map[int]int{}, map[int]int64{}
	for g := range seen {
		count[g.seq]++
		last[g.seq] = max(last[g.seq], g.at)
		if count[g.seq] == total {
			fmt.Println(g.seq, last[g.seq])
			delete(count, g.seq)
			delete(last, g.seq)
		}
	}
}

// benchClass starts the follower process on the servers (URL and count
// each) and waits until it is ready; lines gives its "SEQ NANOS" lines.
func benchClass(b *testing.B, code string, servers map[string]int) (lines *bufio.Scanner) {
	b.Helper()
	spec := code
	for url, n := range servers {
		spec += ";" + "ws" + strings.TrimPrefix(url, "http") + " " + strconv.Itoa(n)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRoomFollowerProcess$", "-test.v=false", "-test.timeout=30m")
	cmd.Env = append(os.Environ(), followersEnv+"="+spec)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	lines = bufio.NewScanner(out)
	for lines.Scan() {
		if lines.Text() == "ready" {
			return lines
		}
	}
	b.Fatalf("the follower process ended before it was ready: %v", lines.Err())
	return nil
}

// stepLatencies has the lecturer step the room once per iteration and
// reports the time until the last follower read each step.
func stepLatencies(b *testing.B, lect roomClient, lines *bufio.Scanner) {
	// The lecturer's own updates are read and dropped.
	go func() {
		for {
			if _, _, err := lect.conn.ReadMessage(); err != nil {
				return
			}
		}
	}()
	var lat []time.Duration
	seq := 0
	for b.Loop() {
		seq++
		t0 := time.Now()
		if err := lect.conn.WriteMessage(websocket.TextMessage, []byte(`{"v":1,"cmd":"step","n":1}`)); err != nil {
			b.Fatal(err)
		}
		for {
			if !lines.Scan() {
				b.Fatalf("the follower process ended: %v", lines.Err())
			}
			var s int
			var at int64
			fmt.Sscan(lines.Text(), &s, &at)
			if s == seq {
				lat = append(lat, time.Duration(at-t0.UnixNano()))
				break
			}
		}
	}
	b.StopTimer()
	reportLatencies(b, lat)
}

// reportLatencies reports p50, p99 and max in ms.
func reportLatencies(b *testing.B, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	at := func(p float64) float64 {
		i := int(math.Ceil(p*float64(len(lat)))) - 1
		return float64(lat[max(0, i)]) / float64(time.Millisecond)
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(at(1), "max-ms")
	b.ReportMetric(0, "ns/op")
}

// benchTree is a uniform tree of 3^6 leaves: thousands of steps, so that
// every iteration is a step forward with a patch.
var benchTree = "tree=" + uniformTree(3, 6) + "&algo=alphabeta"

// serverMemory is the server's heap and goroutine stacks in use.
func serverMemory() (heap, stacks uint64) {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc, m.StackInuse
}

// BenchmarkRoomStep500 is 500 followers of one server: a step's p99 from
// the lecturer's command to the last follower (target: 100 ms), and the
// server's memory per follower (heap and stacks with the websocket's
// buffers and the session's goroutines; target: 64 KB).
func BenchmarkRoomStep500(b *testing.B) {
	const n = 500
	cs := newClassServer(b, b.TempDir()+"/class.db", nil, n)
	srv := httptest.NewServer(cs.s.Echo())
	defer srv.Close()
	code, secret := createRoomOn(b, cs.s, benchTree)
	lect := followAsLecturer(b, srv, code, secret)
	heap0, stacks0 := serverMemory()
	lines := benchClass(b, code, map[string]int{srv.URL: n})
	heap1, stacks1 := serverMemory()
	stepLatencies(b, lect, lines)
	// After the loop: the benchmark's first Loop resets the metrics.
	b.ReportMetric(float64(heap1+stacks1-heap0-stacks0)/n, "bytes/follower")
	b.ReportMetric(float64(stacks1-stacks0)/n, "stack-bytes/follower")
}

// BenchmarkRoomStep1000TwoServers is 1,000 followers, 500 on each of two
// servers sharing an embedded NATS cluster and a database, the lecturer
// on the first (target: p99 150 ms).
func BenchmarkRoomStep1000TwoServers(b *testing.B) {
	const n = 500
	a, c, _, _ := twoClassServers(b, n)
	srvA, srvB := httptest.NewServer(a.s.Echo()), httptest.NewServer(c.s.Echo())
	defer srvA.Close()
	defer srvB.Close()
	code, secret := createRoomOn(b, a.s, benchTree)
	lect := followAsLecturer(b, srvA, code, secret)
	lines := benchClass(b, code, map[string]int{srvA.URL: n, srvB.URL: n})
	stepLatencies(b, lect, lines)
}

func createRoomOn(t testing.TB, s *Server, scenario string) (code, secret string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"scenario": scenario})
	status, out := doJSON(t, s, http.MethodPost, "/api/rooms", string(body))
	if status != http.StatusCreated {
		t.Fatalf("POST /api/rooms: %d %v", status, out)
	}
	return out["code"].(string), out["secret"].(string)
}

func followAsLecturer(t testing.TB, srv *httptest.Server, code, secret string) roomClient {
	t.Helper()
	c := roomClient{dial(t, srv)}
	c.send(map[string]any{"v": 1, "cmd": "follow", "code": code, "secret": secret})
	c.next("room")
	return c
}
