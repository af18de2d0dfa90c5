import { topicNames, type LedgerCommand } from '@coin/contracts';
import { decideBatch, type DecidedBatch } from '../../apply/apply-batch';
import type { BatchRead } from '../../apply/store';
import { moduleOf } from '../commands/table';
import { emptyWallet, type WalletState } from '../ledger';
import { erasedKindWrites } from './loops';
import {
  processedCommandOf,
  processedCommandRowOf,
  processedCommands,
  storedOutcomeOf,
  type ProcessedCommand,
  type ProcessedCommandDbRow,
} from './processed-commands';

/**
 * The processed commands, a kind of the state table (domain/kinds/processed-commands.ts): a batch
 * reads the outcomes stored before of its commands' ids, answers a command processed before from
 * its outcome (or refuses another request behind its id), records the outcome of every command it
 * decides, accepted or refused, once (a repeat inside the batch and a credit the apply makes itself
 * store none), and writes them as their replies' exact JSON text; a close erases its user's number
 * from the stored replies of their cash-out commands.
 */

const now = new Date('2026-01-01T00:00:00.000Z');
const topics = topicNames('t_');
let seq = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

function transfer(to: number, amount: number, requestHash: string, commandId = nextId()): LedgerCommand {
  return {
    commandId,
    type: 'ledger.transfer',
    issuedAt: now.toISOString(),
    actor: { kind: 'user', id: '1' },
    data: { kind: 'TRANSFER', fromUserId: 1, to: { kind: 'user', userId: to }, amount, reason: 'r', requestHash },
  };
}

const user = (userId: number, balance: number): WalletState => ({
  ...emptyWallet({ kind: 'user', userId }, now),
  balance,
  totalReceived: balance,
});

function read(stored: Array<[string, ProcessedCommand]>): BatchRead {
  return {
    kinds: {
      wallets: new Map([user(1, 1_000), user(2, 0)].map((w) => [w.key, { state: w, version: 3 }])),
      processedCommands: new Map(stored),
    },
    reservedIds: [10, 11, 12],
  };
}

const decide = (batch: BatchRead, commands: LedgerCommand[], owns = false) =>
  decideBatch(batch, commands, { now, topics, owns: () => owns }) as DecidedBatch;

const hashA = 'a'.repeat(64);
const hashB = 'b'.repeat(64);

