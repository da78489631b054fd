package main

import (
	"strings"
	"testing"
)

// TestHelpFlagExitsZero: asking a command for its help is not an error.
func TestHelpFlagExitsZero(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--help"}, {"solve", "-h"}, {"trace", "--help"}, {"bench", "-help"},
		{"serve", "--help"}, {"tournament", "--help"},
	} {
		code, _, stderr := runCmd(args...)
		if code != exitOK || !strings.Contains(stderr, "Usage:") {
			t.Errorf("abtrace %s: got exit %d and %q, want exit 0 and the help", strings.Join(args, " "), code, shorten(stderr))
		}
	}
	// A flag the command does not know is still a usage error.
	if code, _, _ := runCmd("solve", "--nope"); code != exitUsage {
		t.Errorf("solve --nope: got exit %d, want %d", code, exitUsage)
	}
}

// TestZeroMatchesRefused: --matches 0 and --take 0 are errors, not the
// defaults in disguise.
func TestZeroMatchesRefused(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--game", "nim", "--matches", "0"}, "--matches 0: want a number from 1 to 64"},
		{[]string{"solve", "--game", "nim", "--take", "0"}, "--take 0: want a number from 1 to 8"},
		{[]string{"trace", "--game", "nim", "--matches", "0", "--take", "3"}, "--matches 0"},
	}
	for _, c := range cases {
		code, _, stderr := runCmd(c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("abtrace %s: got exit %d and %q, want exit %d and %q", strings.Join(c.args, " "), code, stderr, exitUsage, c.want)
		}
	}
	if code, stdout, stderr := runCmd("solve", "--game", "nim", "--matches", "6", "--take", "3"); code != exitOK {
		t.Errorf("solve --game nim --matches 6 --take 3: got exit %d (%s%s), want 0", code, stdout, stderr)
	}
}

func shorten(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}
