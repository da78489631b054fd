package classroom

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/abtrace/abtrace/classroom/bus"
)

// Two servers in one process, each with its embedded NATS server, the two
// in one cluster, sharing one database: followers on both see the
// lecturer's steps in the same order; the server holding the lecturer
// stops, the lecturer reconnects to the other, and the class goes on.
func TestTwoServers(t *testing.T) {
	natsA, err := bus.Embedded(bus.EmbeddedOptions{Cluster: "abtrace-class"})
	if err != nil {
		t.Fatal(err)
	}
	defer natsA.Close()
	natsB, err := bus.Embedded(bus.EmbeddedOptions{Cluster: "abtrace-class", Routes: []string{natsA.RouteURL()}})
	if err != nil {
		t.Fatal(err)
	}
	defer natsB.Close()
	deadline := time.Now().Add(10 * time.Second)
	for natsA.Routes() == 0 || natsB.Routes() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the embedded NATS servers did not form a cluster")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// Interest in the rooms' subjects travels along the route.
	classGoesOn(t, natsA, natsB, 200*time.Millisecond)
}

// The same class over a NATS server started as its own process (.ci/run
// starts one and names it in ABTRACE_TEST_NATS): each server of the class
// is a client of it.
func TestTwoServersOutsideNATS(t *testing.T) {
	url := os.Getenv("ABTRACE_TEST_NATS")
	if url == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("ABTRACE_TEST_NATS is not set: .ci/run starts a NATS server and sets it")
		}
		t.Skip("ABTRACE_TEST_NATS is not set (nats://host:port of a running server)")
	}
	natsA, err := bus.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	defer natsA.Close()
	natsB, err := bus.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	defer natsB.Close()
	classGoesOn(t, natsA, natsB, 0)
}

// classGoesOn runs a class on two servers sharing one database, the first
// on bus natsA, the second on natsB (settle is how long the buses take
// to carry a new subscription's interest): followers on both see the
// lecturer's steps in the same order, a student's answer on the second
// reaches the lecturer's histogram on the first; then the first server
// stops (its bus with it), and the lecturer goes on from the second.
func classGoesOn(t *testing.T, natsA, natsB bus.Bus, settle time.Duration) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "shared.db")
	a, err := New(Options{Store: sqliteStore(t, path), Bus: natsA})
	if err != nil {
		t.Fatal(err)
	}
	b := newClass(t, sqliteStore(t, path), natsB)
	time.Sleep(settle)

	code, secret, err := a.Create(ctx, textbook)
	if err != nil {
		t.Fatal(err)
	}
	ra, err := a.Room(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := b.Room(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	onA, _, _ := ra.Follow(ctx, "student-on-a", "Ada", "")
	onB, _, _ := rb.Follow(ctx, "student-on-b", "Bo", "")
	for i := 1; i <= 10; i++ {
		if err := ra.StepBy(ctx, secret, 1); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i <= 10; i++ {
		for _, f := range []*Follower{onA, onB} {
			if u := nextRoom(t, f); u.Seq != uint64(i) || u.Step != i {
				t.Fatalf("%s: update %d has seq %d step %d", f.Nick, i, u.Seq, u.Step)
			}
		}
	}
	// A student on B answers; the lecturer's histogram on A counts it.
	lect, _, _ := ra.Follow(ctx, "", "", secret)
	qid, err := ra.Ask(ctx, secret, QuestionSpec{Kind: AskPruned})
	if err != nil {
		t.Fatal(err)
	}
	if u := nextRoom(t, onB); u.Kind != "ask" || u.Seq != 11 {
		t.Fatalf("the question on B: got %+v", u)
	}
	if _, err := rb.Answer(ctx, onB, qid, "1.1"); err != nil {
		t.Fatal(err)
	}
	waitHistogram(t, lect, 1)

	// Server A stops; the lecturer goes on from B.
	a.Close()
	natsA.Close()
	if err := rb.StepBy(ctx, secret, 1); err != nil {
		t.Fatal(err)
	}
	if u := nextRoom(t, onB); u.Seq != 12 || u.Step != 11 {
		t.Fatalf("the step from B: got seq %d step %d, want 12 and 11", u.Seq, u.Step)
	}
}