describe('the processed commands as a kind of the state table', () => {
  it('when a batch decides commands, accepted or refused, then each outcome is recorded once, in order, as its reply’s JSON text; an inline credit stores none', () => {
    const paid = transfer(2, 100, hashA);
    const refused = transfer(2, 10_000, hashB);
    const decided = decide(read([]), [paid, refused], true);

    expect(decided.outcomes.map((o) => o.ok)).toEqual([true, false]);
    expect(decided.creditedInPlace).toBe(1);
    const rows = decided.write.kinds?.processedCommands ?? [];
    expect(rows.map((r) => [r.command_id, r.type, r.ok, r.request_hash])).toEqual([
      [paid.commandId, 'ledger.transfer', true, hashA],
      [refused.commandId, 'ledger.transfer', false, hashB],
    ]);
    // The stored reply is the text of the reply sent: a retry is answered with it, byte for byte.
    expect(rows.map((r) => r.reply)).toEqual(decided.outcomes.map((o) => JSON.stringify(o.reply)));
    expect(JSON.parse(rows[1]!.reply)).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });

  it('when a command processed before comes again, then it is answered from its stored outcome and nothing is stored; with another request behind its id, IDEMPOTENCY_KEY_REUSED', () => {
    const again = transfer(2, 100, hashA);
    const reused = transfer(2, 100, hashB);
    const stored = (requestHash: string): ProcessedCommand => ({
      type: 'ledger.transfer',
      ok: true,
      reply: { earlier: true },
      requestHash,
    });
    const decided = decide(
      read([
        [again.commandId, stored(hashA)],
        [reused.commandId, stored(hashA)],
      ]),
      [again, reused],
    );

    expect(decided.outcomes).toEqual([
      { ok: true, reply: { earlier: true }, replayed: true },
      { ok: false, reply: expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' }) },
    ]);
    expect(decided.write.kinds?.processedCommands).toEqual([]);
    expect(decided.write.transactions).toEqual([]);
  });

  /**
   * A finding of the simulation: a SUPERADMIN asked for a commission change (an approval
   * request, answered PENDING) and sent a commission change directly under the same command id,
   * neither with a request hash. The second was answered with the first's stored approval,
   * outside its own result schema. The same id on another command type is another request.
   */
  describe('when a command id comes back on a command of another type, with no request hash behind either', () => {
    const superadmin = { kind: 'user', id: '900003', role: 'SUPERADMIN' } as const;
    const commandId = '64657c90-9ffb-4d64-91ce-b250512dae79';
    const asked: LedgerCommand = {
      commandId,
      type: 'ledger.request-approval',
      issuedAt: now.toISOString(),
      actor: superadmin,
      data: {
        command: {
          type: 'ledger.set-commission',
          data: { treasury: 'SUBSCRIPTIONS', clientId: 'pc_stream', rule: { kind: 'fixed', amount: 375 }, reason: 'r' },
        },
      },
    };
    const direct: LedgerCommand = {
      commandId,
      type: 'ledger.set-commission',
      issuedAt: now.toISOString(),
      actor: superadmin,
      data: { treasury: 'OPERATIONS', clientId: 'pc_shop', rule: { kind: 'bps', bps: 2 } },
    };
    /** The request's answer as the ledger stored it. */
    const pending: ProcessedCommand = {
      type: 'ledger.request-approval',
      ok: true,
      reply: {
        approval: {
          id: 'bea1d330-3ef7-885e-8200-000000000000',
          status: 'PENDING',
          change: { treasury: 'SUBSCRIPTIONS', clientId: 'pc_stream', rule: { kind: 'fixed', amount: 3.75 }, reason: 'r' },
          requestedBy: superadmin,
        },
      },
      requestHash: null,
    };
    const reused = { ok: false, reply: expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' }) };

    it('then IDEMPOTENCY_KEY_REUSED, never the other command’s answer, and nothing is stored', () => {
      const decided = decide(read([[commandId, pending]]), [direct]);
      expect(decided.outcomes).toEqual([reused]);
      expect(decided.write.kinds?.processedCommands).toEqual([]);
    });

    it('then the same inside one batch: the second is refused, not answered like the first', () => {
      const decided = decide(read([]), [asked, direct]);
      expect(decided.outcomes[1]).toEqual(reused);
      expect(decided.write.kinds?.processedCommands?.map((r) => [r.command_id, r.type])).toEqual([[commandId, asked.type]]);
    });

    it('then a command of the same type under the id, with no request hash either, is still answered from the stored outcome', () => {
      const stored: ProcessedCommand = { type: direct.type, ok: false, reply: { code: 'FORBIDDEN', detail: 'd' }, requestHash: null };
      expect(decide(read([[commandId, stored]]), [direct]).outcomes).toEqual([{ ok: false, reply: stored.reply, replayed: true }]);
      expect(decide(read([[commandId, stored]]), [asked]).outcomes).toEqual([reused]);
    });
  });

  it('when one command comes twice in a batch, then the repeat is answered like the first and only the first is stored', () => {
    const first = transfer(2, 100, hashA);
    const decided = decide(read([]), [first, { ...first }, transfer(2, 100, hashB, first.commandId)]);

    expect(decided.outcomes[1]).toEqual({ ...decided.outcomes[0], replayed: true });
    expect(decided.outcomes[2]).toMatchObject({ ok: false, reply: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(decided.write.kinds?.processedCommands?.map((r) => r.command_id)).toEqual([first.commandId]);
  });

  it('when a command would be answered twice, then recording it throws (a bug in runBatch, never a condition of the world)', () => {
    const command = transfer(2, 100, hashA);
    const state = processedCommands.stateOf(new Map());
    const answer = { command, ok: true, reply: {}, requestHash: hashA };
    expect(processedCommands.recordAnswer!(state, answer)).toEqual([command.commandId]);
    expect(() => processedCommands.recordAnswer!(state, answer)).toThrow(/answering command .* twice/);
  });

  it('when a batch is read, then it loads the outcomes stored before of its commands’ ids, each reply parsed from its text', () => {
    const command = transfer(2, 100, hashA);
    expect(processedCommands.keysOf(command, moduleOf(command).reads(command))).toEqual([command.commandId]);
    const sql = processedCommands.load!.sql('$5::text[]', { refundTargets: 'targets' });
    expect(sql).toContain('FROM processed_commands WHERE command_id = ANY($5::text[]::uuid[])');
    // A row as the read returns it: the reply is the stored text, inside the JSON.
    const row: ProcessedCommandDbRow = {
      command_id: command.commandId,
      type: 'ledger.mint',
      ok: false,
      reply: '{"code":"X"}',
      request_hash: null,
    };
    const json = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
    const loaded = { type: 'ledger.mint', ok: false, reply: { code: 'X' }, requestHash: null };
    expect(processedCommands.load!.loadedOf(json)).toEqual([command.commandId, loaded]);
    expect(processedCommandOf(row)).toEqual(loaded);
    expect(storedOutcomeOf(row)).toEqual({ ok: false, reply: { code: 'X' }, requestHash: null });
    expect(processedCommandRowOf(command.commandId, loaded)).toEqual(row);
  });

  it('when a batch is written, then its outcomes are inserted with no guard but their primary key, a lost race on which is redone', () => {
    const ctes = processedCommands.write!.ctes('$9::json');
    expect(ctes).toContain('INSERT INTO processed_commands (command_id, type, ok, reply, request_hash)');
    expect(ctes).toContain('json_to_recordset($9::json)');
    expect(ctes).toContain('reply text');
    expect(ctes).not.toContain('ON CONFLICT');
    expect(processedCommands.write!.raceableKeys).toEqual(['processed_commands_pkey']);
    // The check names the erasure's CTE, a SELECT of a function: PostgreSQL runs it only when the statement reads it.
    expect(processedCommands.write!.check('$9::json')).toBe('(SELECT count(*) FROM erased_outcomes) AS erasures');
    expect(processedCommands.erase!.ctes('$4::bigint[]')).toContain(
      'SELECT erase_cashout_accounts($4::bigint[]) AS replies WHERE cardinality($4::bigint[]) > 0',
    );
  });

  it('when a user is erased, then the number leaves the replies of their cash-out commands the batch writes, and no other reply changes', () => {
    const cashout = { userId: 1, msisdn: '+237600000001', xafAmount: 1_000 };
    const row = (type: string, reply: unknown): ProcessedCommandDbRow => ({
      command_id: nextId(),
      type,
      ok: true,
      reply: JSON.stringify(reply),
      request_hash: null,
    });
    const theirs = row('ledger.settle-cashout', { cashout, transaction: null });
    const others = row('ledger.cashout', { cashout: { ...cashout, userId: 2 } });
    const transferred = row('ledger.transfer', { cashout });
    const erased = erasedKindWrites({ processedCommands: [theirs, others, transferred] }, new Set([1])).processedCommands!;

    expect(erased[0]!.reply).toBe(JSON.stringify({ cashout: { ...cashout, msisdn: null }, transaction: null }));
    expect(erased[1]).toBe(others);
    expect(erased[2]).toBe(transferred);
  });
});
