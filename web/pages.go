package web

import (
	"net/http"

	"github.com/abtrace/abtrace/internal/flight"
	"github.com/abtrace/abtrace/templates"
	"github.com/labstack/echo/v4"
)

// The viewer's page is the same for every request of the same address in
// the same language: the scenario's search, its replay to the step and
// the drawing depend on the query alone, and the page on those, the
// language and the assets. A class opening the lecturer's link, or a
// lecturer going back to a page, asks for the same page again and again
// (a warm render of tic-tac-toe at its end took about 19 ms of CPU, a
// random tree of 797,161 nodes about 190 ms). The server keeps the pages
// asked for twice and answers the next requests with their bytes.
const (
	// MaxPagesKept is how many viewer pages are kept, the least recently
	// used forgotten first.
	MaxPagesKept = 16
	// MaxKeptPageBytes is the largest page kept (tic-tac-toe at its end
	// has 846 KB, the random tree 3,12 1.2 MB); a larger one is rendered for each request. With
	// MaxPagesKept it bounds what the pages hold: 32 MiB.
	MaxKeptPageBytes = 2 << 20
	// MaxKeptPageQuery is the longest query (in bytes) whose page is
	// kept: a tree typed as text is rendered for each request.
	MaxKeptPageQuery = 2 << 10
	// MaxPagesAsked is how many addresses the server remembers having
	// been asked for once, so that a page is kept at its second request:
	// the one-off seeds of a lab or a soak leave no page behind.
	MaxPagesAsked = 1024
)

// keptPages holds the viewer pages asked for more than once, by language
// and query (pageKey). The server forgets them with its other shared
// caches once it has been idle (Config.IdleForget).
type keptPages struct {
	pages *flight.Cache[[]byte]
	asked *flight.Cache[struct{}]
}

func newKeptPages() *keptPages {
	return &keptPages{pages: flight.New[[]byte](MaxPagesKept), asked: flight.New[struct{}](MaxPagesAsked)}
}

// pageKey names the page of the request: its language and its query
// (the page's language switch repeats the query). It is "" when the page
// is not to be kept.
func pageKey(c echo.Context) string {
	q := c.Request().URL.RawQuery
	if len(q) > MaxKeptPageQuery {
		return ""
	}
	return string(langOf(c)) + " " + q
}

// serve answers the request with its kept page and reports true, or
// reports false when none is kept.
func (k *keptPages) serve(c echo.Context, key string) (bool, error) {
	if key == "" {
		return false, nil
	}
	b, ok := k.pages.Get(key)
	if !ok {
		return false, nil
	}
	if c.QueryParam("lang") == "" {
		c.Response().Header().Add("Vary", "Accept-Language") // as pageContext says
	}
	return true, c.HTMLBlob(http.StatusOK, b)
}

// keep keeps the page b of key when key was asked for before and b is
// small enough.
func (k *keptPages) keep(key string, b []byte) {
	if key == "" || len(b) > MaxKeptPageBytes {
		return
	}
	if _, again := k.asked.Get(key); !again {
		k.asked.Put(key, struct{}{})
		return
	}
	k.pages.Put(key, b)
}

// forget drops every kept page and asked address.
func (k *keptPages) forget() {
	k.pages.Forget()
	k.asked.Forget()
}

// renderKept renders the viewer's page v and keeps it under key
// (keptPages.keep).
func (s *Server) renderKept(c echo.Context, key string, v *templates.View) error {
	b, err := renderHTML(pageContext(c), templates.ViewPage(v, s.assets))
	if err != nil {
		return s.renderFailed(c, err)
	}
	s.pages.keep(key, b)
	return c.HTMLBlob(http.StatusOK, b)
}
