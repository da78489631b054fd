package exercise_test

import (
	"net/url"
	"regexp"
	"strconv"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/exercise"
)

// pathID is an internal node id: three or more indices ("1.0.2"), or two
// after a word for a node ("node 0.1", "Blatt 1.1"; a lone "2.5" is a
// number).
var pathID = regexp.MustCompile(`(^|[^\d.])\d+\.\d+\.\d+|(?i)(node|leaf|knoten|blatt|uzel|uzlu|list|listu)\s+\d+\.\d+`)

// The feedback of a check (every inner node answered wrong, every node
// marked pruned, a window wrong) and of predict mode (every question
// answered right, with a value and with a node that is not the answer)
// names nodes as the tree draws them, in every language: never by a path
// id.
func TestFeedbackNamesNoPathID(t *testing.T) {
	for seed := 1; seed <= 3; seed++ {
		p, err := exercise.ParseQuery(url.Values{"seed": {strconv.Itoa(seed)}, "d": {"4"}, "bmin": {"2"}, "bmax": {"3"}})
		if err != nil {
			t.Fatal(err)
		}
		ex, err := exercise.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		sub := exercise.Submission{Tree: ex.Text, Answers: map[string]string{}, Windows: map[string]exercise.Window{}}
		last := "" // the last node: a wrong answer to "which node is next?"
		for n := range ex.Tree.All() {
			last = n.ID
			if n.ID != "" {
				sub.Pruned = append(sub.Pruned, n.ID)
			}
			if len(n.Children) > 0 {
				sub.Answers[n.ID] = "99"
				sub.Windows[n.ID] = exercise.Window{Alpha: "98", Beta: "-98"}
			}
		}
		qs, err := exercise.Questions(ex)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range i18n.Langs {
			w := exercise.Words(i18n.For(l).Phrase)
			res, err := exercise.Check(sub)
			if err != nil {
				t.Fatal(err)
			}
			res.Word(w)
			said := []string{res.Feedback.Score}
			for _, line := range res.Feedback.Lines {
				said = append(said, line.Head, line.Want, line.Why)
				said = append(said, line.Notes...)
			}
			for _, nr := range res.Nodes {
				said = append(said, nr.Note, nr.Why)
			}
			for _, q := range qs {
				given := []string{q.Answer, "7", "yes"}
				if q.Kind == exercise.AskEnter {
					given = []string{q.Answer, last}
				}
				for _, a := range given {
					said = append(said, q.GradeIn(a, w).Text)
				}
			}
			for _, s := range said {
				if pathID.MatchString(s) {
					t.Errorf("seed %d, %s: %q names a node by its id", seed, l, s)
				}
			}
		}
	}
}
