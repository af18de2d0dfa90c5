import type { StateModule } from './types';

/**
 * A wallet's activity (docs/design/ledger.md "Wallet activity"): how many times its balance rose
 * and fell, and when it last did each; what a dormancy report or a support question ("when did
 * this wallet last pay?") reads without scanning the entries. Kept from the balance changes the
 * decisions already make: no command names it, no decision asks for it.
 */
export interface WalletActivity {
  credits: number;
  debits: number;
  lastCreditAt: Date | null;
  lastDebitAt: Date | null;
}

/**
 * A wallet's activity in a batch: what was loaded (none: zero) plus what the batch added, which is
 * what the write adds to the stored row. Added, never overwritten, so the batch need not have read
 * the row to count it right.
 */
export interface ActivityInBatch extends WalletActivity {
  added: WalletActivity;
}

/** What the batch write adds to a wallet's row. */
export interface ActivityRow {
  wallet_key: string;
  credits: number;
  debits: number;
  last_credit_at: Date | null;
  last_debit_at: Date | null;
}

const none = (): WalletActivity => ({ credits: 0, debits: 0, lastCreditAt: null, lastDebitAt: null });

/** Adds one balance change (positive: a credit) made at `at`. */
function count(activity: WalletActivity, amount: number, at: Date): void {
  if (amount > 0) {
    activity.credits += 1;
    activity.lastCreditAt = at;
  } else if (amount < 0) {
    activity.debits += 1;
    activity.lastDebitAt = at;
  }
}

/**
 * The wallets' activity, by wallet key, counted from every balance change. No decision reads it,
 * so it has no `load` and a batch starts from none (its write adds to the stored rows): keeping it
 * costs the apply one upsert per wallet a batch moves, and no read.
 */
export const walletActivity: StateModule<WalletActivity, Map<string, ActivityInBatch>, never, ActivityRow> = {
  keysOf: () => [],
  stateOf: (loaded) => new Map([...loaded].map(([key, activity]) => [key, { ...activity, added: none() }])),
  evolve(state, { changes, now }) {
    for (const { walletKey, amount } of changes) {
      const activity = state.get(walletKey) ?? { ...none(), added: none() };
      count(activity, amount, now);
      count(activity.added, amount, now);
      state.set(walletKey, activity);
    }
    return changes.map((change) => change.walletKey);
  },
  writesOf: (_loaded, state, changed) =>
    [...changed].map((key) => {
      const { added } = state.get(key)!;
      return {
        wallet_key: key,
        credits: added.credits,
        debits: added.debits,
        last_credit_at: added.lastCreditAt,
        last_debit_at: added.lastDebitAt,
      };
    }),
  write: {
    ctes: (rows) => `activity_in AS (
         SELECT * FROM json_to_recordset(${rows})
           AS a(wallet_key text, credits bigint, debits bigint, last_credit_at timestamptz, last_debit_at timestamptz)),
       written_activity AS (
         INSERT INTO wallet_activity (wallet_key, credits, debits, last_credit_at, last_debit_at)
         SELECT wallet_key, credits, debits, last_credit_at, last_debit_at FROM activity_in
         ON CONFLICT (wallet_key) DO UPDATE
            SET credits = wallet_activity.credits + EXCLUDED.credits, debits = wallet_activity.debits + EXCLUDED.debits,
                last_credit_at = greatest(wallet_activity.last_credit_at, EXCLUDED.last_credit_at),
                last_debit_at = greatest(wallet_activity.last_debit_at, EXCLUDED.last_debit_at)
         RETURNING 1)`,
    check: () => '(SELECT count(*) FROM written_activity) AS activity_written',
  },
  audit: `WITH counted AS (
       SELECT w.wallet_key,
              count(*) FILTER (WHERE e.amount > 0) AS credits, count(*) FILTER (WHERE e.amount < 0) AS debits,
              max(e.created_at) FILTER (WHERE e.amount > 0) AS last_credit_at, max(e.created_at) FILTER (WHERE e.amount < 0) AS last_debit_at
         FROM entries e JOIN wallets w ON w.id = e.wallet_id
        GROUP BY w.wallet_key)
     SELECT coalesce(c.wallet_key, a.wallet_key) AS key,
            format('activity %s credits, %s debits (last %s, %s); entries %s credits, %s debits (last %s, %s)',
                   a.credits, a.debits, a.last_credit_at, a.last_debit_at, c.credits, c.debits, c.last_credit_at, c.last_debit_at) AS detail
       FROM counted c FULL JOIN wallet_activity a ON a.wallet_key = c.wallet_key
      WHERE coalesce(c.credits, 0) <> coalesce(a.credits, 0) OR coalesce(c.debits, 0) <> coalesce(a.debits, 0)
         OR c.last_credit_at IS DISTINCT FROM a.last_credit_at OR c.last_debit_at IS DISTINCT FROM a.last_debit_at
      ORDER BY 1 LIMIT 5`,
};
