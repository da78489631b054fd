package scenario

import (
	"strconv"
	"strings"
	"sync"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/cards"
	"github.com/abtrace/abtrace/search/roads"
	"github.com/abtrace/abtrace/trace"
)

// hiddenMethod reads the algorithms that choose a move without seeing
// MIN's cards: "clairvoyance" and "infoset" (the card game and the roads
// only). ok is false for every other name.
func hiddenMethod(algo string) (m search.HiddenMethod, ok bool) {
	switch algo {
	case "clairvoyance", "averaging", "averaging-over-clairvoyance":
		return search.MethodClairvoyance, true
	case "infoset", "information-sets", "infosets":
		return search.MethodInfoSet, true
	case "determinized", "determinised", "pimc":
		return search.MethodDeterminized, true
	}
	return 0, false
}

// HiddenReport runs the scenario's method for imperfect information
// (Scenario.Algo clairvoyance or infoset) over every world of the card
// game or the roads. It is a *UsageError for other scenarios.
func (p *Search) HiddenReport() (search.HiddenReport, error) {
	if p.hidden == nil {
		return search.HiddenReport{}, usageSay("scenario.err.hidden-only")
	}
	return p.hidden(*p.Method)
}

// HiddenReportOf runs another method for imperfect information over the
// same worlds (the viewer of determinised MCTS sets it beside the exact
// information sets). It is a *UsageError for other scenarios.
func (p *Search) HiddenReportOf(m search.HiddenMethod) (search.HiddenReport, error) {
	if p.hidden == nil {
		return search.HiddenReport{}, usageSay("scenario.err.hidden-only")
	}
	return p.hidden(m)
}

// SampleWorld is, for determinised MCTS, the world (0-based) whose search
// the viewer steps (Scenario.Sample) and how many worlds there are; -1
// for other scenarios.
func (p *Search) SampleWorld() (world, worlds int) {
	if p.sampleWorld == nil {
		return -1, 0
	}
	return p.sampleWorld[0], p.sampleWorld[1]
}

// DefaultSamples is the number of worlds determinised MCTS draws when
// Scenario.Samples is 0.
const DefaultSamples = 20

// MaxSampledIterations bounds determinised MCTS as a whole: its samples
// times each sample's iterations. Each search may run search.MaxIterations
// and a method may draw search.MaxSamples worlds, but not both: a
// thousand samples of 200,000 iterations ran 500 s on the server. Two
// million iterations of the card game are well under a second; the
// samples' searches share one budget too (search.Budget.Whole).
const MaxSampledIterations = 2_000_000

// worldIndex checks Scenario.World against n worlds and returns the
// 0-based index (World 0 means the first).
func (p *Search) worldIndex(n int, what trace.Phrase) (int, error) {
	w := p.Scenario.World
	if w < 0 || w > n {
		return 0, InParam("world", usageSay("scenario.err.world", "Max", strconv.Itoa(n), "What", what, "Got", strconv.Itoa(w)))
	}
	return max(w, 1) - 1, nil
}

// prepareHidden is what the card game and the roads share: the open world
// searched and stepped like any game, and the report of the hidden method.
func prepareHidden[S comparable, G search.HiddenGame[S]](p *Search, worlds []search.World[S, G], wi int, name, it trace.Phrase, facts func(S, *trace.Shape)) error {
	s := p.Scenario
	if s.Matches != 0 || s.Take != 0 || s.Position != "" {
		return usageSay("scenario.err.hidden-position", "Game", name)
	}
	if s.Depth != 0 || s.Eval != "" {
		return usageSay("scenario.err.hidden-depth", "Game", name, "It", it)
	}
	if err := p.twoPlayerGame(name); err != nil {
		return err
	}
	if p.Method != nil && p.Algorithm == search.AlgoMCTS {
		return usageSay("scenario.err.one-method", "Method", p.Method.String())
	}
	switch p.Algorithm {
	case search.AlgoExpectiminimax, search.AlgoStar1:
		return usageSay("scenario.err.hidden-chance", "Game", name, "It", it)
	}
	if p.Ordering == search.OrderEval {
		return usageSay("scenario.err.hidden-eval", "Game", name)
	}
	if p.Algorithm == search.AlgoID {
		return usageSay("scenario.err.hidden-id", "Game", name, "It", it)
	}
	seed := s.Seed
	if p.Method != nil && *p.Method == search.MethodDeterminized {
		// The viewer steps one sample: its MCTS search on the world it
		// drew, with its seed, exactly as Determinized runs it.
		samples := orDefaultInt(s.Samples, DefaultSamples)
		k := max(s.Sample, 1)
		if s.Sample < 0 || k > samples {
			return InParam("sample", usageSay("scenario.err.sample", "Max", strconv.Itoa(samples), "Got", strconv.Itoa(s.Sample)))
		}
		if s.World != 0 {
			return usageSay("scenario.err.sample-world")
		}
		wi = search.DeterminizedDraws(s.Seed, len(worlds), samples)[k-1]
		seed = search.SampleSeed(s.Seed, k)
		p.Algorithm = search.AlgoMCTS
		p.sampleWorld = &[2]int{wi, len(worlds)}
	} else if s.Sample != 0 {
		return InParam("sample", usageSay("scenario.err.sample-only"))
	}
	w := worlds[wi]
	p.RootKind = w.Game.ToMove(w.Root)
	p.shaper = newGameShaper(search.Game[S](w.Game), w.Root, 0, true, facts)
	if p.Method != nil {
		budget := s.Budget
		mopt := search.MCTSOptions[S]{Iterations: p.mcts.Iterations, C: p.mcts.C, Seed: s.Seed, Bounds: p.outcomes, Budget: budget}
		samples := orDefaultInt(s.Samples, DefaultSamples)
		p.hidden = func(m search.HiddenMethod) (search.HiddenReport, error) {
			switch m {
			case search.MethodInfoSet:
				return search.InfoSets(worlds, budget)
			case search.MethodDeterminized:
				return search.Determinized(worlds, samples, mopt)
			}
			return search.Clairvoyance(worlds, budget)
		}
	}
	p.infoSet = infoSetsOf(worlds, wi, s.Budget)
	p.moveName = func(id string) string {
		path, err := parseID(id)
		if err != nil {
			return ""
		}
		x, name := w.Root, ""
		for _, i := range path {
			ms := w.Game.Moves(x, nil)
			if i < 0 || i >= len(ms) {
				return ""
			}
			name = w.Game.MoveName(x, ms[i])
			x = w.Game.Result(x, ms[i])
		}
		return name
	}
	opt := search.Options[S]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: seed, Bounds: p.Bounds}
	return setRun(p, w.Game, w.Root, opt)
}

