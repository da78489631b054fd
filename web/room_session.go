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
	lecturerOnly := c.Cmd != "rejoin" && c.Cmd != "snapshot" && c.Cmd != "answer"
	if lecturerOnly && !fol.lecturer {
		return []Message{errMsg(c.Cmd, classroom.ErrNotLecturer)}, true
	}
	var err error
	switch c.Cmd {
	case "rejoin", "snapshot":
		if c.Cmd == "rejoin" && s.v != nil {
			s.v.close()
			s.v, s.playing = nil, false
		}
		snap, err := fol.room.Snapshot(s.ctx, fol.f)
		if err != nil {
			return []Message{errMsg(c.Cmd, err)}, true
		}
		return []Message{{encoded: snap}}, true
	case "answer":
		if !s.hub.answers.Allow(s.addr) {
			return []Message{errMsg(c.Cmd, say("room.err.rate"))}, true
		}
		canon, err := fol.room.Answer(s.ctx, fol.f, c.Question, c.Answer)
		if err != nil {
			return []Message{errMsg(c.Cmd, err)}, true
		}
		b, _ := json.Marshal(struct {
			V        int    `json:"v"`
			Type     string `json:"type"`
			Question int    `json:"question"`
			Answer   string `json:"answer"`
		}{ProtocolVersion, "answered", c.Question, canon})
		return []Message{{encoded: b}}, true
	case "ask":
		_, err = fol.room.Ask(s.ctx, fol.secret, *c.Ask)
	case "reveal":
		err = fol.room.Reveal(s.ctx, fol.secret)
	case "slide":
		err = fol.room.Slide(s.ctx, fol.secret, c.N)
	case "step":
		err = fol.room.StepBy(s.ctx, fol.secret, c.N)
	case "back":
		err = fol.room.StepBy(s.ctx, fol.secret, -c.N)
	case "seek":
		to := c.Step.Value
		if c.Step.End {
			to = roomEndStep
		}
		err = fol.room.Step(s.ctx, fol.secret, to)
	default:
		err = say("ws.err.room-cmd", "Cmd", c.Cmd)
	}
	if err != nil {
		return []Message{errMsg(c.Cmd, err)}, true
	}
	return nil, true
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
	f, snap, err := r.Follow(s.ctx, c.Student, c.Nick, c.Secret)
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
	if hist, ok := r.Histogram(); ok && s.fol.lecturer {
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
