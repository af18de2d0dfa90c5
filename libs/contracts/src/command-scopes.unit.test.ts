import { apiKeyScopeNeeded, apiKeyScopeOfCommand } from './api-key-scopes';
import {
  commandNeedsStepUp,
  ledgerCommandContracts,
  ledgerCommandNeedsStepUp,
  ledgerOnlyCommandTypes,
  noKeyReasons,
  userCommandContracts,
  type LedgerCommandType,
  type LedgerContractRow,
  type LedgerContractTable,
  type LedgerDraft,
  type UserContractRow,
} from './commands';
import { apiKeyScopes } from './common';

type Sent = Parameters<typeof apiKeyScopeNeeded>[0];
const admin = { kind: 'user' as const, id: '7', role: 'ADMIN' as const };
const approvalId = '00000000-0000-4000-8000-000000000000';
const approvableTypes = (Object.keys(ledgerCommandContracts) as LedgerCommandType[]).filter(
  (type) => ledgerCommandContracts[type].approvable,
);
/** A command of the type as a person sends it; a payout's is one from REWARDS, the one that needs a key. */
const held = (type: LedgerCommandType) => ({ type, data: { from: { kind: 'treasury', code: 'REWARDS' } } });
/** The three ways a person may send an approvable command: directly, by asking for approval, by approving it. */
const ways = (type: LedgerCommandType) => [
  { way: 'sent directly', command: held(type) },
  { way: 'asked for', command: { type: 'ledger.request-approval', data: { command: held(type) } } },
  { way: 'approved', command: { type: 'ledger.approve', data: { approvalId, command: held(type) } } },
];

/** What guards a person's command besides their role: a fresh second factor, or a key (whose proof the ledger takes only with a second factor). */
function guards(command: { type: string; data: unknown }) {
  return {
    freshSecondFactor: ledgerCommandNeedsStepUp(command as unknown as LedgerDraft),
    apiKey: apiKeyScopeNeeded({ ...command, actor: admin } as Sent),
  };
}

describe('what guards a person’s approvable command, read from the rows', () => {
  it.each(approvableTypes)(
    'when a person sends, asks for or approves a %s, then it needs a fresh second factor or an API key with a scope',
    (type) => {
      for (const { way, command } of ways(type)) {
        const { freshSecondFactor, apiKey } = guards(command);
        expect({ type, way, guarded: freshSecondFactor || apiKey !== null }).toEqual({ type, way, guarded: true });
      }
    },
  );
});

const ledgerRows = Object.entries(ledgerCommandContracts) as [LedgerCommandType, LedgerContractRow][];
const typesWhere = (scoped: (row: LedgerContractRow) => boolean) =>
  ledgerRows
    .filter(([, row]) => scoped(row))
    .map(([type]) => type)
    .sort();

describe('every row names its API key scope and its step-up', () => {
  it('when the rows are read, then each names a scope of the known kinds and a step-up, and a scope without a key says why', () => {
    const kinds = [...apiKeyScopes, 'reward-from-treasury', 'of-held-command', ...Object.keys(noKeyReasons)];
    for (const [type, row] of [...ledgerRows, ...Object.entries(userCommandContracts)]) {
      expect({ type, scope: kinds.includes(row.scope), stepUp: ['required', 'not-required'].includes(row.stepUp) }).toEqual({
        type,
        scope: true,
        stepUp: true,
      });
    }
    for (const reason of Object.values(noKeyReasons)) expect(reason.length).toBeGreaterThan(10);
  });

  it('when the money commands are read, then exactly mint, burn, refund, reward and a payout from REWARDS name a key, and each is approvable', () => {
    expect(typesWhere((row) => [...apiKeyScopes, 'reward-from-treasury'].includes(row.scope))).toEqual([
      'ledger.burn',
      'ledger.mint',
      'ledger.payout',
      'ledger.refund',
      'ledger.reward',
    ]);
    expect(typesWhere((row) => row.approvable)).toEqual(
      [
        ...typesWhere((row) => [...apiKeyScopes, 'reward-from-treasury'].includes(row.scope)),
        'ledger.clear-cashout',
        'ledger.lift-freeze',
        'ledger.reverse-cashout',
        'ledger.set-cashout-rate',
        'ledger.set-commission',
      ].sort(),
    );
  });

  it('when a row needs no key because a second person decides it, then that person confirms with a fresh second factor', () => {
    const fourEyes = typesWhere((row) => row.scope === 'none-four-eyes');
    expect(fourEyes).toEqual([
      'ledger.clear-cashout',
      'ledger.lift-freeze',
      'ledger.reverse-cashout',
      'ledger.set-cashout-rate',
      'ledger.set-commission',
    ]);
    for (const type of fourEyes) expect({ type, stepUp: commandNeedsStepUp(type) }).toEqual({ type, stepUp: true });
  });

  it('when a row is the ledger’s own (ledger.internal), then it says so, and no command a client sends does', () => {
    expect(typesWhere((row) => row.scope === 'none-internal')).toEqual([...ledgerOnlyCommandTypes].sort());
  });

  it('when a user row is read, then it needs no key (API keys prove ledger money commands only)', () => {
    for (const row of Object.values(userCommandContracts)) expect(row.scope).toBe('none-user-service');
  });
});

