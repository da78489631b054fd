package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// These tests build the abtrace binary and run it as a lecturer would,
// then attack it as the bug report did.

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// TestMain removes the binary the tests built (binary): each run of the
// package's tests left one behind, 60 MB each.
func TestMain(m *testing.M) {
	code := m.Run()
	if binErr == nil && binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// binary builds abtrace once for the tests of this package.
func binary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the server: not with -short")
	}
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "abtrace-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "abtrace")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = err
			binPath = string(out)
		}
	})
	if binErr != nil {
		t.Fatalf("go build: %v\n%s", binErr, binPath)
	}
	return binPath
}

// server is a running abtrace serve.
type server struct {
	cmd  *exec.Cmd
	url  string // http://127.0.0.1:PORT
	done chan error
}

// startServer runs abtrace serve on a free loopback port, with more
// flags if given.
func startServer(t *testing.T, flags ...string) *server {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"serve", "--addr", "127.0.0.1:0"}, flags...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd, done: make(chan error, 1)}
	sc := bufio.NewScanner(stdout)
	addr := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/`)
	for sc.Scan() {
		if m := addr.FindStringSubmatch(sc.Text()); m != nil {
			s.url = "http://" + m[1]
			break
		}
	}
	if s.url == "" {
		cmd.Process.Kill()
		t.Fatal("the server did not say where it listens")
	}
	go func() {
		io.Copy(io.Discard, stdout)
		s.done <- cmd.Wait()
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-s.done
	})
	return s
}

// wait waits for the server to exit, at most d (a guard against a hang,
// not a measurement).
func (s *server) wait(t *testing.T, d time.Duration) error {
	t.Helper()
	select {
	case err := <-s.done:
		s.done <- err // for the cleanup
		return err
	case <-time.After(d):
		t.Fatalf("the server did not exit within %v", d)
		return nil
	}
}

func (s *server) health(t *testing.T) map[string]any {
	t.Helper()
	resp, err := http.Get(s.url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var h map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&h); err != nil {
		t.Fatal(err)
	}
	return h
}

// heaviest is the heaviest scenario the server takes: Connect Four at its
// deepest limit under minimax, about 5.7 million nodes, traced.
const heaviest = "game=connect4&depth=8&algo=minimax"

// seekHeaviest opens a websocket, loads the heaviest scenario and asks
// for its last step.
func seekHeaviest(t *testing.T, s *server) *websocket.Conn {
	t.Helper()
	h := http.Header{}
	h.Set("Origin", s.url)
	c, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.url, "http")+"/ws", h)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{`{"v":1,"cmd":"load","query":"` + heaviest + `"}`, `{"v":1,"cmd":"seek","step":"end"}`} {
		if err := c.WriteMessage(websocket.TextMessage, []byte(cmd)); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// TestServerRefusesHugeScenario: the nim 64/8 page of the bug report is a
// clear 400, refused before any search (the refusal names the tree's size,
// which only the estimate knows), and the server is left with nothing
// running.
func TestServerRefusesHugeScenario(t *testing.T) {
	s := startServer(t)
	client := http.Client{Timeout: 10 * time.Second}
	resp, err := client.Get(s.url + "/view?game=nim&matches=64&take=8&step=0")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "at most 10,000,000") || !strings.Contains(string(body), "depth=") {
		t.Errorf("got %d, want 400 that names the limit and a depth limit that fits", resp.StatusCode)
	}
	if h := s.health(t); h["heavy"].(float64) != 0 || h["sessions"].(float64) != 0 {
		t.Errorf("after the refusal the server runs %v heavy requests and %v sessions, want none", h["heavy"], h["sessions"])
	}
}

// TestSIGTERMDuringSeek: a server asked to stop while a session seeks to
// the end of the heaviest scenario exits within its shutdown deadline.
func TestSIGTERMDuringSeek(t *testing.T) {
	s := startServer(t)
	c := seekHeaviest(t, s)
	defer c.Close()
	time.Sleep(300 * time.Millisecond) // let the seek get going
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// The deadline is shutdownGrace; the margin covers process exit on a
	// loaded machine.
	if code := exitStatus(s.wait(t, shutdownGrace+2*time.Second)); code != 0 {
		t.Errorf("exit status %d, want 0", code)
	}
}

// TestDisconnectStopsWork: after a client that asked for the heaviest
// seek disconnects, its session ends (its search stopped with it: a
// session closes once its cursor is closed) and the server's heap comes
// back under maxIdleHeap. How quickly the CPU goes idle is a figure for a
// benchmark on a quiet machine, not for a test on a shared one.
func TestDisconnectStopsWork(t *testing.T) {
	const maxIdleHeap = 64 << 20
	s := startServer(t)
	c := seekHeaviest(t, s)
	time.Sleep(500 * time.Millisecond)
	c.Close()
	ended := false
	for range 100 {
		if h := s.health(t); h["sessions"].(float64) == 0 && h["heavy"].(float64) == 0 {
			ended = true
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !ended {
		t.Errorf("the session still runs after the client left")
	}
	var heap float64
	for range 20 {
		h := s.health(t)
		if h["sessions"].(float64) == 0 {
			heap = h["heap_bytes"].(float64)
			if heap < maxIdleHeap {
				break
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("heap after the client left: %.1f MB", heap/(1<<20))
	if heap >= maxIdleHeap {
		t.Errorf("heap after the client left: got %.0f MB, want under %d MB", heap/(1<<20), maxIdleHeap>>20)
	}
}

// heavyRequests are one long request of each family of heavy routes:
// each keeps both cores busy for seconds when nothing stops it.
// A request with a form is POSTed.
var heavyRequests = []struct{ name, path, form string }{
	{"view", "/view?" + heaviest + "&step=end", ""},
	{"compare", "/compare?game=connect4&depth=8&orders=natural,worst&algo=minimax&step=end", ""},
	{"lab", "/lab?random=4,8&seeds=228", ""},
	{"tournament", "/api/tournament?game=reversi&evals=discs,mobility,corners&depth=4&games=66", ""},
	{"stream", "/api/stream/tournament?game=reversi&evals=discs,mobility,corners&depth=4&games=66", ""},
	{"exercise", "/api/exercise?seed=1&b=2&d=8&min=0&max=1&min_cutoffs=100", ""},
	{"png", "/export.png?game=tictactoe&position=xo.x.o...&step=30&scale=1", ""},
	{"svg", "/export.svg?" + heaviest + "&step=end", ""},
	{"diff", "/diff?" + heaviest, "student=1+2+3+4+5"},
	{"determinized", "/view?game=cards&algo=determinized&samples=10&iterations=200000&step=end", ""},
	{"html", "/export.html?random=5,3&seed=1&algo=alphabeta&order=best", ""},
	{"embed", "/embed?random=5,3&seed=1&algo=alphabeta&order=best", ""},
	{"parallel", "/api/stream/parallel?game=reversi&evals=discs,mobility,corners,edges,min-discs,discs,mobility,corners&depth=6", ""},
}

// untilHeavy waits until the server reports a heavy request running, or
// the request's headers are in (a stream sends them as its work begins; a
// page with its answer), or a second has passed: the signal then meets the
// work under way.
func (s *server) untilHeavy(t *testing.T, headers chan struct{}) {
	t.Helper()
	for end := time.Now().Add(time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		select {
		case <-headers:
			return
		default:
		}
		if s.health(t)["heavy"].(float64) > 0 {
			return
		}
	}
}

// exitStatus is the exit status of a process that has ended.
func exitStatus(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// TestSIGTERMDuringHeavyRequest: a server asked to stop while a heavy
// request of each family works cancels that work and exits 0 within its
// shutdown deadline (it used to wait for the search, then exit 1 with
// "context deadline exceeded").
func TestSIGTERMDuringHeavyRequest(t *testing.T) {
	for _, h := range heavyRequests {
		t.Run(h.name, func(t *testing.T) {
			s := startServer(t)
			answered, headers := make(chan int, 1), make(chan struct{})
			go func() {
				var resp *http.Response
				var err error
				if h.form == "" {
					resp, err = http.Get(s.url + h.path)
				} else {
					resp, err = http.Post(s.url+h.path, "application/x-www-form-urlencoded", strings.NewReader(h.form))
				}
				close(headers)
				if err != nil {
					answered <- 0
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				answered <- resp.StatusCode
			}()
			s.untilHeavy(t, headers) // the work has begun
			select {
			case code := <-answered:
				// A loaded machine is slow, an idle one may be quick: the
				// exit is checked all the same.
				t.Logf("%s answered %d before the signal", h.path, code)
			default:
			}
			if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			// The margin over shutdownGrace covers process exit on a loaded
			// machine; a server that waited for the work would miss it.
			if code := exitStatus(s.wait(t, shutdownGrace+2*time.Second)); code != 0 {
				t.Errorf("exit status %d, want 0", code)
			}
		})
	}
}

// TestSecondSIGTERM: a second SIGTERM during the graceful shutdown stops
// the server at once, though a client still holds a request open (its
// body half sent) that the shutdown would wait for.
func TestSecondSIGTERM(t *testing.T) {
	s := startServer(t)
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /diff HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\ntrace=A")
	time.Sleep(200 * time.Millisecond)
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	select {
	case err := <-s.done:
		s.done <- err
		t.Fatalf("the server exited (%v) before the second signal, though a request was still open", err)
	default:
	}
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// At once: well within the grace the first shutdown still had.
	if code := exitStatus(s.wait(t, shutdownGrace/2)); code != 1 {
		t.Errorf("exit status %d, want 1 (stopped at once)", code)
	}
}
