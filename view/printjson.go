package view

import (
	"hash"
	"strconv"
	"unicode/utf8"
)

// appendAttrsJSON appends attrs as encoding/json's Encoder writes them
// (HTML characters escaped, a newline at the end): the bytes Print
// digests, written without reflection. Encoding them through
// encoding/json was a tenth of the server's render of tic-tac-toe at its
// end. TestAttrsJSONAsEncodingJSON holds the two to the same bytes.
func appendAttrsJSON(b []byte, attrs []NodeAttrs) []byte {
	if attrs == nil {
		return append(b, "null\n"...)
	}
	b = append(b, '[')
	for i := range attrs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendNodeAttrs(b, &attrs[i])
	}
	return append(b, "]\n"...)
}

func appendNodeAttrs(b []byte, a *NodeAttrs) []byte {
	b = appendNodeHead(b, a)
	if f := a.Fold; f != nil {
		b = appendFoldAttrs(b, f)
	}
	return append(b, '}')
}

// appendNodeHead is appendNodeAttrs up to the fold and the closing brace.
func appendNodeHead(b []byte, a *NodeAttrs) []byte {
	b = appendField(b, `{"id":`, a.ID)
	b = appendField(b, `,"state":`, a.State)
	b = appendField(b, `,"value":`, a.Value)
	b = appendField(b, `,"shown":`, a.Shown)
	b = appendOmitEmpty(b, `,"who":`, a.Who)
	b = appendOmitEmpty(b, `,"alpha":`, a.Alpha)
	b = appendOmitEmpty(b, `,"beta":`, a.Beta)
	b = appendField(b, `,"class":`, a.Class)
	b = appendOmitEmpty(b, `,"edge":`, a.Edge)
	if c := a.Cut; c != nil {
		b = appendField(b, `,"cut":{"x1":`, c.X1)
		b = appendField(b, `,"y1":`, c.Y1)
		b = appendField(b, `,"x2":`, c.X2)
		b = appendField(b, `,"y2":`, c.Y2)
		b = appendOmitEmpty(b, `,"full":`, c.Full)
		b = appendOmitEmpty(b, `,"test":`, c.Test)
		b = appendOmitEmpty(b, `,"tx":`, c.TestX)
		b = appendOmitEmpty(b, `,"ty":`, c.TestY)
		b = appendOmitEmpty(b, `,"size":`, c.Size)
		b = append(b, '}')
	}
	return b
}

// appendFoldAttrs appends a node's "fold" field.
func appendFoldAttrs(b []byte, f *FoldAttrs) []byte {
	b = strconv.AppendInt(append(b, `,"fold":{"visited":`...), int64(f.Visited), 10)
	b = strconv.AppendInt(append(b, `,"pruned":`...), int64(f.Pruned), 10)
	b = strconv.AppendInt(append(b, `,"total":`...), int64(f.Total), 10)
	if f.Made {
		b = append(b, `,"made":true`...)
	}
	b = appendField(b, `,"seen":`, f.Seen)
	b = appendField(b, `,"of":`, f.Of)
	b = appendField(b, `,"title":`, f.Title)
	return append(b, '}')
}

// printChunk is how many bytes of the attributes' JSON Print gathers
// before it hands them to the hash.
const printChunk = 32 << 10

// digestAttrsJSON writes appendAttrsJSON's bytes into h, a chunk at a
// time, so that the whole JSON is never held in memory (it grew from a
// guess and was copied as it grew). A fold's attributes shared by several nodes
// (Drawing.Attrs shares those with the same counts) are written once and
// copied.
func digestAttrsJSON(h hash.Hash, attrs []NodeAttrs) {
	if attrs == nil {
		h.Write([]byte("null\n"))
		return
	}
	b := make([]byte, 0, printChunk+printChunk/2)
	folds := map[*FoldAttrs][]byte{}
	b = append(b, '[')
	for i := range attrs {
		if i > 0 {
			b = append(b, ',')
		}
		a := &attrs[i]
		b = appendNodeHead(b, a)
		if f := a.Fold; f != nil {
			j, ok := folds[f]
			if !ok {
				j = appendFoldAttrs(nil, f)
				folds[f] = j
			}
			b = append(b, j...)
		}
		b = append(b, '}')
		if len(b) >= printChunk {
			h.Write(b)
			b = b[:0]
		}
	}
	h.Write(append(b, "]\n"...))
}

// appendField appends the name (with its punctuation) and s as a JSON
// string.
func appendField(b []byte, name, s string) []byte {
	return appendJSONString(append(b, name...), s)
}

// appendOmitEmpty is appendField, or nothing when s is "" (omitempty).
func appendOmitEmpty(b []byte, name, s string) []byte {
	if s == "" {
		return b
	}
	return appendField(b, name, s)
}

// appendJSONString appends s quoted as encoding/json quotes a string with
// HTML escaping on: <, > and & as \u003c, \u003e and \u0026, control
// characters escaped, invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
