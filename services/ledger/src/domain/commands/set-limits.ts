import { ledgerResults, setLimitsCommand, walletKeyOfUser, type AuditSummary, type LimitOverrides } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { limitsSetBy } from '../kinds/limits';
import { coinsOrNull } from './replies';
import { accepted, reject } from './rules';
import { adminRefusal } from '../authors';
import type { CommandModule } from './types';

/** The overrides in coins (dailyCount stays a count); an absent field stays absent (the role's default). */
function limitsSummary(overrides: LimitOverrides): AuditSummary {
  return {
    ...(overrides.dailyAmount !== undefined ? { dailyAmount: coinsOrNull(overrides.dailyAmount) } : {}),
    ...(overrides.dailyCount !== undefined ? { dailyCount: overrides.dailyCount } : {}),
    ...(overrides.singleAmount !== undefined ? { singleAmount: coinsOrNull(overrides.singleAmount) } : {}),
  };
}

/** Replaces a user wallet's spending-limit overrides (ADMIN+). */
export const setLimits: CommandModule<'ledger.set-limits'> = {
  type: 'ledger.set-limits',
  schema: setLimitsCommand,
  result: ledgerResults['ledger.set-limits'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.userId)] }),
  decide(command, context) {
    const { userId, overrides } = command.data;
    const target = context.wallet(walletKeyOfUser(userId));
    if (!target) return reject('WALLET_NOT_FOUND', `User ${userId} has no wallet`);
    return accepted({ effects: [{ kind: 'limits', walletKey: target.key, overrides }], subjectKey: target.key });
  },
  reply({ command, decision }) {
    const overrides = limitsSetBy(decision);
    if (!overrides) throw new InvariantViolation('set-limits accepted without limits');
    return { userId: command.data.userId, overrides };
  },
  audit: ({ data }) => ({ action: 'limits.set', target: walletKeyOfUser(data.userId), summary: limitsSummary(data.overrides) }),
};
