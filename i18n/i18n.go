// Package i18n words abtrace in the lecture's language: English (the
// default), German and Czech. It is a small layer over go-i18n
// (github.com/nicksnyder/go-i18n/v2), which knows the CLDR plural rules
// (English and German one/other, Czech one/few/many/other).
//
// The catalogs are embedded: locales/en.toml, de.toml and cs.toml hold
// the pages' messages, with more files per language beside them named
// <part>.<lang>.toml (tools.de.toml), and the narration's English messages
// come from the trace package ([trace.English]), whose sentences de.toml and cs.toml
// translate. Every message has a translation in every language; a test
// fails when one is missing, and when code uses an ID no catalog has.
//
// α, β, MAX, MIN and CHANCE are written as the lectures write them, in
// every language. Numbers keep the decimal point, as in the tree text.
//
// A page finds its language with [Negotiate]: the lang= of its URL, else
// the browser's Accept-Language, else English. Templates get their
// [Localizer] from the request's context ([FromContext]).
package i18n

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/exercise"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/gdleval"
	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tournament"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// Lang is a language abtrace speaks, by its BCP 47 code.
type Lang string

// The languages, English first: it is the default and the source the
// others translate.
const (
	English Lang = "en"
	German  Lang = "de"
	Czech   Lang = "cs"
)

// Langs lists the languages in the order the header's switch shows them.
var Langs = []Lang{English, German, Czech}

// Name is the language's own name for itself, as the switch shows it.
func (l Lang) Name() string {
	switch l {
	case German:
		return "Deutsch"
	case Czech:
		return "Čeština"
	}
	return "English"
}

// Parse reads a language code ("de", "cs-CZ", "EN"); ok is false when it
// is none of Langs.
func Parse(s string) (Lang, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(s, "-_"); i >= 0 {
		s = s[:i]
	}
	for _, l := range Langs {
		if string(l) == s {
			return l, true
		}
	}
	return English, false
}

var matcher = language.NewMatcher([]language.Tag{language.English, language.German, language.Czech})

// Negotiate chooses a page's language: query (the URL's lang=) when it
// names one of Langs, else the best match for acceptLanguage (the
// request's Accept-Language header), else English.
func Negotiate(query, acceptLanguage string) Lang {
	if l, ok := Parse(query); ok {
		return l
	}
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return English
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No {
		return English
	}
	return Langs[i]
}

//go:embed locales/*.toml
var locales embed.FS

// catalog holds the bundle and, for the completeness check, each
// language's messages by ID.
type catalog struct {
	bundle   *goi18n.Bundle
	messages map[Lang]map[string]*goi18n.Message
	locs     map[Lang]*Localizer
	// english is every English message (the pages' catalogs and the
	// packages' English sources), by ID, for [Localizer.Phrase].
	english map[string]trace.Message
	// pseudo are the IDs of the pseudocode's fragments, longest English
	// first, so that no fragment is cut by a shorter one inside it.
	pseudo []string
}

var cat = mustLoad(locales)

func mustLoad(fsys fs.FS) *catalog {
	c, err := load(fsys)
	if err != nil {
		panic(err)
	}
	return c
}

