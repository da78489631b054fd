package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// db is the Store over database/sql, for both databases.
type db struct {
	sql *sql.DB
	// dollar says the driver numbers its placeholders ($1, PostgreSQL)
	// rather than taking ? (SQLite).
	dollar bool
}

// schema is the same for both databases: times are Unix milliseconds,
// booleans 0 or 1.
var schema = []string{
	`CREATE TABLE IF NOT EXISTS rooms (
		code TEXT PRIMARY KEY, secret_hash TEXT NOT NULL, scenario TEXT NOT NULL,
		step BIGINT NOT NULL, seq BIGINT NOT NULL, deck TEXT NOT NULL, slide BIGINT NOT NULL,
		created BIGINT NOT NULL, expires BIGINT NOT NULL)`,
	`CREATE TABLE IF NOT EXISTS questions (
		room TEXT NOT NULL, id BIGINT NOT NULL, step BIGINT NOT NULL, scenario TEXT NOT NULL,
		spec TEXT NOT NULL, revealed BIGINT NOT NULL, asked BIGINT NOT NULL,
		PRIMARY KEY (room, id))`,
	`CREATE TABLE IF NOT EXISTS answers (
		room TEXT NOT NULL, question BIGINT NOT NULL, student TEXT NOT NULL, nick TEXT NOT NULL,
		given TEXT NOT NULL, right_answer BIGINT NOT NULL, at BIGINT NOT NULL,
		PRIMARY KEY (room, question, student))`,
	`CREATE TABLE IF NOT EXISTS decks (
		id TEXT PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL, created BIGINT NOT NULL)`,
}

func open(ctx context.Context, s *sql.DB, dollar bool) (*db, error) {
	d := &db{sql: s, dollar: dollar}
	for _, q := range schema {
		if _, err := s.ExecContext(ctx, q); err != nil {
			s.Close()
			return nil, fmt.Errorf("store: creating the tables: %w", err)
		}
	}
	return d, nil
}

