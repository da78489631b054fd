package scenario

import (
	"errors"
	"maps"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// nodeErrorParams are the parameters of the search's errors about one
// node: what a person changes to mend them.
var nodeErrorParams = map[string]string{
	"search.err.star1-leaf": "bounds",
	"search.err.star1-eval": "bounds",
	"search.err.no-eval":    "depth",
}

// personal is err, a search's error about one of its nodes (a
// search.OptionError whose argument Node is the node's quoted path id),
// said for a person: the node named as the page draws it (a tree's node by
// its name, an unnamed leaf by its parent's, a game's by the moves into
// it), never by its id, and the parameter to change named, on the page
// and on the command line alike. Any other error is returned as it is.
func (p *Search) personal(err error) error {
	var oe *search.OptionError
	if err == nil || !errors.As(err, &oe) {
		return err
	}
	param, ok := nodeErrorParams[oe.Say.ID]
	if !ok {
		return err
	}
	q, _ := oe.Say.Args["Node"].(string)
	id, uerr := strconv.Unquote(q)
	if uerr != nil {
		return err
	}
	say := trace.Phrase{ID: oe.Say.ID, Args: maps.Clone(oe.Say.Args)}
	switch {
	case p.Tree != nil:
		n := p.Tree.Find(id)
		if n == nil {
			return err
		}
		if n.Name == "" && id != "" { // an unnamed leaf, under its parent
			n, say.ID = p.Tree.Find(parentID(id)), say.ID+"-under"
		}
		say.Args["Node"] = strconv.Quote(n.Name)
	default:
		moves, words := p.movesTo(id)
		if moves == "" {
			return &UsageError{Err: err, Param: param}
		}
		say.ID += "-after"
		say.Args["Node"] = moves
		english := say.WordIn(search.English)
		say.Args["Node"] = words
		return &UsageError{Err: errors.New("search: " + english), Say: say, Param: param}
	}
	return &UsageError{Err: errors.New("search: " + say.WordIn(search.English)), Say: say, Param: param}
}

// parentID is the path id of the parent of the node id ("" for a child
// of the root).
func parentID(id string) string {
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		return id[:i]
	}
	return ""
}

// movesTo names the moves from the root to the node id as the game writes
// them, in English ("1→2, throw 2") and as a phrase for a page to word in
// its language ("1→2, Wurf 2"); "" where the game does not name its moves.
func (p *Search) movesTo(id string) (string, any) {
	if id == "" {
		return "", nil
	}
	var names []string
	var words []any
	for i := 0; i <= len(id); i++ {
		if i < len(id) && id[i] != '.' {
			continue
		}
		name := p.MoveName(id[:i])
		if name == "" {
			return "", nil
		}
		names = append(names, name)
		var w any = name
		if p.keyLabel != nil {
			if ph, ok := p.keyLabel(name); ok {
				w = ph
			}
		}
		words = append(words, w)
	}
	// The phrase is a chain of lists: "{{.First}}, {{.Rest}}".
	rest := words[len(words)-1]
	for i := len(words) - 2; i >= 0; i-- {
		rest = trace.Phrase{ID: "scenario.name.list", Args: map[string]any{"First": words[i], "Rest": rest}}
	}
	return strings.Join(names, ", "), rest
}
