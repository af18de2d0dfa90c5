import { ledgerResults, setClockCommand, testClockOffsetMaxSeconds } from '@coin/contracts';
import { clockReplyOf, ownClockRules } from './advance-clock';
import { accepted, reject } from './rules';
import type { CommandModule } from './types';

/**
 * A test-mode client sets its own sandbox test clock (docs/decisions/0018-sandbox.md "The test
 * clock"), in the family of ledger.advance-clock and keyed alike (`test-clock:<clientId>`), so a
 * client's advances and sets apply one after the other on the offset each read. To a time: the
 * offset that makes the clock read it, in whole seconds, forward only (a clock that went back would
 * un-expire nothing) and at most a year ahead of wall time. To null: back to wall time, which only
 * the sandbox's reset sends, once it deleted what of the client waited on the clock ("Deleting a
 * client's test data"). Only the client itself, by its own test-mode token, sets its clock.
 */
export const setClock: CommandModule<'ledger.set-clock'> = {
  type: 'ledger.set-clock',
  schema: setClockCommand,
  result: ledgerResults['ledger.set-clock'],
  createsTransaction: false,
  ...ownClockRules('Command refused: only a test-mode platform client sets its own sandbox clock'),
  decide(command, context) {
    const { clientId, to } = command.data;
    if (to === null) return accepted({ effects: [{ kind: 'clocks', clientId, offsetSeconds: 0 }] });
    const current = context.state.clocks?.get(clientId) ?? 0;
    // Rounded up, so the clock reads at least the time asked for.
    const offsetSeconds = Math.ceil((new Date(to).getTime() - context.now.getTime()) / 1000);
    if (offsetSeconds < current) {
      const reads = new Date(context.now.getTime() + current * 1000).toISOString();
      return reject('VALIDATION_FAILED', `A test clock moves forward only: it reads ${reads}, later than ${to}`);
    }
    if (offsetSeconds > testClockOffsetMaxSeconds) {
      return reject('VALIDATION_FAILED', `A test clock runs at most ${testClockOffsetMaxSeconds} seconds ahead of wall time`);
    }
    return accepted({ effects: [{ kind: 'clocks', clientId, offsetSeconds }] });
  },
  reply: ({ decision }) => clockReplyOf(decision, 'set-clock'),
  audit: () => null,
};
