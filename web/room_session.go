package web

import (
	"encoding/json"

	"github.com/abtrace/abtrace/classroom"
)

// following is the room a session follows: the lecturer's (with the
// secret) or a student's. Until the student explores (a load of their
// own), the session holds no viewer: the room's updates, encoded once for
// every follower, are what it sends.
type following struct {
	room     *classroom.Room
	f        *classroom.Follower
	secret   string
	lecturer bool
}

// roomEndStep is where a lecturer's "end" seeks: the room's stage stops
// at the search's last step.
const roomEndStep = 1 << 30

// roomCommand carries out a room's command, and reports whether c was
// one: follow, rejoin, snapshot, ask, reveal, answer, slide, and the
// moving commands of a session that follows a room without exploring
// (the lecturer's move the room; anyone else's are refused).
func (s *session) roomCommand(c Command) ([]Message, bool) {
	switch c.Cmd {
	case "follow":
		return s.follow(c), true
	case "rejoin", "snapshot", "ask", "reveal", "answer", "slide":
	case "step", "back", "seek", "next-cutoff", "play":
		if s.fol == nil || s.v != nil {
			return nil, false // the session's own viewer, or a student exploring
		}
	default:
		return nil, false
	}
	fol := s.fol
	if fol == nil {
		return []Message{errMsg(c.Cmd, say("ws.err.no-room"))}, true
	}
	switch c.Cmd {
	case "rejoin", "snapshot":
		return s.roomSnapshot(c), true
	case "answer":
		return s.roomAnswer(c), true
	}
	if !fol.lecturer {
		return []Message{errMsg(c.Cmd, classroom.ErrNotLecturer)}, true
	}
	if err := s.lecturerCommand(c); err != nil {
		return []Message{errMsg(c.Cmd, err)}, true
	}
	return nil, true
}

// roomSnapshot answers rejoin (the student's own cursor closed) and
// snapshot with the room as it stands.
func (s *session) roomSnapshot(c Command) []Message {
	if c.Cmd == "rejoin" && s.v != nil {
		s.v.close()
		s.v, s.playing = nil, false
	}
	snap, err := s.fol.room.Snapshot(s.ctx, s.fol.f)
	if err != nil {
		return []Message{errMsg(c.Cmd, err)}
	}
	return []Message{{encoded: snap}}
}

// roomAnswer takes a student's answer (rate-limited per client address)
// and confirms it as the checker reads it.
func (s *session) roomAnswer(c Command) []Message {
	if !s.hub.answers.Allow(s.addr) {
		return []Message{errMsg(c.Cmd, say("room.err.rate"))}
	}
	canon, err := s.fol.room.Answer(s.ctx, s.fol.f, c.Question, c.Answer)
	if err != nil {
		return []Message{errMsg(c.Cmd, err)}
	}
	b, _ := json.Marshal(struct {
		V        int    `json:"v"`
		Type     string `json:"type"`
		Question int    `json:"question"`
		Answer   string `json:"answer"`
	}{ProtocolVersion, "answered", c.Question, canon})
	return []Message{{encoded: b}}
}

// lecturerCommand carries out a command only the lecturer may give; the
// room checks the secret again.
func (s *session) lecturerCommand(c Command) error {
	r, secret := s.fol.room, s.fol.secret
	switch c.Cmd {
	case "ask":
		if c.Ask == nil {
			return say("ws.err.room-cmd", "Cmd", c.Cmd)
		}
		_, err := r.Ask(s.ctx, secret, *c.Ask)
		return err
	case "reveal":
		return r.Reveal(s.ctx, secret)
	case "slide":
		return r.Slide(s.ctx, secret, c.N)
	case "step":
		return r.StepBy(s.ctx, secret, c.N)
	case "back":
		return r.StepBy(s.ctx, secret, -c.N)
	case "seek":
		to := c.Step.Value
		if c.Step.End {
			to = roomEndStep
		}
		return r.Step(s.ctx, secret, to)
	}
	return say("ws.err.room-cmd", "Cmd", c.Cmd)
}

// follow joins the session to a room: a student's (rate-limited per
// client address) or, with the secret, the lecturer's. It answers with
// the room's snapshot, and the lecturer's with the histogram so far.
func (s *session) follow(c Command) []Message {
	h := s.hub
	if h.rooms == nil {
		return []Message{errMsg(c.Cmd, say("ws.err.no-rooms"))}
	}
	if !h.joins.Allow(s.addr) {
		return []Message{errMsg(c.Cmd, say("room.err.rate"))}
	}
	r, err := h.rooms.Room(s.ctx, c.Code)
	if err != nil {
		return []Message{errMsg(c.Cmd, err)}
	}
	f, snap, err := r.FollowIn(s.ctx, s.lang, c.Student, c.Nick, c.Secret)
	if err != nil {
		return []Message{errMsg(c.Cmd, err)}
	}
	s.unfollow()
	if s.v != nil {
		s.v.close()
		s.v, s.playing = nil, false
	}
	s.fol = &following{room: r, f: f, secret: c.Secret, lecturer: c.Secret != ""}
	msgs := []Message{{encoded: snap}}
	if hist, ok := r.Histogram(s.lang); ok && s.fol.lecturer {
		if b, err := json.Marshal(hist); err == nil {
			msgs = append(msgs, Message{encoded: b})
		}
	}
	return msgs
}

// unfollow leaves the room the session follows, if any.
func (s *session) unfollow() {
	if s.fol != nil {
		s.fol.f.Leave()
		s.fol = nil
	}
}
