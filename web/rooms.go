package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	qrcode "github.com/skip2/go-qrcode"

	"github.com/abtrace/abtrace/classroom"
	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/templates"
)

// The live classroom's routes: a lecturer starts a room from a viewer
// page (or POST /api/rooms), students join at /join by code or by the
// room's QR code, and everyone in the room follows the lecturer over the
// viewer's own websocket (docs/session-protocol.md, "Rooms").

// Limits of the rooms' HTTP side.
const (
	// MaxRoomRequest is the largest body of POST /api/rooms: the server's
	// request body limit.
	MaxRoomRequest = 64 << 10
	// qrModule is the side of one QR module in the SVG's units.
	qrModule = 8
)

// roomStage is a room's stage on this server: one viewer of the room's
// scenario, whose answers are the session's own frames and patches, so
// that the followers' pages apply them as they apply their own.
type roomStage struct {
	v   *viewer
	enc encoder
}

// newRoomStage is the web's classroom.StageMaker: a viewer's stage, or a
// comparison's (room_compare.go).
func newRoomStage(ctx context.Context, query string, step int) (classroom.Stage, error) {
	if q, ok := onComparison(query); ok {
		return newCompareStage(ctx, q, step)
	}
	v, err := newViewer(ctx, query)
	if err != nil {
		return nil, err
	}
	if v.counter != nil {
		v.counter.Close()
		v.counter = nil
	}
	v.cur.Seek(step)
	if err := workCharged(ctx, "load", v.cur); err != nil {
		v.close()
		return nil, err
	}
	v.noteEnd()
	// A room's page draws the whole tree: its followers get the
	// lecturer's drawing patches, made once for all (no focus).
	v.focus = false
	return &roomStage{v: v}, nil
}

// stageEncode encodes a stage's message with enc into bytes of its own
// (the room keeps them for its followers).
func stageEncode(enc *encoder, m Message) (json.RawMessage, error) {
	b, err := enc.encode(m)
	if err != nil {
		return nil, err
	}
	return bytes.Clone(b), nil
}

func (st *roomStage) encode(m Message) (json.RawMessage, error) { return stageEncode(&st.enc, m) }

// Goto answers a step forward with a patch, any other move with a frame.
func (st *roomStage) Goto(ctx context.Context, step int) (json.RawMessage, int, error) {
	v := st.v
	from := v.cur.Step()
	v.cur.Seek(step)
	if err := workCharged(ctx, "seek", v.cur); err != nil {
		return nil, v.cur.Step(), err
	}
	v.noteEnd()
	m := v.frameMessage()
	if step >= from && v.cur.Restarts() == v.canonRestarts {
		m = v.patchMessage(from)
	}
	v.canonRestarts = v.cur.Restarts()
	b, err := st.encode(m)
	return b, v.cur.Step(), err
}

func (st *roomStage) Snapshot(ctx context.Context) (json.RawMessage, error) {
	st.v.canonRestarts = st.v.cur.Restarts()
	return st.encode(st.v.frameMessage())
}

func (st *roomStage) Close() { st.v.close() }

// NewClassroom is the classroom a server serves rooms from: on store s
// and bus b (nil: within the process), its stages the web's viewers.
func NewClassroom(o classroom.Options) (*classroom.Classroom, error) {
	o.Stage, o.Asked = newRoomStage, questionScenario
	return classroom.New(o)
}

// rooms is the server's classroom, or an error page when it has none.
func (s *Server) rooms(c echo.Context) (*classroom.Classroom, error) {
	if s.cfg.Classroom == nil {
		return nil, echo.NewHTTPError(http.StatusServiceUnavailable, i18n.For(langOf(c)).T("room.none"))
	}
	return s.cfg.Classroom, nil
}

// classroomHandler answers a route of the rooms, given the server's
// classroom.
type classroomHandler func(c echo.Context, cr *classroom.Classroom) error

// roomHandler answers a route of one room, given the room the address
// names.
type roomHandler func(c echo.Context, r *classroom.Room) error

// withRooms is a route of the rooms: 503 when the server keeps none, and
// 403 for a request that would start, change or delete a room or a deck
// from a page of another site (sameSite).
func (s *Server) withRooms(h classroomHandler) echo.HandlerFunc {
	return func(c echo.Context) error {
		cr, err := s.rooms(c)
		if err != nil {
			return err
		}
		if !sameSite(c.Request()) {
			return jsonError(c, http.StatusForbidden, say("room.err.origin"))
		}
		return h(c, cr)
	}
}

