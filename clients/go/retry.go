package coin

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryPolicy bounds the retries of what is safe to retry: a GET, HEAD or OPTIONS, and a call
// with an Idempotency-Key (always resent with that same key: the API answers a replay with the
// first answer and moves the money once). A write without a key is sent once, whatever happens.
// Retried: a lost connection or timed-out attempt, 429, a 5xx, and a keyed call's 409
// REQUEST_IN_PROGRESS.
type RetryPolicy struct {
	// Attempts in all, the first included (0: 3; 1 turns retries off).
	Attempts int
	// BaseDelay is the first back-off; each further one doubles, with jitter (0: 200 ms).
	BaseDelay time.Duration
	// MaxDelay is the longest wait before a retry (0: 10 s). A Retry-After asking for longer is
	// not waited for: that answer is returned.
	MaxDelay time.Duration
}

func (p RetryPolicy) attempts() int {
	if p.Attempts <= 0 {
		return 3
	}
	return p.Attempts
}

func (p RetryPolicy) maxDelay() time.Duration {
	if p.MaxDelay <= 0 {
		return 10 * time.Second
	}
	return p.MaxDelay
}

// backoff is between half and all of BaseDelay x 2^(attempt-1), at most MaxDelay.
func (p RetryPolicy) backoff(attempt int) time.Duration {
	base := p.BaseDelay
	if base <= 0 {
		base = 200 * time.Millisecond
	}
	ceiling := p.maxDelay()
	if attempt < 32 && base<<(attempt-1) < ceiling {
		ceiling = base << (attempt - 1)
	}
	return ceiling/2 + rand.N(ceiling/2+1)
}

// retryAfter reads Retry-After: delay-seconds or an HTTP date (RFC 9110 §10.2.3); false when absent or unreadable.
func retryAfter(value string, now time.Time) (time.Duration, bool) {
	text := strings.TrimSpace(value)
	if text == "" {
		return 0, false
	}
	if seconds, err := strconv.ParseUint(text, 10, 32); err == nil {
		return time.Duration(seconds) * time.Second, true
	}
	at, err := http.ParseTime(text)
	if err != nil {
		return 0, false
	}
	return max(0, at.Sub(now)), true
}
