package gdl

import (
	"fmt"
)

// corpusPlay compiles a read game and plays one random game to the end.
func corpusPlay(d *Description) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("gdl: panic: %v", r)
		}
	}()
	r, err := PlayoutText(d.Source, PolicyRandom, 1, 0)
	if err != nil {
		return err
	}
	if r.End != "terminal" {
		return fmt.Errorf("gdl: play: no terminal state after %d steps", len(r.Steps))
	}
	return nil
}
