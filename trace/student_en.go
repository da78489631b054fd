package trace

import "maps"

// studentEnglish is the verdict of a student's trace compared with the
// reference (see [CompareStudent]), in English. Arguments: Node, Child,
// Parent and Best are names as drawn (a label, "the root" or a node id);
// Kind is MAX, MIN or CHANCE; Alpha, Beta, Value, ChildValue are numbers
// as the lecture writes them (with ≥ or ≤ for a bound); Step is a step
// number; Test is the cut test that fired ("5 ≥ β = 3"); Skipped lists
// names; Window and Bound are nested phrases or empty.
var studentEnglish = map[string]Message{
	"student.window":         {Other: " with α = {{.Alpha}}, β = {{.Beta}}", Description: "appended to a step: the window it was searched with (leading space)"},
	"student.enter":          {Other: "enter {{.Node}}{{.Window}}", Description: "a step: the search enters a node"},
	"student.expand":         {Other: "expand {{.Node}}"},
	"student.leaf":           {Other: "evaluate {{.Node}} = {{.Value}}"},
	"student.update":         {Other: "update {{.Node}}: v = {{.Value}}{{.Window}}"},
	"student.prune":          {Other: "cut at {{.Node}}, skipping {{.Skipped}}"},
	"student.exit":           {Other: "return {{.Value}} from {{.Node}}{{.Window}}"},
	"student.done":           {Other: "finish with value {{.Value}}, best move {{.Best}}"},
	"student.finish":         {Other: "finish"},
	"student.other":          {Other: "{{.Type}} {{.Node}}", Description: "a step of another type (Type is the event type's name)"},
	"student.visit":          {Other: "visit {{.Node}}", Description: "the student's trace visits a node"},
	"student.ref-ended":      {Other: "nothing more: the search has ended", Description: "the reference has no more steps"},
	"student.student-ended":  {Other: "nothing more: your trace ends here", Description: "the student's trace has no more steps"},
	"student.visited-before": {Other: "the reference visited {{.Node}} before, at step {{.Step}}"},
	"student.visits-later":   {Other: "the reference visits {{.Node}} later, at step {{.Step}}"},
	"student.cut":            {Other: "the reference cuts at {{.Kind}} {{.Node}} (step {{.Step}}): {{.Test}}{{.Window}}, so it skips {{.Skipped}}"},
	"student.cut.window":     {Other: " with the window α = {{.Alpha}}, β = {{.Beta}}", Description: "appended to student.cut (leading space)"},
	"student.starts":         {Other: "the search starts at the root"},
	"student.goon.value-window": {Other: "at {{.Kind}} {{.Parent}} the value so far is {{.Value}} and the window is α = {{.Alpha}}, β = {{.Beta}}: the cut test does not fire, so the search goes on to {{.Node}} with that window",
		Description: "why the reference goes on to the next child"},
	"student.goon.value":      {Other: "at {{.Kind}} {{.Parent}} the value so far is {{.Value}}, so the search goes on to {{.Node}}"},
	"student.goon.window":     {Other: "at {{.Kind}} {{.Parent}} no child has returned yet and the window is α = {{.Alpha}}, β = {{.Beta}}, so the search goes on to {{.Node}}"},
	"student.goon":            {Other: "at {{.Kind}} {{.Parent}} no child has returned yet, so the search goes on to {{.Node}}"},
	"student.update.why":      {Other: "after {{.Child}} returns {{.ChildValue}}, {{.Kind}} {{.Node}}'s value becomes {{.Value}}{{.Window}}"},
	"student.update.window":   {Other: " and its window α = {{.Alpha}}, β = {{.Beta}}", Description: "appended to student.update.why (leading space)"},
	"student.update.window-a": {Other: " and its window α = {{.Alpha}}, β = {{.Beta}} (α = max(α, v))", Description: "appended to student.update.why at a MAX node (leading space)"},
	"student.update.window-b": {Other: " and its window α = {{.Alpha}}, β = {{.Beta}} (β = min(β, v))", Description: "appended to student.update.why at a MIN node (leading space)"},
	"student.exit.why":        {Other: "{{.Kind}} {{.Node}} returns {{.Value}}{{.Window}}{{.Bound}}"},
	"student.exit.window":     {Other: ", searched with the window α = {{.Alpha}}, β = {{.Beta}}", Description: "appended to student.exit.why"},
	"student.exit.lower":      {Other: ": a cut left it a lower bound", Description: "appended to student.exit.why"},
	"student.exit.upper":      {Other: ": a cut left it an upper bound", Description: "appended to student.exit.why"},
	"student.leaf.terminal":   {Other: "{{.Node}} is a terminal state, valued {{.Value}}"},
	"student.leaf.depth":      {Other: "{{.Node}} is evaluated at the depth limit: {{.Value}}"},
	// A student's trace that does not read (DiffError.Say).
	"student.err.bytes": {Other: "the trace is {{.Got}} bytes, more than MaxStudentBytes = {{.Max}}"},
	"student.err.event": {Other: "not an abtrace event", Description: "a line of JSON that is no event; the English adds the JSON decoder's account"},
	"student.err.type":  {Other: "the event has no \"type\" (enter, expand, leaf, update, prune, exit or done)"},
	"student.err.steps": {Other: "more than MaxStudentSteps = {{.Max}} steps"},
	"student.err.empty": {Other: "the trace is empty: paste the JSON lines of your engine's events, or the names of the nodes it visits, in order"},
}

func init() { maps.Copy(narrationEnglish, studentEnglish) }
