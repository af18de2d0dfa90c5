package coin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"coinledger/clients/go/api"
)

// recorder is a test server that answers each request with the next of its answers, and keeps
// what it was sent.
type recorder struct {
	mu       sync.Mutex
	requests []*http.Request
	answers  []func(w http.ResponseWriter, r *http.Request)
}

func (s *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests = append(s.requests, r.Clone(context.Background()))
	answer := s.answers[min(len(s.requests), len(s.answers))-1]
	s.mu.Unlock()
	answer(w, r)
}

func (s *recorder) keys() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	keys := []string{}
	for _, r := range s.requests {
		keys = append(keys, r.Header.Get("Idempotency-Key"))
	}
	return keys
}

func jsonAnswer(status int, contentType string, body any, header ...string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, _ *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(body)
	}
}

func problemAnswer(status int, code string, header ...string) func(http.ResponseWriter, *http.Request) {
	return jsonAnswer(status, "application/problem+json", map[string]any{
		"type": "/problems/x", "title": "Refused", "status": status, "detail": "because", "code": code, "requestId": "req-1",
	}, header...)
}

var rewarded = map[string]any{
	"transaction": map[string]any{"id": 7, "type": "REWARD", "amount": 12345678.91},
	"wallet":      map[string]any{"balance": 12345678.91},
}

