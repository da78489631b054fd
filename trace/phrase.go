package trace

import (
	"fmt"
	"strings"
	"sync"
	"text/template"
	"unicode"
	"unicode/utf8"
)

// A Phrase is a sentence (or a part of one) not yet put into words: the ID
// of a message and its arguments. The narration is made of phrases so that
// a viewer can word it in the lecture's language: [Phrase.String] words it
// in English from [English], and the i18n package in German or Czech from
// its catalogs, which hold a translation of every message in [English].
//
// Arguments are strings (numbers already written as the lecture writes
// them, names as they are drawn) or nested phrases, which are worded first.
// A phrase with Plural set chooses its message's plural form by Count,
// with the rules of the language it is worded in (CLDR: English and German
// one/other, Czech one/few/many/other).
type Phrase struct {
	ID     string
	Args   map[string]any
	Count  int
	Plural bool
}

// PhraseOf is the phrase of message id with the arguments kv (name,
// value, …), each value written as fmt.Sprint writes it but an int, a
// count, which the wording groups as the language does (GroupCounts).
func PhraseOf(id string, kv ...any) Phrase {
	p := Phrase{ID: id, Args: make(map[string]any, len(kv)/2)}
	for i := 0; i+1 < len(kv); i += 2 {
		if n, ok := kv[i+1].(int); ok {
			p.Args[kv[i].(string)] = n
			continue
		}
		p.Args[kv[i].(string)] = fmt.Sprint(kv[i+1])
	}
	return p
}

// Message is the English text of a message: a text/template over the
// phrase's arguments. One is the singular form of a plural message and is
// empty for the others; Other is the text (the plural form of a plural
// message). The function cap upper-cases the first letter of its argument.
type Message struct {
	One, Other string
	// Description tells translators what the message is for and what its
	// arguments hold.
	Description string
}

// English holds every message of the narration, in English, by ID. The
// i18n package takes them as its English catalog and checks that German
// and Czech translate each one.
var English = narrationEnglish

// TemplateFuncs are the functions a message's template may call, in every
// language: cap upper-cases the first letter of a text ("the root" → "The
// root") but leaves a Name as it is written.
var TemplateFuncs = template.FuncMap{"cap": capArg}

// Name is a node's name as the tree or the game writes it (a label, a
// cell "b2", a column "d"): a sentence that starts with it keeps its case.
type Name string

// capArg is the template function cap.
func capArg(v any) string {
	switch x := v.(type) {
	case Name:
		return string(x)
	case string:
		return Capitalize(x)
	case nil:
		return ""
	}
	return Capitalize(fmt.Sprint(v))
}

// Capitalize upper-cases the first letter of s.
func Capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// say makes a phrase from an ID and argument pairs (name, value, …).
func say(id string, kv ...any) Phrase {
	p := Phrase{ID: id}
	if len(kv) > 0 {
		p.Args = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			p.Args[kv[i].(string)] = kv[i+1]
		}
	}
	return p
}

// sayN makes a plural phrase counting n.
func sayN(id string, n int, kv ...any) Phrase {
	p := say(id, kv...)
	p.Count, p.Plural = n, true
	return p
}

var englishTemplates sync.Map // message ID + "/one" or "/other" → *wording

// String words the phrase in English. An unknown ID is written as it is,
// so a missing message shows up in the text rather than as an empty line.
func (p Phrase) String() string { return p.WordIn(English) }

// WordIn words the phrase in English from catalog, a package's English
// messages by ID (such as [English]); an ID it lacks is written as it is.
// IDs are unique across the catalogs (the i18n package checks), so one
// cache of parsed templates serves them all.
func (p Phrase) WordIn(catalog map[string]Message) string {
	return p.Word(func(q Phrase) (string, bool) {
		m, ok := catalog[q.ID]
		if !ok {
			return "", false
		}
		form, text := "/other", m.Other
		if q.Plural && q.Count == 1 && m.One != "" {
			form, text = "/one", m.One
		}
		key := q.ID + form
		w, ok := englishTemplates.Load(key)
		if !ok {
			parsed, err := template.New(key).Funcs(TemplateFuncs).Option("missingkey=zero").Parse(text)
			if err != nil {
				return "", false
			}
			w, _ = englishTemplates.LoadOrStore(key, &wording{t: parsed, plain: compilePlain(text)})
		}
		return w.(*wording).word(GroupCounts(q.Data(), GroupEnglish))
	})
}

// Word words the phrase with lookup, which words one phrase whose nested
// phrases have already been worded (reporting false when it has no message
// for it). Word words nested phrases first, depth first.
func (p Phrase) Word(lookup func(Phrase) (string, bool)) string {
	q := p
	if hasPhrase(p.Args) {
		q.Args = make(map[string]any, len(p.Args))
		for k, v := range p.Args {
			if n, ok := v.(Phrase); ok {
				v = n.Word(lookup)
			}
			q.Args[k] = v
		}
	}
	if s, ok := lookup(q); ok {
		return s
	}
	return p.ID
}

// hasPhrase says whether args hold a nested phrase: only then are they
// copied to be worded (the lookups only read them).
func hasPhrase(args map[string]any) bool {
	for _, v := range args {
		if _, ok := v.(Phrase); ok {
			return true
		}
	}
	return false
}

// Data is the template data of a phrase whose nested phrases have been
// worded: its arguments, and Count as "Count" when it is plural.
func (p Phrase) Data() map[string]any {
	if !p.Plural {
		return p.Args
	}
	d := make(map[string]any, len(p.Args)+1)
	for k, v := range p.Args {
		d[k] = v
	}
	d["Count"] = p.Count
	return d
}

func execute(t *template.Template, data map[string]any) (string, bool) {
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return "", false
	}
	return b.String(), true
}
