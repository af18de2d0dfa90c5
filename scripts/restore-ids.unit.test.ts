import { highestTransactionIdOf, idFloor, idRuns, lostTransactionIds, transactionIdsIn } from './restore-ids';

describe('the transaction ids a published record names', () => {
  it('when a coin.transactions event, a credit leg, a reply or a hold event is read, then the transaction ids in it are found', () => {
    expect(transactionIdsIn({ eventId: 'e', transaction: { id: 41, refundOf: 7, returns: 3 } })).toEqual([41]);
    expect(transactionIdsIn({ commandId: 'c', type: 'ledger.credit', data: { transactionId: 42, amount: 5 } })).toEqual([42]);
    expect(transactionIdsIn({ commandId: 'c', ok: true, result: { transaction: { id: 43 } }, correlationId: 'x' })).toEqual([43]);
    expect(transactionIdsIn({ hold: { id: 'h', transactionId: 44 } })).toEqual([44]);
    expect(transactionIdsIn([{ transactionId: 1 }, { nested: { transaction: { id: 2 } } }])).toEqual([1, 2]);
  });

  it('when a record names no transaction, or names one wrongly (a string, zero, a fraction, past 2^53), then none is found', () => {
    expect(transactionIdsIn({ commandId: 'c', ok: false, error: { code: 'INSUFFICIENT_FUNDS' } })).toEqual([]);
    expect(transactionIdsIn({ transactionId: '45', transaction: { id: 0 } })).toEqual([]);
    expect(transactionIdsIn({ transactionId: 1.5, transaction: { id: 2 ** 53 } })).toEqual([]);
    expect(transactionIdsIn(null)).toEqual([]);
  });

  it('when the value is JSON text, then the highest id is taken; text that is not JSON counts as none', () => {
    expect(highestTransactionIdOf(JSON.stringify({ transaction: { id: 9 }, legs: [{ transactionId: 12 }] }))).toBe(12);
    expect(highestTransactionIdOf('not json')).toBe(0);
    expect(highestTransactionIdOf(undefined)).toBe(0);
    expect(highestTransactionIdOf('')).toBe(0);
  });
});

describe('the id floor after a restore', () => {
  it('when ids above the restored sequence were published, then the next id is past the highest by the gap', () => {
    // The restored sequence handed out 100 last; 130 was published before the loss.
    expect(idFloor({ lastValue: 100, isCalled: true, highestRow: 100 }, 130, 1000)).toEqual({
      restoredNext: 101,
      highestPublished: 130,
      next: 1131,
    });
  });

  it('when nothing above the restored sequence was published, then it still moves by the gap (what no record shows)', () => {
    expect(idFloor({ lastValue: 100, isCalled: true, highestRow: 100 }, 90, 1000).next).toBe(1101);
    expect(idFloor({ lastValue: 100, isCalled: true, highestRow: 100 }, 0, 0).next).toBe(101);
  });

  it('when the restored rows are above the sequence (a sequence restored behind its table), then the rows count', () => {
    expect(idFloor({ lastValue: 50, isCalled: true, highestRow: 100 }, 0, 10)).toEqual({
      restoredNext: 101,
      highestPublished: 0,
      next: 111,
    });
  });

  it('when the sequence is fresh (never called), then its next id is its last value', () => {
    expect(idFloor({ lastValue: 1, isCalled: false, highestRow: 0 }, 0, 0)).toEqual({ restoredNext: 1, highestPublished: 0, next: 1 });
    expect(idFloor({ lastValue: 1, isCalled: false, highestRow: 0 }, 7, 3).next).toBe(11);
  });

  it('when the gap is negative or not an integer, or the floor passes 2^53 - 1, then it is refused', () => {
    expect(() => idFloor({ lastValue: 1, isCalled: true, highestRow: 1 }, 5, -1)).toThrow(/gap/);
    expect(() => idFloor({ lastValue: 1, isCalled: true, highestRow: 1 }, 5, 0.5)).toThrow(/gap/);
    expect(() => idFloor({ lastValue: 1, isCalled: true, highestRow: 1 }, Number.MAX_SAFE_INTEGER - 1, 10)).toThrow(/2\^53/);
  });
});

describe('the transactions a restore lost, as printed for downstream consumers', () => {
  it('when published ids are missing from the restored ledger, below the restored sequence as well as above it, then each is named', () => {
    // 98 drew its id before the backup read the sequence and committed after the backup's snapshot.
    const published = new Set([96, 97, 98, 101, 102, 103, 105]);
    const held = new Set([96, 97, 99, 100]);
    expect(lostTransactionIds(published, held)).toEqual([98, 101, 102, 103, 105]);
    expect(lostTransactionIds(new Set([1, 2]), new Set([1, 2]))).toEqual([]);
  });

  it('when ids are printed, then consecutive ones read as a run and the rest one by one, ascending', () => {
    expect(idRuns([105, 101, 102, 98, 103])).toBe('98, 101..103, 105');
    expect(idRuns([7, 7])).toBe('7');
    expect(idRuns([])).toBe('');
  });
});
