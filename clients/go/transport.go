package coin

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"coinledger/clients/go/api"
)

// transport is the generated client's HTTP doer: credentials, the Idempotency-Key, the
// per-attempt timeout, the retries, LastResponse and *Problem errors all happen here, under
// every generated method alike.
type transport struct {
	options  Options
	basePath string
	keyed    []route
	last     lastResponse
}

func newTransport(options Options) *transport {
	basePath := ""
	if base, err := url.Parse(options.BaseURL); err == nil {
		basePath = strings.TrimRight(base.Path, "/")
	}
	return &transport{options: options, basePath: basePath, keyed: keyedRoutes()}
}

// route is an operation's "METHOD /path/{template}", split into segments.
type route struct {
	method   string
	segments []string
}

var (
	keyedOnce  sync.Once
	keyedTable []route
)

func keyedRoutes() []route {
	keyedOnce.Do(func() {
		for operation := range api.KeyedOperations {
			method, path, _ := strings.Cut(operation, " ")
			keyedTable = append(keyedTable, route{method: method, segments: strings.Split(path, "/")})
		}
	})
	return keyedTable
}

// isKeyed reports whether the request is to an operation that takes an Idempotency-Key.
func (t *transport) isKeyed(request *http.Request) bool {
	path, ok := strings.CutPrefix(request.URL.Path, t.basePath)
	if !ok {
		return false
	}
	segments := strings.Split(path, "/")
	for _, r := range t.keyed {
		if r.method == request.Method && matches(r.segments, segments) {
			return true
		}
	}
	return false
}

func matches(template, segments []string) bool {
	if len(template) != len(segments) {
		return false
	}
	for i, part := range template {
		if strings.HasPrefix(part, "{") && strings.HasSuffix(part, "}") {
			if segments[i] == "" {
				return false
			}
			continue
		}
		if part != segments[i] {
			return false
		}
	}
	return true
}

// newKey is a random (version 4) UUID, the Idempotency-Key of a call its caller gave none.
func newKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

var safeMethods = map[string]bool{http.MethodGet: true, http.MethodHead: true, http.MethodOptions: true}

// Do sends the request as the layer does: see the package's documentation.
func (t *transport) Do(request *http.Request) (*http.Response, error) {
	request = request.Clone(request.Context())
	if err := t.authorize(request); err != nil {
		return nil, err
	}
	key := request.Header.Get("Idempotency-Key")
	if key == "" && t.isKeyed(request) {
		key = newKey()
		request.Header.Set("Idempotency-Key", key)
	}
	var body []byte
	if request.Body != nil {
		read, err := io.ReadAll(request.Body)
		_ = request.Body.Close()
		if err != nil {
			return nil, err
		}
		body = read
	}
	attempts := 1
	if key != "" || safeMethods[request.Method] {
		attempts = t.options.Retry.attempts()
	}
	return t.send(request, body, key, attempts)
}

// authorize sets the credentials and the client's headers the request does not set itself.
func (t *transport) authorize(request *http.Request) error {
	for name, values := range t.options.Header {
		if request.Header.Get(name) == "" {
			request.Header[http.CanonicalHeaderKey(name)] = values
		}
	}
	if request.Header.Get("Authorization") == "" {
		token := t.options.AccessToken
		if t.options.TokenSource != nil {
			current, err := t.options.TokenSource.Token(request.Context())
			if err != nil {
				return err
			}
			token = current
		}
		if token != "" {
			request.Header.Set("Authorization", "Bearer "+token)
		}
	}
	if t.options.APIKey != "" && request.Header.Get("X-Api-Key") == "" {
		request.Header.Set("X-Api-Key", t.options.APIKey)
	}
	if t.options.Version != "" && request.Header.Get("Coin-Version") == "" {
		request.Header.Set("Coin-Version", t.options.Version)
	}
	return nil
}

