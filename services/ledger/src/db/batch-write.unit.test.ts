import type { ApprovalState } from '../domain/approvals';
import type { HoldState, WalletState } from '../domain/ledger';
import type { BatchWrite } from '../apply/store';
import { approvalRowOf } from '../domain/kinds/approvals';
import { holdRowOf } from '../domain/kinds/holds';
import { processedCommandRowOf } from '../domain/kinds/processed-commands';
import { wallets } from '../domain/kinds/wallets';
import { writeBatchQuery } from './batch-write';
import { decodeOutboxMessages } from './outbox-messages';

/**
 * The batch write is built from named columns: each value a row holds must reach the column of
 * its name. Every field of the batch below has a value of its own (even where two columns share a
 * type: payer and payee, two treasuries, three timestamps), so two columns swapped anywhere (in a
 * table's column list, in the order of the parameters, in an UPDATE's SET) fail this test.
 */

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const iso = (minute: number) => at(minute).toISOString();

const opened: WalletState = {
  id: '00000000-0000-4000-8000-00000000000a',
  key: 'user:21',
  party: { kind: 'user', userId: 21 },
  balance: 1001,
  totalReceived: 1002,
  totalSent: 1003,
  held: 1004,
  status: 'OPEN',
  spending: [{ at: iso(1), amount: 1005 }] as unknown as WalletState['spending'],
  limits: { maxTransfer: 1006 } as unknown as WalletState['limits'],
  commissions: { pc_opened: { rule: { kind: 'bps', bps: 1009 }, setBy: 1010 } },
  sequence: 1007,
  freeze: null,
  createdAt: at(2),
  updatedAt: at(3),
};
const changed: WalletState = {
  id: '00000000-0000-4000-8000-00000000000b',
  key: 'treasury:OPERATIONS',
  party: { kind: 'treasury', code: 'OPERATIONS' },
  balance: 2001,
  totalReceived: 2002,
  totalSent: 2003,
  held: 2004,
  status: 'CLOSED',
  spending: [{ at: iso(4), amount: 2005 }] as unknown as WalletState['spending'],
  limits: { maxTransfer: 2006 } as unknown as WalletState['limits'],
  commissions: { pc_changed: { rule: { kind: 'bps', bps: 2009 }, setBy: 2010 } },
  sequence: 2008,
  freeze: { reason: 'freeze reason' } as unknown as WalletState['freeze'],
  createdAt: at(5),
  updatedAt: at(6),
};
const hold: HoldState = {
  id: '00000000-0000-4000-8000-00000000000c',
  fromUserId: 31,
  to: { kind: 'user', userId: 32 },
  amount: 3001,
  reason: 'hold reason',
  reference: 'hold reference',
  status: 'CAPTURED',
  expiresAt: at(7),
  createdAt: at(8),
  updatedAt: at(9),
  capturedAmount: 3002,
  transactionId: 3003,
  settlerClientId: 'pc_settler',
  cashout: null,
};
const approval: ApprovalState = {
  id: '00000000-0000-4000-8000-00000000000d',
  command: { type: 'ledger.mint', data: { amount: 4001 } } as unknown as ApprovalState['command'],
  requestedBy: { kind: 'user', id: '41' } as ApprovalState['requestedBy'],
  status: 'APPROVED',
  createdAt: at(10),
  expiresAt: at(11),
  updatedAt: at(12),
  decidedBy: { kind: 'user', id: '42' } as ApprovalState['decidedBy'],
  rejectionReason: 'rejection reason',
  transactionId: 4002,
};
const batch: BatchWrite = {
  transactions: [
    {
      row: {
        id: 5001,
        type: 'TRANSFER',
        amount: 5002,
        from_user_id: 51,
        to_user_id: 52,
        from_treasury: 'OPERATIONS',
        to_treasury: 'REWARDS',
        reason: 'transaction reason',
        reference: 'transaction reference',
        refund_of: 5003,
        created_at: at(13),
        metadata: { orderId: 'transaction metadata' },
        client_id: 'pc_transaction_client',
        split_of: 5005,
      },
      returns: 5004,
      holdId: '00000000-0000-4000-8000-00000000000e',
      approval: { id: '00000000-0000-4000-8000-00000000000f', requestedBy: 53, approvedBy: 54, leg: 0 },
      commandId: '00000000-0000-4000-8000-000000000010',
    },
  ],
  kinds: {
    // The opened wallet (not read: inserted) and the changed one, read at version 2007.
    wallets: wallets.writesOf(
      new Map([[changed.key, { state: changed, version: 2007 }]]),
      new Map([
        [opened.key, opened],
        [changed.key, changed],
      ]),
      new Set([opened.key, changed.key]),
    ),
    approvals: [approvalRowOf(approval)],
    holds: [holdRowOf(hold)],
    windows: [{ scope: 'recipient:user:61', spending: [{ at: iso(14), amount: 6001 }] as never, version: 6002 }],
    processedCommands: [
      processedCommandRowOf('00000000-0000-4000-8000-000000000012', {
        type: 'ledger.transfer',
        ok: true,
        reply: { n: 8001 },
        requestHash: 'hash-8002',
      }),
    ],
  },
  entries: [
    {
      transactionId: 7001,
      walletId: '00000000-0000-4000-8000-000000000011',
      walletKey: 'user:71',
      amount: -7002,
      createdAt: at(15),
      sequence: 7003,
      balanceAfter: 7004,
    },
  ],
  outbox: [{ topic: 'coin.transactions', key: 'k', headers: {}, payload: '{"n":9001}' }],
};

