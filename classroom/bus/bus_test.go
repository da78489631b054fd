package bus

import (
	"os"
	"strconv"
	"sync"
	"testing"
	"time"
)

// collect subscribes to b and gathers its messages, room by room.
type collect struct {
	mu  sync.Mutex
	got map[string][]string
}

func subscribe(t *testing.T, b Bus) *collect {
	c := &collect{got: map[string][]string{}}
	unsub, err := b.Subscribe(func(room string, data []byte) {
		c.mu.Lock()
		c.got[room] = append(c.got[room], string(data))
		c.mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(unsub)
	return c
}

// wait waits until c holds n messages of room, and returns them.
func (c *collect) wait(t *testing.T, room string, n int) []string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		c.mu.Lock()
		got := append([]string(nil), c.got[room]...)
		c.mu.Unlock()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("room %s: got %d messages, want %d", room, len(got), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// inOrder publishes n numbered messages to two rooms through from and
// checks that every collector has them all, in order.
func inOrder(t *testing.T, from Bus, n int, cs ...*collect) {
	t.Helper()
	for i := range n {
		for _, room := range []string{"ABC234", "XYZ789"} {
			if err := from.Publish(room, []byte(strconv.Itoa(i))); err != nil {
				t.Fatal(err)
			}
		}
	}
	for k, c := range cs {
		for _, room := range []string{"ABC234", "XYZ789"} {
			got := c.wait(t, room, n)
			for i, s := range got {
				if s != strconv.Itoa(i) {
					t.Fatalf("subscriber %d, room %s: message %d is %q, want %d (in order)", k, room, i, s, i)
				}
			}
		}
	}
}

func TestLocal(t *testing.T) {
	b := NewLocal()
	defer b.Close()
	inOrder(t, b, 200, subscribe(t, b), subscribe(t, b))
	if err := b.Publish("ABC234", make([]byte, MaxMessage+1)); err != ErrTooLarge {
		t.Fatalf("a message too large: got %v", err)
	}
}

// Two embedded servers in one cluster: what one publishes reaches the
// subscribers of both, in order.
func TestEmbeddedCluster(t *testing.T) {
	a, err := Embedded(EmbeddedOptions{Cluster: "abtrace-test"})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Embedded(EmbeddedOptions{Cluster: "abtrace-test", Routes: []string{a.RouteURL()}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	waitRoutes(t, a, b)
	ca, cb := subscribe(t, a), subscribe(t, b)
	waitInterest(t, a)
	inOrder(t, a, 300, ca, cb)
	if err := a.Publish("ABC234", make([]byte, MaxMessage+1)); err != ErrTooLarge {
		t.Fatalf("a message too large: got %v", err)
	}
}

// waitRoutes waits until the servers are routed to each other.
func waitRoutes(t *testing.T, ns ...*NATS) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for _, n := range ns {
		for n.Routes() == 0 {
			if time.Now().After(deadline) {
				t.Fatal("the embedded servers did not form a cluster")
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// waitInterest waits until a message a publishes reaches every server's
// subscription (interest travels along the routes after Subscribe).
func waitInterest(t *testing.T, a *NATS) {
	t.Helper()
	time.Sleep(200 * time.Millisecond)
	if err := a.Flush(); err != nil {
		t.Fatal(err)
	}
}

// A NATS server started as its own process (.ci/services starts one and
// sets ABTRACE_TEST_NATS): two connections see each other's messages.
func TestOutsideNATS(t *testing.T) {
	url := os.Getenv("ABTRACE_TEST_NATS")
	if url == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("ABTRACE_TEST_NATS is not set: .ci/run starts a NATS server and sets it")
		}
		t.Skip("ABTRACE_TEST_NATS is not set (nats://host:port of a running server)")
	}
	a, err := Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ca, cb := subscribe(t, a), subscribe(t, b)
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	inOrder(t, a, 100, ca, cb)
	if _, err := Connect("nats://127.0.0.1:1"); err == nil {
		t.Fatal("connecting to no server: no error")
	}
}