// sameSite reports whether a request may change rooms or decks as far as
// its origin goes: a GET or HEAD may; any other may unless its Origin
// header (which a browser sends with every such request) names another
// host than the request's, as the websocket's upgrade checks. A script
// that sends no Origin is let through: it holds what the API asks for.
func sameSite(r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	return err == nil && strings.EqualFold(u.Host, r.Host)
}

// withRoom is a route of the room the address's :code names: 503 when
// the server keeps no rooms, and when no room has the code, notFound's
// answer (nil: the API's JSON 404).
func (s *Server) withRoom(notFound func(c echo.Context, err error) error, h roomHandler) echo.HandlerFunc {
	if notFound == nil {
		notFound = func(c echo.Context, err error) error { return jsonError(c, http.StatusNotFound, err) }
	}
	return s.withRooms(func(c echo.Context, cr *classroom.Classroom) error {
		r, err := cr.Room(c.Request().Context(), c.Param("code"))
		if err != nil {
			return notFound(c, err)
		}
		return h(c, r)
	})
}

// createRequest is POST /api/rooms's body.
type createRequest struct {
	Scenario string `json:"scenario"`
}

// createResponse is its answer: the code, the lecturer's secret (shown
// only here) and the students' join link.
type createResponse struct {
	Code   string `json:"code"`
	Secret string `json:"secret"`
	Join   string `json:"join"`
}

// joinURL is the address students open to join room code.
func joinURL(c echo.Context, code string) string {
	return c.Scheme() + "://" + c.Request().Host + "/join?code=" + code
}

// apiCreateRoom answers POST /api/rooms.
func (s *Server) apiCreateRoom(c echo.Context, cr *classroom.Classroom) error {
	if !s.joins.Allow(c.RealIP()) {
		return jsonError(c, http.StatusTooManyRequests, say("room.err.rate"))
	}
	var req createRequest
	dec := json.NewDecoder(http.MaxBytesReader(c.Response(), c.Request().Body, MaxRoomRequest))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return jsonError(c, http.StatusBadRequest, say("room.err.body", "Detail", err.Error()))
	}
	code, secret, err := cr.Create(c.Request().Context(), req.Scenario)
	if err != nil {
		return jsonError(c, http.StatusBadRequest, err)
	}
	return c.JSON(http.StatusCreated, createResponse{Code: code, Secret: secret, Join: joinURL(c, code)})
}

// jsonError answers {"error": …} worded in the request's language.
func jsonError(c echo.Context, status int, err error) error {
	return c.JSON(status, map[string]string{"error": errorText(langOf(c), err)})
}

// apiRoom answers GET /api/rooms/CODE: the room's public state.
func (s *Server) apiRoom(c echo.Context, r *classroom.Room) error {
	return c.JSON(http.StatusOK, r.Info(c.Request().Context()))
}

// startRoom answers the viewer page's "start a room" form: it opens a
// room on the page's scenario and sends the lecturer to it, the secret in
// the address's fragment (which no request carries).
func (s *Server) startRoom(c echo.Context, cr *classroom.Classroom) error {
	return s.openRoom(c, http.StatusBadRequest, func() (string, string, error) {
		return cr.Create(c.Request().Context(), c.FormValue("scenario"))
	})
}

// openRoom opens a room by create (rate-limited per client address) and
// sends the lecturer to it, the secret in the address's fragment; a
// refusal is an error page with status failed.
func (s *Server) openRoom(c echo.Context, failed int, create func() (code, secret string, err error)) error {
	if !s.joins.Allow(c.RealIP()) {
		return s.errorPage(c, http.StatusTooManyRequests, errorText(langOf(c), say("room.err.rate")))
	}
	code, secret, err := create()
	if err != nil {
		return s.errorPage(c, failed, errorText(langOf(c), err))
	}
	return c.Redirect(http.StatusSeeOther, "/room/"+code+"?lang="+string(langOf(c))+"#secret="+url.QueryEscape(secret))
}

// joinPage is /join: the form for a code and a nickname, or, filled in,
// the way into the room.
func (s *Server) joinPage(c echo.Context) error {
	code, nick := c.QueryParam("code"), c.QueryParam("nick")
	page := templates.JoinPage{Code: code, Nick: nick}
	if code != "" && c.QueryParams().Has("nick") {
		if !s.joins.Allow(c.RealIP()) {
			page.Error = errorText(langOf(c), say("room.err.rate"))
			return s.render(c, http.StatusTooManyRequests, templates.Join(page, s.assets))
		}
		cr, err := s.rooms(c)
		if err != nil {
			return err
		}
		if _, err := classroom.Nick(nick); err != nil {
			page.Error, page.Field = errorText(langOf(c), err), "nick"
			return s.render(c, http.StatusBadRequest, templates.Join(page, s.assets))
		}
		r, err := cr.Room(c.Request().Context(), code)
		if err != nil {
			page.Error, page.Field = errorText(langOf(c), err), "code"
			return s.render(c, http.StatusNotFound, templates.Join(page, s.assets))
		}
		q := url.Values{"nick": {strings.TrimSpace(nick)}, "lang": {string(langOf(c))}}
		return c.Redirect(http.StatusSeeOther, "/room/"+r.Code()+"?"+q.Encode())
	}
	return s.render(c, http.StatusOK, templates.Join(page, s.assets))
}

