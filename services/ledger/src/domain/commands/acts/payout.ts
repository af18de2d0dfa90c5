import type { LedgerCommandOf } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { approvedCommand } from '../../approvals';
import { payout } from '../payout';
import { coinsOrNull } from '../replies';
import { summaryOpening } from './summary';
import type { ApprovalActModule } from './types';

/** A person's payout from REWARDS past the four-eyes windows: its lines, one transaction each, all or nothing. */
export const payoutAct: ApprovalActModule<'payout'> = {
  // Its amount is its total, and its lines are counted (as the direct payout's record does).
  summary: (command) => ({
    ...summaryOpening(command, coinsOrNull(command.data.lines.reduce((sum, line) => sum + line.amount, 0))),
    lines: command.data.lines.length,
    payoutReference: command.data.reference ?? null,
  }),
  requestReads: () => ({}),
  requestRefusal: () => null,
  transactions: (command) => command.data.lines.length,
  alsoPays: () => [],
  // The payout's own answer, as a direct one is answered (the command as the approval applied it), and the request.
  reply: (input, approval, shown) => {
    const applied = approvedCommand(approval, new Date(input.command.issuedAt)) as LedgerCommandOf<'ledger.payout'>;
    const result = payout.reply({ ...input, command: applied });
    if (!('payout' in result)) throw new InvariantViolation('an approved payout answered without its lines');
    return { ...result, approval: shown };
  },
};
