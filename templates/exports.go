package templates

import (
	"net/url"
	"strings"
)

// Exports is the export menu of a view: its step as SVG, PNG and LaTeX,
// the exam sheet and its key, the whole search as a standalone HTML file,
// and the snippet that embeds the search in a course page. Every link is
// the view's own query on an export route, so a view's address becomes its
// export by changing the path; export.js keeps the links on the step the
// viewer shows as it steps.
type Exports struct {
	Links []ExportLink
	// Embed is the <iframe> snippet for a course page.
	Embed string
	// Script is the address of export.js; "" where the links never change
	// (the worksheet's key).
	Script string
}

// ExportLink is one link of the export menu.
type ExportLink struct {
	// Text and Title are the IDs of the link's messages (its text and
	// its tooltip), worded in the page's language.
	Text, Title string
	// Href is the link at render time; Path and Extra are the route and
	// the parameters export.js adds to the page's current query.
	Href, Path, Extra string
	Download          bool
	TestID            string
}

// maxInlineQuery is the longest query the export links carry in the page
// itself; longer ones (a huge tree's text) are written in by export.js,
// so that the page does not repeat the tree in every link.
const maxInlineQuery = 1024

// NewExports builds the menu for a view whose query (scenario, step, open,
// and for a comparison its panes) is query. pane names the comparison's
// pane ("" for the viewer); script is export.js's address.
func NewExports(query, pane, script string) Exports {
	extra := url.Values{}
	if pane != "" {
		extra.Set("pane", pane)
	}
	link := func(text, title, path, more string, download bool, id string) ExportLink {
		q, _ := url.ParseQuery(query)
		x := url.Values{}
		for k, v := range extra {
			x[k] = v
		}
		if more != "" {
			m, _ := url.ParseQuery(more)
			for k, v := range m {
				x[k] = v
			}
		}
		for k, v := range x {
			q[k] = v
		}
		if len(query) > maxInlineQuery && script != "" {
			// A huge tree's query is not repeated in every link:
			// export.js writes it in from the page's address.
			q = x
		}
		return ExportLink{Text: text, Title: title, Href: path + "?" + q.Encode(), Path: path, Extra: x.Encode(), Download: download, TestID: id}
	}
	x := Exports{Script: script, Links: []ExportLink{
		link("export.svg", "export.svg.title", "/export.svg", "download=1", true, "export-svg"),
		link("export.png", "export.png.title", "/export.png", "download=1", true, "export-png"),
		link("export.tex", "export.tex.title", "/export.tex", "", true, "export-tex"),
		link("export.exam", "export.exam.title", "/export.tex", "blank=1", true, "export-exam"),
		link("export.key", "export.key.title", "/export.tex", "key=1", true, "export-key"),
	}}
	if pane == "" {
		x.Links = append(x.Links, link("export.html", "export.html.title", "/export.html", "", true, "export-html"),
			link("export.diff", "export.diff.title", "/diff", "", false, "export-diff"))
		embed := link("", "", "/embed", "", false, "")
		x.Embed = `<iframe src="` + embed.Href + `" width="900" height="600" title="alpha-beta, step by step"></iframe>`
	}
	return x
}

// WorksheetExports is the export menu of an exercise's answer key: its
// tree as an exam sheet and its key in LaTeX, and the solved tree as SVG.
func WorksheetExports(tree, root, prune string) Exports {
	q := url.Values{"tree": {tree}}
	if root != "" && root != "max" {
		q.Set("root", root)
	}
	if prune != "" && prune != "ge" {
		q.Set("prune", prune)
	}
	q.Set("step", "end")
	x := NewExports(q.Encode(), "", "")
	x.Embed = ""
	keep := x.Links[:0]
	for _, l := range x.Links {
		if l.TestID == "export-svg" || l.TestID == "export-exam" || l.TestID == "export-key" || l.TestID == "export-png" {
			keep = append(keep, l)
		}
	}
	x.Links = keep
	return x
}

// hasEmbed reports whether the menu offers the embed snippet.
func (x Exports) hasEmbed() bool { return strings.TrimSpace(x.Embed) != "" }
