// Package bus carries a room's updates and answers between the servers
// of one class: each server publishes what its lecturers and students do,
// and every server (itself included) applies it as it comes back, so the
// followers on every server see the same updates in the same order.
//
// The transport is NATS: by default an embedded nats-server in the
// process (one binary, nothing to install; Embedded), or an existing NATS
// cluster by URL (Connect). Local is the same contract within one process,
// without a network.
package bus

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// MaxMessage is the largest message the bus carries: a room's update is
// a command, a question or an answer, never a picture (each server draws
// its own).
const MaxMessage = 64 << 10

// subjectPrefix is the NATS subject of a room: the prefix and its code.
const subjectPrefix = "abtrace.room."

// Handler takes a room's message. Messages of one room that one server
// published come in the order it published them; a handler must not
// block for long (it holds up the room's later messages).
type Handler func(room string, data []byte)

// Bus is the fan-out between servers.
type Bus interface {
	// Publish sends data to every subscriber of every server, this one's
	// included.
	Publish(room string, data []byte) error
	// Subscribe calls h with every room's messages until the returned
	// function is called.
	Subscribe(h Handler) (unsubscribe func(), err error)
	Close() error
}

// ErrTooLarge: a message over MaxMessage.
var ErrTooLarge = errors.New("bus: message larger than MaxMessage")

// Local is a bus within one process: every message goes to every
// subscriber, in the order published, on one goroutine per subscriber.
type Local struct {
	mu     sync.Mutex
	subs   map[*localSub]struct{}
	closed bool
}

type localSub struct {
	h    Handler
	in   chan localMsg
	done chan struct{}
}

type localMsg struct {
	room string
	data []byte
}

// localQueue is how many messages a subscriber of a Local bus may have
// waiting before Publish waits for it.
const localQueue = 1024

// NewLocal returns a bus within the process.
func NewLocal() *Local { return &Local{subs: map[*localSub]struct{}{}} }

func (l *Local) Publish(room string, data []byte) error {
	if len(data) > MaxMessage {
		return ErrTooLarge
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return errors.New("bus: closed")
	}
	for s := range l.subs {
		select {
		case s.in <- localMsg{room, data}:
		case <-s.done:
		}
	}
	return nil
}

func (l *Local) Subscribe(h Handler) (func(), error) {
	s := &localSub{h: h, in: make(chan localMsg, localQueue), done: make(chan struct{})}
	l.mu.Lock()
	l.subs[s] = struct{}{}
	l.mu.Unlock()
	go func() {
		for {
			select {
			case m := <-s.in:
				s.h(m.room, m.data)
			case <-s.done:
				return
			}
		}
	}()
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if _, ok := l.subs[s]; ok {
			delete(l.subs, s)
			close(s.done)
		}
	}, nil
}

func (l *Local) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
	for s := range l.subs {
		delete(l.subs, s)
		close(s.done)
	}
	return nil
}

// NATS is a bus over a NATS connection, and the embedded server it runs,
// if any.
type NATS struct {
	nc  *nats.Conn
	srv *server.Server
}

// Connect joins the NATS cluster at url (nats://host:port, several
// separated by commas).
func Connect(url string) (*NATS, error) {
	nc, err := nats.Connect(url, nats.Name("abtrace"), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond))
	if err != nil {
		return nil, fmt.Errorf("bus: connecting to NATS at %s: %w", url, err)
	}
	return &NATS{nc: nc}, nil
}

// EmbeddedOptions are the embedded server's: it listens on loopback only.
type EmbeddedOptions struct {
	// Port is the client port; 0 picks a free one.
	Port int
	// Cluster names the cluster the embedded servers of several abtrace
	// processes form ("" for none); ClusterPort is this server's route
	// port (0 picks a free one) and Routes the others' route addresses
	// (nats://127.0.0.1:port).
	Cluster     string
	ClusterPort int
	Routes      []string
}

// embeddedStart bounds how long the embedded server may take to start.
const embeddedStart = 10 * time.Second

// Embedded starts a nats-server in the process, on loopback, and connects
// to it.
func Embedded(o EmbeddedOptions) (*NATS, error) {
	opts := &server.Options{Host: "127.0.0.1", Port: o.Port, NoLog: true, NoSigs: true, MaxPayload: MaxMessage}
	if o.Port == 0 {
		opts.Port = server.RANDOM_PORT
	}
	if o.Cluster != "" {
		opts.Cluster.Name = o.Cluster
		opts.Cluster.Host = "127.0.0.1"
		opts.Cluster.Port = o.ClusterPort
		if o.ClusterPort == 0 {
			opts.Cluster.Port = server.RANDOM_PORT
		}
		if len(o.Routes) > 0 {
			opts.Routes = server.RoutesFromStr(strings.Join(o.Routes, ","))
		}
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("bus: the embedded NATS server: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(embeddedStart) {
		srv.Shutdown()
		return nil, errors.New("bus: the embedded NATS server did not start")
	}
	nc, err := nats.Connect(srv.ClientURL(), nats.Name("abtrace"), nats.MaxReconnects(-1))
	if err != nil {
		srv.Shutdown()
		return nil, fmt.Errorf("bus: connecting to the embedded NATS server: %w", err)
	}
	return &NATS{nc: nc, srv: srv}, nil
}

// ClientURL is the embedded server's client address ("" for none).
func (n *NATS) ClientURL() string {
	if n.srv == nil {
		return ""
	}
	return n.srv.ClientURL()
}

// RouteURL is the embedded server's route address, for another embedded
// server's Routes ("" when it is in no cluster).
func (n *NATS) RouteURL() string {
	if n.srv == nil {
		return ""
	}
	a := n.srv.ClusterAddr()
	if a == nil {
		return ""
	}
	return "nats://" + net.JoinHostPort("127.0.0.1", fmt.Sprint(a.Port))
}

// Routes is how many other servers the embedded server is routed to.
func (n *NATS) Routes() int {
	if n.srv == nil {
		return 0
	}
	return n.srv.NumRoutes()
}

func (n *NATS) Publish(room string, data []byte) error {
	if len(data) > MaxMessage {
		return ErrTooLarge
	}
	if err := n.nc.Publish(subjectPrefix+room, data); err != nil {
		return fmt.Errorf("bus: %w", err)
	}
	return nil
}

// Flush waits until the server has every message published so far.
func (n *NATS) Flush() error { return n.nc.Flush() }

func (n *NATS) Subscribe(h Handler) (func(), error) {
	sub, err := n.nc.Subscribe(subjectPrefix+"*", func(m *nats.Msg) {
		h(strings.TrimPrefix(m.Subject, subjectPrefix), m.Data)
	})
	if err != nil {
		return nil, fmt.Errorf("bus: %w", err)
	}
	// A class's burst of answers must not be dropped as a slow consumer.
	sub.SetPendingLimits(1<<16, 64<<20)
	if err := n.nc.Flush(); err != nil {
		sub.Unsubscribe()
		return nil, fmt.Errorf("bus: %w", err)
	}
	return func() { sub.Unsubscribe() }, nil
}

// Close closes the connection and stops the embedded server, if any.
func (n *NATS) Close() error {
	n.nc.Close()
	if n.srv != nil {
		n.srv.Shutdown()
		n.srv.WaitForShutdown()
	}
	return nil
}
