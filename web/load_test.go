package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// Figures of the load benchmark.
const (
	loadSessions = 500 // websocket sessions open at once
	loadHeavy    = 20  // heavy page requests sent at once
	// loadHeavyQuery is a heavy page: tic-tac-toe from the empty board
	// under alpha-beta, drawn at its last step (a page of 700 KB, half a
	// second of one core).
	loadHeavyQuery = "/view?game=tictactoe&algo=alphabeta&step=end"
	// loadAddrs is how many loopback addresses the sessions come from, so
	// that each stays under DefaultMaxSessionsPerAddr.
	loadAddrs = 16
)

// BenchmarkLoad is the bounded load test of docs/performance.md, on
// loopback only: it opens loadSessions websocket sessions (each loads the
// textbook tree), then sends loadHeavy heavy page requests at once, and
// while they run asks /healthz every 5 ms. It reports the health check's
// latency (p50, p99, max) and how the heavy requests were answered. Run it
// with -benchtime 1x; each iteration ends by itself when the heavy
// requests are answered.
func BenchmarkLoad(b *testing.B) {
	s := New(Config{Logger: slog.New(slog.DiscardHandler)})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go s.Serve(ln)
	defer s.Shutdown(context.Background())
	base := "http://" + ln.Addr().String()
	var p50, p99, worst time.Duration
	var ok, busy, other int
	for b.Loop() {
		conns := openSessions(b, base)
		lat, codes := heavyWithHealth(b, base)
		for _, c := range conns {
			c.Close()
		}
		slices.Sort(lat)
		p50, p99, worst = lat[len(lat)/2], lat[len(lat)*99/100], lat[len(lat)-1]
		ok, busy, other = 0, 0, 0
		for _, c := range codes {
			switch c {
			case http.StatusOK:
				ok++
			case http.StatusServiceUnavailable:
				busy++
			default:
				other++
			}
		}
		if other > 0 {
			b.Errorf("heavy requests: %d answered neither 200 nor 503", other)
		}
	}
	b.ReportMetric(float64(p50.Microseconds())/1000, "healthz-p50-ms")
	b.ReportMetric(float64(p99.Microseconds())/1000, "healthz-p99-ms")
	b.ReportMetric(float64(worst.Microseconds())/1000, "healthz-max-ms")
	b.ReportMetric(float64(ok), "heavy-200")
	b.ReportMetric(float64(busy), "heavy-503")
}

// openSessions opens loadSessions websockets from loadAddrs loopback
// addresses, each with the textbook tree loaded.
func openSessions(b *testing.B, base string) []*websocket.Conn {
	b.Helper()
	u := "ws" + strings.TrimPrefix(base, "http") + "/ws"
	conns := make([]*websocket.Conn, loadSessions)
	var wg sync.WaitGroup
	errs := make(chan error, loadSessions)
	for i := range conns {
		wg.Go(func() {
			local := fmt.Sprintf("127.0.0.%d", 1+i%loadAddrs)
			d := websocket.Dialer{NetDialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}).DialContext,
				HandshakeTimeout: 30 * time.Second}
			c, _, err := d.Dial(u, nil)
			if err != nil {
				errs <- err
				return
			}
			conns[i] = c
			if err := c.WriteMessage(websocket.TextMessage, []byte(`{"v":1,"cmd":"load","query":"tree=((3+12+8)+(2+4+6)+(14+5+2))"}`)); err != nil {
				errs <- err
				return
			}
			c.SetReadDeadline(time.Now().Add(30 * time.Second))
			if _, _, err := c.ReadMessage(); err != nil {
				errs <- err
			}
			c.SetReadDeadline(time.Time{})
			// Keep reading (pings, totals) so the session's writes never block.
			go func() {
				for {
					if _, _, err := c.ReadMessage(); err != nil {
						return
					}
				}
			}()
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatalf("session: %v", err)
	}
	return conns
}

// heavyWithHealth sends loadHeavy heavy requests at once and asks
// /healthz every 5 ms until they are all answered; it returns the health
// checks' latencies and the heavy requests' status codes.
func heavyWithHealth(b *testing.B, base string) ([]time.Duration, []int) {
	b.Helper()
	client := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: loadHeavy + 1}}
	codes := make([]int, loadHeavy)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Go(func() {
			resp, err := client.Get(base + loadHeavyQuery)
			if err != nil {
				b.Errorf("heavy request: %v", err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			codes[i] = resp.StatusCode
		})
	}
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	var lat []time.Duration
	for {
		select {
		case <-done:
			if len(lat) == 0 {
				b.Fatal("no health check ran")
			}
			return lat, codes
		case <-time.After(5 * time.Millisecond):
		}
		t0 := time.Now()
		resp, err := client.Get(base + "/healthz")
		if err != nil {
			b.Fatalf("healthz: %v", err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		lat = append(lat, time.Since(t0))
	}
}
