package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// FuzzRoomStage: any room scenario (a viewer's query, or a comparison's
// with stage=compare) at any step makes a stage or an error, never a
// panic; a stage's snapshot and next step are a viewer's frame or patch,
// or a comparison's panes; what a question is about is a viewer's query.
func FuzzRoomStage(f *testing.F) {
	for _, s := range []string{roomScenario, "tree=(1 2)&algo=minimax&lang=de",
		"tree=((3 12 8) (2 4 6))&orders=natural,best&by=event&stage=compare",
		"tree=((3 12 8) (2 4 6))&algos=minimax,alphabeta&stage=compare&lang=cs", "stage=compare", "stage=compare&tree=(1",
		"stage=compare&tree=(1 2)&orders=natural,natural", "stage=viewer&tree=(1 2)", "%zz", ""} {
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, scenario string, step int) {
		if step < 0 || step > 1000 || len(scenario) > 2000 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if q, n, err := questionScenario(ctx, scenario, step); err == nil && q != scenario {
			if _, ok := onComparison(q); ok || n < 0 {
				t.Fatalf("a question about %q at %d", q, n)
			}
		}
		st, err := newRoomStage(ctx, scenario, step)
		if err != nil {
			return
		}
		defer st.Close()
		want := map[string]bool{"frame": true, "patch": true}
		if _, ok := onComparison(scenario); ok {
			want = map[string]bool{"panes": true}
		}
		snap, err := st.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		change, _, err := st.Goto(ctx, step+1)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range [][]byte{snap, change} {
			var m struct{ Type string }
			if err := json.Unmarshal(b, &m); err != nil || !want[m.Type] {
				t.Fatalf("%q: a picture of type %q (%v)", scenario, m.Type, err)
			}
		}
	})
}

// FuzzRoomOrigin: a request that changes rooms is let through only
// without an Origin or with one naming the request's own host.
func FuzzRoomOrigin(f *testing.F) {
	for _, o := range []string{"", "null", "http://example.com", "https://EXAMPLE.com", "http://example.com:80", "http://evil.example", "http://example.com.evil", "::", "\x00"} {
		f.Add(o, http.MethodPost)
	}
	f.Add("http://evil.example", http.MethodGet)
	f.Fuzz(func(t *testing.T, origin, method string) {
		req := httptest.NewRequest(http.MethodGet, "/api/rooms", nil)
		req.Method = method
		req.Header.Set("Origin", origin)
		ok := sameSite(req)
		u, err := url.Parse(origin)
		same := err == nil && strings.EqualFold(u.Host, req.Host)
		if safe := method == http.MethodGet || method == http.MethodHead; ok != (safe || origin == "" || same) {
			t.Fatalf("%s from %q: let through %v", method, origin, ok)
		}
	})
}