// roomPage is /room/CODE: the viewer page (or the comparison's) at the
// room's step, with the room's panel; the script follows the room.
func (s *Server) roomPage(c echo.Context, r *classroom.Room) error {
	info := r.Info(c.Request().Context())
	rv := templates.RoomView{Code: r.Code(), Join: joinURL(c, r.Code()), Scenario: info.Scenario, Nick: c.QueryParam("nick")}
	page, err := s.roomHTML(pageContext(c), langOf(c), rv, info.Step)
	if err != nil {
		return s.errorPage(c, http.StatusBadRequest, errorText(langOf(c), err))
	}
	return c.HTMLBlob(http.StatusOK, page)
}

// roomHTML is the page of room rv at step in language lang (ctx words in
// it): the viewer's page of its scenario, or the comparison's, with the
// room's panel.
func (s *Server) roomHTML(ctx context.Context, lang i18n.Lang, rv templates.RoomView, step int) ([]byte, error) {
	if q, ok := onComparison(rv.Scenario); ok {
		return s.roomCompareHTML(ctx, rv, q, step)
	}
	q, err := url.ParseQuery(rv.Scenario)
	if err != nil {
		return nil, queryError(err)
	}
	q.Set("step", strconv.Itoa(step))
	q.Del("lang")
	req, err := parseView(q)
	if err != nil {
		return nil, err
	}
	req.lang = lang
	p, err := budgeted(ctx, req.scenario).Prepare()
	if err != nil {
		return nil, err
	}
	v, err := s.buildView(p, req)
	if err != nil {
		return nil, err
	}
	v.Focus = nil // see newRoomStage: a room draws the whole tree
	v.Room = &rv
	return renderHTML(ctx, templates.ViewPage(v, s.assets))
}

// roomScene is a room's page as a follower's page swaps it in when a
// slide changes the scenario (a "scene" message, docs/session-protocol.md):
// room code's page of scenario (its lang= the page's language) at step.
// The join link is the page's own (the follower's page keeps it).
func (s *Server) roomScene(ctx context.Context, code, scenario string, step int) (json.RawMessage, error) {
	lang := i18n.English
	if q, err := url.ParseQuery(scenario); err == nil {
		if l, ok := i18n.Parse(q.Get("lang")); ok {
			lang = l
		}
	}
	links := make([]templates.LangLink, 0, len(i18n.Langs))
	for _, l := range i18n.Langs {
		links = append(links, templates.LangLink{Code: string(l), Name: l.Name(), URL: "/room/" + code + "?lang=" + string(l), Current: l == lang})
	}
	ctx = templates.WithLangLinks(i18n.NewContext(ctx, i18n.For(lang)), links)
	page, err := s.roomHTML(ctx, lang, templates.RoomView{Code: code, Scenario: scenario}, step)
	if err != nil {
		return nil, err
	}
	return json.Marshal(sceneMessage{V: ProtocolVersion, Type: "scene", HTML: string(page)})
}

// sceneMessage is a room's page to swap in.
type sceneMessage struct {
	V    int    `json:"v"`
	Type string `json:"type"` // "scene"
	HTML string `json:"html"`
}

// pagedStage is a room's stage on a server that draws its rooms' pages:
// a slide that opens it on another scenario sends the page's scene
// (classroom.Scener).
type pagedStage struct {
	classroom.Stage
	s        *Server
	scenario string
	step     int
}

// roomStageMaker is the server's classroom.StageMaker (see
// classroom.Classroom.SetStage).
func (s *Server) roomStageMaker(ctx context.Context, query string, step int) (classroom.Stage, error) {
	st, err := newRoomStage(ctx, query, step)
	if err != nil {
		return nil, err
	}
	return &pagedStage{Stage: st, s: s, scenario: query, step: step}, nil
}

func (p *pagedStage) Goto(ctx context.Context, step int) (json.RawMessage, int, error) {
	change, reached, err := p.Stage.Goto(ctx, step)
	p.step = reached
	return change, reached, err
}

func (p *pagedStage) Scene(ctx context.Context, code string) (json.RawMessage, error) {
	return p.s.roomScene(ctx, code, p.scenario, p.step)
}

