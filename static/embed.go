// Package static holds the viewer's own style sheet and scripts, embedded
// in the binary so that abtrace runs with no files beside it. There is no
// build step and no third-party code: the scripts are plain ES modules.
package static

import "embed"

// FS holds the style sheets and the scripts (abtrace.css, theme.js, keys.js,
// viewer.js, …) at its root.
//
//go:embed *.css *.js
var FS embed.FS
