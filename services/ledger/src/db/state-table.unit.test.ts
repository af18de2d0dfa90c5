import { emptyBatchWrite } from '../apply/store';
import { writeBatchQuery } from './batch-write';
import { kindStatesOf, kindWritesOf } from '../domain/kinds/loops';
import { kindModule, stateKinds } from '../domain/kinds/table';

/**
 * The state table's loops (docs/DESIGN.md "Adding a kind of state"): every kind of the table is
 * written by the one batch statement (its CTEs and its guard, its rows one JSON parameter), starts
 * a batch from what was loaded (nothing loaded: empty) and writes nothing it did not change.
 */

const emptyWrite = emptyBatchWrite();

describe('the state table', () => {
  it('when the batch write is built, then it holds each kind’s CTEs and guard, and each kind’s rows travel as one JSON parameter', () => {
    const { text, values } = writeBatchQuery({
      ...emptyWrite,
      kinds: { clocks: [{ client_id: 'test_a', offset_seconds: 5, version: null }] },
    });
    const parameters = values.map((_, i) => `$${i + 1}::json`);
    for (const kind of stateKinds) {
      const write = kindModule(kind).write;
      // A kind that stores nothing (the refund targets) has no CTEs.
      if (!write) continue;
      const { ctes, check } = write;
      const rows = parameters.find((p) => text.includes(ctes(p)) && text.includes(check(p)));
      expect({ kind, written: rows !== undefined }).toEqual({ kind, written: true });
    }
    expect(values).toContain(JSON.stringify([{ client_id: 'test_a', offset_seconds: 5, version: null }]));
  });

  it('when a batch starts from nothing loaded and changes nothing, then every kind starts empty and writes no row', () => {
    const states = kindStatesOf(undefined);
    expect(Object.keys(states)).toEqual(stateKinds);
    const writes = kindWritesOf(undefined, {
      ...states,
      wallets: new Map(),
      refundTargets: new Map(),
      holds: new Map(),
      approvals: new Map(),
      windows: new Map(),
      mandates: new Map(),
    });
    expect(Object.fromEntries(stateKinds.map((kind) => [kind, writes[kind]]))).toEqual(
      Object.fromEntries(stateKinds.map((kind) => [kind, []])),
    );
  });
});
