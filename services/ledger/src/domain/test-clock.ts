import { testModeClientIdPrefix } from '@coin/security';
import type { LedgerState } from './state';

/**
 * Times in the sandbox (docs/decisions/0018-sandbox.md "The test clock"): what a test-mode client
 * schedules there (its holds' expiry, its mandates' periods and retries, its cash-outs' settling)
 * is set and judged on its own test clock, wall time plus the offset the sandbox ledger stores for
 * it. The live ledger stores no clock (it refuses every advance), so there every time is wall time.
 */

/** Whether a client id is a test-mode client's, whose clock a command reads (the only ids a clock is stored for). */
export function isTestClientId(clientId: string | null | undefined): clientId is string {
  return typeof clientId === 'string' && clientId.startsWith(testModeClientIdPrefix);
}

/** The clock a command about `clientId`'s schedule reads: that client's, when it is a test-mode one; none otherwise. */
export function clockReadsOf(clientId: string | null | undefined): { clockClientIds?: string[] } {
  return isTestClientId(clientId) ? { clockClientIds: [clientId] } : {};
}

/** The time on `clientId`'s test clock: wall time (`now`) plus its stored offset; wall time when it has none. */
export function clockTimeOf(context: { now: Date; state: Pick<LedgerState, 'clocks'> }, clientId: string | null | undefined): Date {
  const offsetSeconds = isTestClientId(clientId) ? (context.state.clocks?.get(clientId) ?? 0) : 0;
  return offsetSeconds === 0 ? context.now : new Date(context.now.getTime() + offsetSeconds * 1000);
}
