package trace

import (
	"math"
	"testing"
)

func TestWritten(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {12, "12"}, {-3, "−3"}, {7.5, "7.5"}, {0.25, "0.25"},
		{23.0 / 3, "7.67"}, {4.039301310043669, "4.04"}, {-0.1375, "−0.14"}, {0.0625, "0.06"},
		{0.999999999999998, "1"}, {-0.001, "0"}, {1e6, "1000000"},
		{math.Inf(1), "+∞"}, {math.Inf(-1), "−∞"}, {math.NaN(), "?"},
		{0.1 + 0.2, "0.3"}, {-(0.1 + 0.2), "−0.3"},
	} {
		if got := Written(c.x); got != c.want {
			t.Errorf("Written(%v): got %q, want %q", c.x, got, c.want)
		}
		if got := Num(c.x).String(); got != c.want {
			t.Errorf("Num(%v).String(): got %q, want %q", c.x, got, c.want)
		}
	}
}

func TestWrittenProbAndPercent(t *testing.T) {
	for _, c := range []struct {
		p    float64
		want string
	}{
		{0.5, "0.5"}, {0.25, "0.25"}, {1.0 / 3, "1/3"}, {1.0 / 6, "1/6"}, {0.0625, "1/16"}, {0.123456, "0.12"},
	} {
		if got := WrittenProb(c.p); got != c.want {
			t.Errorf("WrittenProb(%v): got %q, want %q", c.p, got, c.want)
		}
	}
	for _, c := range []struct {
		part, whole float64
		want        string
	}{
		{6, 27, "22"}, {1, 250, "0.4"}, {1, 100000, "0.1"}, {99999, 100000, "99.9"}, {0, 5, "0"}, {5, 5, "100"},
		{1, 3, "33"}, {1, 0, ""},
	} {
		if got := Percent(c.part, c.whole); got != c.want {
			t.Errorf("Percent(%v, %v): got %q, want %q", c.part, c.whole, got, c.want)
		}
	}
}