func load(fsys fs.FS) (*catalog, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	c := &catalog{bundle: b, messages: map[Lang]map[string]*goi18n.Message{}, locs: map[Lang]*Localizer{}}
	for _, l := range Langs {
		// A language's catalog is locales/<lang>.toml and any number of
		// locales/<part>.<lang>.toml beside it; an ID is in one file only.
		more, err := fs.Glob(fsys, "locales/*."+string(l)+".toml")
		if err != nil {
			return nil, fmt.Errorf("i18n: %w", err)
		}
		ms := map[string]*goi18n.Message{}
		for _, name := range append([]string{"locales/" + string(l) + ".toml"}, more...) {
			f, err := b.LoadMessageFileFS(fsys, name)
			if err != nil {
				return nil, fmt.Errorf("i18n: %w", err)
			}
			for _, m := range f.Messages {
				if _, dup := ms[m.ID]; dup {
					return nil, fmt.Errorf("i18n: message %q is twice in the %s catalog (again in %s)", m.ID, l, name)
				}
				ms[m.ID] = m
			}
		}
		c.messages[l] = ms
	}
	// The narration's English is the trace package's, the exercise
	// checker's the exercise package's, the tree text's errors the tree
	// package's, the scenario's and the options' errors those of the
	// scenario, search and tournament packages, the capture game's
	// position errors the minichess package's.
	en := c.messages[English]
	source := maps.Clone(trace.English)
	for id, m := range exercise.English {
		source[id] = m
	}
	for id, m := range tree.English {
		source[id] = m
	}
	for id, m := range scenario.English {
		source[id] = m
	}
	for id, m := range search.English {
		source[id] = m
	}
	for id, m := range tournament.English {
		source[id] = m
	}
	for id, m := range minichess.English {
		source[id] = m
	}
	for id, m := range gdl.English {
		source[id] = m
	}
	for id, m := range gdleval.English {
		source[id] = m
	}
	for _, id := range slices.Sorted(maps.Keys(source)) {
		m := source[id]
		if _, dup := en[id]; dup {
			return nil, fmt.Errorf("i18n: message %q is both in en.toml and in trace.English, exercise.English or tree.English", id)
		}
		gm := &goi18n.Message{ID: id, One: m.One, Other: m.Other, Description: m.Description}
		if err := b.AddMessages(language.English, gm); err != nil {
			return nil, fmt.Errorf("i18n: %w", err)
		}
		en[id] = gm
	}
	c.english = make(map[string]trace.Message, len(en))
	for id, m := range en {
		c.english[id] = trace.Message{One: m.One, Other: m.Other}
	}
	for _, l := range Langs {
		group := trace.GroupEnglish
		if m := c.messages[l]["number.group"]; m != nil && m.Other != "" {
			group = m.Other
		}
		c.locs[l] = &Localizer{lang: l, loc: goi18n.NewLocalizer(b, string(l)), cat: c, group: group}
	}
	for id := range en {
		if strings.HasPrefix(id, "pseudo.") {
			c.pseudo = append(c.pseudo, id)
		}
	}
	slices.SortFunc(c.pseudo, func(a, b string) int {
		if d := len(en[b].Other) - len(en[a].Other); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	return c, nil
}

// Localizer words messages in one language. Its methods never fail: a
// message that cannot be worded comes out in English, or as its ID, and
// the catalog tests keep that from happening.
type Localizer struct {
	lang Lang
	loc  *goi18n.Localizer
	cat  *catalog
	// group separates the thousands of a count (its message number.group):
	// a phrase's counts are written grouped (trace.GroupCounts).
	group string
}

// For returns the localizer of language l (English for an unknown one).
func For(l Lang) *Localizer {
	if loc, ok := cat.locs[l]; ok {
		return loc
	}
	return cat.locs[English]
}

// Lang is the localizer's language.
func (l *Localizer) Lang() Lang { return l.lang }

// T words message id with its arguments, given as name, value pairs:
// T("home.title") or T("view.step-of", "Step", 3, "Total", 40).
func (l *Localizer) T(id string, kv ...any) string {
	return l.word(pairs(id, kv), false, 0)
}

// N words plural message id for count n (its template sees n as .Count),
// with the language's plural rules.
func (l *Localizer) N(id string, n int, kv ...any) string {
	return l.word(pairs(id, kv), true, n)
}

// Phrase words a phrase made of catalog messages: the narration's, the
// pages', the errors' of every package, in any language. In English it
// words the phrase from every English message as the trace package
// words the narration ([trace.Phrase.WordIn]), so that English reads
// exactly as the frame's own narration; an ID no catalog has comes out
// as it is.
func (l *Localizer) Phrase(p trace.Phrase) string {
	if p.ID == "" {
		return ""
	}
	if l.lang == English {
		return p.WordIn(l.cat.english)
	}
	key, ok := phraseKey(l.lang, p)
	if ok && l.cat == cat {
		if s, hit := worded.get(key); hit {
			return s
		}
	}
	s := l.phrase(p)
	if ok && l.cat == cat {
		worded.put(key, s)
	}
	return s
}

// phrase words p in a language other than English through go-i18n.
func (l *Localizer) phrase(p trace.Phrase) string {
	return p.Word(func(q trace.Phrase) (string, bool) {
		s, err := l.localize(q.ID, q.Data(), q.Plural, q.Count)
		return s, err == nil
	})
}

func pairs(id string, kv []any) trace.Phrase {
	p := trace.Phrase{ID: id}
	if len(kv) > 0 {
		p.Args = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			k, _ := kv[i].(string)
			p.Args[k] = kv[i+1]
		}
	}
	return p
}

// word words message p.ID with p's arguments (plural, for count n). A
// page words the same messages for every node it draws, in every request:
// what was worded is kept in the memo of worded phrases (a key apart from
// Phrase's), so that go-i18n words each message once per language and
// arguments, not once per node.
func (l *Localizer) word(p trace.Phrase, plural bool, n int) string {
	p.Plural, p.Count = plural, n
	key, ok := phraseKey(l.lang, p)
	ok = ok && l.cat == cat
	if ok {
		key = "T\x00" + key
		if s, hit := worded.get(key); hit {
			return s
		}
	}
	s := l.wordNow(p, plural, n)
	if ok {
		worded.put(key, s)
	}
	return s
}

// wordNow words p through go-i18n, in English where l's language has no
// translation.
func (l *Localizer) wordNow(p trace.Phrase, plural bool, n int) string {
	s, err := l.localize(p.ID, p.Data(), plural, n)
	if err != nil && l.lang != English {
		return For(English).wordNow(p, plural, n)
	}
	if err != nil {
		return p.ID
	}
	return s
}

func (l *Localizer) localize(id string, data map[string]any, plural bool, n int) (string, error) {
	lc := &goi18n.LocalizeConfig{MessageID: id, TemplateData: trace.GroupCounts(data, l.group), Funcs: trace.TemplateFuncs}
	if plural {
		lc.PluralCount = n
	}
	s, tag, err := l.loc.LocalizeWithTag(lc)
	if err == nil && tag != language.Make(string(l.lang)) && l.lang != English {
		return s, fmt.Errorf("i18n: %q has no %s translation", id, l.lang)
	}
	return s, err
}

type ctxKey struct{}

// NewContext returns a context that carries l, for the templates.
func NewContext(ctx context.Context, l *Localizer) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// FromContext returns the localizer ctx carries, or English's.
func FromContext(ctx context.Context) *Localizer {
	if ctx != nil {
		if l, ok := ctx.Value(ctxKey{}).(*Localizer); ok {
			return l
		}
	}
	return For(English)
}

// IDs returns the IDs of every English message, sorted: the messages every
// language must translate.
func IDs() []string { return slices.Sorted(maps.Keys(cat.messages[English])) }

// Pseudocode words a line (or the title) of a pseudocode listing in l's
// language. The listings keep the keywords lectures keep in every language
// (function, if … then return, for each … do) and the functions' names in
// capitals; their prose (what a function returns, the comments after ▹,
// the titles) is translated fragment by fragment: each message whose ID
// starts with "pseudo." is an English fragment and its translation.
func (l *Localizer) Pseudocode(s string) string {
	if l.lang == English || s == "" {
		return s
	}
	for _, id := range cat.pseudo {
		en := cat.messages[English][id].Other
		if strings.Contains(s, en) {
			s = strings.ReplaceAll(s, en, l.T(id))
		}
	}
	return s
}
