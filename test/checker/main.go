// checker: reads a history recorded by the chaos checker run
// (test/chaos/history/recorder.ts) and checks it for linearizability against
// the ledger's wallet model (model.go) with Porcupine. Prints the anomalies
// (count, then one line each) and exits 1 on any, 2 when a wallet's search ran
// out of time or the history could not be read.
//
//	checker -history history.json [-json] [-html out.html] [-timeout 60s]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	historyPath := flag.String("history", "", "the recorded history (JSON)")
	asJSON := flag.Bool("json", false, "print the result as JSON on stdout")
	htmlPath := flag.String("html", "", "also write Porcupine's visualization here")
	timeout := flag.Duration("timeout", 60*time.Second, "search time per wallet (0: unbounded)")
	flag.Parse()
	if *historyPath == "" {
		fmt.Fprintln(os.Stderr, "usage: checker -history history.json [-json] [-html out.html] [-timeout 60s]")
		os.Exit(2)
	}
	raw, err := os.ReadFile(*historyPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var h History
	if err := json.Unmarshal(raw, &h); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", *historyPath, err)
		os.Exit(2)
	}
	res, err := Check(&h, *timeout, *htmlPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	if res.Anomalies == nil {
		res.Anomalies = []Anomaly{}
	}
	if res.Undecided == nil {
		res.Undecided = []int64{}
	}
	if *asJSON {
		out, _ := json.Marshal(res)
		fmt.Println(string(out))
	} else {
		fmt.Printf("%d operations (%d wallet effects) on %d wallets: %d anomalies\n", res.Operations, res.Effects, res.Wallets, len(res.Anomalies))
		for _, a := range res.Anomalies {
			fmt.Printf("- %s\n", a.Description)
		}
		if len(res.Undecided) > 0 {
			fmt.Printf("undecided within %s: wallets %v\n", *timeout, res.Undecided)
		}
	}
	switch {
	case len(res.Anomalies) > 0:
		os.Exit(1)
	case len(res.Undecided) > 0 || err != nil:
		os.Exit(2)
	}
}
