package coin

import (
	"context"
	"errors"
	"sync"
	"time"

	"coinledger/clients/go/api"
)

// TokenSource gives the bearer token of a request (Options.TokenSource).
type TokenSource interface {
	Token(ctx context.Context) (string, error)
}

// ClientCredentialsSource is a platform client's SYSTEM token from POST /api/auth/token (the JSON
// form of OAuth 2.0 client credentials), kept until shortly before it expires and then fetched
// again. A failed request is not kept (the next call asks again) and returns its *Problem (a 401
// for a wrong or revoked secret).
type ClientCredentialsSource struct {
	// RefreshMargin: a new token is fetched when less than this is left of the current one
	// (0: 60 s; at most half the token's lifetime).
	RefreshMargin time.Duration

	clientID, clientSecret string
	client                 *Client
	init                   error
	mu                     sync.Mutex
	token                  string
	refreshAt              time.Time
}

// ClientCredentials is the SYSTEM token source of the platform client clientID at baseURL:
//
//	c, err := coin.New(coin.Options{BaseURL: url, TokenSource: coin.ClientCredentials(url, id, secret)})
func ClientCredentials(baseURL, clientID, clientSecret string) *ClientCredentialsSource {
	return ClientCredentialsWith(Options{BaseURL: baseURL}, clientID, clientSecret)
}

// ClientCredentialsWith is ClientCredentials whose token requests go as `options` say (its HTTP
// client, timeout, retries; its credentials are not used).
func ClientCredentialsWith(options Options, clientID, clientSecret string) *ClientCredentialsSource {
	options.AccessToken, options.TokenSource, options.APIKey = "", nil, ""
	client, err := New(options)
	return &ClientCredentialsSource{clientID: clientID, clientSecret: clientSecret, client: client, init: err}
}

// Token is the current token, fetched first when there is none or it is about to expire.
// Calls at the same time share one request.
func (s *ClientCredentialsSource) Token(ctx context.Context) (string, error) {
	if s.init != nil {
		return "", s.init
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.token != "" && time.Now().Before(s.refreshAt) {
		return s.token, nil
	}
	asked := time.Now()
	res, err := s.client.IssueTokenWithResponse(ctx, nil, api.IssueTokenJSONRequestBody{ClientId: s.clientID, ClientSecret: s.clientSecret})
	if err != nil {
		return "", err
	}
	token, lifetime, err := tokenOf(res)
	if err != nil {
		return "", err
	}
	margin := s.RefreshMargin
	if margin <= 0 {
		margin = time.Minute
	}
	margin = min(margin, lifetime/2)
	// From when it was asked for: the time the request took is already gone from the token's life.
	s.token, s.refreshAt = token, asked.Add(lifetime-margin)
	return token, nil
}

// Invalidate forgets the token (e.g. after a 401: the client was revoked, or its grants
// changed): the next call fetches a new one.
func (s *ClientCredentialsSource) Invalidate() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.token = ""
}

// tokenOf reads the token and its lifetime from either form of the answer (JSON's accessToken
// and expiresIn, OAuth's access_token and expires_in).
func tokenOf(res *api.IssueTokenResponse) (string, time.Duration, error) {
	if res.JSON200 == nil {
		return "", 0, errors.New("coin: POST /api/auth/token answered no token")
	}
	if json, err := res.JSON200.AsIssueToken200JSONResponseBody0(); err == nil && json.AccessToken != "" {
		return json.AccessToken, time.Duration(json.ExpiresIn) * time.Second, nil
	}
	if oauth, err := res.JSON200.AsIssueToken200JSONResponseBody1(); err == nil && oauth.AccessToken != "" {
		return oauth.AccessToken, time.Duration(oauth.ExpiresIn) * time.Second, nil
	}
	return "", 0, errors.New("coin: POST /api/auth/token answered no access token")
}
