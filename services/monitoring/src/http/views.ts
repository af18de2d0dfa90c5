import type { MonitoringCase } from '@coin/contracts';
import type { CaseRow } from '../db/cases-repo';

export function caseView(row: CaseRow): MonitoringCase {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    score: row.score,
    rules: row.rules,
    assignee: row.assignee,
    openedAt: row.openedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
    resolution: row.resolution,
    reason: row.reason,
    freezeRequestedAt: row.freezeRequestedAt?.toISOString() ?? null,
    freezeOutcome: row.freezeOutcome,
  };
}

/** A page cursor: the last case's (openedAt, id), base64url. Null when it does not decode. */
export function decodeCursor(cursor: string): { openedAt: Date; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15})\.([0-9a-f-]{36})$/.exec(text);
  if (!match) return null;
  return { openedAt: new Date(Number(match[1])), id: match[2]! };
}

export function encodeCursor(row: CaseRow): string {
  return Buffer.from(`${row.openedAt.getTime()}.${row.id}`, 'utf8').toString('base64url');
}
