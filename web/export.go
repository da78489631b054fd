package web

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
	"github.com/abtrace/abtrace/view/export"
)

// exported is one view's drawing, ready for an export: the drawing the
// page shows at its step, and a name for it.
type exported struct {
	drawing *view.Drawing
	view    *templates.View
	search  *scenario.Search
	// title says what the export shows ("alpha-beta on ((3 12 8) …), step
	// 27 of 60"); file is the download's base name ("abtrace-step-27").
	title, file string
}

// exportedView builds the drawing of the view that a query describes: the
// viewer's query (a scenario, step, open), or the comparison's with pane=
// naming one of its panes (its ordering or algorithm, or its number from
// 1). The drawing is made exactly as the page makes it, under the server's
// budget with the request's context ctx.
func (s *Server) exportedView(ctx context.Context, q url.Values, lang i18n.Lang) (*exported, error) {
	if q.Has("pane") {
		return s.exportedPane(ctx, q, lang)
	}
	r, err := parseView(q)
	if err != nil {
		return nil, asUsage(err)
	}
	p, err := budgeted(ctx, r.scenario).Prepare()
	if err != nil {
		return nil, err
	}
	v, err := s.buildView(p, r)
	if err != nil {
		return nil, err
	}
	return newExported(v, p, "", lang), nil
}

// newExported is the export of view v of search p (of the comparison's
// pane named pane, if any), worded in lang: its title and its fold counts.
func newExported(v *templates.View, p *scenario.Search, pane string, lang i18n.Lang) *exported {
	d := view.Draw(v.Source, v.Layout, v.Frame, v.Folds)
	view.MarkInfoSet(d, p, v.Frame)
	title := v.Title + " on " + v.SourceText
	title += ", step " + view.Thousands(v.Step)
	if v.Total > 0 {
		title += " of " + view.Thousands(v.Total)
	}
	if lang != i18n.English {
		loc := i18n.For(lang)
		d.Words = loc.Phrase
		step := loc.T("view.step-n", "Step", v.Step)
		if v.Total > 0 {
			step = loc.T("view.step-of", "Step", v.Step, "Total", v.Total)
		}
		algo := loc.Pseudocode(search.Pseudocode(p.Algorithm, search.Forms(p.Algorithm)[0], p.PruneRule, p.FailMode, p.RootKind).Title)
		title = loc.T("export.title", "Algo", algo, "Source", sourceTextIn(loc, p), "Step", step)
	}
	file := "abtrace-step-" + strconv.Itoa(v.Step)
	if pane != "" {
		file = "abtrace-" + safeName(pane) + "-step-" + strconv.Itoa(v.Step)
	}
	return &exported{drawing: d, view: v, search: p, title: title, file: file}
}

func (s *Server) exportedPane(ctx context.Context, q url.Values, lang i18n.Lang) (*exported, error) {
	r, err := parseCompare(q)
	if err != nil {
		return nil, asUsage(err)
	}
	cmp, err := openAtStep(ctx, r)
	if err != nil {
		return nil, err
	}
	defer cmp.panes.Close()
	m := cmp.model(ctx)
	want := q.Get("pane")
	for i, p := range m.Panes {
		if p.Name == want || strconv.Itoa(i+1) == want {
			return newExported(p.View, cmp.panes.Panes()[i].Search(), p.Name, lang), nil
		}
	}
	names := make([]string, len(m.Panes))
	for i, p := range m.Panes {
		names[i] = p.Name
	}
	return nil, &paramError{Param: "pane", Err: say("error.export-pane", "Got", strconv.Quote(want), "Want", strings.Join(names, ", "))}
}

// asUsage is a query's error as the request's fault: a usage error or a
// parameter's error as it is (so that it keeps its words in every
// language), any other wrapped in one.
func asUsage(err error) error {
	var pe *paramError
	if scenario.IsUsage(err) || errors.As(err, &pe) {
		return err
	}
	return &scenario.UsageError{Err: err}
}

// safeName keeps letters, digits and dashes of s for a file name.
func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	return b.String()
}

