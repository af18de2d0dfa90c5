import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { Field, Page } from '../../components/layout';
import { Notice } from '../../components/notice';
import { type Column, PagedTable } from '../../components/paged-table';
import { ProblemView } from '../../components/problem-view';
import { useConsole } from '../../context';
import { coins, treasuries } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';
import { useSubmissionKey } from '../../hooks/use-submission-key';

type Treasury = (typeof treasuries)[number];
/** The treasury and client a rule form names. */
const target = (form: FormData): [Treasury, string] => [
  String(form.get('treasury')) as Treasury,
  String(form.get('clientId') ?? '').trim(),
];
type Rule = OperationResult<'listCommissionRules'>['rules'][number];

const shown = (rule: Rule['rule']) =>
  rule.kind === 'bps' ? `${(rule.bps / 100).toFixed(2)}% (${rule.bps} bps)` : `${coins(rule.amount)} fixed`;

/**
 * PUT /api/admin/commission-rules: ask to set a client's rule for a treasury (a share in basis
 * points or a fixed amount in coins) or to remove it; a different ADMIN+ approves the request
 * (below). The API asks for a fresh second factor (shown in place).
 */
function RuleForm({ onChanged, chosen }: { onChanged: () => void; chosen: Rule | undefined }) {
  const { session } = useConsole();
  const change = useMutation<string>();
  const submission = useSubmissionKey();
  const send = (treasury: Treasury, clientId: string, rule: { bps: number } | { amount: number } | null) =>
    change.run(async () => {
      const { approval } = await submission.send((idempotencyKey) =>
        session.client.setCommissionRule({ body: { treasury, clientId, rule }, idempotencyKey }),
      );
      onChanged();
      return `Asked to ${rule === null ? 'remove' : 'set'} the rule of ${clientId} for ${treasury}: request ${approval.id} waits for a second ADMIN+.`;
    });
  return (
    <section aria-labelledby="set-rule" className="panel">
      <h2 id="set-rule">Set or remove a rule</h2>
      <form
        key={chosen ? `${chosen.treasury} ${chosen.clientId}` : 'new'}
        className="filters"
        aria-label="Commission rule"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const value = Number(form.get('value'));
          void send(...target(form), form.get('kind') === 'bps' ? { bps: value } : { amount: value });
        }}
      >
        <Field label="Treasury">
          <select name="treasury" defaultValue={chosen?.treasury ?? treasuries[0]}>
            {treasuries.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
        <Field label="Platform client id">
          <input name="clientId" required maxLength={100} defaultValue={chosen?.clientId ?? ''} />
        </Field>
        <Field label="Kind">
          <select name="kind" defaultValue={chosen?.rule.kind ?? 'bps'}>
            <option value="bps">Share (basis points, 1–5000)</option>
            <option value="fixed">Fixed (coins, ≤ 10,000)</option>
          </select>
        </Field>
        <Field label="Value">
          <input
            name="value"
            inputMode="decimal"
            defaultValue={chosen ? String(chosen.rule.kind === 'bps' ? chosen.rule.bps : chosen.rule.amount) : ''}
          />
        </Field>
        <button type="submit" disabled={change.busy}>
          Ask to set rule
        </button>
        <button
          type="button"
          className="danger"
          disabled={change.busy}
          onClick={(event) => {
            const form = event.currentTarget.form;
            if (form?.reportValidity()) void send(...target(new FormData(form)), null);
          }}
        >
          Ask to remove rule
        </button>
      </form>
      <Notice>{change.result}</Notice>
      <ProblemView error={change.error} />
    </section>
  );
}

/**
 * POST /api/admin/commission-changes/{id}/approve or /reject: a second ADMIN+ decides a requested
 * change by its id (the requester cannot approve it: APPROVAL_BY_REQUESTER, shown as a problem).
 */
