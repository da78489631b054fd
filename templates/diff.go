package templates

// DiffPage is the trace diff: a student's engine against abtrace's, step
// by step side by side up to the first step where they part.
type DiffPage struct {
	Assets Assets
	// Query is the scenario's query (the reference search); Student the
	// student's trace as pasted, kept when the page comes back.
	Query, Student string
	// Title names the reference search; Error is a problem with the input.
	Title, Error string
	// Steps are the steps shown: both drawings as SVG and what happened.
	Steps []DiffStep
	// Agree is true when the traces agree; otherwise Want, Got and Why say
	// what the reference did at the departure, what the student's engine
	// did, and why the reference did it, and At where in the pasted text.
	Agree          bool
	Want, Got, Why string
	At             string
	// Compared is how many steps were compared; Mode is the ID of the
	// plural message that says so (diff.agree.visits or diff.agree.events).
	Compared int
	Mode     string
	Script   string
	// Cut, when not empty, says that only the last steps are drawn (the
	// page's drawings are bounded in bytes) and how to see them all.
	Cut string
}

// DiffStep is one step of the side-by-side diff.
type DiffStep struct {
	// Ref and Student are the two drawings (standalone SVG markup).
	Ref, Student string
	// Say says what each did at this step.
	RefSay, StudentSay string
	// Departure is true on the step where they part (the last one).
	Departure bool
}