// exportError answers a bad export query, or one whose file would pass
// one of the exports' limits: 400 with the reason as text in the
// request's language, since the answer is a file, not a page.
func (s *Server) exportError(c echo.Context, err error) error {
	var pe *paramError
	var le *export.LimitError
	if errors.As(err, &le) {
		err = limitError(le)
	}
	if scenario.IsUsage(err) || errors.As(err, &pe) || le != nil {
		return c.String(http.StatusBadRequest, "abtrace export: "+errorText(langOf(c), err)+"\n")
	}
	if status, msg, ok := budgetError(err, langOf(c)); ok {
		return c.String(status, "abtrace export: "+msg+"\n")
	}
	return err
}

// limitError says what to change when an export would pass one of its
// limits: the scale of a PNG (the largest that fits), else what to draw
// less of.
func limitError(le *export.LimitError) error {
	switch le.Limit {
	case "MaxPNGPixels", "MaxPNGSide", "MaxPNGWork":
		switch {
		case le.Scale == 0:
			return badParam("scale", "error.png-no-scale", "Min", export.MinPNGScale, "Limit", le.Limit, "Max", le.Max)
		case le.Limit == "MaxPNGWork":
			return badParam("scale", "error.png-work", "Got", le.Got, "Max", le.Max, "Fit", le.Scale)
		}
		return badParam("scale", "error.png-pixels", "W", le.W, "H", le.H, "Max", export.MaxPNGPixels, "Side", export.MaxPNGSide, "Fit", le.Scale)
	case "MaxHTMLSteps":
		return say("error.html-steps", "Max", le.Max)
	}
	format, _, _ := strings.Cut(strings.TrimPrefix(le.Limit, "Max"), "Bytes")
	if format == "TeX" {
		format = "LaTeX"
	}
	return say("error.export-bytes", "Format", format, "MB", le.Max>>20, "Limit", le.Limit)
}

// attach sends data as a file to download (or, with inline, to show).
func attach(c echo.Context, contentType, file string, data []byte, inline bool) error {
	disp := "attachment"
	if inline {
		disp = "inline"
	}
	c.Response().Header().Set("Content-Disposition", disp+`; filename="`+file+`"`)
	return c.Blob(http.StatusOK, contentType, data)
}

// exportSVG answers /export.svg: the view's drawing as a standalone SVG.
// download=1 asks for a file to save rather than an image to show.
func (s *Server) exportSVG(c echo.Context) error {
	x, err := s.exportedView(c.Request().Context(), c.QueryParams(), langOf(c))
	if err != nil {
		return s.exportError(c, err)
	}
	var buf bytes.Buffer
	if err := export.SVG(&buf, x.drawing, export.SVGOptions{Title: x.title}); err != nil {
		return s.exportError(c, err)
	}
	return attach(c, "image/svg+xml", x.file+".svg", buf.Bytes(), c.QueryParam("download") != "1")
}

// exportTeX answers /export.tex: the view's drawing as forest code in a
// document pdflatex compiles. blank=1 gives the exam's tree (values on the
// leaves only), key=1 its key (the search at its end, every value and
// cut); fragment=1 leaves out the document around the forest environment.
func (s *Server) exportTeX(c echo.Context) error {
	q := cloneQuery(c.QueryParams())
	opt := export.TeXOptions{Fragment: q.Get("fragment") == "1"}
	suffix := ""
	switch {
	case q.Get("blank") == "1":
		opt.Mode, suffix = export.TeXExam, "-exam"
		q.Set("step", "0")
	case q.Get("key") == "1":
		opt.Mode, suffix = export.TeXKey, "-key"
		q.Set("step", "end")
	}
	x, err := s.exportedView(c.Request().Context(), q, langOf(c))
	if err != nil {
		return s.exportError(c, err)
	}
	opt.Title = x.title
	file := x.file
	if suffix != "" {
		file = strings.TrimSuffix(file, "-step-"+strconv.Itoa(x.view.Step)) + suffix
	}
	var buf bytes.Buffer
	if err := export.LaTeX(&buf, x.drawing, opt); err != nil {
		return s.exportError(c, err)
	}
	return attach(c, "application/x-tex; charset=utf-8", file+".tex", buf.Bytes(), false)
}

