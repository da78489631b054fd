package web

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/exercise"
)

// The exercise API: generate a tree for a numbered exercise, and check a
// student's answers node by node. Both speak JSON; every request error is a
// 400 {"ok": false, "error": "...", "field": "..."} naming the query
// parameter or JSON field at fault. The check's body is limited by the
// server's BodyLimit (64 KB), beyond which the answer is a 413.

// exerciseResponse is the answer of GET /api/exercise.
type exerciseResponse struct {
	Tree    string          `json:"tree"`    // canonical tree text
	Seed    uint64          `json:"seed"`    // the exercise number
	Variant string          `json:"variant"` // A, B, …
	Params  exercise.Params `json:"params"`  // every parameter, defaults filled in
	// Query is the exercise's permalink query, with every parameter.
	Query string `json:"query"`
	// Solution is there only when the request asks for it (solution=1).
	Solution *exercise.Solution `json:"solution,omitempty"`
}

// exerciseError is the body of a 400 from the exercise API.
type exerciseError struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

// exercise generates the tree of an exercise:
//
//	GET /api/exercise?seed=42&b=3&d=3&min=0&max=20&min_cutoffs=3&deep=1&root=max&prune=ge&variant=A&distinct=1
//
// (bmin and bmax instead of b for a range). solution=1 adds the solution:
// the root value, cutoffs and leaves evaluated. Without it the answer holds
// nothing a student should not see.
func (s *Server) exercise(c echo.Context) error {
	q := c.QueryParams()
	p, err := exercise.ParseQuery(q, "solution", "lang", "gdlz")
	if err != nil {
		return s.exerciseFail(c, err)
	}
	withSolution := false
	if q.Has("solution") {
		if withSolution, err = exercise.ParseFlag("solution", q.Get("solution")); err != nil {
			return s.exerciseFail(c, err)
		}
	}
	ex, err := generateExercise(c, p)
	if err != nil {
		return s.exerciseFail(c, err)
	}
	r := exerciseResponse{Tree: ex.Text, Seed: p.Seed, Variant: p.Variant, Params: p, Query: p.Query().Encode()}
	if withSolution {
		r.Solution = &ex.Solution
	}
	return c.JSON(http.StatusOK, r)
}

// exerciseCheck checks a student's answers:
//
//	POST /api/exercise/check
//	{"tree": "((3 12 8) (2 4 6) (14 5 2))", "root": "max", "prune": "ge",
//	 "answers": {"": "3", "0": "3", "1": "≤ 2", "2": "2"}, "pruned": ["1.1", "1.2"]}
//
// and answers {"correct": …, "score": …, "total": …, "nodes": {…},
// "feedback": {…}} (see exercise.Result), its notes, reasons and feedback
// in the request's language (?lang=de, or Accept-Language).
func (s *Server) exerciseCheck(c echo.Context) error {
	sub, err := exercise.DecodeSubmission(c.Request().Body)
	if err != nil {
		return s.exerciseFail(c, err)
	}
	res, err := exercise.Check(sub)
	if err != nil {
		return s.exerciseFail(c, err)
	}
	res.Word(apiWords(c))
	return c.JSON(http.StatusOK, res)
}

// exercisePredict grades one answer of predict mode:
//
//	POST /api/exercise/predict
//	{"query": "seed=42&b=3&d=3&min_cutoffs=3", "question": 4, "answer": "yes"}
//
// where query holds the exercise's parameters (those of GET /api/exercise),
// question counts from 0, and answer is a node id (which node is entered),
// yes or no (does it cut off), or a value (what α or β becomes). It
// answers {"counted": …, "right": …, "class": …, "text": …} (see
// exercise.Prediction), with what the search shows once the question is
// answered ("shows") for a counted answer: the page holds no answer
// beforehand. {"query": …, "replay": n} answers instead with what the
// search showed after each of the first n questions, for a page resuming
// the progress its browser kept ({"shows": […]}, see
// exercise.ReplayPrediction).
func (s *Server) exercisePredict(c echo.Context) error {
	a, err := exercise.DecodePredictAnswer(c.Request().Body)
	if err != nil {
		return s.exerciseFail(c, err)
	}
	q, err := url.ParseQuery(a.Query)
	if err != nil {
		return s.exerciseFail(c, exercise.InvalidQuery(err))
	}
	p, err := exercise.ParseQuery(q, "lang", "gdlz")
	if err != nil {
		return s.exerciseFail(c, err)
	}
	ex, err := generateExercise(c, p)
	if err != nil {
		return s.exerciseFail(c, err)
	}
	if a.Replay > 0 {
		r, err := exercise.ReplayPrediction(ex, a)
		if err != nil {
			return s.exerciseFail(c, err)
		}
		return c.JSON(http.StatusOK, r)
	}
	v, err := exercise.GradePrediction(ex, a, apiWords(c))
	if err != nil {
		return s.exerciseFail(c, err)
	}
	return c.JSON(http.StatusOK, v)
}

// apiWords words the exercise API's notes, reasons and verdicts in the
// request's language (lang=en|de|cs, else Accept-Language, else English).
func apiWords(c echo.Context) exercise.Words {
	return i18n.For(langOf(c)).Phrase
}

// exerciseFail answers a request error with a 400 naming the field, in
// the request's language (lang=, else Accept-Language), and
// hands any other error (a body over the limit, a fault of ours) to the
// server's error handler.
func (s *Server) exerciseFail(c echo.Context, err error) error {
	var xe *exercise.Error
	if errors.As(err, &xe) {
		return c.JSON(http.StatusBadRequest, exerciseError{Error: errorText(langOf(c), err), Field: xe.Field})
	}
	return err
}