const query = writeBatchQuery(batch);
const { text, values } = query;

/** The value of parameter `$n`, decoded the way PostgreSQL reads it (a JSON array of texts: parsed, each text parsed as JSON). */
function parameter(n: number, travel: string): unknown[] {
  const value = values[n - 1];
  if (travel === 'unnest') return value as unknown[];
  return (JSON.parse(value as string) as Array<string | null>).map((v) => (v === null ? null : (JSON.parse(v) as unknown)));
}

/** The column → first-row value of the rows a FROM item yields as `alias(names)`, read from the SQL text and the parameters. */
function rowOf(alias: string): Record<string, unknown> {
  const end = text.indexOf(`) AS ${alias}(`);
  expect(end).toBeGreaterThan(0);
  const start = text.lastIndexOf('ROWS FROM (', end);
  const functions = [...text.slice(start, end).matchAll(/(unnest|json_array_elements_text)\(\$(\d+)::[a-z[\]]+\)/g)];
  const names = text
    .slice(end + `) AS ${alias}(`.length, text.indexOf(')', end + 2))
    .split(',')
    .map((name) => name.trim());
  expect(functions).toHaveLength(names.length);
  return Object.fromEntries(names.map((name, i) => [name, parameter(Number(functions[i]![2]), functions[i]![1]!)[0]]));
}

/** The columns an INSERT names and the select list that fills them (casts left out): they must be the same names, in the same order. */
function insertOf(table: string): { columns: string[]; selected: string[] } {
  const match = new RegExp(`INSERT INTO ${table} \\(([^)]*)\\)\\s+SELECT ([\\s\\S]*?)\\s+FROM ROWS FROM`).exec(text);
  expect(match).not.toBeNull();
  const list = (s: string) => s.split(',').map((c) => c.trim().replace(/::\w+$/, ''));
  return { columns: list(match![1]!), selected: list(match![2]!) };
}

/**
 * The first row of a kind's JSON parameter (db/batch-write.ts: a kind's rows travel as one), read
 * under the column names of its `json_to_recordset(…) AS alias(…)`: the row must hold exactly those
 * names, in that order, and the kind's INSERT into `table` from `source` must name and select them.
 */
function kindRowOf(alias: string, table: string, source: string): Record<string, unknown> {
  const recordset = new RegExp(`json_to_recordset\\((\\$\\d+)::json\\)\\s+AS ${alias}\\(([^)]*)\\)`).exec(text)!;
  const names = recordset[2]!.split(',').map((c) => c.trim().split(/\s+/)[0]);
  const [row] = JSON.parse(values[Number(recordset[1]!.slice(1)) - 1] as string) as Array<Record<string, unknown>>;
  expect(Object.keys(row!)).toEqual(names);
  const insert = new RegExp(`INSERT INTO ${table} \\(([^)]*)\\)\\s+SELECT ([\\s\\S]*?)\\s+FROM ${source}`).exec(text)!;
  expect(insert[2]).toEqual(insert[1]);
  expect(insert[1]!.split(',').map((c) => c.trim())).toEqual(names);
  return row!;
}