// cloneQuery copies a query so that a handler may change it.
func cloneQuery(q url.Values) url.Values {
	out := make(url.Values, len(q))
	for k, v := range q {
		out[k] = append([]string(nil), v...)
	}
	return out
}

// exportPNG answers /export.png: the view's drawing rasterised in Go (no
// external program), at scale= pixels per unit (default 2, from 0.25 to
// 4), within the PNG limits of package export and stopped when the client
// leaves. Without scale=, a drawing too large at the default is made at
// the largest scale that fits (see PNGScaleHeader).
func (s *Server) exportPNG(c echo.Context) error {
	q := c.QueryParams()
	scale, err := pngScale(q.Get("scale"))
	if err != nil {
		return s.exportError(c, err)
	}
	x, err := s.exportedView(c.Request().Context(), q, langOf(c))
	if err != nil {
		return s.exportError(c, err)
	}
	var buf bytes.Buffer
	err = export.PNG(c.Request().Context(), &buf, x.drawing, scale)
	var le *export.LimitError
	if q.Get("scale") == "" && errors.As(err, &le) && le.Scale > 0 && le.Limit != "MaxPNGBytes" {
		// No scale was asked for: the default's image would pass a limit,
		// so the largest scale that fits is taken instead, and the
		// answer's header says so.
		c.Response().Header().Set(PNGScaleHeader, strconv.FormatFloat(le.Scale, 'f', -1, 64)+
			"; the default "+strconv.FormatFloat(export.DefaultPNGScale, 'f', -1, 64)+" would pass "+le.Limit)
		buf.Reset()
		err = export.PNG(c.Request().Context(), &buf, x.drawing, le.Scale)
	}
	if err != nil {
		return s.exportError(c, err)
	}
	return attach(c, "image/png", x.file+".png", buf.Bytes(), q.Get("download") != "1")
}

// PNGScaleHeader is the header of a /export.png answer made at a smaller
// scale than the default because no scale= was given and the default's
// image would pass one of the PNG limits (MaxPNGPixels, MaxPNGSide,
// MaxPNGWork): the scale taken, then which limit, such as "1.8; the
// default 2 would pass MaxPNGPixels". A scale= given that passes a limit
// is refused (400 naming scale and the largest that fits).
const PNGScaleHeader = "X-Abtrace-Png-Scale"

