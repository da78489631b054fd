package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// errTooLarge stops a reference search that outgrows MaxReferenceEvents.
var errTooLarge = fmt.Errorf("the reference search has more than MaxReferenceEvents = %d events: diff a smaller search (give a depth limit)", trace.MaxReferenceEvents)

// diffCmd compares a student's trace with a reference:
//
//	abtrace diff REF STUDENT                 REF is a trace in JSON lines (abtrace trace > ref.jsonl)
//	abtrace diff [source] [options] STUDENT  the reference is the search the flags describe
//
// STUDENT is "-" for standard input. The exit status is 0 when the traces
// agree, 1 when they part, and 2 for a usage error.
func diffCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	asJSON := false
	var rest []string
	for _, a := range args {
		if a == "--json" || a == "-json" {
			asJSON = true
			continue
		}
		rest = append(rest, a)
	}
	if len(rest) == 0 || strings.HasPrefix(rest[len(rest)-1], "-") && rest[len(rest)-1] != "-" {
		fmt.Fprintln(stderr, "abtrace diff: give the student's trace last: abtrace diff REF STUDENT, or abtrace diff [source] [options] STUDENT")
		return exitUsage
	}
	studentPath := rest[len(rest)-1]
	rest = rest[:len(rest)-1]
	var ref []trace.Event
	var labels map[string]string
	if len(rest) == 1 && (rest[0] == "-" || !strings.HasPrefix(rest[0], "-")) {
		var err error
		if ref, err = readReference(rest[0], stdin, studentPath); err != nil {
			fmt.Fprintf(stderr, "abtrace diff: %v\n", err)
			return exitUsage
		}
	} else {
		p, code := parseScenario("diff", rest, stdin, stderr, func(*flag.FlagSet) {})
		if p == nil {
			return code
		}
		labels = p.Tree.Names()
		_, err := p.Run(func(e *trace.Event) bool {
			if len(ref) == trace.MaxReferenceEvents {
				return false
			}
			ref = append(ref, *e)
			return true
		})
		if err == nil && len(ref) == trace.MaxReferenceEvents {
			err = errTooLarge
		}
		if err != nil {
			fmt.Fprintf(stderr, "abtrace diff: %v\n", err)
			return exitSearch
		}
	}
	text, err := readTreeFile(studentPath, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "abtrace diff: %v\n", err)
		return exitUsage
	}
	st, err := trace.ParseStudent(text)
	if err != nil {
		fmt.Fprintf(stderr, "abtrace diff: %s: %v\n", studentPath, err)
		return exitUsage
	}
	dep := trace.CompareStudent(ref, st, labels)
	if asJSON {
		b, _ := json.Marshal(diffJSON{Agree: dep == nil, Departure: dep})
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		printDeparture(stdout, dep, st)
	}
	if dep != nil {
		return exitSearch
	}
	return exitOK
}

// diffJSON is the output of diff --json.
type diffJSON struct {
	Agree     bool             `json:"agree"`
	Departure *trace.Departure `json:"departure,omitempty"`
}

func printDeparture(w io.Writer, dep *trace.Departure, st *trace.StudentTrace) {
	if dep == nil {
		fmt.Fprintf(w, "The traces agree: %d steps compared.\n", len(st.At))
		return
	}
	at := "after its last step"
	if dep.At.Line > 0 {
		at = fmt.Sprintf("line %d, column %d", dep.At.Line, dep.At.Col)
	}
	fmt.Fprintf(w, "The traces part at your step %d (%s).\n", dep.Index+1, at)
	step := ""
	if dep.Step > 0 {
		step = fmt.Sprintf(" (reference step %d)", dep.Step)
	}
	fmt.Fprintf(w, "  the reference: %s%s\n  your engine:   %s\n", dep.Want, step, dep.Got)
	if dep.Why != "" {
		fmt.Fprintf(w, "  why: %s\n", dep.Why)
	}
}

// readReference reads a reference trace in JSON lines.
func readReference(path string, stdin io.Reader, studentPath string) ([]trace.Event, error) {
	if path == "-" && studentPath == "-" {
		return nil, errors.New("only one of REF and STUDENT can be standard input")
	}
	r, done, err := openInput(path, stdin)
	if err != nil {
		return nil, err
	}
	defer done()
	var ref []trace.Event
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		l := strings.TrimSpace(sc.Text())
		if l == "" {
			continue
		}
		var e trace.Event
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			return nil, fmt.Errorf("%s: line %d: not an abtrace event: %v", path, line, err)
		}
		if len(ref) == trace.MaxReferenceEvents {
			return nil, fmt.Errorf("%s: %w", path, errTooLarge)
		}
		ref = append(ref, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: line %d: %w", path, line+1, err)
	}
	if len(ref) == 0 {
		return nil, fmt.Errorf("%s: the reference trace is empty (make one with abtrace trace ... > ref.jsonl)", path)
	}
	return ref, nil
}

// treeLabels maps the id of every labelled node of the scenario's tree to
// its label; nil when the scenario has no tree or no labels.
func treeLabels(p *scenario.Search) map[string]string {
	var labels map[string]string
	if p.Tree == nil {
		return nil
	}
	for n := range p.Tree.All() {
		if n.Label != "" {
			if labels == nil {
				labels = map[string]string{}
			}
			labels[n.ID] = n.Label
		}
	}
	return labels
}
