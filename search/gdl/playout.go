package gdl

import "math/rand/v2"

// playoutResult is one random game: its steps (state changes) and whether
// it reached a terminal state.
type playoutResult struct {
	steps    int
	terminal bool
	last     State
}

// playout plays one random game from the initial state: every role picks
// one of its legal moves at random, for at most MaxPlayoutSteps steps.
func (g *Game) playout(rng *rand.Rand) playoutResult {
	s := g.Init()
	var jbuf [8]int
	joint := jbuf[:0]
	for r := range g.n.roles {
		joint = append(joint, 0)
		_ = r
	}
	for step := 0; step < MaxPlayoutSteps; step++ {
		if g.Terminal(s) {
			return playoutResult{step, true, s}
		}
		for r := range joint {
			count, first := g.legalInfo(s, r)
			if count == 0 {
				return playoutResult{step, false, s}
			}
			if count == 1 {
				joint[r] = first
				continue
			}
			k := rng.IntN(count)
			for i, m := range g.n.moves[r][first:] {
				if m.legal < 0 || getBit(s.s.w, int32(m.legal)) != 0 {
					if k == 0 {
						joint[r] = first + i
						break
					}
					k--
				}
			}
		}
		s = g.Next(s, joint)
	}
	return playoutResult{MaxPlayoutSteps, g.Terminal(s), s}
}