func newTestClient(t *testing.T, server *recorder, options Options) *Client {
	t.Helper()
	httpServer := httptest.NewServer(server)
	t.Cleanup(httpServer.Close)
	options.BaseURL = httpServer.URL
	options.AccessToken = "token-1"
	options.Retry.BaseDelay = time.Millisecond
	c, err := New(options)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var reward = api.RewardUserJSONRequestBody{UserId: 42, Amount: 12345678.91, Reason: "Finished course 42"}

func TestAMoneyCallGetsAKeyThatEveryRetryResends(t *testing.T) {
	server := &recorder{answers: []func(http.ResponseWriter, *http.Request){
		problemAnswer(503, "UNAVAILABLE"),
		func(w http.ResponseWriter, r *http.Request) { panic(http.ErrAbortHandler) }, // the connection lost
		jsonAnswer(201, "application/json", rewarded, "X-Request-Id", "req-9", "Idempotent-Replayed", "true"),
	}}
	c := newTestClient(t, server, Options{})
	res, err := c.RewardUserWithResponse(context.Background(), nil, reward)
	if err != nil {
		t.Fatal(err)
	}
	keys := server.keys()
	if len(keys) != 3 || keys[0] == "" || keys[1] != keys[0] || keys[2] != keys[0] {
		t.Fatalf("keys sent: %q, want one key three times", keys)
	}
	if res.JSON201 == nil || res.JSON201.Transaction.Amount != 12345678.91 {
		t.Fatalf("answer: %s", res.Body)
	}
	last := c.LastResponse()
	// Three requests in two or three attempts: net/http itself resends a request with an
	// Idempotency-Key once when the reused connection it went on breaks before any answer.
	want := Response{Status: 201, RequestID: "req-9", IdempotencyKey: keys[0], IdempotentReplayed: true}
	if got := *last; got.Status != want.Status || got.RequestID != want.RequestID || got.IdempotencyKey != want.IdempotencyKey ||
		got.IdempotentReplayed != want.IdempotentReplayed || got.Attempts < 2 || got.Attempts > 3 {
		t.Fatalf("LastResponse: %+v, want %+v", got, want)
	}
	if server.requests[0].Header.Get("Authorization") != "Bearer token-1" {
		t.Fatalf("Authorization: %q", server.requests[0].Header.Get("Authorization"))
	}
}

func TestAKeyTheCallerGivesIsTheOneSent(t *testing.T) {
	server := &recorder{answers: []func(http.ResponseWriter, *http.Request){jsonAnswer(201, "application/json", rewarded)}}
	c := newTestClient(t, server, Options{})
	if _, err := c.RewardUserWithResponse(context.Background(), &api.RewardUserParams{IdempotencyKey: Ptr("mine-1")}, reward); err != nil {
		t.Fatal(err)
	}
	if keys := server.keys(); !slices.Equal(keys, []string{"mine-1"}) {
		t.Fatalf("keys sent: %q", keys)
	}
}

func TestAWriteWithoutAKeyIsSentOnceAndGetsNoKey(t *testing.T) {
	server := &recorder{answers: []func(http.ResponseWriter, *http.Request){problemAnswer(503, "UNAVAILABLE")}}
	c := newTestClient(t, server, Options{})
	_, err := c.LoginWithResponse(context.Background(), nil, api.LoginJSONRequestBody{Email: "a@example.com", Password: "x"})
	var problem *Problem
	if !errors.As(err, &problem) || problem.Status != 503 {
		t.Fatalf("error: %v", err)
	}
	if keys := server.keys(); !slices.Equal(keys, []string{""}) {
		t.Fatalf("sent %d times with keys %q, want once without", len(keys), keys)
	}
}

func TestA429IsRetriedAfterItsRetryAfterAndOneAskingTooLongIsReturned(t *testing.T) {
	server := &recorder{answers: []func(http.ResponseWriter, *http.Request){
		problemAnswer(429, "RATE_LIMITED", "Retry-After", "0"),
		jsonAnswer(200, "application/json", map[string]any{"balance": 5}),
	}}
	c := newTestClient(t, server, Options{})
	res, err := c.GetMyWalletWithResponse(context.Background(), nil)
	if err != nil || res.JSON200 == nil || len(server.keys()) != 2 {
		t.Fatalf("err %v, %d requests", err, len(server.keys()))
	}

	patient := &recorder{answers: []func(http.ResponseWriter, *http.Request){problemAnswer(429, "RATE_LIMITED", "Retry-After", "3600")}}
	c = newTestClient(t, patient, Options{})
	_, err = c.GetMyWalletWithResponse(context.Background(), nil)
	if !IsProblem(err, "RATE_LIMITED") || len(patient.keys()) != 1 {
		t.Fatalf("err %v, %d requests: want the 429 at once", err, len(patient.keys()))
	}
}

func TestRetriesAreBounded(t *testing.T) {
	server := &recorder{answers: []func(http.ResponseWriter, *http.Request){problemAnswer(500, "INTERNAL")}}
	c := newTestClient(t, server, Options{Retry: RetryPolicy{Attempts: 4}})
	_, err := c.RewardUserWithResponse(context.Background(), nil, reward)
	if !IsProblem(err, "INTERNAL") || len(server.keys()) != 4 {
		t.Fatalf("err %v after %d requests, want the 500 after 4", err, len(server.keys()))
	}
}

func TestAnErrorAnswerIsATypedProblem(t *testing.T) {
	server := &recorder{answers: []func(http.ResponseWriter, *http.Request){problemAnswer(422, "INSUFFICIENT_FUNDS", "X-Request-Id", "req-1")}}
	c := newTestClient(t, server, Options{})
	_, err := c.RewardUserWithResponse(context.Background(), nil, reward)
	var problem *Problem
	if !errors.As(fmt.Errorf("wrapped: %w", err), &problem) {
		t.Fatalf("error %T %v is no *Problem", err, err)
	}
	got := fmt.Sprint(problem.Status, problem.Code, problem.Title, problem.Detail, problem.RequestID, problem.IdempotencyKey != "")
	if want := fmt.Sprint(422, "INSUFFICIENT_FUNDS", "Refused", "because", "req-1", true); got != want {
		t.Fatalf("problem %q, want %q", got, want)
	}
	if problem.Response.Status != 422 || problem.IdempotencyKey != server.keys()[0] || c.LastResponse().Status != 422 {
		t.Fatalf("problem's response %+v", problem.Response)
	}
	if problem.Error() != "coin: 422 INSUFFICIENT_FUNDS: because" {
		t.Fatalf("message %q", problem.Error())
	}
}

func TestAnAnswerThatIsNoProblemBecomesOne(t *testing.T) {
	server := &recorder{answers: []func(http.ResponseWriter, *http.Request){func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("X-Request-Id", "proxy-1")
		w.WriteHeader(404)
		_, _ = w.Write([]byte("<h1>Not here</h1>"))
	}}}
	c := newTestClient(t, server, Options{})
	_, err := c.GetMyWalletWithResponse(context.Background(), nil)
	var problem *Problem
	if !errors.As(err, &problem) || problem.Code != "HTTP_404" || problem.Title != "Not Found" || problem.Detail != "<h1>Not here</h1>" || problem.RequestID != "proxy-1" {
		t.Fatalf("error %+v", err)
	}
}

func TestAnAttemptPastTheTimeoutIsRetriedThenANetworkError(t *testing.T) {
	release := make(chan struct{})
	server := &recorder{answers: []func(http.ResponseWriter, *http.Request){func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}}}
	c := newTestClient(t, server, Options{Timeout: 20 * time.Millisecond, Retry: RetryPolicy{Attempts: 2}})
	// Registered after the server's Close, so run before it: Close waits for its handlers.
	t.Cleanup(func() { close(release) })
	_, err := c.RewardUserWithResponse(context.Background(), nil, reward)
	var network *NetworkError
	if !errors.As(err, &network) || !errors.Is(err, ErrTimeout) || network.Attempts != 2 {
		t.Fatalf("error %v, want a NetworkError of 2 timed-out attempts", err)
	}
	if keys := server.keys(); len(keys) != 2 || keys[0] != keys[1] || network.IdempotencyKey != keys[0] {
		t.Fatalf("keys %q, error's key %q", keys, network.IdempotencyKey)
	}
}