// pngScale reads scale=: a number from export.MinPNGScale to
// export.MaxPNGScale (not NaN, not an infinity), export.DefaultPNGScale
// when it is empty.
func pngScale(v string) (float64, error) {
	if v == "" {
		return export.DefaultPNGScale, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || !(f >= export.MinPNGScale && f <= export.MaxPNGScale) {
		return 0, scenario.InParam("scale", say("error.scale", "Min", export.MinPNGScale, "Max", export.MaxPNGScale, "Got", strconv.Quote(v)))
	}
	return f, nil
}

// playerFile makes the standalone HTML file of the search a viewer query
// describes, starting at its step, under the server's budget with the
// request's context ctx, worded in lang.
func (s *Server) playerFile(ctx context.Context, q url.Values, lang i18n.Lang) ([]byte, string, error) {
	r, err := parseView(q)
	if err != nil {
		return nil, "", asUsage(err)
	}
	p, err := budgeted(ctx, r.scenario).Prepare()
	if err != nil {
		return nil, "", err
	}
	scene, err := openScene(p, r.open)
	if err != nil {
		return nil, "", err
	}
	// The events first, so that a search too long for a file is refused
	// before anything is drawn.
	var events []trace.Event
	_, err = p.Run(func(e *trace.Event) bool {
		if len(events) == export.MaxHTMLSteps {
			return false
		}
		events = append(events, *e)
		return true
	})
	switch {
	case errors.Is(err, search.ErrStopped):
		return nil, "", &export.LimitError{Limit: "MaxHTMLSteps", Got: export.MaxHTMLSteps + 1, Max: export.MaxHTMLSteps}
	case err != nil:
		return nil, "", err
	}
	loc := i18n.For(lang)
	f := trace.NewFrame()
	f.Words = loc.Phrase
	f.Labels, f.EvalNames = view.LabelWords(p, wordsFor(string(lang))), view.EvalWords(wordsFor(string(lang)))
	// Each frame is drawn as the file is written, and dropped.
	frame := func(k int) (export.Frame, error) {
		if k == 0 {
			return export.Frame{Drawing: scene.Draw(f, view.FoldsAt(p, scene, f)), Narration: loc.T("player.start")}, nil
		}
		e := events[k-1]
		if err := f.Apply(e); err != nil {
			return export.Frame{}, err
		}
		return export.Frame{Drawing: scene.Draw(f, view.FoldsAt(p, scene, f)), Narration: f.Narration,
			Cutoff: e.Type == trace.Prune && len(e.Pruned) > 0}, nil
	}
	start := r.step
	if r.end {
		start = len(events)
	}
	algo := loc.Pseudocode(search.Pseudocode(p.Algorithm, search.Forms(p.Algorithm)[0], p.PruneRule, p.FailMode, p.RootKind).Title)
	title := loc.T("player.title", "Algo", algo, "Source", sourceTextIn(loc, p))
	// The permalink opens the viewer in the player's language.
	source := p.Scenario.Query()
	source.Set("lang", string(lang))
	var buf bytes.Buffer
	if err := export.HTML(ctx, &buf, len(events)+1, frame, export.HTMLOptions{Title: title, Start: start, Source: "/view?" + source.Encode(), Words: playerWords(loc)}); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), "abtrace-search", nil
}

// exportHTML answers /export.html: a standalone HTML file of the whole
// search that plays with its keys, for a course page or an LMS.
func (s *Server) exportHTML(c echo.Context) error {
	data, file, err := s.playerFile(c.Request().Context(), c.QueryParams(), langOf(c))
	if err != nil {
		return s.exportError(c, err)
	}
	return attach(c, "text/html; charset=utf-8", file+".html", data, false)
}

// embedPolicy is the Content-Security-Policy of /embed: the player's own
// inline script and style (by hash) and nothing else, and framing by any
// page, which this route alone allows.
func embedPolicy() string {
	return "default-src 'none'; script-src " + export.ScriptHash() + "; style-src " + export.StyleHash() +
		"; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors *"
}

// embed answers /embed: the player of /export.html, shown in place, meant
// for an iframe on a course page:
//
//	<iframe src="http://host/embed?tree=...&step=0" width="800" height="560"></iframe>
func (s *Server) embed(c echo.Context) error {
	data, _, err := s.playerFile(c.Request().Context(), c.QueryParams(), langOf(c))
	if err != nil {
		return s.exportError(c, err)
	}
	h := c.Response().Header()
	h.Del("X-Frame-Options")
	h.Set("Content-Security-Policy", embedPolicy())
	return c.HTMLBlob(http.StatusOK, data)
}

// playerWords are the texts of the exported player in loc's language.
func playerWords(loc *i18n.Localizer) *export.PlayerWords {
	return &export.PlayerWords{
		Lang: string(loc.Lang()), Toolbar: loc.T("player.toolbar"),
		First: loc.T("player.first"), Play: loc.T("player.play"), Pause: loc.T("player.pause"), Cut: loc.T("player.cut"), Last: loc.T("player.last"),
		FirstTitle: loc.T("player.first.title"), BackTitle: loc.T("player.back.title"), PlayTitle: loc.T("player.play.title"),
		NextTitle: loc.T("player.next.title"), CutTitle: loc.T("player.cut.title"), LastTitle: loc.T("player.last.title"),
		Range: loc.T("player.range"), Tree: loc.T("player.tree"), Footer: loc.T("player.footer"),
		Source: loc.T("player.source"),
		Count: func(k, n int) string {
			return loc.T("player.count", "Step", view.ThousandsIn(loc.Phrase, k), "Steps", view.ThousandsIn(loc.Phrase, n))
		},
	}
}
