import { type Party, type Reply, type SupplyReport, supplyReport, walletKeyOfUser } from '@coin/contracts';
import { testInfra } from '../../../test/harness/env';
import { startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { runAudit } from '../../../scripts/audit';

describe('npm run audit', () => {
  let h: LedgerHarness;
  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  /**
   * The audit at a quiet moment: legs in flight no longer fail it (they are accounted for), but
   * the exact figures below are those after every leg landed, so it is read again until none is
   * in flight (up to waitMs).
   */
  const audit = async (waitMs = 5_000) => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const lines: string[] = [];
      const result = await runAudit({ databaseUrl: testInfra().databaseUrl, schemaPrefix: h.prefix, waitMs, log: (l) => lines.push(l) });
      if (result.report.creditLegs.inFlight.count === 0 || Date.now() >= deadline) return { ...result, lines };
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('when money has moved, then the audit proves Σ balances == Σ MINT − Σ BURN; when a balance is tampered with, then it fails naming the wallet', async () => {
    for (const userId of [1, 2]) await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } });
    await h.send({
      type: 'ledger.mint',
      key: walletKeyOfUser(1),
      data: { to: { kind: 'user', userId: 1 }, amount: 1_000, reason: 'seed' },
    });
    await h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(1),
      data: { kind: 'TRANSFER', fromUserId: 1, to: { kind: 'user', userId: 2 }, amount: 400, reason: 'r' },
    });
    await h.send({ type: 'ledger.burn', key: walletKeyOfUser(1), data: { from: { kind: 'user', userId: 1 }, amount: 100, reason: 'r' } });

    const good = await audit();
    expect(good.ok).toBe(true);
    expect(good.report).toMatchObject({ minted: 10, burned: 1, supply: 9, balances: 9, inFlight: 0, mismatchedWallets: [] });

    await h.tamperPool.query("UPDATE wallets SET balance = balance + 1 WHERE wallet_key = 'user:2'");
    try {
      const bad = await audit(300);
      expect(bad.ok).toBe(false);
      expect(bad.lines.join('\n')).toContain('MISMATCH wallet user:2');
      expect(bad.lines.join('\n')).toContain('MISMATCH supply');
    } finally {
      // The holds' tests below share this schema and start from a consistent ledger.
      await h.tamperPool.query("UPDATE wallets SET balance = balance - 1 WHERE wallet_key = 'user:2'");
    }
    expect((await audit()).ok).toBe(true);
  }, 60_000);

  it("when a wallet's balance changes do not chain (its sequence, a gap, a balance after), then the audit fails naming the wallet", async () => {
    // user:1 and user:2 of the test above: user:1 changed three times (mint, transfer, burn), user:2 once.
    const good = await audit();
    expect(good.ok).toBe(true);
    expect(good.report.mismatchedSequences).toEqual([]);
    const tampered = async (change: string, undo: string, expected: { walletKey: string; problem: RegExp }) => {
      await h.tamperPool.query(change);
      try {
        const bad = await audit(300);
        expect(bad.ok).toBe(false);
        expect(bad.report.consistent).toBe(false);
        expect(bad.report.mismatchedSequences).toEqual([
          expect.objectContaining({ walletKey: expected.walletKey, problem: expect.stringMatching(expected.problem) }),
        ]);
        expect(bad.lines.join('\n')).toContain(`MISMATCH balance changes of wallet ${expected.walletKey}`);
      } finally {
        await h.tamperPool.query(undo);
      }
    };
    await tampered(
      "UPDATE wallets SET balance_sequence = 4 WHERE wallet_key = 'user:1'",
      "UPDATE wallets SET balance_sequence = 3 WHERE wallet_key = 'user:1'",
      { walletKey: 'user:1', problem: /sequence 4, its last change is 3/ },
    );
    const user2 = "(SELECT id FROM wallets WHERE wallet_key = 'user:2')";
    await tampered(
      `UPDATE entries SET balance_after = balance_after + 1 WHERE wallet_id = ${user2}`,
      `UPDATE entries SET balance_after = balance_after - 1 WHERE wallet_id = ${user2}`,
      { walletKey: 'user:2', problem: /1 change whose balance after is not the one before plus its amount/ },
    );
    await tampered(
      `UPDATE entries SET sequence = 2 WHERE wallet_id = ${user2}`,
      `UPDATE entries SET sequence = 1 WHERE wallet_id = ${user2}`,
      { walletKey: 'user:2', problem: /sequence 1, its last change is 2.*1 change out of sequence/ },
    );
    expect((await audit()).ok).toBe(true);
  }, 60_000);

  describe('holds', () => {
    const payer = 3;
    const payee = 4;
    /** The holds and transactions the corruptions below start from (ids from the ledger's replies). */
    let ids: {
      captured: string;
      partial: string;
      pending: string;
      voided: string;
      captureTx: number;
      partialTx: number;
      transferTx: number;
    };

    const result = <T>(reply: Reply): T => {
      if (!reply.ok) throw new Error(`command rejected: ${JSON.stringify(reply.error)}`);
      return reply.result as T;
    };
    const hold = async (to: Party, amount: number) =>
      result<{ hold: { id: string } }>(
        await h.send({ type: 'ledger.hold', key: walletKeyOfUser(payer), data: { fromUserId: payer, to, amount, reason: 'audit hold' } }),
      ).hold.id;

    beforeAll(async () => {
      for (const userId of [payer, payee]) await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } });
      await h.send({
        type: 'ledger.mint',
        key: walletKeyOfUser(payer),
        data: { to: { kind: 'user', userId: payer }, amount: 1_000, reason: 'seed' },
      });
      const captured = await hold({ kind: 'user', userId: payee }, 300);
      const partial = await hold({ kind: 'treasury', code: 'COURSE_FEES' }, 200);
      const pending = await hold({ kind: 'user', userId: payee }, 100);
      const voided = await hold({ kind: 'user', userId: payee }, 50);
      const capture = async (holdId: string, amount?: number) =>
        result<{ transaction: { id: number } }>(
          await h.send({
            type: 'ledger.capture-hold',
            key: walletKeyOfUser(payer),
            data: { holdId, fromUserId: payer, ...(amount !== undefined ? { amount } : {}) },
          }),
        ).transaction.id;
      const captureTx = await capture(captured);
      const partialTx = await capture(partial, 150);
      result(await h.send({ type: 'ledger.void-hold', key: walletKeyOfUser(payer), data: { holdId: voided, fromUserId: payer } }));
      const transferTx = result<{ transaction: { id: number } }>(
        await h.send({
          type: 'ledger.transfer',
          key: walletKeyOfUser(payer),
          data: { kind: 'TRANSFER', fromUserId: payer, to: { kind: 'user', userId: payee }, amount: 10, reason: 'plain' },
        }),
      ).transaction.id;
      ids = { captured, partial, pending, voided, captureTx, partialTx, transferTx };
    }, 60_000);

    it('when holds were captured (fully and partly), voided and left pending, then the audit is consistent and shows the held coins', async () => {
      const good = await audit();
      expect(good.lines.filter((l) => l.startsWith('MISMATCH'))).toEqual([]);
      expect(good.ok).toBe(true);
      // Only the pending hold (1 coin) is held; captures and the void released theirs.
      expect(good.report).toMatchObject({ heldCoins: 1, mismatchedHolds: [], badCaptures: [], inFlight: 0, consistent: true });
      expect(good.lines).toContain('held 1 (Σ pending holds)');
      const [row] = (
        await h.pool.query<{ held: number; balance: number }>('SELECT held, balance FROM wallets WHERE wallet_key = $1', [
          walletKeyOfUser(payer),
        ])
      ).rows;
      // 10 coins − 3 captured − 1.5 captured − 0.1 transferred; 1 coin held.
      expect(row).toEqual({ held: 100, balance: 540 });
    });

    /**
     * Each case corrupts the ledger by hand, the audit must fail naming it, and the restore
     * brings the ledger back (checked by a clean audit after each case).
     */
    const corruptions: Array<{
      what: string;
      corrupt: () => string[];
      restore: () => string[];
      expected: () => Partial<SupplyReport>;
      line: () => string;
    }> = [
      {
        what: "a wallet's held differs from Σ of its pending holds",
        corrupt: () => ["UPDATE wallets SET held = held + 1 WHERE wallet_key = 'user:3'"],
        restore: () => ["UPDATE wallets SET held = held - 1 WHERE wallet_key = 'user:3'"],
        expected: () => ({ mismatchedHolds: [{ walletKey: 'user:3', held: 1.01, pendingSum: 1, balance: 5.4 }] }),
        line: () => 'MISMATCH holds of wallet user:3: held 1.01, pending holds sum 1, balance 5.4',
      },
      {
        what: 'a pending hold is resolved without its wallet releasing it',
        corrupt: () => [`UPDATE holds SET status = 'VOIDED' WHERE id = '${ids.pending}'`],
        restore: () => [`UPDATE holds SET status = 'PENDING' WHERE id = '${ids.pending}'`],
        expected: () => ({ mismatchedHolds: [{ walletKey: 'user:3', held: 1, pendingSum: 0, balance: 5.4 }] }),
        line: () => 'MISMATCH holds of wallet user:3: held 1, pending holds sum 0, balance 5.4',
      },
      {
        what: 'a pending hold belongs to a payer without a wallet',
        corrupt: () => [
          `INSERT INTO holds (id, from_user_id, to_user_id, amount, reason, status, expires_at, created_at, updated_at)
           VALUES ('6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', 999, 4, 25, 'orphan', 'PENDING', now() + interval '1 day', now(), now())`,
        ],
        restore: () => ["DELETE FROM holds WHERE id = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'"],
        expected: () => ({ mismatchedHolds: [{ walletKey: 'unknown wallet user:999', held: 0, pendingSum: 0.25, balance: 0 }] }),
        line: () => 'MISMATCH holds of wallet unknown wallet user:999: held 0, pending holds sum 0.25, balance 0',
      },
      {
        // The CHECK (held <= balance) forbids it; a database restored without the constraint would not.
        what: 'Σ pending holds (and held) pass the balance',
        corrupt: () => [
          'ALTER TABLE wallets DROP CONSTRAINT wallets_held_within_balance',
          `UPDATE holds SET amount = amount + 10000 WHERE id = '${ids.pending}'`,
          "UPDATE wallets SET held = held + 10000 WHERE wallet_key = 'user:3'",
        ],
        restore: () => [
          "UPDATE wallets SET held = held - 10000 WHERE wallet_key = 'user:3'",
          `UPDATE holds SET amount = amount - 10000 WHERE id = '${ids.pending}'`,
          'ALTER TABLE wallets ADD CONSTRAINT wallets_held_within_balance CHECK (held <= balance)',
        ],
        expected: () => ({ mismatchedHolds: [{ walletKey: 'user:3', held: 101, pendingSum: 101, balance: 5.4 }], mismatchedWallets: [] }),
        line: () => 'MISMATCH holds of wallet user:3: held 101, pending holds sum 101, balance 5.4',
      },
      {
        what: 'a captured hold has no transaction',
        corrupt: () => [`UPDATE transactions SET hold_id = NULL WHERE id = ${ids.captureTx}`],
        restore: () => [`UPDATE transactions SET hold_id = '${ids.captured}' WHERE id = ${ids.captureTx}`],
        expected: () => ({
          badCaptures: [
            { holdId: ids.captured, status: 'CAPTURED', transactionIds: [], problem: '0 transactions name it (exactly 1 expected)' },
          ],
        }),
        line: () => `MISMATCH capture of hold ${ids.captured} (CAPTURED, transactions []): 0 transactions name it (exactly 1 expected)`,
      },
      {
        // The unique index forbids it; a database restored without the index would not.
        what: 'a captured hold has two transactions',
        corrupt: () => [
          'DROP INDEX transactions_hold_id_idx',
          `UPDATE transactions SET hold_id = '${ids.captured}' WHERE id = ${ids.transferTx}`,
        ],
        restore: () => [
          `UPDATE transactions SET hold_id = NULL WHERE id = ${ids.transferTx}`,
          'CREATE UNIQUE INDEX transactions_hold_id_idx ON transactions (hold_id) WHERE hold_id IS NOT NULL',
        ],
        expected: () => ({
          badCaptures: [
            {
              holdId: ids.captured,
              status: 'CAPTURED',
              transactionIds: [ids.captureTx, ids.transferTx].sort((a, b) => a - b),
              problem: '2 transactions name it (exactly 1 expected)',
            },
          ],
        }),
        line: () =>
          `MISMATCH capture of hold ${ids.captured} (CAPTURED, transactions [${[ids.captureTx, ids.transferTx].sort((a, b) => a - b).join(', ')}])`,
      },
      {
        what: "a capture's transaction amount differs from the captured amount",
        corrupt: () => [`UPDATE holds SET captured_amount = captured_amount - 1 WHERE id = '${ids.partial}'`],
        restore: () => [`UPDATE holds SET captured_amount = captured_amount + 1 WHERE id = '${ids.partial}'`],
        expected: () => ({
          badCaptures: [
            {
              holdId: ids.partial,
              status: 'CAPTURED',
              transactionIds: [ids.partialTx],
              problem: 'transaction amount 1.5 ≠ captured amount 1.49',
            },
          ],
        }),
        line: () =>
          `MISMATCH capture of hold ${ids.partial} (CAPTURED, transactions [${ids.partialTx}]): transaction amount 1.5 ≠ captured amount 1.49`,
      },
      {
        what: "a capture's transaction pays another recipient",
        corrupt: () => [`UPDATE transactions SET to_user_id = 1 WHERE id = ${ids.captureTx}`],
        restore: () => [`UPDATE transactions SET to_user_id = ${payee} WHERE id = ${ids.captureTx}`],
        expected: () => ({
          badCaptures: [
            {
              holdId: ids.captured,
              status: 'CAPTURED',
              transactionIds: [ids.captureTx],
              problem: 'transaction pays user 1, the hold is for user 4',
            },
          ],
        }),
        line: () =>
          `MISMATCH capture of hold ${ids.captured} (CAPTURED, transactions [${ids.captureTx}]): transaction pays user 1, the hold is for user 4`,
      },
      {
        what: "a capture's transaction pays a user instead of the hold's treasury",
        corrupt: () => [`UPDATE transactions SET to_treasury = NULL, to_user_id = ${payee} WHERE id = ${ids.partialTx}`],
        restore: () => [`UPDATE transactions SET to_treasury = 'COURSE_FEES', to_user_id = NULL WHERE id = ${ids.partialTx}`],
        expected: () => ({
          badCaptures: [
            {
              holdId: ids.partial,
              status: 'CAPTURED',
              transactionIds: [ids.partialTx],
              problem: 'transaction pays user 4, the hold is for COURSE_FEES',
            },
          ],
        }),
        line: () => `MISMATCH capture of hold ${ids.partial}`,
      },
      {
        what: "a capture's transaction is paid by another user than the hold's payer",
        corrupt: () => [`UPDATE transactions SET from_user_id = 2 WHERE id = ${ids.captureTx}`],
        restore: () => [`UPDATE transactions SET from_user_id = ${payer} WHERE id = ${ids.captureTx}`],
        expected: () => ({
          badCaptures: [
            {
              holdId: ids.captured,
              status: 'CAPTURED',
              transactionIds: [ids.captureTx],
              problem: "transaction paid by user 2, the hold's payer is user 3",
            },
          ],
        }),
        line: () => `MISMATCH capture of hold ${ids.captured}`,
      },
      {
        what: "a capture's transaction has the wrong type",
        corrupt: () => [`UPDATE transactions SET type = 'PURCHASE' WHERE id = ${ids.captureTx}`],
        restore: () => [`UPDATE transactions SET type = 'TRANSFER' WHERE id = ${ids.captureTx}`],
        expected: () => ({
          badCaptures: [
            {
              holdId: ids.captured,
              status: 'CAPTURED',
              transactionIds: [ids.captureTx],
              problem: 'transaction type PURCHASE, TRANSFER expected',
            },
          ],
        }),
        line: () => `MISMATCH capture of hold ${ids.captured}`,
      },
      {
        what: 'a captured hold records another transaction than the one naming it',
        corrupt: () => [`UPDATE holds SET transaction_id = ${ids.transferTx} WHERE id = '${ids.captured}'`],
        restore: () => [`UPDATE holds SET transaction_id = ${ids.captureTx} WHERE id = '${ids.captured}'`],
        expected: () => ({
          badCaptures: [
            {
              holdId: ids.captured,
              status: 'CAPTURED',
              transactionIds: [ids.captureTx],
              problem: `its transaction_id is ${ids.transferTx}, the transaction naming it is ${ids.captureTx}`,
            },
          ],
        }),
        line: () => `MISMATCH capture of hold ${ids.captured}`,
      },
      {
        what: 'a transaction names a voided hold',
        corrupt: () => [`UPDATE transactions SET hold_id = '${ids.voided}' WHERE id = ${ids.transferTx}`],
        restore: () => [`UPDATE transactions SET hold_id = NULL WHERE id = ${ids.transferTx}`],
        expected: () => ({
          badCaptures: [
            {
              holdId: ids.voided,
              status: 'VOIDED',
              transactionIds: [ids.transferTx],
              problem: 'transactions name a hold that is VOIDED, not CAPTURED',
            },
          ],
        }),
        line: () =>
          `MISMATCH capture of hold ${ids.voided} (VOIDED, transactions [${ids.transferTx}]): transactions name a hold that is VOIDED, not CAPTURED`,
      },
      {
        what: 'a transaction names a pending hold',
        corrupt: () => [`UPDATE transactions SET hold_id = '${ids.pending}' WHERE id = ${ids.transferTx}`],
        restore: () => [`UPDATE transactions SET hold_id = NULL WHERE id = ${ids.transferTx}`],
        expected: () => ({
          badCaptures: [
            {
              holdId: ids.pending,
              status: 'PENDING',
              transactionIds: [ids.transferTx],
              problem: 'transactions name a hold that is PENDING, not CAPTURED',
            },
          ],
        }),
        line: () => `MISMATCH capture of hold ${ids.pending} (PENDING`,
      },
      {
        what: 'a transaction names a hold that does not exist',
        corrupt: () => [`UPDATE transactions SET hold_id = '0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b' WHERE id = ${ids.transferTx}`],
        restore: () => [`UPDATE transactions SET hold_id = NULL WHERE id = ${ids.transferTx}`],
        expected: () => ({
          badCaptures: [
            {
              holdId: '0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b',
              status: null,
              transactionIds: [ids.transferTx],
              problem: 'transactions name a hold that does not exist',
            },
          ],
        }),
        line: () => 'MISMATCH capture of hold 0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b (no such hold',
      },
    ];

    it.each(corruptions.map((c) => [c.what, c] as const))(
      'when %s, then the audit fails naming it; restored, it passes again',
      async (_what, c) => {
        for (const sql of c.corrupt()) await h.tamperPool.query(sql);
        try {
          const bad = await audit(300);
          expect(bad.ok).toBe(false);
          expect(bad.report.consistent).toBe(false);
          expect(bad.report).toMatchObject(c.expected());
          // Nothing else is reported: each check names exactly what was corrupted.
          const expectedKeys = Object.keys(c.expected());
          if (!expectedKeys.includes('mismatchedHolds')) expect(bad.report.mismatchedHolds).toEqual([]);
          if (!expectedKeys.includes('badCaptures')) expect(bad.report.badCaptures).toEqual([]);
          expect(bad.report.mismatchedWallets).toEqual([]);
          expect(bad.report.inFlight).toBe(0);
          expect(bad.lines.join('\n')).toContain(c.line());
          expect(bad.lines.at(-1)).toBe('ledger INCONSISTENT');
        } finally {
          for (const sql of c.restore()) await h.tamperPool.query(sql);
        }
        const good = await audit();
        expect(good.report).toMatchObject({ mismatchedHolds: [], badCaptures: [], consistent: true });
      },
    );

    it('when the ledger serves GET /internal/supply, then the report carries the hold figures and passes its response schema', async () => {
      const response = await fetch(`${h.ledger!.url}/internal/supply`, { headers: { authorization: await h.asGateway() } });
      expect(response.status).toBe(200);
      const body = supplyReport.parse(await response.json());
      expect(body).toMatchObject({ heldCoins: 1, mismatchedHolds: [], badCaptures: [], consistent: true });
    });
  });
});
