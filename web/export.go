package web

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
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
// 1). The drawing is made exactly as the page makes it.
func (s *Server) exportedView(q url.Values) (*exported, error) {
	if q.Has("pane") {
		return s.exportedPane(q)
	}
	r, err := parseView(q)
	if err != nil {
		return nil, &scenario.UsageError{Err: err}
	}
	p, err := r.scenario.Prepare()
	if err != nil {
		return nil, err
	}
	v, err := s.buildView(p, r)
	if err != nil {
		return nil, err
	}
	return newExported(v, p, ""), nil
}

func newExported(v *templates.View, p *scenario.Search, pane string) *exported {
	d := view.Draw(v.Source, v.Layout, v.Frame, v.Folds)
	title := v.Title + " on " + v.SourceText
	if pane != "" {
		title += ", " + pane
	}
	title += ", step " + strconv.Itoa(v.Step)
	if v.Total > 0 {
		title += " of " + strconv.Itoa(v.Total)
	}
	file := "abtrace-step-" + strconv.Itoa(v.Step)
	if pane != "" {
		file = "abtrace-" + safeName(pane) + "-step-" + strconv.Itoa(v.Step)
	}
	return &exported{drawing: d, view: v, search: p, title: title, file: file}
}

func (s *Server) exportedPane(q url.Values) (*exported, error) {
	r, err := parseCompare(q)
	if err != nil {
		return nil, &scenario.UsageError{Err: err}
	}
	cmp, runs, err := s.comparison(r)
	if err != nil {
		return nil, err
	}
	want := q.Get("pane")
	for i, p := range cmp.Panes {
		if p.Name == want || strconv.Itoa(i+1) == want {
			return newExported(p.View, runs[i].p, p.Name), nil
		}
	}
	names := make([]string, len(cmp.Panes))
	for i, p := range cmp.Panes {
		names[i] = p.Name
	}
	return nil, &scenario.UsageError{Err: fmt.Errorf("pane %q is not one of the comparison's: %s (or their numbers from 1)", want, strings.Join(names, ", "))}
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

// exportError answers a bad export query: 400 with the reason as text,
// since the answer is a file, not a page.
func (s *Server) exportError(c echo.Context, err error) error {
	var pe *paramError
	if scenario.IsUsage(err) || errors.As(err, &pe) {
		return c.String(http.StatusBadRequest, "abtrace export: "+err.Error()+"\n")
	}
	return err
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
	x, err := s.exportedView(c.QueryParams())
	if err != nil {
		return s.exportError(c, err)
	}
	var buf bytes.Buffer
	if err := export.SVG(&buf, x.drawing, export.SVGOptions{Title: x.title}); err != nil {
		return err
	}
	return attach(c, "image/svg+xml", x.file+".svg", buf.Bytes(), c.QueryParam("download") != "1")
}

// exportRoutes registers the exports: every view's query works on each.
func (s *Server) exportRoutes() {
	s.e.GET("/export.svg", s.exportSVG)
	s.e.GET("/export.tex", s.exportTeX)
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
	x, err := s.exportedView(q)
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
		return err
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
