package scenario

import (
	"errors"
	"net/url"
	"reflect"
	"testing"

	"github.com/abtrace/abtrace/search"
)

// fuzzBudget keeps each fuzzed search small: Prepare refuses bigger trees,
// and the searches that rank children stop at it.
const fuzzBudget = 20_000

// FuzzFromQuery: any query string either decodes to a scenario whose query
// decodes to the same scenario, or is a usage error; a decoded scenario
// either prepares or is a usage error; a prepared one searches within its
// budget or says it reached it. Nothing panics.
func FuzzFromQuery(f *testing.F) {
	for _, s := range []string{
		"tree=((3+12+8)+(2+4+6)+(14+5+2))",
		"tree=((3+12+8)+(2+4+6))&algo=minimax&order=best&prune=gt",
		"tree=[max](20+[chance](3/13:1+3/13:2+4/13:3+3/13:4))&algo=star1&bounds=-20,20",
		"tree=((<3,1,2>+<1,5,2>)+(<6,1,2>+<2,2,9>))&algo=paranoid&player=2",
		"random=3,4&seed=7&order=random&root=min",
		"game=tictactoe&position=xo..x....&depth=2&eval=aima",
		"game=nim&matches=64&take=8",
		"game=nim&matches=0",
		"game=dice&algo=star1&depth=4",
		"game=connect4&position=dd&depth=3",
		"game=reversi&depth=2",
		"tree=(1+2)&transform=cube",
		"matches=x&depth=-1&seed=-3",
		"tree=(1+2)&game=nim",
		"game=minichess&depth=1&layout=across",
		"tree=(1+2)&layout=sideways",
		"%zz",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		sc, err := FromQuery(q)
		if err != nil {
			if !IsUsage(err) {
				t.Fatalf("FromQuery(%q): got err %v, want a usage error", raw, err)
			}
			return
		}
		again, err := FromQuery(sc.Query())
		if err != nil || !reflect.DeepEqual(again, sc) {
			t.Fatalf("FromQuery(%q) = %+v, whose query %q decodes to %+v, %v", raw, sc, sc.Query().Encode(), again, err)
		}
		sc.Budget = search.Budget{Nodes: fuzzBudget}
		p, err := sc.Prepare()
		if err != nil {
			if !IsUsage(err) {
				t.Fatalf("Prepare(%q): got err %v, want a usage error", raw, err)
			}
			return
		}
		if _, err := p.Run(nil); err != nil && !search.IsBudget(err) && !errors.Is(err, search.ErrStopped) {
			// A search error (an evaluation missing at the depth limit) is
			// allowed; it must say what went wrong.
			if err.Error() == "" {
				t.Fatalf("Run(%q): an error without a message", raw)
			}
		}
	})
}
