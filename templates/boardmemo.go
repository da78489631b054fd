package templates

import (
	"context"
	"io"
	"strings"
	"sync"

	"github.com/a-h/templ"
	"github.com/abtrace/abtrace/view"
)

// MaxBoardMarkupBytes bounds the markup of the boards kept (boardMarkup):
// when the next board would pass it, the kept ones are forgotten and the
// memory fills again. A tic-tac-toe board has about 600 bytes of markup,
// the full tic-tac-toe tree's drawing 586 boards.
const MaxBoardMarkupBytes = 4 << 20

// boardKey is everything a node's board depends on (view.BoardOf): the
// glyph, the kind that marks it (its trace.Kind) and the position.
type boardKey struct {
	glyph view.Glyph
	kind  uint8
	board string
}

// boardMarkup keeps the markup of the boards drawn last, by boardKey. A
// board is drawn relative to its node, so its markup is the same on every
// page, in every language and at every step that draws it: rendering the
// boards again was a fifth of the render of tic-tac-toe at its end. The
// server forgets them with its other shared caches once it is idle
// (ForgetBoards).
var boardMarkup = struct {
	sync.Mutex
	m     map[boardKey]string
	bytes int
}{m: map[boardKey]string{}}

// ForgetBoards forgets every board's markup kept.
func ForgetBoards() {
	boardMarkup.Lock()
	defer boardMarkup.Unlock()
	clear(boardMarkup.m)
	boardMarkup.bytes = 0
}

// boardMarkupLen is how many bytes of board markup are kept.
func boardMarkupLen() int {
	boardMarkup.Lock()
	defer boardMarkup.Unlock()
	return boardMarkup.bytes
}

// boardHTML is the markup of node n's board (the board template of
// view.BoardOf(n)), kept for the next page that draws it.
func boardHTML(n view.Node) (string, error) {
	k := boardKey{n.Glyph, uint8(n.Kind), n.Board}
	boardMarkup.Lock()
	s, ok := boardMarkup.m[k]
	boardMarkup.Unlock()
	if ok {
		return s, nil
	}
	var b strings.Builder
	if err := board(view.BoardOf(n)).Render(context.Background(), &b); err != nil {
		return "", err
	}
	s = b.String()
	boardMarkup.Lock()
	defer boardMarkup.Unlock()
	if boardMarkup.bytes+len(s) > MaxBoardMarkupBytes {
		clear(boardMarkup.m)
		boardMarkup.bytes = 0
	}
	if _, again := boardMarkup.m[k]; !again {
		boardMarkup.m[k] = s
		boardMarkup.bytes += len(s)
	}
	return s, nil
}

// keptBoard is the node's board as its kept markup (boardHTML).
func keptBoard(n view.Node) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		s, err := boardHTML(n)
		if err != nil {
			return err
		}
		_, err = io.WriteString(w, s)
		return err
	})
}
