import { advanceClockCommand, ledgerResults, testClockOffsetMaxSeconds } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { accepted, reject } from './rules';
import type { CommandModule } from './types';
import type { ClockEffect } from '../kinds/clocks';
import type { VerifiedAuthor } from '../authors';

/**
 * A test-mode client moves its own sandbox test clock forward (docs/decisions/0018-sandbox.md
 * "The test clock"): the clock's offset from wall time grows by `seconds`, at most a year in all.
 * Only the client itself, proved by its own test-mode token, sends it; the live ledger refuses it
 * before this rule (every test-mode proof), and a live author is refused here, so no live ledger
 * ever stores a clock. Keyed by the client, so its advances apply one after the other.
 */
export const advanceClock: CommandModule<'ledger.advance-clock'> = {
  type: 'ledger.advance-clock',
  schema: advanceClockCommand,
  result: ledgerResults['ledger.advance-clock'],
  createsTransaction: false,
  ...ownClockRules('Command refused: only a test-mode platform client moves its own sandbox clock'),
  decide(command, context) {
    const { clientId, seconds } = command.data;
    const offsetSeconds = (context.state.clocks?.get(clientId) ?? 0) + seconds;
    if (offsetSeconds > testClockOffsetMaxSeconds) {
      return reject('VALIDATION_FAILED', `A test clock runs at most ${testClockOffsetMaxSeconds} seconds ahead of wall time`);
    }
    return accepted({ effects: [{ kind: 'clocks', clientId, offsetSeconds }] });
  },
  reply: ({ decision }) => clockReplyOf(decision, 'advance-clock'),
  audit: () => null,
};

/** Who sends a clock command, and what it reads: only the client itself, by its own test-mode token; its own clock. */
export function ownClockRules(refusal: string) {
  type ClockCommand = { data: { clientId: string } };
  return {
    authorRefusal: ({ data }: ClockCommand, author: VerifiedAuthor) =>
      author.kind === 'system' && author.mode === 'test' && author.id === data.clientId ? null : refusal,
    reads: ({ data }: ClockCommand) => ({ clockClientIds: [data.clientId] }),
  };
}

/** A clock command's answer: the clock its accepted decision moved, as the client's offset after it. */
export function clockReplyOf(
  decision: { effects: readonly { kind: string }[] },
  type: string,
): { clientId: string; offsetSeconds: number } {
  const clock = decision.effects.find((effect): effect is ClockEffect & { kind: 'clocks' } => effect.kind === 'clocks');
  if (!clock) throw new InvariantViolation(`${type} accepted without its clock`);
  return { clientId: clock.clientId, offsetSeconds: clock.offsetSeconds };
}
