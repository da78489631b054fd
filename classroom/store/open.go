package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // the database/sql driver "pgx"
	_ "modernc.org/sqlite"             // the database/sql driver "sqlite"
)

// Open opens the store a --db flag names: a postgres:// or postgresql://
// URL opens PostgreSQL, anything else is the path of a SQLite file
// (created, with its folder, if missing).
func Open(ctx context.Context, where string) (Store, error) {
	if strings.HasPrefix(where, "postgres://") || strings.HasPrefix(where, "postgresql://") {
		return OpenPostgres(ctx, where)
	}
	return OpenSQLite(ctx, where)
}

// OpenSQLite opens (or creates) the SQLite file at path.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
	// WAL lets readers go on while one writer writes; busy_timeout makes
	// concurrent writers wait for each other instead of failing.
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	s, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	// One connection: SQLite has one writer anyway, and a single
	// connection never waits on its own lock.
	s.SetMaxOpenConns(1)
	return open(ctx, s, false)
}

// OpenPostgres opens the PostgreSQL database at the URL dsn.
func OpenPostgres(ctx context.Context, dsn string) (Store, error) {
	s, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: opening PostgreSQL: %w", err)
	}
	if err := s.PingContext(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: reaching PostgreSQL: %w", err)
	}
	return open(ctx, s, true)
}

// DefaultPath is where the server keeps its SQLite file when --db names
// none: abtrace/classroom.db in the user's cache folder (or the temporary
// folder when there is none).
func DefaultPath() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "abtrace", "classroom.db")
}