/** The wallets' rows of the batch (their kind's JSON parameter), under the column names of its `json_to_recordset(…) AS wallet(…)`. */
function walletRows(): { names: string[]; rows: Array<Record<string, unknown>> } {
  const recordset = /json_to_recordset\((\$\d+)::json\)\s+AS wallet\(([^)]*)\)/.exec(text)!;
  const names = recordset[2]!.split(',').map((c) => c.trim().split(/\s+/)[0]!);
  const rows = JSON.parse(values[Number(recordset[1]!.slice(1)) - 1] as string) as Array<Record<string, unknown>>;
  for (const row of rows) expect(Object.keys(row)).toEqual(names);
  return { names, rows };
}

describe('the batch write (named columns)', () => {
  it('is one named prepared statement', () => {
    expect(query.name).toBe('ledger-write-batch');
    expect(writeBatchQuery(batch).text).toBe(text); // generated once, the same for every batch
  });

  it('when a wallet is opened, then each of its values is in the wallets column of its name, and it is inserted', () => {
    const { names, rows } = walletRows();
    expect(rows[0]).toEqual({
      id: opened.id,
      wallet_key: 'user:21',
      user_id: 21,
      treasury_code: null,
      balance: 1001,
      total_received: 1002,
      total_sent: 1003,
      held: 1004,
      status: 'OPEN',
      balance_sequence: 1007,
      created_at: iso(2),
      updated_at: iso(3),
      spending: [{ at: iso(1), amount: 1005 }],
      limits: { maxTransfer: 1006 },
      commissions: { pc_opened: { rule: { kind: 'bps', bps: 1009 }, setBy: 1010 } },
      freeze_state: null,
      version: null,
    });
    const insert = /INSERT INTO wallets \(([^)]*)\)\s+SELECT ([\s\S]*?)\s+FROM wallets_in WHERE version IS NULL/.exec(text)!;
    expect(insert[2]).toEqual(insert[1]);
    expect(insert[1]!.split(',').map((c) => c.trim())).toEqual(names.filter((name) => name !== 'version'));
  });

  it('when a wallet changes, then each of its values is in the column of its name, set against the version it was read at', () => {
    expect(walletRows().rows[1]).toEqual({
      id: changed.id,
      wallet_key: 'treasury:OPERATIONS',
      user_id: null,
      treasury_code: 'OPERATIONS',
      balance: 2001,
      total_received: 2002,
      total_sent: 2003,
      held: 2004,
      status: 'CLOSED',
      balance_sequence: 2008,
      created_at: iso(5),
      updated_at: iso(6),
      spending: [{ at: iso(4), amount: 2005 }],
      limits: { maxTransfer: 2006 },
      commissions: { pc_changed: { rule: { kind: 'bps', bps: 2009 }, setBy: 2010 } },
      freeze_state: { reason: 'freeze reason' },
      version: 2007,
    });
    const set = /UPDATE wallets w\s+SET ([\s\S]*?)\s+FROM wallets_in u/.exec(text)![1]!;
    const assignments = [...set.matchAll(/(\w+) = (\w+)\.(\w+)/g)].map(([, column, table, source]) => ({ column, table, source }));
    expect(assignments.map((a) => a.column).sort()).toEqual(
      [
        'balance',
        'total_received',
        'total_sent',
        'held',
        'status',
        'balance_sequence',
        'updated_at',
        'spending',
        'limits',
        'commissions',
        'freeze_state',
        'version',
      ].sort(),
    );
    for (const { column, table, source } of assignments) expect(table === 'u' ? source : column).toBe(column);
    expect(text).toMatch(/WHERE u\.version IS NOT NULL AND w\.id = u\.id AND w\.version = u\.version/);
  });

  it('when a transaction is written, then each of its values is in the transactions column of its name', () => {
    expect(rowOf('t')).toEqual({
      id: 5001,
      type: 'TRANSFER',
      amount: 5002,
      from_user_id: 51,
      to_user_id: 52,
      from_treasury: 'OPERATIONS',
      to_treasury: 'REWARDS',
      reason: 'transaction reason',
      reference: 'transaction reference',
      refund_of: 5003,
      returns: 5004,
      command_id: '00000000-0000-4000-8000-000000000010',
      created_at: at(13),
      hold_id: '00000000-0000-4000-8000-00000000000e',
      approval_id: '00000000-0000-4000-8000-00000000000f',
      requested_by: 53,
      approved_by: 54,
      approval_leg: 0,
      metadata: { orderId: 'transaction metadata' },
      client_id: 'pc_transaction_client',
      split_of: 5005,
    });
    const { columns, selected } = insertOf('transactions');
    expect(selected).toEqual(columns);
  });

  it('when a hold is written (the kind holds, domain/kinds/holds.ts), then each of its values is in the holds column of its name', () => {
    expect(kindRowOf('h', 'holds', 'holds_in')).toEqual({
      id: hold.id,
      from_user_id: 31,
      to_user_id: 32,
      to_treasury: null,
      amount: 3001,
      reason: 'hold reason',
      reference: 'hold reference',
      status: 'CAPTURED',
      expires_at: iso(7),
      created_at: iso(8),
      updated_at: iso(9),
      captured_amount: 3002,
      transaction_id: 3003,
      settler_client_id: 'pc_settler',
      // No cash-out: the e2e cash-out test reads a cash-out's terms back from its row.
      cashout: null,
    });
  });

  it('when an approval is written (the kind approvals, domain/kinds/approvals.ts), then each of its values is in the approval_requests column of its name', () => {
    expect(kindRowOf('a', 'approval_requests', 'approvals_in')).toEqual({
      id: approval.id,
      command: { type: 'ledger.mint', data: { amount: 4001 } },
      requested_by: { kind: 'user', id: '41' },
      status: 'APPROVED',
      created_at: iso(10),
      expires_at: iso(11),
      updated_at: iso(12),
      decided_by: { kind: 'user', id: '42' },
      rejection_reason: 'rejection reason',
      transaction_id: 4002,
    });
    expect(text).toContain("WHERE approval_requests.status = 'PENDING'");
  });

  it('when entries are written, then each value is in the column of its name', () => {
    expect(rowOf('e')).toEqual({
      transaction_id: 7001,
      wallet_id: '00000000-0000-4000-8000-000000000011',
      amount: -7002,
      created_at: at(15),
      sequence: 7003,
      balance_after: 7004,
    });
    expect(insertOf('entries').selected).toEqual(insertOf('entries').columns);
  });

  it('when an outcome is written (the kind processedCommands), then each value is in the processed_commands column of its name, the reply as its JSON text', () => {
    expect(kindRowOf('p', 'processed_commands', 'json_to_recordset')).toEqual({
      command_id: '00000000-0000-4000-8000-000000000012',
      type: 'ledger.transfer',
      ok: true,
      reply: '{"n":8001}',
      request_hash: 'hash-8002',
    });
  });

  it('when the write is checked, then each guard counts what it was written against', () => {
    // The wallets: those written (one opened, one changed) against every row the batch gave.
    expect(text).toContain(
      'assert_wallets_current((SELECT count(*) FROM updated_wallets) + (SELECT count(*) FROM opened_wallets), (SELECT count(*) FROM wallets_in))',
    );
    expect(walletRows().rows).toHaveLength(2);
    const holds = values[Number(/assert_holds_written\([\s\S]*?json_array_length\(\$(\d+)::json\)/.exec(text)![1]) - 1];
    expect(JSON.parse(holds as string)).toHaveLength(1);
    const approvals = values[Number(/assert_approvals_written\([\s\S]*?json_array_length\(\$(\d+)::json\)/.exec(text)![1]) - 1];
    expect(JSON.parse(approvals as string)).toHaveLength(1);
    const windows = values[Number(/json_to_recordset\(\$(\d+)::json\) AS w\(scope/.exec(text)![1]) - 1];
    expect(JSON.parse(windows as string)).toEqual([
      { scope: 'recipient:user:61', spending: [{ at: iso(14), amount: 6001 }], version: 6002 },
    ]);
    const outbox = values[Number(/INSERT INTO outbox_batches \(messages\) SELECT \$(\d+)::text/.exec(text)![1]) - 1];
    // The payload is stored as its JSON value, not escaped into a string again.
    expect(outbox).toBe('[{"topic":"coin.transactions","key":"k","headers":{},"payload":{"n":9001}}]');
    expect(decodeOutboxMessages(outbox as string)).toEqual(batch.outbox);
  });
});
