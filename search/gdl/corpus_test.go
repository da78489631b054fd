package gdl

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestCorpus reads every .kif file under $GDL_CORPUS (a checkout of a public
// game repository; the test is skipped without one), and plays one random
// game to the end in each it reads. It reports what it refuses, by the rule
// that refused it, and fails when it reads fewer than 95 %.
func TestCorpus(t *testing.T) {
	dir := os.Getenv("GDL_CORPUS")
	if dir == "" {
		t.Skip("GDL_CORPUS is not set")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.kif"))
	sort.Strings(files)
	read, played := 0, 0
	reasons := map[string]int{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Load(string(b))
		if err != nil {
			why := "?"
			if l, ok := err.(ErrorList); ok {
				why = l[0].Rule
			}
			reasons[why]++
			t.Logf("refused %s: %v", filepath.Base(f), strings.SplitN(err.Error(), "\n", 2)[0])
			continue
		}
		read++
		start := time.Now()
		err = corpusPlay(d)
		if el := time.Since(start); el > time.Second {
			t.Logf("slow: %s took %v", filepath.Base(f), el)
		}
		if err != nil {
			t.Logf("cannot play %s: %v", filepath.Base(f), err)
			reasons["play: "+strings.SplitN(err.Error(), ":", 3)[1]]++
			continue
		}
		played++
	}
	t.Logf("%d files, %d read (%.1f %%), %d played to the end; refusals %v", len(files), read, 100*float64(read)/float64(len(files)), played, reasons)
	if read*100 < 95*len(files) {
		t.Errorf("read %d of %d, less than 95 %%", read, len(files))
	}
	if played != read {
		t.Errorf("played %d of the %d read", played, read)
	}
}
