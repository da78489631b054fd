package web

import (
	"log/slog"
	"net/http"
	"sync"

	"github.com/gorilla/websocket"
)

// Hub serves the viewer's websockets and keeps track of the open sessions,
// so that a server shutdown can close them.
type Hub struct {
	logger   *slog.Logger
	upgrader websocket.Upgrader

	mu       sync.Mutex
	sessions map[*session]struct{}
	closed   bool
	wg       sync.WaitGroup
}

// NewHub returns a hub that logs to logger (nil: slog.Default()).
func NewHub(logger *slog.Logger) *Hub {
	if logger == nil {
		logger = slog.Default()
	}
	return &Hub{
		logger:   logger,
		sessions: map[*session]struct{}{},
		// CheckOrigin is left nil: gorilla's default refuses an upgrade whose
		// Origin header names another host, so another site cannot drive a
		// viewer's session.
		upgrader: websocket.Upgrader{ReadBufferSize: 4096, WriteBufferSize: 16384},
	}
}

// ServeHTTP upgrades the request to a websocket and runs a session on it
// until the viewer leaves or the hub closes.
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	closed := h.closed
	h.mu.Unlock()
	if closed {
		http.Error(w, "the server is shutting down", http.StatusServiceUnavailable)
		return
	}
	conn, err := h.upgrader.Upgrade(w, r, nil)
	if err != nil {
		// Upgrade has already answered with an HTTP error.
		h.logger.Info("websocket upgrade refused", "err", err, "origin", r.Header.Get("Origin"))
		return
	}
	s := &session{hub: h, conn: conn, in: make(chan inbound, inboxSize), done: make(chan struct{}),
		counted: make(chan countResult, 1), logger: h.logger}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		conn.Close()
		return
	}
	h.sessions[s] = struct{}{}
	h.wg.Add(2)
	h.mu.Unlock()
	go s.readLoop()
	go s.writeLoop()
}

// Close ends every session (each gets a close message) and waits until
// their goroutines have returned. Later upgrades are refused.
func (h *Hub) Close() {
	h.mu.Lock()
	h.closed = true
	for s := range h.sessions {
		s.stop()
	}
	h.mu.Unlock()
	h.wg.Wait()
}

// Sessions returns the number of open sessions.
func (h *Hub) Sessions() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions)
}

func (h *Hub) remove(s *session) {
	h.mu.Lock()
	delete(h.sessions, s)
	h.mu.Unlock()
}
