package i18n

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/abtrace/abtrace/trace"
)

// MaxWordedPhrases is how many worded phrases are kept (a Phrase in a
// language other than English, a message of T or N in any), so that the
// next time the same phrase is worded it is looked up rather than worded
// again through go-i18n (language matching, plural rules and a
// text/template per message): every step of a session words its
// narration, a page words its messages for every node it draws, and a
// class in a German or Czech course words the same sentences five hundred
// times. When the memo is full it is emptied and fills again. Kept phrases
// take about 300 bytes each, so the memo holds at most a few MB.
const MaxWordedPhrases = 1 << 14

// phraseMemo keeps worded phrases by phraseKey.
type phraseMemo struct {
	mu sync.Mutex
	m  map[string]string
}

var worded = &phraseMemo{m: map[string]string{}}

func (pm *phraseMemo) get(key string) (string, bool) {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	s, ok := pm.m[key]
	return s, ok
}

func (pm *phraseMemo) put(key, s string) {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	if len(pm.m) >= MaxWordedPhrases {
		clear(pm.m)
	}
	pm.m[key] = s
}

// len is how many phrases are kept.
func (pm *phraseMemo) len() int {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	return len(pm.m)
}

// phraseKey is the key of phrase p worded in language l: everything the
// wording depends on, each value with its type and length, so that two
// phrases that could be worded differently never share a key. It reports
// false for a phrase with an argument of another type than a string, a
// name, an int or a nested phrase: such a phrase is worded each time.
func phraseKey(l Lang, p trace.Phrase) (string, bool) {
	var b strings.Builder
	b.WriteString(string(l))
	b.WriteByte(0)
	if !writePhraseKey(&b, p) {
		return "", false
	}
	return b.String(), true
}

func writePhraseKey(b *strings.Builder, p trace.Phrase) bool {
	writeField(b, 'p', p.ID)
	if p.Plural {
		writeField(b, 'c', strconv.Itoa(p.Count))
	}
	keys := make([]string, 0, len(p.Args))
	for k := range p.Args {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		writeField(b, 'k', k)
		switch v := p.Args[k].(type) {
		case string:
			writeField(b, 's', v)
		case trace.Name:
			writeField(b, 'n', string(v))
		case int:
			writeField(b, 'i', strconv.Itoa(v))
		case trace.Phrase:
			b.WriteByte('{')
			if !writePhraseKey(b, v) {
				return false
			}
			b.WriteByte('}')
		default:
			return false
		}
	}
	b.WriteByte('.')
	return true
}

// writeField writes a typed, length-prefixed field.
func writeField(b *strings.Builder, kind byte, s string) {
	b.WriteByte(kind)
	b.WriteString(strconv.Itoa(len(s)))
	b.WriteByte(':')
	b.WriteString(s)
}
