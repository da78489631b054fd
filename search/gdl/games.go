package gdl

import (
	"embed"
	"io/fs"
	"strings"
)

//go:embed games/*.kif
var gamesFS embed.FS

// Games returns the names of the games abtrace ships, written for it in GDL
// ("breakthrough-small", "connect4", "matchsticks", "tictactoe").
func Games() []string {
	entries, _ := fs.ReadDir(gamesFS, "games")
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".kif"))
	}
	return out
}

// GameText returns the GDL text of a shipped game, and false when there is
// no game of that name.
func GameText(name string) (string, bool) {
	b, err := gamesFS.ReadFile("games/" + name + ".kif")
	if err != nil {
		return "", false
	}
	return string(b), true
}
