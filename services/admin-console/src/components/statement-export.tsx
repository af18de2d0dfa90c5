import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { useConsole } from '../context';
import type { treasuries } from '../format';
import { ExportCsv } from './export-csv';
import { Field } from './layout';

type StatementPage = OperationResult<'getUserStatement'>;

/** A statement's largest page: the export reads the period in as few requests as the API allows. */
const statementPageSize = 1000;
const dayMs = 86_400_000;

const today = () => new Date().toISOString().slice(0, 10);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + dayMs).toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * dayMs).toISOString().slice(0, 10);

/** Whose statement: a user's (GET /api/admin/users/{id}/statement) or a treasury's (GET /api/admin/treasuries/{code}/statement). */
export type StatementParty = { kind: 'user'; id: number } | { kind: 'treasury'; code: (typeof treasuries)[number] };

/**
 * A statement as CSV: the party's lines of the UTC days chosen (from the first day's start to the
 * last day's end), oldest first, each with its change and the running balance after it, read page
 * by page and offered as a download.
 */
export function StatementExport({ party }: { party: StatementParty }) {
  const { session } = useConsole();
  const [period, setPeriod] = useState(() => ({ from: daysBefore(today(), 30), to: today() }));
  const query = (cursor: string | undefined) => ({
    from: `${period.from}T00:00:00Z`,
    to: `${dayAfter(period.to)}T00:00:00Z`,
    limit: String(statementPageSize),
    ...(cursor ? { cursor } : {}),
  });
  const read = (cursor: string | undefined): Promise<StatementPage> =>
    party.kind === 'user'
      ? session.client.getUserStatement({ path: { id: String(party.id) }, query: query(cursor) })
      : session.client.getTreasuryStatement({ path: { code: party.code }, query: query(cursor) });
  const name = party.kind === 'user' ? `statement-user-${party.id}` : `statement-${party.code}`;
  return (
    <section className="panel" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`}>Statement</h2>
      <div className="filters">
        <Field label="From (UTC day)">
          <input type="date" required value={period.from} onChange={(event) => setPeriod({ ...period, from: event.target.value })} />
        </Field>
        <Field label="To (UTC day, included)">
          <input type="date" required value={period.to} onChange={(event) => setPeriod({ ...period, to: event.target.value })} />
        </Field>
      </div>
      {/* Keyed by the period: a file read for another period is not offered for this one. */}
      <ExportCsv
        key={`${period.from} ${period.to}`}
        list={{ name: `${name}-${period.from}-${period.to}`, read, items: (page) => page.lines }}
      />
    </section>
  );
}
