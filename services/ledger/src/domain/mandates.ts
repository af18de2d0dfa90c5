import { holdIdNamingPayer } from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import type { MandateState } from './state';

/**
 * The pure parts of a mandate (docs/design/ledger.md "Mandates"): its id, when each period starts,
 * and the command id of each attempt to charge one period.
 */

/**
 * A mandate's id follows from the command that granted it and the 128 random bits the gateway drew
 * (`idNonce`), like a hold's: the same on a redelivery and a redo, and not computable from the
 * payer and the Idempotency-Key. It names its payer in a hold id's layout (docs/decisions/0005).
 */
export function mandateIdOf(command: { commandId: string; data: { fromUserId: number; idNonce?: string | undefined } }): string {
  const { idNonce, fromUserId } = command.data;
  const hex = uuidV5(`ledger.grant-mandate:${command.commandId}:${idNonce ?? ''}`).replaceAll('-', '');
  return holdIdNamingPayer(fromUserId, `${hex.slice(0, 12)}${hex.slice(13, 16)}${hex.slice(17)}00`);
}

/** A mandate the scheduler's scan found due: what its charge names; in the sandbox, the test clock it was judged by (its client's). */
export interface DueMandate {
  id: string;
  fromUserId: number;
  nextPeriod: number;
  failedAttempts: number;
  clockOf?: string;
}

const dayMs = 24 * 3600 * 1000;

/**
 * When period `index` starts: `startsAt` plus `index` days, weeks or calendar months (UTC, the
 * time of day kept); a start on the 29th to the 31st falls on the last day of a shorter month.
 */
export function periodStart(mandate: Pick<MandateState, 'startsAt' | 'period'>, index: number): Date {
  const start = mandate.startsAt;
  if (mandate.period === 'DAY') return new Date(start.getTime() + index * dayMs);
  if (mandate.period === 'WEEK') return new Date(start.getTime() + index * 7 * dayMs);
  const months = start.getUTCMonth() + index;
  const year = start.getUTCFullYear() + Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()),
  );
}

/** Whether period `index` starts at or after the mandate's end: it is never charged. */
export function pastEnd(mandate: Pick<MandateState, 'startsAt' | 'period' | 'endsAt'>, index: number): boolean {
  return mandate.endsAt !== null && periodStart(mandate, index) >= mandate.endsAt;
}

/**
 * The command id of one attempt to charge one period: the same from every scan and every ledger
 * replica, so the attempt applies once; a retry is another attempt, so another id. Whatever the
 * scheduler sends, the mandate's `nextPeriod` (moved on by the one charge that pays a period)
 * refuses a second charge of a paid period.
 */
export function chargeCommandId(mandateId: string, period: number, attempt: number): string {
  return uuidV5(`ledger.charge-mandate:${mandateId}:${period}:${attempt}`);
}
