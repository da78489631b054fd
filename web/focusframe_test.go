package web

import (
	"context"
	"encoding/json"
	"testing"
)

// TestSeekSendsFocusChanges: a seek's frame sends what changed in the
// focus the page shows, never the focus whole (tic-tac-toe's is tens of
// kilobytes); only the first frame, of a page that shows none yet, sends
// it whole. The focus sent is fitted to the pane the load reported.
func TestSeekSendsFocusChanges(t *testing.T) {
	v, err := newViewer(context.Background(), "game=tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	defer v.close()
	v.focusWidth, v.focusHeight = 860, 380
	first := seek(t, v, StepArg{Set: true, Value: 40})
	if first.Focus == nil || first.FocusPatch != nil {
		t.Fatal("the first frame does not send the focus whole")
	}
	whole := len(*first.Focus)
	for _, to := range []int{60, 400, 41, 0} {
		m := seek(t, v, StepArg{Set: true, Value: to})
		if m.Focus != nil {
			t.Fatalf("seek to %d sends the focus whole", to)
		}
		b, _ := json.Marshal(m.FocusPatch)
		t.Logf("seek to %d: focus patch %d bytes, the whole focus %d", to, len(b), whole)
		if len(b) > whole*3/5 {
			t.Errorf("seek to %d: focus patch %d bytes, the whole focus %d", to, len(b), whole)
		}
	}
	m := seek(t, v, StepArg{Set: true, Value: 60})
	if m.FocusPatch == nil || m.FocusPatch.Trail == nil || len(*m.FocusPatch.Trail) == 0 {
		t.Errorf("a deep node at 860×380 names no ancestor in the focus's trail")
	}
}
