package main

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/anishathalye/porcupine"
)

// Anomaly is one wallet whose operations have no linearization.
type Anomaly struct {
	Wallet int64 `json:"wallet"`
	// Description says how far a linearization got and which operations could not follow.
	Description string `json:"description"`
	// Operations: the client operation ids involved (the ones that could not be placed).
	Operations []int `json:"operations"`
}

// Result is what the checker found.
type Result struct {
	Wallets    int       `json:"wallets"`
	Operations int       `json:"operations"`
	Effects    int       `json:"effects"`
	Anomalies  []Anomaly `json:"anomalies"`
	// Undecided: wallets whose search ran out of time (neither proven nor refuted).
	Undecided []int64 `json:"undecided"`
}

// Check searches every wallet's history for a linearization. Each wallet is a
// partition of its own (LedgerModel.Partition); an HTML visualization of all
// of them is written to htmlPath when it is not empty.
func Check(h *History, timeout time.Duration, htmlPath string) (Result, error) {
	model := LedgerModel.ToModel()
	ops, never := Translate(h)
	res := Result{Wallets: len(h.Wallets), Operations: len(h.Operations), Effects: len(ops)}
	start := int64(0)
	if len(ops) > 0 {
		start = ops[0].Call
	}
	for _, part := range model.Partition(ops) {
		wallet := part[0].Input.(stepInput).wallet
		verdict, info := porcupine.CheckOperationsVerbose(model, part, timeout)
		switch verdict {
		case porcupine.Unknown:
			res.Undecided = append(res.Undecided, wallet)
		case porcupine.Illegal:
			res.Anomalies = append(res.Anomalies, describe(model, wallet, part, info, start, never))
		}
	}
	if htmlPath != "" {
		_, info := porcupine.CheckOperationsVerbose(model, ops, timeout)
		if err := porcupine.VisualizePath(model, info, htmlPath); err != nil {
			return res, fmt.Errorf("writing %s: %w", htmlPath, err)
		}
	}
	return res, nil
}

// describe explains an illegal partition: the longest partial linearization
// Porcupine found, the balances it allows, and the operations that can come
// next in real time but none of which the model accepts.
func describe(model porcupine.Model, wallet int64, part []porcupine.Operation, info porcupine.LinearizationInfo, start, never int64) Anomaly {
	var longest []int
	for _, partition := range info.PartialLinearizations() {
		for _, lin := range partition {
			if len(lin) > len(longest) {
				longest = lin
			}
		}
	}
	state := model.Init()
	placed := map[int]bool{}
	for _, i := range longest {
		_, state = model.Step(state, part[i].Input, part[i].Output)
		placed[i] = true
	}
	// The candidates: unplaced operations invoked before the earliest unplaced return.
	var rest []int
	earliestReturn := int64(1<<63 - 1)
	for i := range part {
		if !placed[i] {
			rest = append(rest, i)
			earliestReturn = min(earliestReturn, part[i].Return)
		}
	}
	sort.Slice(rest, func(a, b int) bool { return part[rest[a]].Call < part[rest[b]].Call })
	var lines []string
	var ids []int
	for _, i := range rest {
		op := part[i]
		if op.Call > earliestReturn {
			break
		}
		in := op.Input.(stepInput)
		// Only what a client observed can be wrong; maybe-effects are listed for context.
		if len(lines) < 6 {
			lines = append(lines, fmt.Sprintf("%s by client %d [%s, %s]", model.DescribeOperation(op.Input, op.Output), op.ClientId, at(op.Call, start, never), at(op.Return, start, never)))
		}
		if in.op != nil {
			ids = append(ids, in.op.ID)
		}
	}
	return Anomaly{
		Wallet: wallet,
		Description: fmt.Sprintf("wallet %d: no linearization of its %d operations; after %d of them the balance can only be %s, and none of these can come next: %s",
			wallet, len(part), len(longest), model.DescribeState(state), strings.Join(lines, "; ")),
		Operations: ids,
	}
}

func at(ns, start, never int64) string {
	if ns >= never {
		return "never answered"
	}
	return fmt.Sprintf("+%.3f s", float64(ns-start)/1e9)
}
