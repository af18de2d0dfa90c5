package coin

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// Problem is an answer of the API that is not 2xx or 3xx: the RFC 9457 problem its body carries
// (application/problem+json). Every call of a Client returns it as its error, so
//
//	var problem *coin.Problem
//	if errors.As(err, &problem) && problem.Code == "INSUFFICIENT_FUNDS" { ... }
//
// Code is what a program branches on; RequestID is what to quote to the operators. An answer
// that is no problem (a proxy's HTML page, an empty body) becomes one with the code HTTP_<status>.
type Problem struct {
	Status    int          `json:"status"`
	Code      string       `json:"code"`
	Type      string       `json:"type"`
	Title     string       `json:"title"`
	Detail    string       `json:"detail"`
	RequestID string       `json:"requestId"`
	CommandID string       `json:"commandId,omitempty"`
	Errors    []FieldError `json:"errors,omitempty"`
	// IdempotencyKey is the key the request was sent with (money calls): after a 504 ask
	// GetCommandStatusWithResponse with it, or retry with that same key.
	IdempotencyKey string `json:"-"`
	// Body is the answer's body as it came.
	Body []byte `json:"-"`
	// Response is the answer's metadata.
	Response *Response `json:"-"`
}

// FieldError is one refused field of a 400 VALIDATION_FAILED.
type FieldError struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

func (p *Problem) Error() string {
	text := p.Detail
	if text == "" {
		text = p.Title
	}
	return fmt.Sprintf("coin: %d %s: %s", p.Status, p.Code, text)
}

// HasCode reports whether the problem has one of these codes.
func (p *Problem) HasCode(codes ...string) bool {
	return slices.Contains(codes, p.Code)
}

// IsProblem reports whether err is (or wraps) a *Problem with one of these codes (any code when none is given).
func IsProblem(err error, codes ...string) bool {
	var problem *Problem
	return errors.As(err, &problem) && (len(codes) == 0 || problem.HasCode(codes...))
}

// problemOf makes the error of an answer from its status, headers and body.
func problemOf(answer *http.Response, body []byte, meta *Response) *Problem {
	problem := &Problem{}
	if json.Unmarshal(body, problem) != nil || problem.Code == "" || problem.Status == 0 {
		detail := string(body)
		if len(detail) > 500 {
			detail = detail[:500]
		}
		title := strings.TrimSpace(strings.TrimPrefix(answer.Status, fmt.Sprint(answer.StatusCode)))
		if title == "" {
			title = fmt.Sprintf("HTTP %d", answer.StatusCode)
		}
		problem = &Problem{
			Type:      "about:blank",
			Status:    answer.StatusCode,
			Code:      fmt.Sprintf("HTTP_%d", answer.StatusCode),
			Title:     title,
			Detail:    detail,
			RequestID: answer.Header.Get("X-Request-Id"),
		}
	}
	problem.IdempotencyKey = meta.IdempotencyKey
	problem.Body = body
	problem.Response = meta
	return problem
}

// NetworkError is a request that got no answer (connection refused or reset, DNS, a timed-out
// attempt) after every attempt allowed. Whether a money call happened is known by
// GetCommandStatusWithResponse(IdempotencyKey).
type NetworkError struct {
	Method, URL    string
	IdempotencyKey string
	Attempts       int
	Err            error
}

func (e *NetworkError) Error() string {
	return fmt.Sprintf("coin: %s %s: no answer after %d attempt(s): %v", e.Method, e.URL, e.Attempts, e.Err)
}

func (e *NetworkError) Unwrap() error { return e.Err }
