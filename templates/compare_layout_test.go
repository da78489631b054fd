package templates

import (
	"net/url"
	"strings"
	"testing"
)

// TestCompareLayoutLink: the comparison's layout control leads to the
// same step drawn the other way, keeping the rest of the query, or names
// only what it changes beyond MaxLinkQuery.
func TestCompareLayoutLink(t *testing.T) {
	long := "tree=" + strings.Repeat("(1 2) ", MaxLinkQuery/6+1) + "&orders=natural,best"
	for _, tc := range []struct {
		name, query, step, want string
	}{
		{"down to across", "game=minichess&panes=plain,quiescence", "7",
			"/compare?game=minichess&layout=across&panes=plain%2Cquiescence&step=7"},
		{"across to down", "layout=across&tree=(1 2)", "0", "/compare?layout=down&step=0&tree=%281+2%29"},
		{"down named", "layout=down&tree=(1 2)", "3", "/compare?layout=across&step=3&tree=%281+2%29"},
		{"long query", long, "12", "#layout=across&step=12"},
		{"long query, across", long + "&layout=across", "12", "#layout=down&step=12"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q, err := url.ParseQuery(tc.query)
			if err != nil {
				t.Fatal(err)
			}
			if got := layoutLink(q.Encode(), tc.step); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
