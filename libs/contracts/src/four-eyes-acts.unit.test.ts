import {
  commandNeedsStepUp,
  ledgerCommandContracts,
  userCommandContracts,
  type LedgerCommandType,
  type LedgerContractRow,
  type UserCommandType,
} from './commands';
import { approvalActs, fourEyesActs, type FourEyesAct } from './four-eyes-acts';

const acts = Object.entries(fourEyesActs) as Array<[FourEyesAct, (typeof fourEyesActs)[FourEyesAct]]>;

describe('the four-eyes acts table', () => {
  it('when the approvable ledger rows are read, then each names an approval act, and every approval act is named by one', () => {
    const named = Object.entries(ledgerCommandContracts).flatMap(([type, row]) => (row.approvable ? [[type, row.act] as const] : []));
    expect(named.every(([, act]) => (approvalActs as readonly string[]).includes(act))).toBe(true);
    expect([...new Set(named.map(([, act]) => act))].sort()).toEqual([...approvalActs].sort());
  });

  it('when an approval act is read, then the ledger keeps it and approve and reject-approval decide it', () => {
    for (const act of approvalActs) {
      expect(fourEyesActs[act]).toMatchObject({ service: 'ledger', approve: 'ledger.approve', reject: 'ledger.reject-approval' });
    }
  });

  it.each(acts)('when the act %s is read, then its decisions are commands of its service, each with a fresh second factor', (_act, row) => {
    const decisions = [row.approve, row.reject].filter((type) => type !== null);
    for (const type of decisions) {
      if (row.service === 'ledger') {
        expect(Object.keys(ledgerCommandContracts)).toContain(type);
        expect(commandNeedsStepUp(type as LedgerCommandType)).toBe(true);
      } else if (row.service === 'user') {
        expect(Object.keys(userCommandContracts)).toContain(type);
        expect(commandNeedsStepUp(type as UserCommandType)).toBe(true);
      } else expect(type).toMatch(/^monitoring\./);
    }
    expect(row.stepUp).toBe('required');
    expect(row.path).toMatch(/^\/api\/admin\//);
    expect(row.operations.approve).toMatch(/^(approve|resolve|put)[A-Z]/);
    if (row.operations.reject !== null) expect(row.reject).not.toBeNull();
  });

  it('when an approvable row names no act, or an act not in the table, then it does not compile', () => {
    const { act: _act, ...withoutAct } = ledgerCommandContracts['ledger.mint'];
    // @ts-expect-error: an approvable command that names no four-eyes act
    const noAct: LedgerContractRow = withoutAct;
    // @ts-expect-error: an approvable command naming an act that holds no ledger command
    const otherAct: LedgerContractRow = { ...ledgerCommandContracts['ledger.mint'], act: 'deletion' };
    expect([noAct, otherAct]).toHaveLength(2);
  });
});
