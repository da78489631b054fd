package trace

import (
	"math"
	"strconv"
)

// WrittenDecimals is the most decimals a number shown to a person has: a
// lecturer writes 23/3 as 7.67, never as 7.666666666666666.
const WrittenDecimals = 2

// Written is how a lecturer writes the value x, and so how every page,
// panel, export and narration shows a number: an integer as it is (12,
// −3), a decimal of at most two places as it is (7.5, 0.25), anything
// longer rounded to two places (7.67, 4.04), −∞ and +∞ as such, with a
// true minus sign. It is Num(x).String().
func Written(x float64) string {
	var b [24]byte
	return string(appendWritten(b[:0], x))
}

// WrittenExactly reports whether Written(x) is x itself, not x rounded:
// a sum that adds rounded terms is then written with ≈, not =.
func WrittenExactly(x float64) bool {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return true
	}
	return decimals(strconv.AppendFloat(nil, math.Abs(x), 'f', -1, 64)) <= WrittenDecimals
}

// appendWritten appends Written(x) to b.
func appendWritten(b []byte, x float64) []byte {
	switch {
	case math.IsInf(x, 1):
		return append(b, "+∞"...)
	case math.IsInf(x, -1):
		return append(b, "−∞"...)
	case math.IsNaN(x):
		return append(b, '?')
	case x == 0: // −0 too
		return append(b, '0')
	}
	start := len(b)
	neg := x < 0
	if neg {
		b = append(b, "−"...)
		x = -x
	}
	digits := len(b)
	b = strconv.AppendFloat(b, x, 'f', -1, 64)
	if decimals(b[digits:]) <= WrittenDecimals {
		return b
	}
	r := math.Round(x*100) / 100
	if r == 0 {
		return append(b[:start], '0') // −0.001 is 0, without a sign
	}
	return strconv.AppendFloat(b[:digits], r, 'f', -1, 64)
}

// decimals counts the digits after the point of a decimal text.
func decimals(b []byte) int {
	for i, c := range b {
		if c == '.' {
			return len(b) - i - 1
		}
	}
	return 0
}

// WrittenProb is how a lecturer writes a probability: a decimal of at most
// two places as it is (0.9, 0.25), else a fraction with a denominator up
// to 16 where it is one (1/6, 2/3, 1/16), else rounded to two places.
func WrittenProb(p float64) string {
	if WrittenExactly(p) {
		return Written(p)
	}
	for d := 3; d <= 16; d++ {
		if n := math.Round(p * float64(d)); n > 0 && math.Abs(p*float64(d)-n) < 1e-7 {
			return strconv.Itoa(int(n)) + "/" + strconv.Itoa(d)
		}
	}
	return Written(p)
}

// Percent writes part of whole as the number of a percentage a lecturer
// would say (the sign, "22%" or "22 %", is the language's): whole
// percents ("22"), but one decimal below 1 % ("0.4") and above 99 %
// ("99.6"), so that a share that is not all reads neither 0 nor 100; ""
// when whole is not positive.
func Percent(part, whole float64) string {
	if whole <= 0 || math.IsNaN(part) {
		return ""
	}
	p := 100 * part / whole
	r := math.Round(p)
	if p != r && (r <= 1 || r >= 99) && p > 0 && p < 100 {
		r = math.Round(p*10) / 10
		if r == 0 {
			r = 0.1
		} else if r == 100 {
			r = 99.9
		}
	}
	return Written(r)
}

// WindowText writes the window (alpha, beta) as a lecturer does: each
// bound as Written, except a null window whose two bounds Written cannot
// tell apart (MTD(f)'s (γ − ε, γ) and PVS's (α, α + ε) when no grain
// is given, ε then one step of a float64; or a grain finer than two
// decimals), which names the bound that is off the written number by ε:
// "11−ε" and "11", or "11" and "11+ε". A single number is never written
// with ε (0.1 + 0.2 is 0.3).
func WindowText(alpha, beta Num) (a, b string) {
	a, b = alpha.String(), beta.String()
	if a != b || !(alpha < beta) {
		return a, b
	}
	// The bound written exactly is the number the window is about; the
	// other is ε off it (β the number when both or neither are).
	if WrittenExactly(float64(alpha)) && !WrittenExactly(float64(beta)) {
		return a, a + "+ε"
	}
	return b + "−ε", b
}

// WindowLine is the window as one line, "α=3 β=+∞" (see WindowText).
func WindowLine(alpha, beta Num) string {
	a, b := WindowText(alpha, beta)
	return "α=" + a + " β=" + b
}