// MaxKeptInfoSets bounds the information sets a search keeps solved
// (Search.InfoSet), so that stepping back and forth solves each once.
const MaxKeptInfoSets = 256

// infoSetsOf answers Search.InfoSet in the stepped world wi, keeping what
// it solved.
func infoSetsOf[S comparable, G search.HiddenGame[S]](worlds []search.World[S, G], wi int, budget search.Budget) func(string) (search.InfoSet, error) {
	var mu sync.Mutex
	kept := map[string]search.InfoSet{}
	return func(id string) (search.InfoSet, error) {
		mu.Lock()
		set, ok := kept[id]
		mu.Unlock()
		if ok {
			return set, nil
		}
		path, err := parseID(id)
		if err != nil {
			return search.InfoSet{}, err
		}
		set, err = search.InfoSetAt(worlds, wi, path, budget)
		if err != nil {
			return search.InfoSet{}, err
		}
		mu.Lock()
		if len(kept) >= MaxKeptInfoSets {
			clear(kept)
		}
		kept[id] = set
		mu.Unlock()
		return set, nil
	}
}

// InfoSet returns the information set of node id of the stepped world:
// the positions of every world that MAX cannot tell apart from it, each
// solved with every card open (search.InfoSetAt). ok is false for a
// source without hidden cards.
func (p *Search) InfoSet(id string) (set search.InfoSet, ok bool, err error) {
	if p.infoSet == nil {
		return search.InfoSet{}, false, nil
	}
	set, err = p.infoSet(id)
	return set, err == nil, err
}

// prepareCards sets up the card game: Scenario.Deal (default
// cards.Lecture), its World-th MIN hand searched open.
func (p *Search) prepareCards() error {
	text := p.Scenario.Deal
	if text == "" {
		text = cards.Lecture
	}
	if preset, ok := cards.Presets[strings.ToLower(strings.TrimSpace(text))]; ok {
		text = preset
	}
	d, err := cards.Parse(text)
	if err != nil {
		return InParam("deal", sayWith(err, "scenario.err.deal", "Example", cards.Lecture))
	}
	wi, err := p.worldIndex(len(d.Min), trace.Phrase{ID: "scenario.world.cards"})
	if err != nil {
		return err
	}
	p.Deal = &d
	p.outcomes = search.Bounds{L: 0, U: float64(len(d.Max))}
	var worlds []search.World[cards.State, cards.Game]
	for i := range d.Min {
		g, st := d.Game(i)
		worlds = append(worlds, search.World[cards.State, cards.Game]{Name: d.HandName(i), Game: g, Root: st})
	}
	return prepareHidden(p, worlds, wi, trace.Phrase{ID: "scenario.game.cards"}, trace.Phrase{ID: "scenario.game.cards.it"}, func(x cards.State, sh *trace.Shape) {
		sh.Label = worlds[wi].Game.Label(x)
		if worlds[wi].Game.Terminal(x) {
			sh.Text = strconv.Itoa(int(x.MaxTricks))
		}
	})
}

// prepareRoads sets up the road story in its World-th world.
func (p *Search) prepareRoads() error {
	if p.Scenario.Deal != "" {
		return usageSay("scenario.err.deal-roads")
	}
	worlds := roads.Worlds()
	wi, err := p.worldIndex(len(worlds), trace.Phrase{ID: "scenario.world.roads"})
	if err != nil {
		return err
	}
	g := worlds[wi].Game
	p.outcomes = search.Bounds{L: roads.Bus, U: roads.Diamonds}
	p.keyLabel = roadLabel
	return prepareHidden(p, worlds, wi, trace.Phrase{ID: "scenario.game.roads"}, trace.Phrase{ID: "scenario.game.roads.it"}, func(x roads.State, sh *trace.Shape) {
		sh.Label = g.Label(x)
		if g.Terminal(x) {
			sh.Text = trace.Num(g.Utility(x)).String()
		}
	})
}

// roadLabel is the phrase of a place of the road story whose label is a
// word ("left", "right"); the roads "A" and "B" are names.
func roadLabel(label string) (trace.Phrase, bool) {
	switch label {
	case roads.LeftLabel, roads.RightLabel:
		return trace.Phrase{ID: "scenario.roads." + label}, true
	}
	return trace.Phrase{}, false
}
