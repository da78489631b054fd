package templates

import "context"

// RoomView is what a viewer page shows of the room it follows (the live
// classroom): the code and the join link, for the projector, and the
// student's nickname when a student opened it. Whether the page is the
// lecturer's is the script's to know (the secret never reaches a page).
type RoomView struct {
	Code, Join, Scenario, Nick string
	// About says, where the stage shows more than one search (a
	// comparison), which one the room's questions are about; empty else.
	About string
	// Query is what a student explores on a page without the viewer's
	// starting state (a comparison's query); empty else.
	Query string
}

// RoomInit is the room's part of the script's starting state.
type RoomInit struct {
	Code string `json:"code"`
	Nick string `json:"nick,omitempty"`
}

// JoinPage is /join: the code and the nickname as typed, and what is
// wrong with them (Field names the input: "code" or "nick").
type JoinPage struct {
	Code, Nick, Error, Field string
}

// roomKinds are the questions the lecturer's tools ask, and their names.
var roomKinds = []struct{ Kind, ID string }{
	{"enter", "room.kind.enter"}, {"pruned", "room.kind.pruned"}, {"value", "room.kind.value"}, {"alpha", "room.kind.alpha"},
	{"beta", "room.kind.beta"}, {"move", "room.kind.move"}, {"choice", "room.kind.choice"},
}

// roomInit is the room's init, nil outside a room.
func (v *View) roomInit() *RoomInit {
	if v.Room == nil {
		return nil
	}
	return &RoomInit{Code: v.Room.Code, Nick: v.Room.Nick}
}

// roomTexts are the sentences the room's script writes, in the page's
// language ({n}, {answer} and the like filled in by the script).
func roomTexts(ctx context.Context) map[string]string {
	out := map[string]string{}
	for k, id := range map[string]string{"followers": "room.followers", "answered": "room.answered", "answers": "room.answers",
		"right": "room.right", "lecturer": "room.lecturer", "student": "room.student", "tap": "room.tap", "closed": "room.closed",
		"refused": "room.refused", "nickNeeded": "room.nick-needed", "deleted": "room.deleted", "waiting": "room.waiting",
		"exploring": "room.exploring"} {
		out[k] = T(ctx, id)
	}
	return out
}
