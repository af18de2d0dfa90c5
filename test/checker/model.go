// The ledger's wallets as a sequential specification for Porcupine, and the
// translation of a recorded history (test/chaos/history/recorder.ts) into it.
//
// A transfer is two effects in this ledger (docs/CONTRACT.md "Transaction
// types"): the debit of the sender, decided and committed before the 201, and
// the credit of the receiver, which follows "within moments" as a credit leg
// of its own. So the history is split per wallet (the model's Partition):
// every wallet is a register of one balance with debits, credits and reads.
//
//   - debit, answered 201 with the sender's new balance b: balance >= amount,
//     balance' = balance - amount, and b == balance'.
//   - debit refused INSUFFICIENT_FUNDS: balance < amount, nothing changes.
//   - debit refused otherwise (a definitive 4xx): nothing changes.
//   - debit without a definitive answer: applied (when balance >= amount) or not.
//   - credit of a transfer answered 201: balance' = balance + amount, at some
//     moment between the transfer's invocation and `creditLagNs` after its
//     answer (or the quiet moment, when no credit leg was in flight, if earlier).
//   - credit of a transfer without a definitive answer: applied or not.
//   - wallet read answering b: b == balance (linearizable: docs/CONTRACT.md
//     "Read consistency").
//
// An operation without a definitive answer gets a return time past every
// other operation (Porcupine's way of saying "may have happened, at any
// moment after its invocation").
package main

import (
	"fmt"
	"math"
	"sort"

	"github.com/anishathalye/porcupine"
)

// History is the JSON file the TypeScript recorder writes.
type History struct {
	Wallets []Wallet `json:"wallets"`
	// CreditLagNs bounds how long after a transfer's 201 its credit may land.
	CreditLagNs int64 `json:"creditLagNs"`
	// QuietNs: from this moment no credit leg was in flight (every credit landed).
	QuietNs    *int64 `json:"quietNs"`
	Operations []Op   `json:"operations"`
}

// Wallet is a checked wallet: its user id and balance (minor units) before the run.
type Wallet struct {
	ID      int64 `json:"id"`
	Initial int64 `json:"initial"`
}

// Op is one recorded client operation.
type Op struct {
	ID     int    `json:"id"`
	Client int    `json:"client"`
	Kind   string `json:"kind"` // transfer | read | history
	Input  struct {
		From   int64 `json:"from"`
		To     int64 `json:"to"`
		Amount int64 `json:"amount"`
		Wallet int64 `json:"wallet"`
	} `json:"input"`
	InvokeNs   int64  `json:"invokeNs"`
	CompleteNs *int64 `json:"completeNs"`
	// Outcome: ok (2xx), fail (a definitive refusal), info (no definitive answer).
	Outcome string `json:"outcome"`
	Output  struct {
		TransactionID *int64 `json:"transactionId"`
		Balance       *int64 `json:"balance"`
		Status        int    `json:"status"`
		Code          string `json:"code"`
		Error         string `json:"error"`
	} `json:"output"`
}

type effect int

const (
	genesis effect = iota
	debit
	credit
	read
)

func (e effect) String() string {
	return [...]string{"open", "debit", "credit", "read"}[e]
}

type result int

const (
	applied      result = iota // 2xx, or a read's answer
	insufficient               // 422 INSUFFICIENT_FUNDS
	refused                    // another definitive refusal
	unknown                    // no definitive answer
)

// stepInput is one effect on one wallet; op is the client operation it comes from.
type stepInput struct {
	wallet int64
	effect effect
	amount int64
	op     *Op
}

type stepOutput struct {
	result  result
	balance *int64
}

// unset is the state before a wallet's opening balance.
const unset int64 = math.MinInt64

func stepWallet(state, input, output interface{}) []interface{} {
	balance := state.(int64)
	in := input.(stepInput)
	out := output.(stepOutput)
	if in.effect == genesis {
		if balance == unset {
			return []interface{}{in.amount}
		}
		return nil
	}
	if balance == unset {
		return nil
	}
	switch in.effect {
	case read:
		if out.balance == nil || *out.balance == balance {
			return []interface{}{balance}
		}
		return nil
	case credit:
		if out.result == applied {
			return []interface{}{balance + in.amount}
		}
		return []interface{}{balance, balance + in.amount}
	case debit:
		switch out.result {
		case applied:
			if balance >= in.amount && (out.balance == nil || *out.balance == balance-in.amount) {
				return []interface{}{balance - in.amount}
			}
			return nil
		case insufficient:
			if balance < in.amount {
				return []interface{}{balance}
			}
			return nil
		case refused:
			return []interface{}{balance}
		default:
			if balance >= in.amount {
				return []interface{}{balance, balance - in.amount}
			}
			return []interface{}{balance}
		}
	}
	return nil
}

func coins(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%d.%02d", sign, minor/100, minor%100)
}

