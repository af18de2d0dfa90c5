package main

import (
	"strings"
	"testing"
	"time"
)

// A tiny builder of recorded histories: times in milliseconds, amounts in minor units.
type builder struct{ h History }

func newHistory(wallets ...int64) *builder {
	b := &builder{h: History{CreditLagNs: int64(5 * time.Second)}}
	for _, w := range wallets {
		b.h.Wallets = append(b.h.Wallets, Wallet{ID: w, Initial: 10000})
	}
	return b
}

func ms(v int64) int64 { return v * int64(time.Millisecond) }

func (b *builder) add(op Op, invoke, complete int64) *Op {
	op.ID = len(b.h.Operations) + 1
	op.InvokeNs = ms(invoke)
	if complete >= 0 {
		c := ms(complete)
		op.CompleteNs = &c
	}
	b.h.Operations = append(b.h.Operations, op)
	return &b.h.Operations[len(b.h.Operations)-1]
}

// transfer: outcome ok (balance = the sender's new balance), fail (code), or info (no answer: complete < 0).
func (b *builder) transfer(client int, from, to, amount int64, invoke, complete int64, outcome string, balanceOrCode interface{}) {
	op := Op{Client: client, Kind: "transfer", Outcome: outcome}
	op.Input.From, op.Input.To, op.Input.Amount = from, to, amount
	switch v := balanceOrCode.(type) {
	case int:
		bal := int64(v)
		op.Output.Balance = &bal
		op.Output.Status = 201
	case string:
		op.Output.Status, op.Output.Code = 422, v
	}
	b.add(op, invoke, complete)
}

func (b *builder) read(client int, wallet int64, invoke, complete int64, balance int64) {
	op := Op{Client: client, Kind: "read", Outcome: "ok"}
	op.Input.Wallet = wallet
	op.Output.Balance = &balance
	op.Output.Status = 200
	b.add(op, invoke, complete)
}

func check(t *testing.T, b *builder) Result {
	t.Helper()
	res, err := Check(&b.h, 10*time.Second, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Undecided) > 0 {
		t.Fatalf("undecided: %v", res.Undecided)
	}
	return res
}

func expectAnomaly(t *testing.T, b *builder, wallet int64, mention string) {
	t.Helper()
	res := check(t, b)
	if len(res.Anomalies) != 1 || res.Anomalies[0].Wallet != wallet {
		t.Fatalf("want one anomaly on wallet %d, got %+v", wallet, res.Anomalies)
	}
	if !strings.Contains(res.Anomalies[0].Description, mention) {
		t.Fatalf("the description should mention %q: %s", mention, res.Anomalies[0].Description)
	}
	t.Log(res.Anomalies[0].Description)
}

func TestLinearizableHistoryPasses(t *testing.T) {
	b := newHistory(1, 2)
	// Two concurrent transfers from 1; reads overlapping them may see either order.
	b.transfer(0, 1, 2, 3000, 0, 50, "ok", 7000)
	b.transfer(1, 1, 2, 2000, 10, 40, "ok", 5000) // linearized after the first
	b.read(2, 1, 20, 30, 10000)                   // before both: allowed, they are concurrent
	b.read(2, 1, 60, 70, 5000)
	b.read(3, 2, 60, 70, 15000) // both credits landed
	// A definite INSUFFICIENT_FUNDS that some order explains: 1 has 50.00, asks 60.00.
	b.transfer(0, 1, 2, 6000, 80, 90, "fail", "INSUFFICIENT_FUNDS")
	// An unknown outcome: the reads may see it applied or not.
	b.transfer(1, 2, 1, 1000, 100, -1, "info", nil)
	b.read(2, 2, 110, 120, 14000)
	b.read(3, 1, 130, 140, 6000)
	if res := check(t, b); len(res.Anomalies) != 0 {
		t.Fatalf("want none, got %+v", res.Anomalies)
	}
}

func TestCreditMayLagWithinBound(t *testing.T) {
	b := newHistory(1, 2)
	b.transfer(0, 1, 2, 3000, 0, 10, "ok", 7000)
	b.read(1, 2, 20, 30, 10000) // the credit leg still travelling: allowed
	b.read(1, 2, 40, 50, 13000)
	if res := check(t, b); len(res.Anomalies) != 0 {
		t.Fatalf("want none, got %+v", res.Anomalies)
	}
}

func TestReadOfAStateThatNeverExistedFails(t *testing.T) {
	b := newHistory(1, 2)
	b.transfer(0, 1, 2, 3000, 0, 10, "ok", 7000)
	b.read(1, 1, 20, 30, 8000) // neither 100.00 nor 70.00
	expectAnomaly(t, b, 1, "read → 80.00")
}

func TestLostUpdateFails(t *testing.T) {
	b := newHistory(1, 2)
	// Both acknowledged from the same starting balance: one debit overwrote the other.
	b.transfer(0, 1, 2, 3000, 0, 20, "ok", 7000)
	b.transfer(1, 1, 2, 2000, 5, 25, "ok", 8000)
	expectAnomaly(t, b, 1, "debit")
}

func TestLostUpdateSeenByALaterReadFails(t *testing.T) {
	b := newHistory(1, 2)
	b.transfer(0, 1, 2, 3000, 0, 20, "ok", 7000)
	b.transfer(1, 1, 2, 2000, 30, 40, "ok", 5000)
	b.read(2, 1, 50, 60, 7000) // the second debit vanished
	expectAnomaly(t, b, 1, "read → 70.00")
}

func TestStaleReadAfterAcknowledgedWriteFails(t *testing.T) {
	b := newHistory(1, 2)
	b.transfer(0, 1, 2, 3000, 0, 10, "ok", 7000)
	b.read(1, 1, 20, 30, 10000) // the debit was acknowledged before this read began
	expectAnomaly(t, b, 1, "read → 100.00")
}

func TestCreditMissingPastTheLagFails(t *testing.T) {
	b := newHistory(1, 2)
	b.transfer(0, 1, 2, 3000, 0, 10, "ok", 7000)
	b.read(1, 2, 6000, 6010, 10000) // 6 s after the 201, the lag being 5 s
	expectAnomaly(t, b, 2, "read → 100.00")
}

func TestUnjustifiedInsufficientFundsFails(t *testing.T) {
	b := newHistory(1, 2)
	b.transfer(0, 1, 2, 5000, 0, 10, "fail", "INSUFFICIENT_FUNDS") // 100.00 covers 50.00
	expectAnomaly(t, b, 1, "INSUFFICIENT_FUNDS")
}

func TestAcknowledgedOverdraftFails(t *testing.T) {
	b := newHistory(1, 2)
	b.transfer(0, 1, 2, 12000, 0, 10, "ok", -2000)
	expectAnomaly(t, b, 1, "debit 120.00")
}

func TestRefusedTransferThatTookEffectFails(t *testing.T) {
	b := newHistory(1, 2)
	b.transfer(0, 1, 2, 3000, 0, 10, "fail", "RECIPIENT_CLOSED")
	b.read(1, 1, 20, 30, 7000)
	expectAnomaly(t, b, 1, "read → 70.00")
}
