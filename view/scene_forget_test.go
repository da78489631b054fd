package view

import (
	"github.com/abtrace/abtrace/search/tree"
	"runtime"
	"testing"
	"weak"

	"github.com/abtrace/abtrace/trace"
)

// TestForgottenSceneGoes: once nobody holds a scene and the shared scenes
// are forgotten, its layout is collected, with everything the process
// keeps beside it by layout (the labels' placement, what it was laid out
// for). A placement that held its layout kept every layout ever placed.
func TestForgottenSceneGoes(t *testing.T) {
	for _, q := range []string{"random=5,3&seed=4&algo=alphabeta", "tree=" + tree.TwoPlyGameTreePlain} {
		l := sceneLayout(t, q)
		ForgetShared()
		for range 4 {
			runtime.GC()
		}
		if l.Value() != nil {
			t.Errorf("%s: the layout of a forgotten scene is still kept", q)
		}
	}
}

// sceneLayout makes the scene of query q and holds nothing of it but a
// weak pointer to its layout.
func sceneLayout(t *testing.T, q string) weak.Pointer[trace.Layout] {
	s, err := NewScene(prepared(t, q), nil)
	if err != nil {
		t.Fatal(err)
	}
	return weak.Make(s.Layout)
}
