import { randomUUID } from 'node:crypto';
import { startLedgerHarness, type LedgerHarness } from '../../../../test/harness/ledger';
import { storeSetAsideOutcome } from './batch-store';

/**
 * The outcome of a command the consumer set aside (`storeSetAsideOutcome`), as service.ts stores
 * it: the first stored for the id stands and answers a redelivery or a retry of the same request;
 * a command of another type or request hash under the id is answered IDEMPOTENCY_KEY_REUSED, as
 * the apply answers it, never with the outcome stored for the other.
 */
describe('storeSetAsideOutcome against the ledger schema', () => {
  let h: LedgerHarness;
  beforeAll(async () => {
    h = await startLedgerHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const failed = { code: 'COMMAND_FAILED', detail: 'set aside' };
  const store = (commandId: string, type: string, requestHash: string | null, reply: unknown = failed) =>
    storeSetAsideOutcome(h.pool, { commandId, type, requestHash, reply });

  it('when a set-aside command comes again, then the outcome first stored answers it; under another type or request hash, IDEMPOTENCY_KEY_REUSED and the row stays', async () => {
    const commandId = randomUUID();
    expect(await store(commandId, 'ledger.request-approval', null)).toEqual({ ok: false, reply: failed, requestHash: null });
    expect(await store(commandId, 'ledger.request-approval', null, { code: 'COMMAND_FAILED', detail: 'again' })).toEqual({
      ok: false,
      reply: failed,
      requestHash: null,
    });
    for (const [type, requestHash] of [
      ['ledger.set-commission', null],
      ['ledger.request-approval', 'b'.repeat(64)],
    ] as const) {
      expect(await store(commandId, type, requestHash)).toEqual({
        ok: false,
        reply: expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' }),
        requestHash,
      });
    }
    const rows = await h.pool.query('SELECT type, reply, request_hash FROM processed_commands WHERE command_id = $1', [commandId]);
    expect(rows.rows).toEqual([{ type: 'ledger.request-approval', reply: JSON.stringify(failed), request_hash: null }]);
  });
});
