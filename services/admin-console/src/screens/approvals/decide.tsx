import { useState } from 'react';

/**
 * Approve, or reject with a reason, one request of a table; `busy` while this row's decision is out.
 * `what` names the kind of request in the buttons' names ("Approve payout request 3d2c1b0a").
 */
export function Decide({
  id,
  busy,
  onDecide,
  what = 'request',
}: {
  id: string;
  busy: boolean;
  onDecide: (id: string, approve: boolean, reason: string) => void;
  what?: string;
}) {
  const [reason, setReason] = useState('');
  return (
    <div className="inline-actions">
      {/* The name says which request: a table of "Approve" buttons reads the same to a screen reader otherwise. */}
      <button type="button" disabled={busy} onClick={() => onDecide(id, true, '')} aria-label={`Approve ${what} ${id.slice(0, 8)}`}>
        Approve
      </button>
      <label className="visually-hidden" htmlFor={`reject-${id}`}>
        Reason for rejecting {id}
      </label>
      <input id={`reject-${id}`} placeholder="reason to reject" value={reason} onChange={(event) => setReason(event.target.value)} />
      <button
        type="button"
        className="danger"
        disabled={busy || reason.trim() === ''}
        onClick={() => onDecide(id, false, reason.trim())}
        aria-label={`Reject ${what} ${id.slice(0, 8)}`}
      >
        Reject
      </button>
    </div>
  );
}
