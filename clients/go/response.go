package coin

import "net/http"

// Response is what an answer said beside its body, as @coin/client's lastResponse has it.
type Response struct {
	// Status is the HTTP status of the answer (after any retries: the one returned).
	Status int
	// Header holds every header of the answer.
	Header http.Header
	// RequestID is the gateway's request id (x-request-id): what to quote to the operators.
	RequestID string
	// IdempotencyKey is the key the call was sent with (money calls), the one every retry resent.
	IdempotencyKey string
	// IdempotentReplayed is Idempotent-Replayed: true: the answer the key already got; nothing was done again.
	IdempotentReplayed bool
	// CoinVersion is the API version (X.Y.Z) the answer is shaped for.
	CoinVersion string
	// Deprecation (RFC 9745), e.g. @1767225600: the operation is deprecated since that Unix time.
	Deprecation string
	// Sunset (RFC 8594), an HTTP date: from when a deprecated operation may be gone.
	Sunset string
	// Attempts is how many times the request was sent (1 when it was not retried; 0 when unknown).
	Attempts int
}

// ResponseOf reads the metadata of one answer, e.g. a call's res.HTTPResponse (Attempts unknown: 0).
func ResponseOf(answer *http.Response) *Response {
	if answer == nil {
		return nil
	}
	key := ""
	if answer.Request != nil {
		key = answer.Request.Header.Get("Idempotency-Key")
	}
	return &Response{
		Status:             answer.StatusCode,
		Header:             answer.Header,
		RequestID:          answer.Header.Get("X-Request-Id"),
		IdempotencyKey:     key,
		IdempotentReplayed: answer.Header.Get("Idempotent-Replayed") == "true",
		CoinVersion:        answer.Header.Get("Coin-Version"),
		Deprecation:        answer.Header.Get("Deprecation"),
		Sunset:             answer.Header.Get("Sunset"),
	}
}
