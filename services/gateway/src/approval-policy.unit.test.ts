import { defaultApprovalPolicy, needsApproval } from './approval-policy';

const user = { kind: 'user' as const, userId: 7 };
const treasury = { kind: 'treasury' as const, code: 'REWARDS' as const };

describe('which money commands wait for a second ADMIN+', () => {
  it('when a mint or burn reaches 10,000 coins, then it needs approval; one minor unit less does not', () => {
    for (const type of ['ledger.mint', 'ledger.burn'] as const) {
      const command = (amount: number) =>
        type === 'ledger.mint' ? { type, data: { to: user, amount, reason: 'r' } } : { type, data: { from: user, amount, reason: 'r' } };
      expect(needsApproval(defaultApprovalPolicy, command(1_000_000))).toBe(true);
      expect(needsApproval(defaultApprovalPolicy, command(999_999))).toBe(false);
    }
  });

  it('when a mint credits a treasury, then it needs approval whatever the amount, unless the policy says otherwise', () => {
    const command = { type: 'ledger.mint' as const, data: { to: treasury, amount: 1, reason: 'r' } };
    expect(needsApproval(defaultApprovalPolicy, command)).toBe(true);
    expect(needsApproval({ ...defaultApprovalPolicy, treasuryMint: false }, command)).toBe(false);
  });

  it('when a refund names no amount, then it is judged by the most it could refund', () => {
    const command = { type: 'ledger.refund' as const, data: { transactionId: 3, treasury: 'COURSE_FEES' as const, reason: 'r' } };
    expect(needsApproval(defaultApprovalPolicy, command, 1_000_000)).toBe(true);
    expect(needsApproval(defaultApprovalPolicy, command, 999_999)).toBe(false);
    expect(needsApproval(defaultApprovalPolicy, { ...command, data: { ...command.data, amount: 1_000_000 } }, 5)).toBe(true);
  });

  it('when a threshold is null, then that command never waits', () => {
    const command = { type: 'ledger.burn' as const, data: { from: user, amount: 10 ** 11, reason: 'r' } };
    expect(needsApproval({ ...defaultApprovalPolicy, burnMin: null }, command)).toBe(false);
  });
});
