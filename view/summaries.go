package view

import (
	"maps"
	"sync"
)

// MaxSharedSearches is how many searches' summaries the process keeps for
// the cursors that open the same search next (the other students of a
// class opening the lecturer's link, the render of a page at its last
// step). Each holds at most MaxSummaries summaries of SummaryBytes, so
// they cost at most MaxSharedSearches·MaxSummaries·SummaryBytes (40 MB);
// the least recently used search is forgotten first.
const MaxSharedSearches = 8

// sharedSummaries holds, per search (its scenario's query), the summaries
// that a cursor made on its way to the end of the search.
var sharedSummaries = &summaryStore{m: map[string]*sharedEntry{}}

// summaryStore keeps the summaries of recent searches. A map it hands out
// is never written again, so cursors read it without a lock.
type summaryStore struct {
	mu   sync.Mutex
	m    map[string]*sharedEntry
	tick uint64
}

type sharedEntry struct {
	sums map[string]*summary
	used uint64
}

// get returns the summaries kept for a search (nil when none).
func (st *summaryStore) get(key string) map[string]*summary {
	st.mu.Lock()
	defer st.mu.Unlock()
	e := st.m[key]
	if e == nil {
		return nil
	}
	st.tick++
	e.used = st.tick
	return e.sums
}

// put adds a cursor's summaries to those kept for its search, and returns
// the summaries now kept.
func (st *summaryStore) put(key string, sums map[string]*summary) map[string]*summary {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.tick++
	e := st.m[key]
	if e == nil {
		for len(st.m) >= MaxSharedSearches {
			oldest := ""
			for k, x := range st.m {
				if oldest == "" || x.used < st.m[oldest].used {
					oldest = k
				}
			}
			delete(st.m, oldest)
		}
		e = &sharedEntry{}
		st.m[key] = e
	}
	merged := make(map[string]*summary, min(len(e.sums)+len(sums), MaxSummaries))
	maps.Copy(merged, e.sums)
	for id, s := range sums {
		if len(merged) >= MaxSummaries {
			break
		}
		merged[id] = s
	}
	e.sums, e.used = merged, st.tick
	return merged
}

// forget drops every search's summaries (for tests and benchmarks that
// measure a cursor that meets a search for the first time).
func (st *summaryStore) forget() {
	st.mu.Lock()
	defer st.mu.Unlock()
	clear(st.m)
}

// ForgetShared drops everything the process keeps for the next cursor or
// scene of the same scenario: the summaries, the scenes and the spacings
// chosen. A server calls it once its class has left, to hand the memory
// back.
func ForgetShared() {
	ForgetSummaries()
	spacings.Forget()
}

// ForgetSummaries drops the summaries kept for every search, and the
// scenes kept for every scenario (MaxSharedScenes). A server never needs
// it: benchmarks call it to measure a search met for the first time.
func ForgetSummaries() {
	sharedSummaries.forget()
	sharedScenes.Forget()
}
