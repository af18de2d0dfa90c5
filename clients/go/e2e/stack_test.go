// Package e2e runs the Go client against a running stack, as an integrator's Go program would.
// It is run by test/e2e/go-client.test.ts (the long tier), which starts the stack, funds the
// REWARDS treasury, makes a platform client and hands them over in the environment:
//
//	COIN_URL             the gateway
//	COIN_CLIENT_ID       a platform client granted REWARDS
//	COIN_CLIENT_SECRET   its secret
//	COIN_RUN             a word unique to the run (the user's e-mail)
//
// Without COIN_URL the test is skipped (go test ./... of the module, e.g. the drift check).
package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"testing"
	"time"

	coin "coinledger/clients/go"
	"coinledger/clients/go/api"

	"github.com/oapi-codegen/runtime/types"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// delivery is one webhook request as the receiver got it.
type delivery struct {
	body   []byte
	header http.Header
}

// receiver is a webhook endpoint on 127.0.0.1 (the test stack admits http and loopback).
func receiver(t *testing.T) (string, <-chan delivery) {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	deliveries := make(chan delivery, 64)
	server := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		deliveries <- delivery{body: body, header: r.Header.Clone()}
		w.WriteHeader(http.StatusOK)
	}), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(func() { _ = server.Close() })
	return "http://" + listener.Addr().String() + "/go-client", deliveries
}