// send makes up to `attempts` attempts, every one with the same headers (the key among them) and body.
func (t *transport) send(request *http.Request, body []byte, key string, attempts int) (*http.Response, error) {
	ctx := request.Context()
	for attempt := 1; ; attempt++ {
		last := attempt >= attempts
		answer, answerBody, err := t.attempt(request, body)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if last {
				return nil, &NetworkError{Method: request.Method, URL: request.URL.String(), IdempotencyKey: key, Attempts: attempt, Err: err}
			}
			if err := sleep(ctx, t.options.Retry.backoff(attempt)); err != nil {
				return nil, err
			}
			continue
		}
		if !last && notDoneYet(answer.StatusCode, answerBody, key) {
			wait, asked := retryAfter(answer.Header.Get("Retry-After"), time.Now())
			if !asked {
				wait = t.options.Retry.backoff(attempt)
			}
			if wait <= t.options.Retry.maxDelay() {
				if err := sleep(ctx, wait); err != nil {
					return nil, err
				}
				continue
			}
		}
		return t.answer(answer, answerBody, attempt)
	}
}

// notDoneYet: an answer that says "try again": 429, a 5xx, or a keyed request's 409
// REQUEST_IN_PROGRESS (the first request with the key is still in flight).
func notDoneYet(status int, body []byte, key string) bool {
	if status == http.StatusTooManyRequests || status >= 500 {
		return true
	}
	if status != http.StatusConflict || key == "" {
		return false
	}
	var problem struct {
		Code string `json:"code"`
	}
	return json.Unmarshal(body, &problem) == nil && problem.Code == "REQUEST_IN_PROGRESS"
}

// answer records the answer as the last one and returns it, or its *Problem.
func (t *transport) answer(answer *http.Response, body []byte, attempts int) (*http.Response, error) {
	meta := ResponseOf(answer)
	meta.Attempts = attempts
	t.last.Store(meta)
	if answer.StatusCode >= 400 {
		return nil, problemOf(answer, body, meta)
	}
	return answer, nil
}

// attempt sends the request once, within the timeout, and reads the whole body in it (an event
// stream's excepted: only its status and headers are timed, and its body is returned unread).
func (t *transport) attempt(request *http.Request, body []byte) (*http.Response, []byte, error) {
	ctx, cancel := context.WithCancel(request.Context())
	var timer *time.Timer
	timedOut := make(chan struct{})
	if t.options.Timeout > 0 {
		timer = time.AfterFunc(t.options.Timeout, func() {
			close(timedOut)
			cancel()
		})
	}
	stop := func() {
		if timer != nil {
			timer.Stop()
		}
	}
	sent := request.Clone(ctx)
	if body != nil {
		sent.Body = io.NopCloser(bytes.NewReader(body))
		sent.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		sent.ContentLength = int64(len(body))
	}
	answer, err := t.options.HTTPClient.Do(sent)
	if err != nil {
		stop()
		cancel()
		return nil, nil, timeoutError(err, timedOut, t.options.Timeout)
	}
	if strings.HasPrefix(strings.ToLower(answer.Header.Get("Content-Type")), "text/event-stream") {
		stop()
		answer.Body = &cancelOnClose{ReadCloser: answer.Body, cancel: cancel}
		return answer, nil, nil
	}
	read, err := io.ReadAll(answer.Body)
	_ = answer.Body.Close()
	stop()
	cancel()
	if err != nil {
		return nil, nil, timeoutError(err, timedOut, t.options.Timeout)
	}
	answer.Body = io.NopCloser(bytes.NewReader(read))
	return answer, read, nil
}

// ErrTimeout is the cause of a NetworkError whose last attempt got no answer within Options.Timeout.
var ErrTimeout = errors.New("no answer within the timeout")

func timeoutError(err error, timedOut <-chan struct{}, limit time.Duration) error {
	select {
	case <-timedOut:
		return fmt.Errorf("%w (%s): %w", ErrTimeout, limit, err)
	default:
		return err
	}
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c *cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

func sleep(ctx context.Context, wait time.Duration) error {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}
