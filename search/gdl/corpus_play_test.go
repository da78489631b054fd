package gdl

import (
	"fmt"
	"math/rand/v2"
)

// corpusPlay compiles a read game and plays one random game to the end.
func corpusPlay(d *Description) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("gdl: panic: %v", r)
		}
	}()
	g, err := New(d)
	if err != nil {
		return err
	}
	r := g.playout(rand.New(rand.NewPCG(1, 1)))
	if !r.terminal {
		return fmt.Errorf("gdl: play: no terminal state after %d steps", r.steps)
	}
	return nil
}
