/**
 * The history reads of a recorded run against what docs/CONTRACT.md "Read consistency" promises
 * for GET /api/coins/history: eventually consistent, so no order is checked against the writes,
 * but
 *  - monotonic per client: a client's later read of a wallet's history holds every transaction
 *    an earlier read of it by the same client showed (it never shrinks);
 *  - nothing invented: every transaction shown is in the ledger's record (`baseline`: the
 *    record after the run, less the transfers whose request was refused);
 *  - eventually complete: the reads after the quiet moment (`finalFrom`) show every acknowledged
 *    transfer in both parties' histories, exactly once.
 */
import type { RecordedOp } from './recorder';

export interface HistoryReadFindings {
  /** A history that shrank for a client, or showed what the ledger did not apply. */
  problems: string[];
  /** Acknowledged transfers not (exactly once) in a party's history read after the quiet moment. */
  missing: string[];
  /** History reads answered, and how many pairs of one client's consecutive reads were compared. */
  reads: number;
  comparisons: number;
}

const at = (ns: number) => `+${(ns / 1e9).toFixed(3)} s`;

export function checkHistoryReads(
  operations: readonly RecordedOp[],
  options: { baseline: ReadonlySet<number>; finalFrom: number },
): HistoryReadFindings {
  const problems: string[] = [];
  const missing: string[] = [];
  const reads = operations.filter((op) => op.kind === 'history' && op.outcome === 'ok');
  const transfers = operations.filter((op) => op.kind === 'transfer');
  const acknowledged = new Set(transfers.filter((t) => t.outcome === 'ok').map((t) => t.output.transactionId!));

  // Monotonic per client and wallet (each client has one operation at a time: invocation order is its order).
  let comparisons = 0;
  const last = new Map<string, RecordedOp>();
  for (const read of [...reads].sort((a, b) => a.invokeNs - b.invokeNs)) {
    const key = `${read.client}/${read.input.wallet}`;
    const before = last.get(key);
    last.set(key, read);
    if (!before) continue;
    comparisons += 1;
    const now = new Set(read.output.transactionIds);
    const lost = before.output.transactionIds!.filter((id) => !now.has(id));
    if (lost.length > 0)
      problems.push(
        `client ${read.client}'s history of wallet ${read.input.wallet} shrank: transactions ${lost.slice(0, 10).join(', ')} seen at ${at(before.invokeNs)} (op ${before.id}) are missing at ${at(read.invokeNs)} (op ${read.id})`,
      );
  }

  // Nothing invented.
  for (const read of reads) {
    const invented = read.output.transactionIds!.filter((id) => !acknowledged.has(id) && !options.baseline.has(id));
    if (invented.length > 0)
      problems.push(
        `history of wallet ${read.input.wallet} read at ${at(read.invokeNs)} (op ${read.id}) shows transactions the ledger did not apply: ${invented.slice(0, 10).join(', ')}`,
      );
  }

  // Eventually complete: the last read of each wallet after the quiet moment.
  const finals = new Map<number, RecordedOp>();
  for (const read of reads) if (read.invokeNs >= options.finalFrom) finals.set(read.input.wallet!, read);
  for (const t of transfers.filter((op) => op.outcome === 'ok')) {
    for (const party of [t.input.from!, t.input.to!]) {
      const final = finals.get(party);
      if (!final) {
        missing.push(`no history of wallet ${party} was read after the run to find transfer ${t.output.transactionId}`);
        continue;
      }
      const n = final.output.transactionIds!.filter((id) => id === t.output.transactionId).length;
      // Absent may still come (the projection is eventual: the caller reads again until its
      // settle time is up); shown twice never heals.
      if (n !== 1)
        (n === 0 ? missing : problems).push(
          `acknowledged transfer ${t.output.transactionId} (op ${t.id}) appears ${n} times in wallet ${party}'s history after the run`,
        );
    }
  }
  return { problems, missing, reads: reads.length, comparisons };
}