function ChangeDecision({ onChanged }: { onChanged: () => void }) {
  const { session } = useConsole();
  const decision = useMutation<string>();
  const submission = useSubmissionKey();
  const decide = (id: string, reason: string | null) =>
    decision.run(async () => {
      if (reason === null) {
        const approved = await submission.send((idempotencyKey) =>
          session.client.approveCommissionChange({ path: { id }, idempotencyKey }),
        );
        onChanged();
        return `Approved ${id}: the rule of ${approved.clientId} for ${approved.treasury} is in force.`;
      }
      await submission.send((idempotencyKey) => session.client.rejectCommissionChange({ path: { id }, body: { reason }, idempotencyKey }));
      return `Rejected ${id}.`;
    });
  return (
    <section aria-labelledby="decide-change" className="panel">
      <h2 id="decide-change">Approve or reject a requested change</h2>
      <form
        className="filters"
        aria-label="Commission change"
        onSubmit={(event) => {
          event.preventDefault();
          void decide(String(new FormData(event.currentTarget).get('id') ?? '').trim(), null);
        }}
      >
        <Field label="Request id">
          <input name="id" required maxLength={36} />
        </Field>
        <Field label="Reason (to reject)">
          <input name="reason" maxLength={500} />
        </Field>
        <button type="submit" disabled={decision.busy}>
          Approve change
        </button>
        <button
          type="button"
          className="danger"
          disabled={decision.busy}
          onClick={(event) => {
            const form = event.currentTarget.form;
            if (!form?.reportValidity()) return;
            const data = new FormData(form);
            void decide(String(data.get('id') ?? '').trim(), String(data.get('reason') ?? '').trim() || 'Rejected');
          }}
        >
          Reject change
        </button>
      </form>
      <Notice>{decision.result}</Notice>
      <ProblemView error={decision.error} />
    </section>
  );
}

/** GET /api/admin/commission-rules: the rules in force, each platform client's for each treasury, who asked for it and who approved it. */
export function CommissionRulesScreen() {
  const { session } = useConsole();
  const [treasury, setTreasury] = useState<Treasury | ''>('');
  const [chosen, setChosen] = useState<Rule>();
  // One list, no pages: the export reads it again whole.
  const read = () => session.client.listCommissionRules({ query: treasury ? { treasury } : {} });
  const rules = useLoad(read, [treasury]);
  const columns: readonly Column<Rule>[] = [
    { key: 'treasury', header: 'Treasury', cell: (r) => r.treasury },
    { key: 'client', header: 'Platform client', cell: (r) => <code>{r.clientId}</code> },
    { key: 'rule', header: 'Commission', numeric: true, cell: (r) => shown(r.rule) },
    { key: 'setBy', header: 'Asked by', cell: (r) => (r.setBy === null ? 'an operator' : `user ${r.setBy}`) },
    { key: 'approvedBy', header: 'Approved by', cell: (r) => (r.approvedBy === null ? '—' : `user ${r.approvedBy}`) },
    {
      key: 'edit',
      header: 'Change',
      cell: (r) => (
        <button type="button" aria-label={`Change the rule of ${r.clientId} for ${r.treasury}`} onClick={() => setChosen(r)}>
          Change
        </button>
      ),
    },
  ];
  return (
    <Page title="Commission rules">
      <form className="filters" aria-label="Filter rules" onSubmit={(event) => event.preventDefault()}>
        <Field label="Treasury filter">
          <select value={treasury} onChange={(event) => setTreasury(event.target.value as Treasury | '')}>
            <option value="">Any</option>
            {treasuries.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
      </form>
      <PagedTable
        load={rules}
        caption="Commission rules"
        columns={columns}
        rows={(data) => data.rules}
        rowKey={(r) => `${r.treasury} ${r.clientId}`}
        empty="No commission rule."
        paging={(_, rows) => ({
          label: `${rows.length} rules`,
          hasPrevious: false,
          hasNext: false,
          onPrevious: () => undefined,
          onNext: () => undefined,
        })}
        csv={{ name: 'commission-rules', read }}
      />
      <RuleForm onChanged={rules.reload} chosen={chosen} />
      <ChangeDecision onChanged={rules.reload} />
    </Page>
  );
}
