package exercise

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

func TestParseQuery(t *testing.T) {
	tests := []struct {
		query string
		want  Params
	}{
		{"", DefaultParams()},
		{"seed=42&b=3&d=3&min=0&max=20&min_cutoffs=3&deep=1&root=max&prune=ge&variant=A&distinct=0",
			params(func(p *Params) { p.Seed, p.MinCutoffs, p.Deep = 42, 3, true })},
		{"seed=7&bmin=2&bmax=4&d=3&min=-9&max=9&root=min&prune=gt&variant=b&distinct=true&deep=off",
			params(func(p *Params) {
				p.Seed, p.BMin, p.BMax, p.Min, p.Max, p.Root, p.Prune, p.Variant, p.Distinct = 7, 2, 4, -9, 9, trace.Min, search.PruneGT, "B", true
			})},
		{"b=2&d=4&min_cutoffs=0&deep=yes", params(func(p *Params) { p.BMin, p.BMax, p.Depth, p.MinCutoffs, p.Deep = 2, 2, 4, 0, true })},
		{"seed=9007199254740991&root=MIN&prune=GE", params(func(p *Params) { p.Seed, p.Root = MaxSeed, trace.Min })},
		{"b=+3&d=%203", DefaultParams()},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			q, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ParseQuery(q)
			if err != nil {
				t.Fatalf("ParseQuery: %v", err)
			}
			if got != tt.want {
				t.Errorf("ParseQuery(%q) = %+v, want %+v", tt.query, got, tt.want)
			}
			// Query round-trips.
			again, err := ParseQuery(got.Query())
			if err != nil || again != got {
				t.Errorf("ParseQuery(%q) = %+v, %v; want %+v", got.Query().Encode(), again, err, got)
			}
		})
	}
}

func TestParseQueryErrors(t *testing.T) {
	tests := []struct {
		query, field, msg string
	}{
		{"b=abc", "b", `"abc" is not a whole number`},
		{"b=3.5", "b", "not a whole number"},
		{"d=", "d", "not a whole number"},
		{"d=0", "d", "depth 0 is not between 1 and MaxDepth = 8"},
		{"min_cutoffs=x", "min_cutoffs", "not a whole number"},
		{"min_cutoffs=99", "min_cutoffs", "at most 6"},
		{"seed=-1", "seed", "not a whole number from 0"},
		{"seed=9007199254740992", "seed", "not a whole number from 0"},
		{"seed=1e3", "seed", "not a whole number"},
		{"variant=AB", "variant", "one letter"},
		{"variant=7", "variant", "one letter"},
		{"root=left", "root", "want max or min"},
		{"prune=lt", "prune", "want ge"},
		{"deep=maybe", "deep", "not a flag"},
		{"distinct=2", "distinct", "not a flag"},
		{"b=3&bmin=2&bmax=4", "b", "not both"},
		{"bmin=2", "bmax", "together"},
		{"bmax=4", "bmin", "together"},
		{"bmin=4&bmax=3", "bmin", "more than bmax"},
		{"bmin=1&bmax=3", "bmin", "not between 2"},
		{"bmin=2&bmax=5&d=4", "bmax", "more than MaxLeaves"},
		{"b=5&d=4", "b", "more than MaxLeaves"},
		{"b=3&b=4", "b", "given 2 times"},
		{"mincutoffs=3", "mincutoffs", "unknown parameter"},
		{"min=10&max=10", "max", "at least two values"},
		{"deep=1&d=2", "deep", "depth 3 or more"},
		{"distinct=1", "distinct", "27 leaves"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			q, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ParseQuery(q)
			if err == nil {
				t.Fatalf("ParseQuery(%q): no error", tt.query)
			}
			if f := fieldOf(err); f != tt.field {
				t.Errorf("error %q names field %q, want %q", err, f, tt.field)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not say %q", err, tt.msg)
			}
		})
	}
}

func TestParseQueryAlso(t *testing.T) {
	q := url.Values{"solution": {"1"}, "seed": {"3"}}
	if _, err := ParseQuery(q); fieldOf(err) != "solution" {
		t.Errorf("without also, solution gives %v, want an unknown parameter error", err)
	}
	if p, err := ParseQuery(q, "solution"); err != nil || p.Seed != 3 {
		t.Errorf("ParseQuery(q, \"solution\") = %+v, %v", p, err)
	}
}

func TestParamsJSON(t *testing.T) {
	tests := []struct {
		p    Params
		want string
	}{
		{params(func(p *Params) { p.Seed, p.MinCutoffs, p.Deep = 42, 3, true }),
			`{"seed":42,"variant":"A","b":3,"bmin":3,"bmax":3,"d":3,"min":0,"max":20,"min_cutoffs":3,"deep":true,"root":"max","prune":"ge","distinct":false}`},
		{params(func(p *Params) { p.BMin, p.BMax, p.Root, p.Prune = 2, 4, trace.Min, search.PruneGT }),
			`{"seed":0,"variant":"A","bmin":2,"bmax":4,"d":3,"min":0,"max":20,"min_cutoffs":1,"deep":false,"root":"min","prune":"gt","distinct":false}`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(tt.p)
		if err != nil || string(b) != tt.want {
			t.Errorf("json.Marshal(%+v) = %s, %v; want %s", tt.p, b, err, tt.want)
		}
	}
}

func TestErrorUnwrap(t *testing.T) {
	err := error(invalid("b", "bad"))
	if !errors.Is(err, ErrInvalid) || errors.Is(err, ErrImpossible) {
		t.Errorf("errors.Is on %v gives the wrong kind", err)
	}
	if got := err.Error(); got != "exercise: b: bad" {
		t.Errorf("Error() = %q", got)
	}
}
