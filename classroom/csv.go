package classroom

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"time"
)

// CSV kinds of Export.
const (
	ByQuestion = "question" // one row per answer: question, kind, step, nickname, answer, right, time
	ByStudent  = "student"  // one row per student: nickname, each question's answer, score
)

// ExportCSV writes the room's answers as CSV, by question or by student
// (nicknames only: nothing else is kept of a student). Only the lecturer
// may.
func (c *Classroom) ExportCSV(ctx context.Context, code, secret, by string, w io.Writer) error {
	r, err := c.o.Store.Room(ctx, code)
	if err != nil {
		return ErrNoRoom
	}
	if secret == "" || !SecretMatches(r.SecretHash, secret) {
		return ErrNotLecturer
	}
	qs, err := c.o.Store.Questions(ctx, code)
	if err != nil {
		return err
	}
	as, err := c.o.Store.Answers(ctx, code)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	kind := map[int]string{}
	step := map[int]int{}
	for _, q := range qs {
		var s QuestionSpec
		json.Unmarshal(q.Spec, &s)
		kind[q.ID], step[q.ID] = s.Kind, q.Step
	}
	switch by {
	case ByQuestion:
		cw.Write([]string{"question", "kind", "step", "nickname", "answer", "right", "time"})
		for _, a := range as {
			cw.Write([]string{strconv.Itoa(a.Question), kind[a.Question], strconv.Itoa(step[a.Question]), safeCell(a.Nick), safeCell(a.Given),
				strconv.FormatBool(a.Right), a.At.UTC().Format(time.RFC3339)})
		}
	case ByStudent:
		head := []string{"nickname"}
		for _, q := range qs {
			head = append(head, "q"+strconv.Itoa(q.ID))
		}
		cw.Write(append(head, "right"))
		type row struct {
			nick    string
			answers map[int]string
			right   int
		}
		rows := map[string]*row{}
		var order []string
		for _, a := range as {
			rw := rows[a.Student]
			if rw == nil {
				rw = &row{nick: a.Nick, answers: map[int]string{}}
				rows[a.Student] = rw
				order = append(order, a.Student)
			}
			rw.answers[a.Question] = a.Given
			if a.Right {
				rw.right++
			}
		}
		slices.SortStableFunc(order, func(x, y string) int {
			if rows[x].nick < rows[y].nick {
				return -1
			} else if rows[x].nick > rows[y].nick {
				return 1
			}
			return 0
		})
		for _, s := range order {
			rw := rows[s]
			rec := []string{safeCell(rw.nick)}
			for _, q := range qs {
				rec = append(rec, safeCell(rw.answers[q.ID]))
			}
			cw.Write(append(rec, strconv.Itoa(rw.right)))
		}
	default:
		return sayErr("classroom.err.csv", "Got", strconv.Quote(by), "Want", ByQuestion+", "+ByStudent)
	}
	cw.Flush()
	return cw.Error()
}

// safeCell keeps a spreadsheet from reading a nickname as a formula.
func safeCell(s string) string {
	if s != "" && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@') {
		return "'" + s
	}
	return s
}
