package scenario

import (
	"strings"
	"testing"
)

func TestParseVariant(t *testing.T) {
	for _, tc := range []struct {
		spec, name string
		want       Variant
		err        string
	}{
		{spec: "plain", name: "plain"},
		{spec: "quiescence", name: "quiescence", want: Variant{Quiescence: true}},
		{spec: "singular", name: "singular", want: Variant{Extend: "singular"}},
		{spec: "symmetric", name: "symmetric", want: Variant{Forward: "symmetric"}},
		{spec: "beam", name: "beam", want: Variant{Forward: "beam"}},
		{spec: "beam1", name: "beam1", want: Variant{Forward: "beam", Beam: 1}},
		{spec: "Singular+Quiescence", name: "quiescence singular", want: Variant{Quiescence: true, Extend: "singular"}},
		{spec: "  pvs  quiescence ", name: "quiescence pvs", want: Variant{Quiescence: true, Algo: "pvs"}},
		{spec: "best plain", name: "plain best", want: Variant{Order: "best"}},
		{spec: "", err: "empty"},
		{spec: "fast", err: `"fast" is not a pane option`},
		{spec: "beam0", err: "the beam keeps 1 to"},
		{spec: "beamx", err: "the beam keeps 1 to"},
		{spec: "symmetric beam", err: "one forward pruning"},
		{spec: "plain quiescence", err: "plain means no selective option"},
		{spec: "pvs negamax", err: "one algorithm"},
		{spec: "best worst", err: "one ordering"},
		{spec: strings.Repeat("quiescence ", MaxVariantWords+1), err: "at most"},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			v, err := ParseVariant(tc.spec)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !IsUsage(err) {
					t.Fatalf("ParseVariant(%q): got error %v, want a usage error containing %q", tc.spec, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseVariant(%q): got error %v", tc.spec, err)
			}
			tc.want.Name = tc.name
			if v != tc.want {
				t.Errorf("ParseVariant(%q): got %+v, want %+v", tc.spec, v, tc.want)
			}
			// The name reads back as the same variant.
			if back, err := ParseVariant(v.Name); err != nil || back != v {
				t.Errorf("ParseVariant(%q): got %+v, %v, want %+v", v.Name, back, err, v)
			}
		})
	}
}

// The horizon position at depth 1: the fixed-depth search plays Qd1xd3
// (value 8), quiescence search keeps the queen (value 7); the beam of one
// at depth 2 loses the best move. The values are the lecture's (see
// minichess.Horizon).
func TestVariantApplyHorizon(t *testing.T) {
	base := Scenario{Game: "minichess", Position: "horizon", Depth: 1, Quiescence: true, Extend: "singular"}
	for _, tc := range []struct {
		spec  string
		depth int
		value string
		move  string
	}{
		{"plain", 1, "8", "Qd1xd3"},
		{"quiescence", 1, "7", "Ka1-a2"},
		{"singular", 1, "8", "Qd1xd3"},
		{"symmetric", 1, "8", "Qd1xd3"},
		{"plain", 2, "7", "Ka1-a2"},
		{"beam1", 2, "−1", "Qd1xd3"},
		{"quiescence negamax", 1, "7", "Ka1-a2"},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			v, err := ParseVariant(tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			b := base
			b.Depth = tc.depth
			sc := v.Apply(b)
			p, err := sc.Prepare()
			if err != nil {
				t.Fatalf("Prepare(%+v): %v", sc, err)
			}
			res, err := p.Run(nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Value.String(); got != tc.value {
				t.Errorf("value: got %s, want %s", got, tc.value)
			}
			if got := p.MoveName(res.Best); got != tc.move {
				t.Errorf("best move: got %s, want %s", got, tc.move)
			}
		})
	}
}

func FuzzParseVariant(f *testing.F) {
	for _, s := range []string{"plain", "quiescence", "beam1", "singular+quiescence", "pvs best symmetric", "beam99", "", "plain quiescence"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		v, err := ParseVariant(spec)
		if err != nil {
			if !IsUsage(err) {
				t.Fatalf("ParseVariant(%q): got %v, want a usage error", spec, err)
			}
			return
		}
		back, err := ParseVariant(v.Name)
		if err != nil || back != v {
			t.Fatalf("ParseVariant(%q) = %+v, whose name reads back as %+v, %v", spec, v, back, err)
		}
	})
}

// TestVariantDepth: a pane may search to its own depth (depthN), once,
// with N from 1; the name keeps it, and Apply sets the depth.
func TestVariantDepth(t *testing.T) {
	v, err := ParseVariant("depth2")
	if err != nil || v.Depth != 2 || v.Name != "depth2" || v.Apply(Scenario{Depth: 4}).Depth != 2 {
		t.Errorf("depth2: got %+v, %v; want depth 2, named depth2", v, err)
	}
	for _, bad := range []string{"depth0", "depth", "depthx", "depth2 depth3"} {
		if _, err := ParseVariant(bad); err == nil {
			t.Errorf("ParseVariant(%q): no error, want one naming the depth", bad)
		}
	}
}
