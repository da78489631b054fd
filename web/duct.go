package web

import (
	_ "embed"
	"net/url"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/scenario"
)

// A GDL game whose roles choose at once is searched by decoupled UCT, the
// scenario's mcts with one table per role (scenario.prepareDUCT); the
// other searches refuse it. This file is how a lecturer gets there: the
// example on the home page, and the link the setup's live check offers
// for such a game.

// rockPaperScissors is the example game whose roles choose at once.
//
//go:embed examples/rock-paper-scissors.kif
var rockPaperScissors string

// DUCTIterations are the iterations of the decoupled UCT the home page
// links to: enough for each role's table at the root to settle, few
// enough to step through in a lecture.
const DUCTIterations = 200

// ductScenario is the decoupled UCT of the GDL game text.
func ductScenario(text string) scenario.Scenario {
	return scenario.Scenario{GDL: text, Algo: "mcts", Iterations: DUCTIterations, Seed: 1}
}

// gdlStepURL is the viewer's address of decoupled UCT on a GDL game whose
// roles choose at once, in lang.
func gdlStepURL(lang i18n.Lang, text string) string {
	q := ductScenario(text).Query()
	q.Set("step", "0")
	q.Set("lang", string(lang))
	return "/view?" + q.Encode()
}

// ductExampleURL is the home page's example of decoupled UCT.
func ductExampleURL() string {
	q := ductScenario(rockPaperScissors).Query()
	q.Set("step", "0")
	return "/view?" + url.Values(q).Encode()
}
