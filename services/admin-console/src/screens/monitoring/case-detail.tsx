import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { Loaded } from '../../components/busy';
import { Field, Page } from '../../components/layout';
import { Notice } from '../../components/notice';
import { type Column, ColumnTable } from '../../components/paged-table';
import { ProblemView } from '../../components/problem-view';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';
import { Link } from '../../router';
import { FreezeActions } from '../users/freeze-actions';
import { FlowGraph } from './flow-graph';
import { SubjectCell } from './subject';

type CaseDetail = OperationResult<'getMonitoringCase'>;
type CaseTransaction = CaseDetail['transactions'][number];

const minorCoins = (minor: number | null) => (minor === null ? '—' : coins(minor / 100));

const transactionColumns: readonly Column<CaseTransaction>[] = [
  { key: 'id', header: 'Transaction', cell: (t) => <Link to={`/transactions/${t.transactionId}`}>#{t.transactionId}</Link> },
  { key: 'type', header: 'Type', cell: (t) => t.type },
  { key: 'amount', header: 'Amount', numeric: true, cell: (t) => minorCoins(t.amountMinor) },
  { key: 'from', header: 'From', cell: (t) => t.from ?? '—' },
  { key: 'to', header: 'To', cell: (t) => t.to ?? '—' },
  { key: 'score', header: 'Score', numeric: true, cell: (t) => (t.score === null ? '—' : String(t.score)) },
  { key: 'hits', header: 'Rules hit', cell: (t) => t.hits.map((h) => `${h.ruleId} (${h.score}): ${h.detail}`).join('; ') || '—' },
  { key: 'linked', header: 'Linked by', cell: (t) => (t.linkedBy === null ? 'the service' : `user ${t.linkedBy}`) },
  { key: 'at', header: 'At (UTC)', cell: (t) => when(t.at) },
];

const flowColumns: readonly Column<CaseDetail['flows'][number]>[] = [
  { key: 'from', header: 'From', cell: (f) => f.from ?? 'outside' },
  { key: 'to', header: 'To', cell: (f) => f.to ?? 'outside' },
  { key: 'amount', header: 'Amount', numeric: true, cell: (f) => minorCoins(f.amountMinor) },
  { key: 'count', header: 'Transactions', numeric: true, cell: (f) => String(f.count) },
];

type Resolution = 'CONFIRMED' | 'FALSE_POSITIVE';

/** Resolving takes a resolution and a reason (one line); the case is closed for every other action after it. */
function ResolveForm({ busy, onResolve }: { busy: boolean; onResolve: (body: { resolution: Resolution; reason: string }) => void }) {
  const [resolution, setResolution] = useState<Resolution>('CONFIRMED');
  const [reason, setReason] = useState('');
  return (
    <form
      className="filters"
      aria-label="Resolve"
      onSubmit={(event) => {
        event.preventDefault();
        onResolve({ resolution, reason });
      }}
    >
      <Field label="Resolution">
        <select value={resolution} onChange={(event) => setResolution(event.target.value as Resolution)}>
          <option value="CONFIRMED">CONFIRMED</option>
          <option value="FALSE_POSITIVE">FALSE_POSITIVE</option>
        </select>
      </Field>
      <Field label="Reason">
        <input value={reason} maxLength={1000} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <button type="submit" className="danger" disabled={!reason.trim() || busy}>
        Resolve
      </button>
    </form>
  );
}

/** Transaction ids as typed (commas or spaces between them), or null while one is not a positive whole number or there are none or too many. */
export function transactionIdsOf(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter((part) => part !== '');
  if (parts.length === 0 || parts.length > linkedMax || !parts.every((part) => /^[1-9][0-9]{0,15}$/.test(part))) return null;
  const ids = parts.map(Number);
  return ids.every((id) => Number.isSafeInteger(id)) ? [...new Set(ids)] : null;
}

/** Transactions one link step takes at most (the API's own bound). */
const linkedMax = 100;

/** Links more transactions to the case: the ids typed, sent at once. */
function LinkForm({ busy, onLink }: { busy: boolean; onLink: (transactionIds: number[]) => Promise<void> }) {
  const [text, setText] = useState('');
  const ids = transactionIdsOf(text);
  return (
    <form
      className="filters"
      aria-label="Link transactions"
      onSubmit={(event) => {
        event.preventDefault();
        if (ids) void onLink(ids).then(() => setText(''));
      }}
    >
      <Field label={`Transaction ids (commas or spaces between them; at most ${linkedMax})`}>
        <input value={text} maxLength={2000} onChange={(event) => setText(event.target.value)} />
      </Field>
      <button type="submit" disabled={ids === null || busy}>
        Link
      </button>
    </form>
  );
}

/** Assigning to a user id (empty unassigns; "Me" fills in the signed-in ADMIN's). */
function AssignForm({ initial, busy, onAssign }: { initial: number | null; busy: boolean; onAssign: (assignee: number | null) => void }) {
  const { session } = useConsole();
  const [assignee, setAssignee] = useState(initial === null ? '' : String(initial));
  return (
    <form
      className="filters"
      aria-label="Assign"
      onSubmit={(event) => {
        event.preventDefault();
        onAssign(assignee.trim() === '' ? null : Number(assignee));
      }}
    >
      <Field label="Assignee (user id; empty unassigns)">
        <input value={assignee} inputMode="numeric" pattern="[0-9]*" onChange={(event) => setAssignee(event.target.value)} />
      </Field>
      <button type="submit" disabled={busy}>
        Assign
      </button>
      <button type="button" disabled={busy} onClick={() => setAssignee(String(session.user.id))}>
        Me
      </button>
    </form>
  );
}

/** Assign, comment, link and resolve: each a POST on the case (audited by the monitoring service); a resolved case refuses them (409 CASE_NOT_OPEN). */
function CaseActions({ detail, onChanged }: { detail: CaseDetail; onChanged: () => void }) {
  const { session } = useConsole();
  const change = useMutation<string>();
  const [note, setNote] = useState('');
  const path = { id: detail.case.id };
  const act = (what: () => Promise<unknown>, said: string) =>
    change.run(async () => {
      await what();
      onChanged();
      return said;
    });
  if (detail.case.status !== 'OPEN') return null;
  return (
    <section aria-labelledby="case-actions" className="panel">
      <h2 id="case-actions">Actions</h2>
      <AssignForm
        initial={detail.case.assignee}
        busy={change.busy}
        onAssign={(assignee) =>
          act(
            () => session.client.assignMonitoringCase({ path, body: { assignee } }),
            assignee === null ? 'Unassigned.' : `Assigned to user ${assignee}.`,
          )
        }
      />
      <form
        className="filters"
        aria-label="Comment"
        onSubmit={(event) => {
          event.preventDefault();
          void act(() => session.client.commentMonitoringCase({ path, body: { body: note } }), 'Note added.').then(() => setNote(''));
        }}
      >
        <Field label="Note">
          <input value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
        </Field>
        <button type="submit" disabled={!note.trim() || change.busy}>
          Comment
        </button>
      </form>
      <LinkForm
        busy={change.busy}
        onLink={(transactionIds) =>
          act(
            () => session.client.linkMonitoringCaseTransactions({ path, body: { transactionIds } }),
            `Linked ${transactionIds.length} transaction${transactionIds.length === 1 ? '' : 's'}.`,
          )
        }
      />
      <ResolveForm
        busy={change.busy}
        onResolve={(body) => act(() => session.client.resolveMonitoringCase({ path, body }), `Resolved: ${body.resolution}.`)}
      />
      <Notice>{change.result}</Notice>
      <ProblemView error={change.error} />
    </section>
  );
}

/**
 * A case about a person's wallet: the wallet's freeze as the ledger has it now (however it was
 * frozen or lifted: by this case's score, by an ADMIN here or on the user's page), and, while the
 * case is open, freezing or unfreezing it from here: the freeze names the case, and each step is
 * noted on the case (audited with it).
 */
function CaseWallet({ detail, onChanged }: { detail: CaseDetail; onChanged: () => void }) {
  const userId = Number(/^user:(\d+)$/.exec(detail.case.subject)?.[1] ?? Number.NaN);
  return Number.isSafeInteger(userId) ? <CaseUserWallet detail={detail} userId={userId} onChanged={onChanged} /> : null;
}

function CaseUserWallet({ detail, userId, onChanged }: { detail: CaseDetail; userId: number; onChanged: () => void }) {
  const { session } = useConsole();
  const user = useLoad(() => session.client.getUser({ path: { id: String(userId) } }), [userId]);
  const open = detail.case.status === 'OPEN';
  const noted = (said: string) => session.client.commentMonitoringCase({ path: { id: detail.case.id }, body: { body: said } });
  return (
    <section aria-labelledby="case-wallet" className="panel">
      <h2 id="case-wallet">Wallet of user {userId}</h2>
      <Loaded load={user}>
        {(data) => (
          <>
            <p data-testid="case-wallet-frozen">
              {data.wallet.frozen ? 'Frozen now: its debits are refused.' : 'Not frozen now.'}{' '}
              <Link to={`/users/${userId}`}>The user's page</Link>
            </p>
            {open ? (
              <FreezeActions
                userId={userId}
                frozen={data.wallet.frozen}
                fromCase={{ caseId: detail.case.id, noted }}
                onChanged={() => {
                  user.reload();
                  onChanged();
                }}
              />
            ) : null}
          </>
        )}
      </Loaded>
    </section>
  );
}

function CaseSummary({ detail }: { detail: CaseDetail }) {
  const c = detail.case;
  return (
    <dl className="facts">
      <dt>Subject</dt>
      <dd>
        <SubjectCell subject={c.subject} />
      </dd>
      <dt>Status</dt>
      <dd data-testid="case-status">{c.resolution ? `${c.status} (${c.resolution}): ${c.reason ?? ''}` : c.status}</dd>
      <dt>Score</dt>
      <dd data-testid="case-score">{c.score}</dd>
      <dt>Rules</dt>
      <dd>{c.rules.join(', ') || '—'}</dd>
      <dt>Assignee</dt>
      <dd data-testid="case-assignee">{c.assignee === null ? 'nobody' : `user ${c.assignee}`}</dd>
      <dt>Opened (UTC)</dt>
      <dd>{when(c.openedAt)}</dd>
      <dt>Freeze</dt>
      <dd>{c.freezeRequestedAt ? `asked ${when(c.freezeRequestedAt)}: ${c.freezeOutcome ?? 'no answer yet'}` : 'none'}</dd>
    </dl>
  );
}

/** GET /api/admin/monitoring/cases/{id}: a case, its transactions and notes, the flows between its wallets drawn, and its actions. */
export function MonitoringCaseScreen({ caseId }: { caseId: string }) {
  const { session } = useConsole();
  const detail = useLoad(() => session.client.getMonitoringCase({ path: { id: caseId } }), [caseId]);
  return (
    <Page title={`Case ${caseId.slice(0, 8)}`}>
      <p>
        <Link to="/monitoring">← All cases</Link>
      </p>
      <Loaded load={detail}>
        {(data) => (
          <>
            <CaseSummary detail={data} />
            <CaseActions detail={data} onChanged={detail.reload} />
            <CaseWallet detail={data} onChanged={detail.reload} />
            <section aria-labelledby="case-flows" className="panel">
              <h2 id="case-flows">Flows between its wallets</h2>
              <FlowGraph flows={data.flows} />
              <ColumnTable caption="Flows" columns={flowColumns} rows={data.flows} rowKey={(f) => `${f.from}→${f.to}`} empty="No flow." />
            </section>
            <ColumnTable
              caption="Transactions"
              columns={transactionColumns}
              rows={data.transactions}
              rowKey={(t) => t.transactionId}
              empty="No transaction."
            />
            <section aria-labelledby="case-notes" className="panel">
              <h2 id="case-notes">Notes</h2>
              {data.notes.length === 0 ? <p>No note.</p> : null}
              <ul>
                {data.notes.map((n) => (
                  <li key={n.id}>
                    <strong>user {n.author}</strong> ({when(n.createdAt)}): {n.body}
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </Loaded>
    </Page>
  );
}
