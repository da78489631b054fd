package web

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
)

func postDiff(t *testing.T, s *Server, q url.Values, student string, asFile bool) *httptest.ResponseRecorder {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	if asFile {
		fw, _ := w.CreateFormFile("file", "visited.txt")
		fw.Write([]byte(student))
	} else {
		w.WriteField("student", student)
	}
	w.Close()
	req := httptest.NewRequest(http.MethodPost, "/diff?"+q.Encode(), &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	rec := httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	return rec
}

func TestDiffPage(t *testing.T) {
	s := newTestServer(t)
	cs188, err := os.ReadFile("../search/tree/importer/testdata/cs188/1-lecture-tree.test")
	if err != nil {
		t.Fatal(err)
	}
	q := url.Values{"tree": {string(cs188)}, "format": {"cs188"}}
	if rec := httpGet(t, s, "/diff?"+q.Encode()); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `data-testid="diff-form"`) {
		t.Fatalf("GET /diff = %d, want the form", rec.Code)
	}
	tests := []struct {
		name, student string
		file          bool
		steps         int
		want          []string
	}{
		{"a pruned state visited", "a b b1 b2 b3 c c1 c2 d", false, 9,
			[]string{`data-agree="false"`, "enter d with α = 3, β = +∞", "visit c2", "the reference cuts at MIN c (step 27): 2 &lt; α = 3", "at your step 8 (line 1, column 19)"}},
		{"agreeing, uploaded", "a b b1 b2 b3 c c1 d d1 d2 d3", true, 12, []string{`data-agree="true"`, "The traces agree: 11 visits compared."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := postDiff(t, s, q, tc.student, tc.file)
			if rec.Code != http.StatusOK {
				t.Fatalf("POST /diff = %d: %s", rec.Code, rec.Body.String())
			}
			body := rec.Body.String()
			for _, w := range tc.want {
				if !strings.Contains(body, w) {
					t.Errorf("the page does not say %q", w)
				}
			}
			if got := strings.Count(body, `<template class="diff-step"`); got != tc.steps {
				t.Errorf("got %d steps, want %d", got, tc.steps)
			}
		})
	}
	rec := postDiff(t, s, q, `{"type":"enter",,}`, false)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "line 1, column 17") {
		t.Errorf("a broken trace: %d, want 400 with its position", rec.Code)
	}
}