// noRoomPage answers /room/CODE when no room has the code: the join
// form, the code in it, saying why.
func (s *Server) noRoomPage(c echo.Context, err error) error {
	page := templates.JoinPage{Code: c.Param("code"), Error: errorText(langOf(c), err), Field: "code"}
	return s.render(c, http.StatusNotFound, templates.Join(page, s.assets))
}

// roomQR is /room/CODE/qr.svg: the join link as a QR code, drawn here.
func (s *Server) roomQR(c echo.Context) error {
	code, err := classroom.ParseCode(c.Param("code"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, errorText(langOf(c), err))
	}
	svg, err := QRSVG(joinURL(c, code))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "private, max-age=3600")
	return c.Blob(http.StatusOK, "image/svg+xml", svg)
}

// QRSVG draws text as a QR code in SVG (medium error correction, a quiet
// zone of four modules): one path, a row's dark run at a time.
func QRSVG(text string) ([]byte, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	q.DisableBorder = true
	bm := q.Bitmap()
	n := len(bm)
	const quiet = 4
	side := (n + 2*quiet) * qrModule
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" shape-rendering="crispEdges">`, side, side, side, side)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, side, side)
	for y, row := range bm {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			run := x
			for run < len(row) && row[run] {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv%dh-%dz", (x+quiet)*qrModule, (y+quiet)*qrModule, (run-x)*qrModule, qrModule, (run-x)*qrModule)
			x = run
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes(), nil
}

// answersCSV is POST /api/rooms/CODE/answers.csv (form: secret, by): the
// room's answers by question or by student, nicknames only.
func (s *Server) answersCSV(c echo.Context, cr *classroom.Classroom) error {
	var b bytes.Buffer
	by := c.FormValue("by")
	err := cr.ExportCSV(c.Request().Context(), c.Param("code"), c.FormValue("secret"), by, &b)
	switch {
	case errors.Is(err, classroom.ErrNotLecturer):
		return jsonError(c, http.StatusForbidden, err)
	case errors.Is(err, classroom.ErrNoRoom):
		return jsonError(c, http.StatusNotFound, err)
	case err != nil:
		return jsonError(c, http.StatusBadRequest, err)
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="abtrace-`+c.Param("code")+"-by-"+by+`.csv"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", b.Bytes())
}

// deleteRoom is DELETE /api/rooms/CODE (header X-Abtrace-Secret): the
// room, its questions and its answers are deleted.
func (s *Server) deleteRoom(c echo.Context, r *classroom.Room) error {
	if err := r.Delete(c.Request().Context(), c.Request().Header.Get("X-Abtrace-Secret")); err != nil {
		return jsonError(c, http.StatusForbidden, err)
	}
	return c.NoContent(http.StatusNoContent)
}

// createDeck is POST /api/decks: a deck file kept, answered with its id
// and the link that opens a room on it.
func (s *Server) createDeck(c echo.Context, cr *classroom.Classroom) error {
	d, err := classroom.ParseDeck(http.MaxBytesReader(c.Response(), c.Request().Body, classroom.MaxDeckBytes+1))
	if err != nil {
		return jsonError(c, http.StatusBadRequest, err)
	}
	id, err := cr.SaveDeck(c.Request().Context(), d)
	if err != nil {
		return jsonError(c, http.StatusBadRequest, err)
	}
	return c.JSON(http.StatusCreated, map[string]string{"id": id, "file": "/api/decks/" + id})
}

// deckFile is GET /api/decks/ID: the deck as a file to keep.
func (s *Server) deckFile(c echo.Context, cr *classroom.Classroom) error {
	d, err := cr.Deck(c.Request().Context(), c.Param("id"))
	if err != nil {
		return jsonError(c, http.StatusNotFound, err)
	}
	var b bytes.Buffer
	if err := d.Export(&b); err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="abtrace-deck.json"`)
	return c.Blob(http.StatusOK, "application/json", b.Bytes())
}

// deckRoom is POST /api/decks/ID/rooms: a room opened on the deck, at its
// first slide (answered as POST /api/rooms is).
func (s *Server) deckRoom(c echo.Context, cr *classroom.Classroom) error {
	if !s.joins.Allow(c.RealIP()) {
		return jsonError(c, http.StatusTooManyRequests, say("room.err.rate"))
	}
	code, secret, err := cr.CreateFromDeck(c.Request().Context(), c.Param("id"))
	if err != nil {
		return jsonError(c, http.StatusNotFound, err)
	}
	return c.JSON(http.StatusCreated, createResponse{Code: code, Secret: secret, Join: joinURL(c, code)})
}