func TestTheDefaultTimeoutIs30Seconds(t *testing.T) {
	c, err := New(Options{BaseURL: "http://127.0.0.1:1"})
	if err != nil || c.transport.options.Timeout != 30*time.Second {
		t.Fatalf("timeout %v, err %v", c.transport.options.Timeout, err)
	}
}

// pagedServer serves a list of 5 transactions two at a time, by cursor.
func pagedServer(cursors func(next int) *string) *recorder {
	return &recorder{answers: []func(http.ResponseWriter, *http.Request){func(w http.ResponseWriter, r *http.Request) {
		from := 0
		if cursor := r.URL.Query().Get("cursor"); cursor != "" {
			from, _ = strconv.Atoi(cursor[1:])
		}
		transactions := []map[string]any{}
		for id := from; id < min(from+2, 5); id++ {
			transactions = append(transactions, map[string]any{"id": id})
		}
		more := from+2 < 5
		var next *string
		if more {
			next = cursors(from + 2)
		}
		jsonAnswer(200, "application/json", map[string]any{"transactions": transactions, "hasMore": more, "nextCursor": next})(w, r)
	}}}
}

func listOf(c *Client) ListFunc[*api.ListMyTransactionsResponse] {
	return func(ctx context.Context, cursor *string) (*api.ListMyTransactionsResponse, error) {
		return c.ListMyTransactionsWithResponse(ctx, &api.ListMyTransactionsParams{Limit: Ptr("2"), Cursor: cursor})
	}
}

func TestItemsWalksEveryPageByItsCursor(t *testing.T) {
	server := pagedServer(func(next int) *string { return Ptr(fmt.Sprintf("c%d", next)) })
	c := newTestClient(t, server, Options{})
	ids := []int{}
	for tx, err := range Items[api.Transaction](context.Background(), listOf(c)) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, tx.Id)
	}
	if !slices.Equal(ids, []int{0, 1, 2, 3, 4}) || len(server.keys()) != 3 {
		t.Fatalf("ids %v in %d pages", ids, len(server.keys()))
	}
	if got := server.requests[1].URL.Query(); got.Get("cursor") != "c2" || got.Get("limit") != "2" {
		t.Fatalf("second page asked with %v", got)
	}

	pages := 0
	for _, err := range Pages(context.Background(), listOf(c)) {
		if err != nil {
			t.Fatal(err)
		}
		if pages++; pages == 2 {
			break
		}
	}
	if len(server.keys()) != 5 {
		t.Fatalf("%d requests: a loop that stops after two pages asks for two", len(server.keys()))
	}
}

func TestPagesStopsWithAnErrorRatherThanLoop(t *testing.T) {
	for name, cursors := range map[string]func(int) *string{
		"no cursor":       func(int) *string { return nil },
		"the same cursor": func(int) *string { return Ptr("c2") },
	} {
		c := newTestClient(t, pagedServer(cursors), Options{})
		var last error
		count := 0
		for _, err := range Pages(context.Background(), listOf(c)) {
			count++
			last = err
		}
		if last == nil || count > 3 {
			t.Fatalf("%s: %d pages, last error %v", name, count, last)
		}
	}
}

func TestClientCredentialsFetchesTheTokenOnceAndSendsIt(t *testing.T) {
	server := &recorder{answers: []func(http.ResponseWriter, *http.Request){func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/auth/token" {
			jsonAnswer(200, "application/json", map[string]any{"accessToken": "system-1", "expiresIn": 900, "tokenType": "Bearer"})(w, r)
			return
		}
		jsonAnswer(200, "application/json", map[string]any{"balance": 1})(w, r)
	}}}
	httpServer := httptest.NewServer(server)
	t.Cleanup(httpServer.Close)
	source := ClientCredentials(httpServer.URL, "client-1", "secret-1")
	c, err := New(Options{BaseURL: httpServer.URL, TokenSource: source})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := c.GetMyWalletWithResponse(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
	}
	paths := []string{}
	for _, r := range server.requests {
		paths = append(paths, r.URL.Path+" "+r.Header.Get("Authorization"))
	}
	want := []string{"/api/auth/token ", "/api/wallets/me Bearer system-1", "/api/wallets/me Bearer system-1"}
	if !slices.Equal(paths, want) {
		t.Fatalf("requests %q, want %q", paths, want)
	}
}
