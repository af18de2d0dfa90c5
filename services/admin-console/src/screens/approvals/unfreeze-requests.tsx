import type { OperationResult } from '@coin/client';
import { useRef } from 'react';
import { useConsole } from '../../context';
import { Link } from '../../router';
import { PendingRequestsPanel } from './request-panel';

type UnfreezeRequest = OperationResult<'listUnfreezeRequests'>['unfreezes'][number];

/**
 * Each wallet's standing request only: a decision names the wallet, and the ledger decides that
 * wallet's newest pending request, so an older one beside it is not offered (the list is newest first).
 */
function standingOnly(requests: readonly UnfreezeRequest[]): UnfreezeRequest[] {
  const seen = new Set<number>();
  return requests.filter((request) => {
    if (seen.has(request.unfreeze.userId)) return false;
    seen.add(request.unfreeze.userId);
    return true;
  });
}

/**
 * ADMIN+: GET /api/admin/unfreeze-requests, the requests to lift a wallet's freeze waiting for a
 * second ADMIN+; approve (not one's own request, nor one's own wallet) or reject with a reason,
 * each by the wallet (POST /api/admin/users/{id}/freeze/unfreeze-approval and unfreeze-rejection).
 */
export function UnfreezeRequests() {
  const { session } = useConsole();
  // The wallet each listed request lifts: its decision is sent by the wallet.
  const walletOf = useRef(new Map<string, number>());
  const path = (id: string) => ({ id: String(walletOf.current.get(id)) });
  return (
    <PendingRequestsPanel
      id="unfreeze-requests"
      title="Unfreeze requests"
      note="A frozen wallet's freeze is lifted once a second ADMIN+ approves the request; you cannot approve your own request, nor decide one about your own wallet."
      caption="Pending unfreeze requests"
      list={() => session.client.listUnfreezeRequests({ query: { status: 'PENDING', limit: '100' } })}
      rows={(data) => {
        const standing = standingOnly(data.unfreezes);
        for (const request of standing) walletOf.current.set(request.id, request.unfreeze.userId);
        return standing;
      }}
      columns={[
        {
          key: 'wallet',
          header: 'Wallet',
          cell: (r: UnfreezeRequest) => (
            <>
              <Link to={`/users/${r.unfreeze.userId}`}>user {r.unfreeze.userId}</Link> · {r.unfreeze.reason}
            </>
          ),
        },
      ]}
      approve={(id, idempotencyKey) => session.client.approveUnfreeze({ path: path(id), idempotencyKey })}
      reject={(id, reason, idempotencyKey) => session.client.rejectUnfreeze({ path: path(id), body: { reason }, idempotencyKey })}
    />
  );
}
