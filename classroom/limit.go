package classroom

import (
	"sync"
	"time"
)

// Rate limits per client (address), for the web's join and answer.
const (
	// JoinsPerMinute and JoinBurst bound a client's joins: a class behind
	// one school address joins in a burst, a code guesser does not get far.
	JoinsPerMinute = 120
	JoinBurst      = 60
	// AnswersPerMinute and AnswerBurst bound a client's answers.
	AnswersPerMinute = 600
	AnswerBurst      = 120
	// limiterKeys is the most clients a limiter tracks; past it the
	// fullest buckets are forgotten first.
	limiterKeys = 100_000
)

// Limiter is a token bucket per key.
type Limiter struct {
	rate  float64 // tokens per second
	burst float64
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// NewLimiter allows perMinute per key, and burst at once.
func NewLimiter(perMinute, burst int) *Limiter {
	return &Limiter{rate: float64(perMinute) / 60, burst: float64(burst), now: time.Now, buckets: map[string]*bucket{}}
}

// Allow takes a token of key's, and reports whether there was one.
func (l *Limiter) Allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= limiterKeys {
			l.sweep(now)
		}
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// sweep forgets the buckets that are full again.
func (l *Limiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*l.rate >= l.burst {
			delete(l.buckets, k)
		}
	}
}