// q writes a statement's ? placeholders as the driver wants them.
func (d *db) q(s string) string {
	if !d.dollar {
		return s
	}
	var b strings.Builder
	n := 0
	for _, r := range s {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (d *db) SaveRoom(ctx context.Context, r Room) error {
	_, err := d.sql.ExecContext(ctx, d.q(`INSERT INTO rooms (code, secret_hash, scenario, step, seq, deck, slide, created, expires)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (code) DO UPDATE SET secret_hash = excluded.secret_hash, scenario = excluded.scenario,
		step = excluded.step, seq = excluded.seq, deck = excluded.deck, slide = excluded.slide,
		created = excluded.created, expires = excluded.expires`),
		r.Code, r.SecretHash, r.Scenario, r.Step, int64(r.Seq), r.Deck, r.Slide, ms(r.Created), ms(r.Expires))
	return wrap("saving room", err)
}

func (d *db) Room(ctx context.Context, code string) (Room, error) {
	var r Room
	var seq, created, expires int64
	err := d.sql.QueryRowContext(ctx, d.q(`SELECT code, secret_hash, scenario, step, seq, deck, slide, created, expires
		FROM rooms WHERE code = ?`), code).Scan(&r.Code, &r.SecretHash, &r.Scenario, &r.Step, &seq, &r.Deck, &r.Slide, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return Room{}, ErrNotFound
	}
	r.Seq, r.Created, r.Expires = uint64(seq), fromMS(created), fromMS(expires)
	return r, wrap("reading room", err)
}

func (d *db) SetStep(ctx context.Context, code string, step int, seq uint64, slide int, scenario string, expires time.Time) error {
	res, err := d.sql.ExecContext(ctx, d.q(`UPDATE rooms SET step = ?, seq = ?, slide = ?, scenario = ?, expires = ? WHERE code = ?`),
		step, int64(seq), slide, scenario, ms(expires), code)
	if err != nil {
		return wrap("saving step", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

func (d *db) SaveQuestion(ctx context.Context, q Question) error {
	_, err := d.sql.ExecContext(ctx, d.q(`INSERT INTO questions (room, id, step, scenario, spec, revealed, asked)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (room, id) DO UPDATE SET step = excluded.step, scenario = excluded.scenario,
		spec = excluded.spec, revealed = excluded.revealed, asked = excluded.asked`),
		q.Room, q.ID, q.Step, q.Scenario, string(q.Spec), boolInt(q.Revealed), ms(q.Asked))
	return wrap("saving question", err)
}

func (d *db) Questions(ctx context.Context, room string) ([]Question, error) {
	rows, err := d.sql.QueryContext(ctx, d.q(`SELECT room, id, step, scenario, spec, revealed, asked FROM questions WHERE room = ? ORDER BY id`), room)
	if err != nil {
		return nil, wrap("reading questions", err)
	}
	defer rows.Close()
	var out []Question
	for rows.Next() {
		var q Question
		var spec string
		var revealed, asked int64
		if err := rows.Scan(&q.Room, &q.ID, &q.Step, &q.Scenario, &spec, &revealed, &asked); err != nil {
			return nil, wrap("reading questions", err)
		}
		q.Spec, q.Revealed, q.Asked = []byte(spec), revealed != 0, fromMS(asked)
		out = append(out, q)
	}
	return out, wrap("reading questions", rows.Err())
}

func (d *db) SaveAnswer(ctx context.Context, a Answer) error {
	res, err := d.sql.ExecContext(ctx, d.q(`INSERT INTO answers (room, question, student, nick, given, right_answer, at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (room, question, student) DO NOTHING`),
		a.Room, a.Question, a.Student, a.Nick, a.Given, boolInt(a.Right), ms(a.At))
	if err != nil {
		return wrap("saving answer", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrDuplicate
	}
	return nil
}

func (d *db) Answers(ctx context.Context, room string) ([]Answer, error) {
	rows, err := d.sql.QueryContext(ctx, d.q(`SELECT room, question, student, nick, given, right_answer, at
		FROM answers WHERE room = ? ORDER BY question, at, student`), room)
	if err != nil {
		return nil, wrap("reading answers", err)
	}
	defer rows.Close()
	var out []Answer
	for rows.Next() {
		var a Answer
		var right, at int64
		if err := rows.Scan(&a.Room, &a.Question, &a.Student, &a.Nick, &a.Given, &right, &at); err != nil {
			return nil, wrap("reading answers", err)
		}
		a.Right, a.At = right != 0, fromMS(at)
		out = append(out, a)
	}
	return out, wrap("reading answers", rows.Err())
}

func (d *db) SaveDeck(ctx context.Context, k Deck) error {
	_, err := d.sql.ExecContext(ctx, d.q(`INSERT INTO decks (id, title, body, created) VALUES (?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET title = excluded.title, body = excluded.body`),
		k.ID, k.Title, string(k.Body), ms(k.Created))
	return wrap("saving deck", err)
}

func (d *db) Deck(ctx context.Context, id string) (Deck, error) {
	var k Deck
	var body string
	var created int64
	err := d.sql.QueryRowContext(ctx, d.q(`SELECT id, title, body, created FROM decks WHERE id = ?`), id).Scan(&k.ID, &k.Title, &body, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Deck{}, ErrNotFound
	}
	k.Body, k.Created = []byte(body), fromMS(created)
	return k, wrap("reading deck", err)
}

func (d *db) DeleteRoom(ctx context.Context, code string) error {
	return d.deleteWhere(ctx, `code = ?`, code)
}

func (d *db) Purge(ctx context.Context, now time.Time) (int, error) {
	before := ms(now.Add(-Retention))
	var n int
	if err := d.sql.QueryRowContext(ctx, d.q(`SELECT COUNT(*) FROM rooms WHERE expires < ?`), before).Scan(&n); err != nil {
		return 0, wrap("purging", err)
	}
	return n, d.deleteWhere(ctx, `expires < ?`, before)
}

// deleteWhere deletes the rooms that match cond (on the rooms table, one
// argument), with their questions and answers, in one transaction.
func (d *db) deleteWhere(ctx context.Context, cond string, arg any) error {
	tx, err := d.sql.BeginTx(ctx, nil)
	if err != nil {
		return wrap("deleting", err)
	}
	defer tx.Rollback()
	for _, s := range []string{
		`DELETE FROM answers WHERE room IN (SELECT code FROM rooms WHERE ` + cond + `)`,
		`DELETE FROM questions WHERE room IN (SELECT code FROM rooms WHERE ` + cond + `)`,
		`DELETE FROM rooms WHERE ` + cond,
	} {
		if _, err := tx.ExecContext(ctx, d.q(s), arg); err != nil {
			return wrap("deleting", err)
		}
	}
	return wrap("deleting", tx.Commit())
}

func (d *db) Close() error { return d.sql.Close() }

func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("store: %s: %w", what, err)
}
