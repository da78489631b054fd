package gdl

// The network's code as it runs: each rule's literals grouped by the word
// of the vector they read, so that a rule is tested with one load, one AND
// and two compares per word it reads instead of one per literal (a rule of
// tic-tac-toe reads one or two words). The int32 code the compiler emits
// (program.code, net.byDoes) is the one a person can read; it is turned
// into this form once per game (masked).
//
// The masked code of a run of propositions is, for each proposition:
//
//	prop | nrules<<32, end (the offset after its rules),
//	then per rule: nterms, then per term: word, set, clear
//
// and the rule holds when v[word]&set == set and v[word]&clear == 0 for
// every term.

// maskCode turns code [prop, nrules, (nlits, lit…)…]… into masked code.
func maskCode(code []int32) []uint64 {
	var out []uint64
	for i := 0; i < len(code); {
		p, nr := code[i], int(code[i+1])
		i += 2
		head := len(out)
		out = append(out, uint64(uint32(p))|uint64(nr)<<32, 0)
		for ; nr > 0; nr-- {
			nl := int(code[i])
			i++
			out = appendTerms(out, code[i:i+nl])
			i += nl
		}
		out[head+1] = uint64(len(out))
	}
	return out
}

// appendTerms appends one rule: its count of terms, then a term per word
// its literals read, in the order first read.
func appendTerms(out []uint64, lits []int32) []uint64 {
	head := len(out)
	out = append(out, 0)
	for _, l := range lits {
		w, bit := uint64(l>>7), uint64(1)<<(uint(l>>1)&63)
		t := head + 1
		for ; t < len(out) && out[t] != w; t += 3 {
		}
		if t == len(out) {
			out = append(out, w, 0, 0)
			out[head]++
		}
		if l&1 == 0 {
			out[t+1] |= bit
		} else {
			out[t+2] |= bit
		}
	}
	return out
}

// maskDoes turns a move's next rules [head, nlits, lits…]… into masked
// code of one rule per proposition (ORed in, see Game.advance).
func maskDoes(code []int32) []uint64 {
	var out []uint64
	for i := 0; i < len(code); {
		p, nl := code[i], int(code[i+1])
		i += 2
		head := len(out)
		out = append(out, uint64(uint32(p))|1<<32, 0)
		out = appendTerms(out, code[i:i+nl])
		i += nl
		out[head+1] = uint64(len(out))
	}
	return out
}

// holds reports whether the rule at code[i] holds in v, and returns the
// offset after it.
func holds(code []uint64, i int, v []uint64) (bool, int) {
	nt := int(code[i])
	i++
	end := i + 3*nt
	for ; i < end; i += 3 {
		x := v[code[i]]
		if x&code[i+1] != code[i+1] || x&code[i+2] != 0 {
			return false, end
		}
	}
	return true, end
}

// evalMasks runs masked code on v, setting each proposition to whether
// one of its rules holds, and reports whether any bit changed.
func evalMasks(code []uint64, v []uint64) bool {
	changed := false
	for i := 0; i < len(code); {
		h, end := code[i], int(code[i+1])
		p, nr := uint32(h), int(h>>32)
		i += 2
		val := false
		for ; nr > 0 && !val; nr-- {
			val, i = holds(code, i, v)
		}
		i = end
		w, b := p>>6, uint64(1)<<(p&63)
		old := v[w] & b
		if val {
			v[w] |= b
		} else {
			v[w] &^= b
		}
		changed = changed || (old != 0) != val
	}
	return changed
}

// orMasks runs masked code on v, setting each proposition one of whose
// rules holds (and leaving the others as they are).
func orMasks(code []uint64, v []uint64) {
	for i := 0; i < len(code); {
		h := code[i]
		p := uint32(h)
		ok, _ := holds(code, i+2, v)
		i = int(code[i+1])
		if ok {
			v[p>>6] |= 1 << (p & 63)
		}
	}
}

// mask turns the net's code into masked code, once, when it is compiled.
func (n *net) mask() {
	for _, pr := range []*program{&n.view, &n.step} {
		for i := range pr.segs {
			s := &pr.segs[i]
			s.masked = maskCode(pr.code[s.lo:s.hi])
		}
	}
	n.byDoesMasked = make([][]uint64, len(n.byDoes))
	for i, c := range n.byDoes {
		n.byDoesMasked[i] = maskDoes(c)
	}
}
