package web
import ("testing";"strings";"net/url")
func TestZZProbe(t *testing.T){
	s := newTestServer(t)
	msg := func(u string) (int, string) {
		rec := httpGet(t, s, u)
		b := rec.Body.String()
		for _, k := range []string{`class="msg">`, `data-testid="error">`, `data-testid="diff-error">`, `role="alert">`, `"error":"`} {
			if i := strings.Index(b, k); i >= 0 { m := b[i+len(k):]; if j := strings.IndexAny(m, "<\""); j>=0 { m = m[:j] }; return rec.Code, m }
		}
		return rec.Code, strings.TrimSpace(b[:min(len(b),150)])
	}
	pages := []string{"/fuzzy", "/tournament", "/play", "/connect4", "/parallel", "/exercise", "/exercise/worksheet", "/exercise/matchsticks", "/exercise/predict", "/exercise/ordering", "/api/exercise", "/embed", "/export.tex", "/export.png", "/api/compare", "/api/validate", "/diff", "/lab", "/compare"}
	params := []string{"bmax","bmin","check","eval","first","fuzzy","game","goal","key","kuhlmann","moves","notation","p","position","prune","q","reversi","root","symmetry","t","tnorm","tree","you","depth","games","seed","evals","mode","kind","scale","size","pane","seeds","b","d","n","question","step","by","algo","order"}
	seen := map[string]bool{}
	for _, pg := range pages {
		for _, n := range params {
			for _, v := range []string{"bogus", "-1", "99999999"} {
				q := url.Values{n: {v}, "lang": {"de"}}
				if pg == "/export.tex" || pg == "/export.png" || pg == "/embed" || pg == "/api/compare" { q.Set("tree", "((1 2) (3 4))") }
				if n == "tree" { q.Set("tree", "((1 2") }
				code, de := msg(pg+"?"+q.Encode())
				if code < 400 || code == 404 { continue }
				q.Set("lang", "en")
				_, en := msg(pg+"?"+q.Encode())
				if (de == en || englishWords.MatchString(paramValue.ReplaceAllString(de, ""))) && !seen[de] {
					seen[de] = true
					t.Logf("%d %s?%s: %s", code, pg, q.Encode(), de)
				}
			}
		}
	}
}
