package web

import (
	"context"
	"encoding/json"
	"testing"
)

func BenchmarkHPLoad(b *testing.B) {
	i := 0
	for b.Loop() {
		i++
		v, err := newViewer(context.Background(), "game=tictactoe&algo="+[]string{"alphabeta", "minimax"}[i%2])
		if err != nil {
			b.Fatal(err)
		}
		msgs := v.command(Command{V: 1, Cmd: "load", Step: StepArg{Set: true, Value: i % 50}})
		if msgs == nil {
			msgs = v.run(context.Background())
		}
		for _, m := range msgs {
			buf, _ := json.Marshal(m)
			b.ReportMetric(float64(len(buf)), "wire-B")
		}
		v.close()
	}
}
