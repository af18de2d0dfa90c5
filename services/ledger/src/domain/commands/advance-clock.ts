import { advanceClockCommand, ledgerResults, testClockOffsetMaxSeconds } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { accepted, reject } from './rules';
import type { CommandModule } from './types';

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
  authorRefusal: ({ data }, author) =>
    author.kind === 'system' && author.mode === 'test' && author.id === data.clientId
      ? null
      : 'Command refused: only a test-mode platform client moves its own sandbox clock',
  reads: ({ data }) => ({ clockClientIds: [data.clientId] }),
  decide(command, context) {
    const { clientId, seconds } = command.data;
    const offsetSeconds = (context.state.clocks?.get(clientId) ?? 0) + seconds;
    if (offsetSeconds > testClockOffsetMaxSeconds) {
      return reject('VALIDATION_FAILED', `A test clock runs at most ${testClockOffsetMaxSeconds} seconds ahead of wall time`);
    }
    return accepted({ effects: [{ kind: 'clocks', clientId, offsetSeconds }] });
  },
  reply: ({ decision }) => {
    const clock = decision.effects.find((effect) => effect.kind === 'clocks');
    if (!clock) throw new InvariantViolation('advance-clock accepted without its clock');
    return { clientId: clock.clientId, offsetSeconds: clock.offsetSeconds };
  },
  audit: () => null,
};
