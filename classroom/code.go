package classroom

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"strings"
)

const (
	// CodeAlphabet is the alphabet of room codes: digits and capital
	// letters without those read as one another (0 and O; 1, I and L).
	CodeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
	// CodeLen is the length of a room code: 31⁶ ≈ 887 million codes, so
	// that guessing one among the rooms open is hopeless at the join rate
	// limit.
	CodeLen = 6
	// SecretBytes is the randomness of a lecturer's secret (192 bits).
	SecretBytes = 24
)

// NewCode returns a random room code.
func NewCode() string {
	var b [CodeLen]byte
	// 256 = 8·31 + 8: values ≥ 248 would favour the first letters.
	var r [1]byte
	for i := 0; i < CodeLen; {
		rand.Read(r[:])
		if r[0] >= 248 {
			continue
		}
		b[i] = CodeAlphabet[int(r[0])%len(CodeAlphabet)]
		i++
	}
	return string(b[:])
}

// ParseCode reads a room code as a student types it: in either case,
// with spaces or dashes between its characters. It reports an error
// naming what is wrong.
func ParseCode(s string) (string, error) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ' || r == '-':
			continue
		case r >= 'a' && r <= 'z':
			r -= 'a' - 'A'
		}
		if !strings.ContainsRune(CodeAlphabet, r) {
			return "", sayErr("classroom.err.code", "Len", CodeLen)
		}
		if b.Len() >= CodeLen {
			return "", sayErr("classroom.err.code", "Len", CodeLen)
		}
		b.WriteRune(r)
	}
	if b.Len() != CodeLen {
		return "", sayErr("classroom.err.code", "Len", CodeLen)
	}
	return b.String(), nil
}

// NewSecret returns a random lecturer's secret, URL-safe.
func NewSecret() string {
	b := make([]byte, SecretBytes)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashSecret is what a room keeps of its secret.
func HashSecret(secret string) string {
	h := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(h[:])
}

// SecretMatches reports, in constant time, whether secret is the one
// whose hash is hash.
func SecretMatches(hash, secret string) bool {
	return subtle.ConstantTimeCompare([]byte(HashSecret(secret)), []byte(hash)) == 1
}
