import { topicNames, type LedgerCommand } from '@coin/contracts';
import { applyCommands } from './apply-commands';
import { ApplyConflictError, StaleWalletError, type BatchRead, type BatchWrite, type LedgerStore } from './store';

const now = new Date('2026-01-01T00:00:00.000Z');
const context = { now, topics: topicNames('t_'), owns: () => false };
const openWallet = (userId: number): LedgerCommand =>
  ({
    commandId: `00000000-0000-4000-8000-${String(userId).padStart(12, '0')}`,
    type: 'ledger.open-wallet',
    issuedAt: now.toISOString(),
    actor: { kind: 'user', id: String(userId) },
    data: { userId },
  }) as LedgerCommand;

const emptyRead = (): BatchRead => ({
  kinds: { wallets: new Map() },
  reservedIds: [],
});

/** A store whose writes first fail with the given errors (one per write), then succeed. */
function storeLosing(...failures: Error[]) {
  const writes: BatchWrite[] = [];
  let reads = 0;
  const store: LedgerStore = {
    read: async () => {
      reads += 1;
      return emptyRead();
    },
    write: async (batch) => {
      writes.push(batch);
      const failure = failures.shift();
      if (failure) throw failure;
      return 17;
    },
  };
  return { store, writes, reads: () => reads };
}

describe('applyCommands (the apply with its lost-race redo)', () => {
  it('when the write loses a race once, then the batch is redone from a fresh read and its outcomes are those of the redo', async () => {
    const { store, writes, reads } = storeLosing(new StaleWalletError('wallet changed'));
    const lost: number[] = [];
    const applied = await applyCommands(store, [openWallet(7)], context, { onLostRace: (_err, attempt) => lost.push(attempt) });
    expect(reads()).toBe(2);
    expect(writes).toHaveLength(2);
    expect(lost).toEqual([1]);
    expect(applied.outbox?.id).toBe(17);
    expect(applied.applied).toBe(1);
    expect(applied.outcomes).toEqual([expect.objectContaining({ ok: true })]);
  });

  it('when a row the batch inserts was written first (a conflict), then the batch is redone the same way', async () => {
    const { store, reads } = storeLosing(new ApplyConflictError('command id exists'));
    await applyCommands(store, [openWallet(7)], context);
    expect(reads()).toBe(2);
  });

  it('when the races go on past the attempts allowed, then the last lost race is thrown for the consumer to retry', async () => {
    const { store, writes } = storeLosing(
      new StaleWalletError('1'),
      new ApplyConflictError('2'),
      new StaleWalletError('3'),
      new StaleWalletError('4'),
      new ApplyConflictError('5'),
    );
    const failed = applyCommands(store, [openWallet(7)], context);
    await expect(failed).rejects.toThrow(ApplyConflictError);
    await expect(failed).rejects.toMatchObject({ code: '40001', message: '5' });
    expect(writes).toHaveLength(5);
  });

  it('when the write fails for another reason, then it is thrown at once, not redone', async () => {
    const { store, writes } = storeLosing(Object.assign(new Error('connection lost'), { code: 'ECONNRESET' }));
    await expect(applyCommands(store, [openWallet(7)], context)).rejects.toThrow('connection lost');
    expect(writes).toHaveLength(1);
  });
});
