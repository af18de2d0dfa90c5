import { Field } from '../../components/layout';

/** The statuses of an approval request (an Approval's and a PayoutApproval's alike). */
export const approvalStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
/** A status to list, or '' for any. */
export type StatusChoice = (typeof approvalStatuses)[number] | '';
/** One page of a list of requests. */
export const approvalsPageSize = 25;
/** The lists' largest page: an export reads a list in as few requests as the API allows. */
export const approvalsExportPageSize = 100;

/** The status filter of a list of requests: a status, or Any. */
export function StatusFilter({ label, value, onChange }: { label: string; value: StatusChoice; onChange: (status: StatusChoice) => void }) {
  return (
    <div className="filters">
      <Field label={label}>
        <select value={value} onChange={(event) => onChange(event.target.value as StatusChoice)}>
          <option value="">Any</option>
          {approvalStatuses.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </Field>
    </div>
  );
}
