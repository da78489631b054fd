package view

import (
	"bytes"
	"slices"
	"testing"
)

// TestTakeSharedCopiesOnChange: painters that take the same attributes
// (a shared first frame's) each patch as a painter that drew its own,
// and the shared attributes are never changed by them: by a patch, by a
// patch taken from another painter, or by a step made ahead and
// committed.
func TestTakeSharedCopiesOnChange(t *testing.T) {
	for _, q := range []string{"game=tictactoe&algo=alphabeta", cursorScenarios[0]} {
		t.Run(q, func(t *testing.T) {
			p, s := prepare(t, q)
			cursors := make([]*Cursor, 4)
			for i := range cursors {
				cursors[i] = NewCursor(p, s)
				defer cursors[i].Close()
				cursors[i].Seek(3)
				work(t, cursors[i], 0)
				cursors[i].Touched()
				cursors[i].FoldsChanged()
			}
			own := NewPainter(cursors[0])
			shared := own.Whole().Nodes
			before := encode(t, &DrawingPatch{Nodes: shared})
			a, b, c := NewPainter(cursors[1]), NewPainter(cursors[2]), NewPainter(cursors[3])
			for _, pt := range []*Painter{a, b, c} {
				pt.TakeShared(shared)
			}
			for step := range 12 {
				for _, cur := range cursors {
					cur.Forward(1)
					work(t, cur, 0)
				}
				want := own.Patch(cursors[0].Touched(), cursors[0].FoldsChanged())
				got := a.Patch(cursors[1].Touched(), cursors[1].FoldsChanged())
				if !bytes.Equal(encode(t, got), encode(t, want)) {
					t.Fatalf("step %d: the shared painter's patch\n%s\nwant\n%s", step, encode(t, got), encode(t, want))
				}
				cursors[2].Touched()
				cursors[2].FoldsChanged()
				if !b.TakePatch(want) {
					t.Fatalf("step %d: TakePatch refused the patch", step)
				}
				ahead := c.PatchAhead(cursors[3].Touched(), cursors[3].FoldsChanged())
				if !ahead.Commit() {
					t.Fatalf("step %d: the step made ahead was not committed", step)
				}
				if after := encode(t, &DrawingPatch{Nodes: shared}); !bytes.Equal(after, before) {
					t.Fatalf("step %d: the shared attributes changed", step)
				}
			}
			for _, pt := range []*Painter{a, b, c} {
				if !slices.EqualFunc(pt.Attrs(), own.Attrs(), func(x, y NodeAttrs) bool { return x.equal(&y) }) {
					t.Fatalf("a painter that took the shared attributes ends with another drawing")
				}
			}
		})
	}
}
