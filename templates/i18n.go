package templates

import (
	"context"
	"net/url"
	"strings"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/view"
)

// T words message id in the page's language (the localizer the request's
// context carries; English without one), with arguments as name, value
// pairs. Components call it for every text they print.
func T(ctx context.Context, id string, kv ...any) string {
	return i18n.FromContext(ctx).T(id, kv...)
}

// N words plural message id for count n in the page's language.
func N(ctx context.Context, id string, n int, kv ...any) string {
	return i18n.FromContext(ctx).N(id, n, kv...)
}

// OrderName is an ordering's short name (natural, best, worst, …) in the
// page's language; any other name (an algorithm's) is returned as it is.
func OrderName(ctx context.Context, name string) string {
	ids := map[string]string{"natural": "ordname.natural", "reversed": "ordname.reversed", "random": "ordname.random",
		"eval": "ordname.eval", "best": "ordname.best", "worst": "ordname.worst",
		"killer": "ordname.killer", "history": "ordname.history"}
	if id, ok := ids[name]; ok {
		return T(ctx, id)
	}
	return name
}

// AlgoName is an algorithm's short name (search.Algorithm's String:
// alphabeta, pvs, id, …) in the language of ctx, as titles and pane names
// write it; a name it does not know stays as it is.
func AlgoName(ctx context.Context, name string) string {
	if id, ok := algoNames[name]; ok {
		return T(ctx, id)
	}
	return name
}

// algoNames are the message ids of the algorithms AlgoName knows (every
// search.Algorithm's String; a test holds them to search.Algorithms).
var algoNames = map[string]string{"minimax": "algoname.minimax", "alphabeta": "algoname.alphabeta",
	"expectiminimax": "algoname.expectiminimax", "star1": "algoname.star1", "maxn": "algoname.maxn",
	"paranoid": "algoname.paranoid", "mcts": "algoname.mcts", "negamax": "algoname.negamax", "pvs": "algoname.pvs",
	"mtdf": "algoname.mtdf", "id": "algoname.id"}

// Lang is the page's language code, for <html lang>.
func Lang(ctx context.Context) string { return string(i18n.FromContext(ctx).Lang()) }

// LangLink is one entry of the header's language switch: the same page in
// another language.
type LangLink struct {
	Code, Name, URL string
	Current         bool
}

type switchKey struct{}

// WithLangLinks returns a context whose pages show links in their
// language switch (the server builds them from the request's address).
func WithLangLinks(ctx context.Context, links []LangLink) context.Context {
	return context.WithValue(ctx, switchKey{}, links)
}

// langLinks are the language switch's links the context carries.
func langLinks(ctx context.Context) []LangLink {
	l, _ := ctx.Value(switchKey{}).([]LangLink)
	return l
}

// narration is the sentence under the controls, in the page's language
// (the server replayed the frame with the page's wording).
func narration(ctx context.Context, v *View) string {
	if v.Frame == nil || v.Frame.Step == 0 {
		return T(ctx, "view.nothing-yet")
	}
	return view.NarrationWith(v.Narration(), v.InfoSet, i18n.FromContext(ctx).Phrase, 0)
}

// changeURL is the address of the setup with this view's scenario filled
// in, in the page's language.
func changeURL(ctx context.Context, v *View) string {
	if len(v.Query) > MaxLinkQuery {
		return "/?lang=" + Lang(ctx) // not the huge tree again
	}
	q, _ := url.ParseQuery(v.Query)
	q.Set("lang", Lang(ctx))
	return "/?" + q.Encode()
}

// compareChangeURL opens the comparison's setup form with its scenario
// and panes filled in, in the page's language.
func compareChangeURL(ctx context.Context, c *Compare) string {
	if len(c.Query) > MaxLinkQuery {
		return "/compare?setup=1&lang=" + Lang(ctx) // not the huge tree again
	}
	q, _ := url.ParseQuery(c.Query)
	q.Set("setup", "1")
	q.Set("lang", Lang(ctx))
	return "/compare?" + q.Encode()
}

// isParanoid reports whether the view searches with paranoid, whose MAX
// and MIN are one player and the coalition of all the others.
func isParanoid(v *View) bool {
	q, _ := url.ParseQuery(v.Query)
	return q.Get("algo") == "paranoid"
}

// stepText is the step counter: "step 3 of 40" (view.CounterText, as the
// session's panels say it after a step).
func stepText(ctx context.Context, v *View) string {
	return view.CounterText(v.Step, v.Total, i18n.FromContext(ctx).Phrase)
}

// viewerTexts are the few sentences the viewer's script writes itself, in
// the page's language: templates with {step} and {total} in them.
func viewerTexts(ctx context.Context) map[string]string {
	return map[string]string{
		"nothingYet":   T(ctx, "view.nothing-yet"),
		"live":         T(ctx, "view.conn.live"),
		"offline":      T(ctx, "view.conn.reconnecting"),
		"server":       T(ctx, "view.conn.server", "Error", "{error}"),
		"play":         T(ctx, "view.play.aria"),
		"pause":        T(ctx, "view.pause.aria"),
		"formNegamax":  T(ctx, "view.form.negamax"),
		"formTextbook": T(ctx, "view.form.textbook"),
	}
}

// withLang adds lang= to an address, in every language (English too), so
// that a link opens in the page's language whatever the browser prefers.
func withLang(addr, lang string) string {
	if lang == "" {
		return addr
	}
	if strings.Contains(addr, "?") {
		return addr + "&lang=" + lang
	}
	return addr + "?lang=" + lang
}