// eventually calls probe until it answers true or the deadline passes.
func eventually(t *testing.T, what string, probe func() (bool, error)) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		done, err := probe()
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 60 s (last error: %v)", what, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func ok(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func TestAgainstTheStack(t *testing.T) {
	url := os.Getenv("COIN_URL")
	if url == "" {
		t.Skip("COIN_URL is not set: run by test/e2e/go-client.test.ts against a stack")
	}
	ctx := context.Background()
	run := os.Getenv("COIN_RUN")

	// A SYSTEM client signed in with its client credentials.
	platform, err := coin.New(coin.Options{
		BaseURL:     url,
		TokenSource: coin.ClientCredentials(url, os.Getenv("COIN_CLIENT_ID"), os.Getenv("COIN_CLIENT_SECRET")),
	})
	ok(t, "client", err)
	hookURL, deliveries := receiver(t)
	endpoint, err := platform.CreateWebhookEndpointWithResponse(ctx, nil, api.CreateWebhookEndpointJSONRequestBody{
		Url:        hookURL,
		EventTypes: []api.CreateWebhookEndpointJSONBodyEventTypes{api.CreateWebhookEndpointJSONBodyEventTypesCoinTransactionRecorded},
	})
	ok(t, "createWebhookEndpoint", err)

	// A user, signed in, whose wallet is open.
	anonymous, err := coin.New(coin.Options{BaseURL: url})
	ok(t, "client", err)
	email := fmt.Sprintf("go-client-%s@example.com", run)
	password := "correct horse battery staple"
	_, err = anonymous.RegisterUserWithResponse(ctx, nil, api.RegisterUserJSONRequestBody{Email: types.Email(email), Password: password, FullName: "Go Client"})
	ok(t, "registerUser", err)
	login, err := anonymous.LoginWithResponse(ctx, nil, api.LoginJSONRequestBody{Email: email, Password: password})
	ok(t, "login", err)
	tokens, err := login.JSON200.AsLogin200JSONResponseBody0()
	ok(t, "login answer", err)
	user, err := coin.New(coin.Options{BaseURL: url, AccessToken: tokens.AccessToken})
	ok(t, "client", err)
	var userID int
	eventually(t, "the user's wallet", func() (bool, error) {
		wallet, err := user.GetMyWalletWithResponse(ctx, nil)
		if err != nil {
			return false, err
		}
		userID = wallet.JSON200.UserId
		return true, nil
	})

	// Rewarded by the platform: keyed by the client, the key told by LastResponse.
	rewardBody := api.RewardUserJSONRequestBody{UserId: userID, Amount: 30, Reason: "Go client: finished course"}
	rewarded, err := platform.RewardUserWithResponse(ctx, nil, rewardBody)
	ok(t, "rewardUser", err)
	last := platform.LastResponse()
	if rewarded.JSON201 == nil || last.Status != 201 || last.IdempotencyKey == "" || last.RequestID == "" || last.IdempotentReplayed {
		t.Fatalf("reward answered %s, LastResponse %+v", rewarded.Body, last)
	}
	rewardID := rewarded.JSON201.Transaction.Id
	// The same key again is a replay: the first answer, nothing paid twice.
	replayed, err := platform.RewardUserWithResponse(ctx, &api.RewardUserParams{IdempotencyKey: &last.IdempotencyKey}, rewardBody)
	ok(t, "rewardUser again", err)
	if replayed.JSON201 == nil || replayed.JSON201.Transaction.Id != rewardID || !platform.LastResponse().IdempotentReplayed {
		t.Fatalf("the replay answered %s, LastResponse %+v", replayed.Body, platform.LastResponse())
	}

	// A purchase by the user, then one past the balance: a *Problem with its code.
	purchased, err := user.PurchaseWithResponse(ctx, nil, api.PurchaseJSONRequestBody{
		Amount: 12.5, Treasury: api.PurchaseJSONBodyTreasuryCOURSEFEES, Reason: "Go client: a course",
	})
	ok(t, "purchase", err)
	_, err = user.PurchaseWithResponse(ctx, nil, api.PurchaseJSONRequestBody{Amount: 1000, Treasury: api.PurchaseJSONBodyTreasuryCOURSEFEES, Reason: "too much"})
	var problem *coin.Problem
	if !errors.As(err, &problem) || problem.Code != "INSUFFICIENT_FUNDS" || problem.Status != 422 || problem.RequestID == "" || problem.IdempotencyKey == "" {
		t.Fatalf("a purchase past the balance: %v (%+v)", err, problem)
	}

	// The user's history: the purchase and the reward, newest first.
	eventually(t, "the history", func() (bool, error) {
		history, err := user.GetMyHistoryWithResponse(ctx, &api.GetMyHistoryParams{})
		if err != nil {
			return false, err
		}
		ids := []int{}
		for _, tx := range history.JSON200.Transactions {
			ids = append(ids, tx.Id)
		}
		return fmt.Sprint(ids) == fmt.Sprint([]int{purchased.JSON201.Transaction.Id, rewardID}), fmt.Errorf("history %v", ids)
	})

	// The same list a transaction a page: two pages through the iterator.
	pages, ids := 0, []int{}
	for page, err := range coin.Pages(ctx, func(ctx context.Context, cursor *string) (*api.ListMyTransactionsResponse, error) {
		return user.ListMyTransactionsWithResponse(ctx, &api.ListMyTransactionsParams{Limit: coin.Ptr("1"), Cursor: cursor})
	}) {
		if err != nil {
			t.Fatal(err)
		}
		pages++
		for _, tx := range page.JSON200.Transactions {
			ids = append(ids, tx.Id)
		}
	}
	if pages != 2 || fmt.Sprint(ids) != fmt.Sprint([]int{purchased.JSON201.Transaction.Id, rewardID}) {
		t.Fatalf("%d pages of %v", pages, ids)
	}

	// The reward's webhook, verified with the official Standard Webhooks library and the secret as returned.
	hook, err := standardwebhooks.NewWebhook(endpoint.JSON201.Secret)
	ok(t, "secret", err)
	deadline := time.After(60 * time.Second)
	for {
		select {
		case <-deadline:
			t.Fatalf("no delivery of the reward %d within 60 s", rewardID)
		case got := <-deliveries:
			var event struct {
				Type        string `json:"type"`
				Transaction struct {
					ID int `json:"id"`
				} `json:"transaction"`
			}
			if json.Unmarshal(got.body, &event) != nil || event.Type != "coin.transaction.recorded" || event.Transaction.ID != rewardID {
				continue
			}
			if err := hook.Verify(got.body, got.header); err != nil {
				t.Fatalf("the reward's delivery does not verify: %v", err)
			}
			tampered := append([]byte{}, got.body...)
			tampered[len(tampered)-2] ^= 1
			if hook.Verify(tampered, got.header) == nil {
				t.Fatal("a changed body verified: the check proves nothing")
			}
			t.Logf("reward %d, purchase %d, 2 pages, delivery %s verified", rewardID, purchased.JSON201.Transaction.Id, got.header.Get("webhook-id"))
			return
		}
	}
}
