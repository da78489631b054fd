package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// besideLabSessions viewers of the full tic-tac-toe minimax each step
// besideLabSteps times, one step after the answer to the last.
const besideLabSessions, besideLabSteps = 50, 30

// TestSessionsBesideLab measures, against the real binary when
// ABTRACE_SOAK=1 (timed, on whatever the machine does: not part of the
// ordinary run), the step round trip of 50 viewers stepping alone and
// while labs run back to back (a lab starts a worker per core but one:
// search.CoresLeftFree), and logs the 50th and 99th percentiles of both.
func TestSessionsBesideLab(t *testing.T) {
	if os.Getenv("ABTRACE_SOAK") != "1" {
		t.Skip("a timed measurement on a real server: set ABTRACE_SOAK=1")
	}
	s := startServer(t)
	alone := stepLatencies(t, s)
	// The lab's client leaves when the sessions are done, which stops it.
	ctx, leave := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	labs := 0
	wg.Go(func() {
		for ctx.Err() == nil {
			req, _ := http.NewRequestWithContext(ctx, "GET", s.url+"/lab?random=4,8&seeds=228", nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			labs++
		}
	})
	time.Sleep(300 * time.Millisecond) // the lab under way
	beside := stepLatencies(t, s)
	leave()
	wg.Wait()
	p := func(l []time.Duration, q float64) time.Duration { return l[int(q*float64(len(l)-1))] }
	t.Logf("%d sessions × %d steps alone: p50 %v, p99 %v", besideLabSessions, besideLabSteps, p(alone, 0.5), p(alone, 0.99))
	t.Logf("the same while labs ran (%d answered): p50 %v, p99 %v", labs, p(beside, 0.5), p(beside, 0.99))
}

// stepLatencies loads besideLabSessions viewers and returns their step
// round trips, sorted.
func stepLatencies(t *testing.T, s *server) []time.Duration {
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	for i := range besideLabSessions {
		wg.Go(func() {
			h := http.Header{}
			h.Set("Origin", s.url)
			// From five loopback addresses, as a class's laptops would.
			d := websocket.Dialer{HandshakeTimeout: 10 * time.Second,
				NetDialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i%5))}}).DialContext}
			c, _, err := d.Dial("ws"+s.url[len("http"):]+"/ws", h)
			if err != nil {
				t.Error(err)
				return
			}
			defer c.Close()
			load := fmt.Sprintf(`{"v":1,"cmd":"load","query":"game=tictactoe&algo=minimax","step":%d}`, 1+i*7)
			if err := c.WriteMessage(websocket.TextMessage, []byte(load)); err != nil {
				t.Error(err)
				return
			}
			if err := readType(c, "frame"); err != nil {
				t.Error(err)
				return
			}
			mine := make([]time.Duration, 0, besideLabSteps)
			for range besideLabSteps {
				t0 := time.Now()
				if err := c.WriteMessage(websocket.TextMessage, []byte(`{"v":1,"cmd":"step"}`)); err != nil {
					t.Error(err)
					return
				}
				if err := readType(c, "patch"); err != nil {
					t.Error(err)
					return
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(lat) == 0 {
		t.Fatal("no step answered")
	}
	slices.Sort(lat)
	return lat
}

// readType reads messages until one of type want; an error message fails.
func readType(c *websocket.Conn, want string) error {
	for {
		c.SetReadDeadline(time.Now().Add(time.Minute))
		_, b, err := c.ReadMessage()
		if err != nil {
			return err
		}
		if bytes.Contains(b, []byte(`"type":"`+want+`"`)) {
			return nil
		}
		if bytes.Contains(b, []byte(`"type":"error"`)) {
			return fmt.Errorf("%.200s", b)
		}
	}
}
