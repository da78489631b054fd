package trace

import (
	"math"
	"reflect"
	"testing"
)

// setField gives the field f a value other than its zero value.
func setField(t *testing.T, f reflect.Value, variant int) {
	t.Helper()
	switch f.Kind() {
	case reflect.String:
		f.SetString("x")
	case reflect.Bool:
		f.SetBool(true)
	case reflect.Int:
		f.SetInt(7)
	case reflect.Uint8:
		f.SetUint(3)
	case reflect.Float64:
		// -0 and NaN are set too: Reset must clear every bit.
		f.SetFloat([]float64{2.5, math.Copysign(0, -1), math.NaN()}[variant%3])
	case reflect.Slice:
		f.Set(reflect.MakeSlice(f.Type(), 1, 1))
	case reflect.Pointer:
		f.Set(reflect.New(f.Type().Elem()))
	default:
		t.Fatalf("no test value for a field of kind %v: teach setField and Event.Reset about it", f.Kind())
	}
}

// TestEventReset checks that Reset clears every field of Event, one field
// at a time and all at once, so that a field added to Event without a line
// in Reset fails here.
func TestEventReset(t *testing.T) {
	want := Event{Type: Exit, Line: "max-return", Node: "0.1", Kind: Min, Depth: 2}
	typ := reflect.TypeFor[Event]()
	check := func(name string, e *Event) {
		t.Helper()
		e.Reset(Exit, "max-return", "0.1", Min, 2)
		// Compare bit for bit: reflect.DeepEqual treats -0 as 0 and NaN as
		// unequal to itself.
		got, exp := reflect.ValueOf(*e), reflect.ValueOf(want)
		for i := range typ.NumField() {
			g, x := got.Field(i), exp.Field(i)
			same := false
			if g.Kind() == reflect.Float64 {
				same = math.Float64bits(g.Float()) == math.Float64bits(x.Float())
			} else {
				same = reflect.DeepEqual(g.Interface(), x.Interface())
			}
			if !same {
				t.Errorf("%s: after Reset, field %s = %v, want %v", name, typ.Field(i).Name, g, x)
			}
		}
	}
	for variant := range 3 {
		var all Event
		for i := range typ.NumField() {
			var e Event
			setField(t, reflect.ValueOf(&e).Elem().Field(i), variant)
			check("only "+typ.Field(i).Name, &e)
			setField(t, reflect.ValueOf(&all).Elem().Field(i), variant)
		}
		check("every field", &all)
	}
}

// TestNumString checks the display form of numbers, which narration, cut
// tests and bounds use: a true minus sign, no "−0", ∞ with its sign, at
// most two decimals as a lecturer writes them, and Append giving the same
// text after what the buffer held.
func TestNumString(t *testing.T) {
	for _, c := range []struct {
		n    float64
		want string
	}{
		{3, "3"}, {-2.5, "−2.5"}, {0, "0"}, {math.Copysign(0, -1), "0"}, {0.1, "0.1"},
		{-1e-7, "0"}, {1e21, "1000000000000000000000"}, {10.666666666666666, "10.67"},
		{math.Inf(1), "+∞"}, {math.Inf(-1), "−∞"}, {math.NaN(), "?"},
	} {
		if got := Num(c.n).String(); got != c.want {
			t.Errorf("Num(%v).String() = %q, want %q", c.n, got, c.want)
		}
		if got := string(Num(c.n).Append([]byte("v = "))); got != "v = "+c.want {
			t.Errorf("Num(%v).Append = %q, want %q", c.n, got, "v = "+c.want)
		}
	}
}
