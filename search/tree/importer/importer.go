// Package importer reads game trees written for other courses' tools and
// turns them into explicit trees of package tree, keeping every state name
// the source gives as the node's label:
//
//   - [CMU]: the CMU 15-150 game-tree visualizer's parenthesised text, in
//     which a leaf is a number in its own parentheses and an inner node
//     lists its children: (((3) (12) (8)) ((2) (4) (6)) ((14) (5) (2))).
//   - [SML]: the same course's SML ExplicitGame value, built from Node and
//     Esti, with ~ for minus: Node [Node [Esti 3, Esti ~2], Esti 5], or
//     with parentheses, Node(Node(Esti(3), Esti(~2)), Esti(5)).
//   - [CS188]: a GraphGameTree .test file of the Berkeley CS188 Pacman
//     projects (num_agents, start_state, successors, evaluation, depth,
//     win_states, lose_states); see [ImportCS188] for how it unrolls.
//   - [AIMA]: the AIMA code's nested lists, [[3, 12, 8], [2, 4, 6], [14, 5, 2]].
//
// Every error is an [*Error] with the line and column (1-based, counted in
// characters) of what is wrong. The limits of package tree apply
// ([tree.MaxTextBytes], [tree.MaxNodes], [tree.MaxDepth], [tree.MaxChildren],
// [tree.MaxLabelLen], [tree.MaxMagnitude]); exceeding one is an error that
// wraps [tree.ErrLimit].
package importer

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search/tree"
)

// Format is a tree text format.
type Format uint8

// The formats. Abtrace, the zero value, is the classroom notation of
// package tree.
const (
	Abtrace Format = iota
	CMU
	SML
	CS188
	AIMA
)

// Formats lists every format, the default first.
var Formats = []Format{Abtrace, CMU, SML, CS188, AIMA}

var formatNames = [...]string{Abtrace: "abtrace", CMU: "cmu", SML: "sml", CS188: "cs188", AIMA: "aima"}

var formatTitles = [...]string{
	Abtrace: "abtrace classroom notation",
	CMU:     "CMU 15-150 visualizer text",
	SML:     "CMU 15-150 SML ExplicitGame",
	CS188:   "CS188 GraphGameTree .test file",
	AIMA:    "AIMA nested lists",
}

// String is the format's name as flags and URLs write it: abtrace, cmu,
// sml, cs188 or aima.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "format(" + strconv.Itoa(int(f)) + ")"
}

// FormatNames lists the formats' names, as ParseFormat reads them.
func FormatNames() []string { return append([]string(nil), formatNames[:]...) }

// Title names the format for people.
func (f Format) Title() string {
	if int(f) < len(formatTitles) {
		return formatTitles[f]
	}
	return f.String()
}

// ParseFormat reads a format name; "" is Abtrace.
func ParseFormat(s string) (Format, error) {
	if s == "" {
		return Abtrace, nil
	}
	for i, n := range formatNames {
		if strings.EqualFold(s, n) {
			return Format(i), nil
		}
	}
	return 0, fmt.Errorf("importer: unknown format %q (want %s)", s, strings.Join(formatNames[:], ", "))
}

// Imported is an imported tree and what its source says about searching it.
type Imported struct {
	Tree *tree.Tree
	// Algo is the algorithm the source asks for ("minimax", "alphabeta" or
	// "expectiminimax"), "" when it names none.
	Algo string
	// Prune is the pruning rule of the source's course: "gt" for CS188,
	// which cuts only on v > β and v < α; "" when it has none.
	Prune string
	// Actions names the move into every node but the root (node id →
	// action) where the source names moves, as CS188's files do; nil
	// otherwise.
	Actions map[string]string
	// Depth and Agents are CS188's depth (in rounds of all agents) and
	// number of agents; 0 for the other formats.
	Depth, Agents int
}

// Error is an error in imported text.
type Error struct {
	Format    Format
	Line, Col int // 1-based; 0 when the error has no position
	Msg       string
	Err       error // tree.ErrLimit for exceeded limits, else nil
}

// Error formats the error as "cs188: line L, column C: msg".
func (e *Error) Error() string {
	if e.Line <= 0 {
		return e.Format.String() + ": " + e.Msg
	}
	return e.Format.String() + ": line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Col) + ": " + e.Msg
}

// Unwrap returns tree.ErrLimit for exceeded limits, nil otherwise.
func (e *Error) Unwrap() error { return e.Err }

// Import reads text in format f. For Abtrace it is tree.Options.Parse.
// opts.Root sets the root's kind for the formats whose levels simply
// alternate (CMU, SML, AIMA); CS188 files say who moves at every level.
func Import(f Format, text string, opts tree.Options) (*Imported, error) {
	if len(text) > tree.MaxTextBytes {
		return nil, &Error{Format: f, Msg: fmt.Sprintf("input is %d bytes, more than MaxTextBytes = %d", len(text), tree.MaxTextBytes), Err: tree.ErrLimit}
	}
	var root *tree.Node
	var err error
	switch f {
	case Abtrace:
		t, err := opts.Parse(text)
		if err != nil {
			return nil, err
		}
		return &Imported{Tree: t}, nil
	case CMU:
		root, err = parseCMU(text)
	case SML:
		root, err = parseSML(text)
	case AIMA:
		root, err = parseAIMA(text)
	case CS188:
		return ImportCS188(text)
	default:
		return nil, &Error{Format: f, Msg: "unknown format"}
	}
	if err != nil {
		return nil, err
	}
	t, err := tree.Build(root, opts)
	if err != nil {
		return nil, fromTree(f, err)
	}
	return &Imported{Tree: t}, nil
}

// fromTree turns an error of tree.Build into an *Error of format f, keeping
// its position (the nodes carry their place in the imported text).
func fromTree(f Format, err error) error {
	var te *tree.Error
	if errors.As(err, &te) {
		return &Error{Format: f, Line: te.Line, Col: te.Col, Msg: te.Msg, Err: te.Err}
	}
	return &Error{Format: f, Msg: err.Error()}
}

// validLabel is package tree's rule for labels: an identifier
// [A-Za-z_][A-Za-z0-9_']* of at most tree.MaxLabelLen characters.
func validLabel(s string) bool {
	if s == "" || len(s) > tree.MaxLabelLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '\'')) {
			return false
		}
	}
	return true
}
