import type { LedgerCommand } from '@coin/contracts';
import { kindModule, stateKinds, type CommandReads } from './table';

/**
 * CommandReads is every kind's `Reads` together (domain/kinds/table.ts): the fields a command's
 * reads may name are the kinds' own, and each kind's keys come from its fields.
 */
describe('the reads a command names, derived from the kinds', () => {
  it('when a command names keys of every kind, then each kind reads its own field and nothing else', () => {
    const reads: CommandReads = {
      walletKeys: ['user:1'],
      approvalIds: ['a'],
      holdIds: ['h'],
      pendingHoldOwners: [7],
      refundTarget: 42,
      windowScopes: ['scope'],
      mandateIds: ['m'],
      clockClientIds: ['test_c'],
      cashoutRates: true,
    };
    // @ts-expect-error a field no kind reads is not a command's read (the type check of the suite fails without the error).
    const unknownField: CommandReads = { walletKey: ['user:1'] };
    void unknownField;
    const command = { commandId: 'c1' } as LedgerCommand;
    const keys = Object.fromEntries(stateKinds.map((kind) => [kind, [...kindModule(kind).keysOf(command, reads)]]));
    expect(keys).toMatchObject({
      wallets: ['user:1'],
      approvals: ['a'],
      holds: ['h', expect.stringContaining('7')],
      refundTargets: ['42'],
      windows: ['scope'],
      mandates: ['m'],
      clocks: ['test_c'],
      cashoutRates: [expect.any(String)],
      processedCommands: ['c1'],
      walletActivity: [],
    });
  });
});
