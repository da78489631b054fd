package web

import (
	"errors"
	"net/http"
	"strings"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/labstack/echo/v4"
)

// This file is the setup page's part of a game written in GDL: the live
// check of its text (/api/validate with gdl=) and the shipped games'
// texts (/api/gdl/game), which the form's script puts into the text box.

// gdlProblem is one error of a GDL text as the setup page shows it.
type gdlProblem struct {
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Text string `json:"text"`
}

// gdlErrors is every error of a GDL text in err with its line and column
// (nil when err holds none).
func gdlErrors(err error) gdl.ErrorList {
	var list gdl.ErrorList
	var one *gdl.Error
	switch {
	case errors.As(err, &list):
		return list
	case errors.As(err, &one):
		return gdl.ErrorList{one}
	}
	return nil
}

// gdlErrorText words one error of a GDL text in the page's language: where
// it is, the rule of the specification it breaks, and the reader's or
// checker's account of it, which quotes the game's own terms, in the
// page's language too.
func gdlErrorText(loc *i18n.Localizer, e *gdl.Error) string {
	rule := e.Rule
	if rule == "" {
		rule = "syntax"
	}
	msg := e.Msg
	if e.Say.ID != "" {
		msg = loc.Phrase(e.Say)
	}
	return loc.T("gdl.err.at", "Line", e.Pos.Line, "Col", e.Pos.Col, "Rule", loc.T("gdl.rule."+rule), "Msg", msg)
}

// validateGDL is /api/validate for a GDL text: ok with the game's summary
// (roles, relations, rules), or every error with its line and column, the
// first as the answer's error.
func (s *Server) validateGDL(c echo.Context, text string) error {
	loc := i18n.For(langOf(c))
	if strings.TrimSpace(text) == "" {
		return c.JSON(http.StatusOK, validateResult{Error: loc.T("gdl.err.empty")})
	}
	if len(text) > gdl.MaxSourceBytes {
		return c.JSON(http.StatusOK, validateResult{Error: loc.T("gdl.err.size", "Max", gdl.MaxSourceBytes)})
	}
	d, err := gdl.Load(text)
	if err == nil {
		_, err = gdl.CompileCached(text)
	}
	if err != nil {
		r := validateResult{Error: errorText(langOf(c), err)}
		for _, e := range gdlErrors(err) {
			r.Problems = append(r.Problems, gdlProblem{Line: e.Pos.Line, Col: e.Pos.Col, Text: gdlErrorText(loc, e)})
		}
		if len(r.Problems) > 0 {
			r.Error, r.Line, r.Col = r.Problems[0].Text, r.Problems[0].Line, r.Problems[0].Col
		}
		return c.JSON(http.StatusOK, r)
	}
	r := validateResult{OK: true, Summary: loc.T("gdl.check.ok", "Rules", len(d.Rules)), Canonical: gdl.Summary(d)}
	if r.Play = gdlPlayURL(langOf(c), text, len(d.Roles())); r.Play != "" {
		r.PlayText = loc.T("home.gdl.play")
	}
	game, z := shippedGDL(text), ""
	if game == "" {
		z = scenario.CompressGDL(text)
	}
	r.Evals, r.EvalsText = gdlEvalURL(game, z, "", "", "", string(langOf(c))), loc.T("ge.link")
	if g, err := gdl.CompileCached(text); err == nil && g.CheckTurns() != nil {
		r.Step, r.StepText, r.StepNote = gdlStepURL(langOf(c), text), loc.T("home.gdl.duct"), loc.T("home.gdl.duct-note")
	}
	return c.JSON(http.StatusOK, r)
}

// gdlGame answers the text of a shipped game (/api/gdl/game?name=), which
// the setup form's script puts into the text box when one is chosen.
func (s *Server) gdlGame(c echo.Context) error {
	text, ok := gdl.GameText(c.QueryParam("name"))
	if !ok {
		return c.JSON(http.StatusNotFound, map[string]string{"error": i18n.For(langOf(c)).T("gdl.err.game", "Got", c.QueryParam("name"), "Want", strings.Join(gdl.Games(), ", "))})
	}
	return c.String(http.StatusOK, text)
}