describe('the gateway and the ledger read the same row', () => {
  it.each(typesWhere((row) => [...apiKeyScopes, 'reward-from-treasury'].includes(row.scope)))(
    'when a person sends a %s, then the scope its route checks (apiKeyScopeOfCommand) is the one the ledger and the command bus ask for (apiKeyScopeNeeded), its row’s',
    (type) => {
      const fromRoute = apiKeyScopeOfCommand[type as keyof typeof apiKeyScopeOfCommand];
      const row = ledgerCommandContracts[type].scope;
      expect(fromRoute).toBe(row === 'reward-from-treasury' ? 'reward' : row);
      expect(apiKeyScopeNeeded({ ...held(type), actor: admin } as Sent)).toBe(fromRoute);
      expect(apiKeyScopeNeeded({ type: 'ledger.request-approval', data: { command: held(type) }, actor: admin } as Sent)).toBe(fromRoute);
    },
  );

  it('when a row names no key, then a person’s command of it needs none', () => {
    for (const type of typesWhere((row) => Object.hasOwn(noKeyReasons, row.scope))) {
      expect({ type, scope: apiKeyScopeNeeded({ ...held(type), actor: admin } as Sent) }).toEqual({ type, scope: null });
    }
  });
});

describe('a row that does not say its scope or its step-up', () => {
  it('when a row lacks its scope or its step-up, or an approvable row names neither a key nor a fresh second person, then it does not compile', () => {
    const mintRow = ledgerCommandContracts['ledger.mint'];
    const { scope: _scope, ...withoutScope } = mintRow;
    // @ts-expect-error: a row without its API key scope is not a row
    const noScope: LedgerContractRow = withoutScope;
    const { stepUp: _stepUp, ...withoutStepUp } = mintRow;
    // @ts-expect-error: a row without its step-up is not a row
    const noStepUp: LedgerContractRow = withoutStepUp;
    // @ts-expect-error: a scope is a key or a reason, never a bare "none"
    const bareNone: LedgerContractRow = { ...mintRow, scope: 'none' };
    // @ts-expect-error: an approvable command that moves coins on no key and no second person's fresh second factor
    const unguarded: LedgerContractRow = { ...mintRow, scope: 'none-moves-no-coins' };
    // @ts-expect-error: a second person who decides without a fresh second factor
    const staleFourEyes: LedgerContractRow = { ...ledgerCommandContracts['ledger.reverse-cashout'], stepUp: 'not-required' };
    // @ts-expect-error: step-up is said in words, not a boolean that a default could stand for
    const booleanStepUp: LedgerContractRow = { ...mintRow, stepUp: true };
    const { scope: _userScope, ...userWithoutScope } = userCommandContracts['user.delete'];
    // @ts-expect-error: a user row says its scope too
    const userNoScope: UserContractRow = userWithoutScope;
    const rows = [noScope, noStepUp, bareNone, unguarded, staleFourEyes, booleanStepUp, userNoScope];
    expect(rows.map((row) => row.schema)).toHaveLength(7);
    // The same mistakes in the table itself: a row of the wrong shape is refused where the table is typed.
    const { scope: _tableScope, ...tableRowWithoutScope } = mintRow;
    // @ts-expect-error: the table refuses a row without its scope
    const table: LedgerContractTable<{ 'ledger.mint': typeof tableRowWithoutScope }> = { 'ledger.mint': tableRowWithoutScope };
    expect(table['ledger.mint'].route).toBe('client');
  });
});