func describeOperation(input, output interface{}) string {
	in := input.(stepInput)
	out := output.(stepOutput)
	if in.effect == genesis {
		return fmt.Sprintf("open %s", coins(in.amount))
	}
	var answer string
	switch out.result {
	case applied:
		answer = "ok"
	case insufficient:
		answer = "INSUFFICIENT_FUNDS"
	case refused:
		answer = fmt.Sprintf("refused %d %s", in.op.Output.Status, in.op.Output.Code)
	default:
		answer = "unknown"
	}
	if out.balance != nil {
		answer += " → " + coins(*out.balance)
	}
	switch in.effect {
	case read:
		return fmt.Sprintf("read → %s", coins(*out.balance))
	case credit:
		return fmt.Sprintf("credit %s from %d (op %d, %s)", coins(in.amount), in.op.Input.From, in.op.ID, answer)
	default:
		return fmt.Sprintf("debit %s to %d (op %d, %s)", coins(in.amount), in.op.Input.To, in.op.ID, answer)
	}
}

// LedgerModel is the per-wallet model; Partition splits a translated history by wallet.
var LedgerModel = porcupine.NondeterministicModel{
	Partition: func(history []porcupine.Operation) [][]porcupine.Operation {
		byWallet := map[int64][]porcupine.Operation{}
		var order []int64
		for _, op := range history {
			w := op.Input.(stepInput).wallet
			if _, seen := byWallet[w]; !seen {
				order = append(order, w)
			}
			byWallet[w] = append(byWallet[w], op)
		}
		sort.Slice(order, func(i, j int) bool { return order[i] < order[j] })
		partitions := make([][]porcupine.Operation, 0, len(order))
		for _, w := range order {
			partitions = append(partitions, byWallet[w])
		}
		return partitions
	},
	Init:              func() []interface{} { return []interface{}{unset} },
	Step:              stepWallet,
	Hash:              func(state interface{}) uint64 { return uint64(state.(int64)) },
	DescribeOperation: describeOperation,
	DescribeState: func(state interface{}) string {
		if state.(int64) == unset {
			return "(not open)"
		}
		return coins(state.(int64))
	},
}

func resultOf(op *Op) result {
	switch op.Outcome {
	case "ok":
		return applied
	case "fail":
		if op.Output.Code == "INSUFFICIENT_FUNDS" {
			return insufficient
		}
		return refused
	default:
		return unknown
	}
}

// Translate turns a recorded history into Porcupine operations, one or two per
// client operation (a transfer: a debit and, unless refused, a credit), plus
// each wallet's opening balance before everything. History reads are not
// part of this model (they are eventually consistent; checked in TypeScript).
func Translate(h *History) (ops []porcupine.Operation, never int64) {
	var first, last int64 = math.MaxInt64, math.MinInt64
	for i := range h.Operations {
		op := &h.Operations[i]
		first = min(first, op.InvokeNs)
		last = max(last, op.InvokeNs)
		if op.CompleteNs != nil {
			last = max(last, *op.CompleteNs)
		}
	}
	if first == math.MaxInt64 {
		first, last = 0, 0
	}
	// "Never answered": after everything else.
	never = last + 1
	checked := map[int64]bool{}
	for _, w := range h.Wallets {
		checked[w.ID] = true
		ops = append(ops, porcupine.Operation{
			ClientId: 0,
			Input:    stepInput{wallet: w.ID, effect: genesis, amount: w.Initial},
			Call:     first - 2,
			Output:   stepOutput{result: applied},
			Return:   first - 1,
		})
	}
	for i := range h.Operations {
		op := &h.Operations[i]
		ret := never
		if op.CompleteNs != nil && op.Outcome != "info" {
			ret = *op.CompleteNs
		}
		switch op.Kind {
		case "read":
			if op.Outcome != "ok" || op.Output.Balance == nil || !checked[op.Input.Wallet] {
				continue // no answer: nothing was observed
			}
			ops = append(ops, porcupine.Operation{
				ClientId: op.Client,
				Input:    stepInput{wallet: op.Input.Wallet, effect: read, op: op},
				Call:     op.InvokeNs,
				Output:   stepOutput{result: applied, balance: op.Output.Balance},
				Return:   ret,
			})
		case "transfer":
			r := resultOf(op)
			if checked[op.Input.From] {
				ops = append(ops, porcupine.Operation{
					ClientId: op.Client,
					Input:    stepInput{wallet: op.Input.From, effect: debit, amount: op.Input.Amount, op: op},
					Call:     op.InvokeNs,
					Output:   stepOutput{result: r, balance: op.Output.Balance},
					Return:   ret,
				})
			}
			if checked[op.Input.To] && (r == applied || r == unknown) {
				// The credit lands after the invocation and within the lag of the answer,
				// and in any case by the quiet moment.
				creditBy := never
				if r == applied {
					creditBy = ret + h.CreditLagNs
				}
				if h.QuietNs != nil && *h.QuietNs < creditBy {
					creditBy = max(*h.QuietNs, op.InvokeNs)
				}
				ops = append(ops, porcupine.Operation{
					ClientId: op.Client,
					Input:    stepInput{wallet: op.Input.To, effect: credit, amount: op.Input.Amount, op: op},
					Call:     op.InvokeNs,
					Output:   stepOutput{result: r},
					Return:   creditBy,
				})
			}
		}
	}
	return ops, never
}
