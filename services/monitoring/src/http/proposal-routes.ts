import {
  type MonitoringProposal,
  type MonitoringProposalKind,
  monitoringProposalList,
  monitoringProposalParams,
  monitoringProposalsMax,
} from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { type ListedChange, pendingChangesOf } from '../db/pending-repo';
import { proposalExpiresAt } from '../domain/four-eyes';

export interface ProposalRouteDeps {
  pool: Pool;
  /** MONITORING_PROPOSAL_EXPIRY_S in milliseconds: a proposal older than this reads EXPIRED. */
  proposalExpiryMs: number;
}

/** The target prefix each kind of proposal is stored under (monitoring_pending_changes.target). */
const targetKinds: Record<MonitoringProposalKind, string> = {
  rule: 'monitoring-rule',
  case: 'monitoring-case',
  'freeze-lift': 'monitoring-freeze-lift',
};

/** A stored proposal as the API shows it, EXPIRED once `now` reaches its expiry. */
export function proposalView(listed: ListedChange, expiryMs: number, now: Date): MonitoringProposal {
  const expiresAt = proposalExpiresAt(listed.proposedAt, expiryMs);
  return {
    id: listed.id,
    change: listed.change as Record<string, unknown>,
    proposedBy: listed.proposedBy,
    proposedAt: listed.proposedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    status: now.getTime() >= expiresAt.getTime() ? 'EXPIRED' : 'PENDING',
  };
}

/**
 * The proposals waiting for a second ADMIN+, by kind (docs/design/monitoring.md "Two people"): what
 * a second ADMIN+ reads before sending the same change; an expired one is listed as EXPIRED until
 * a send clears it.
 */
export function registerProposalRoutes(app: App, deps: ProposalRouteDeps): void {
  app.get(
    '/internal/monitoring/proposals/:kind',
    { schema: { params: monitoringProposalParams, response: { 200: monitoringProposalList } } },
    async (request) => {
      const listed = await pendingChangesOf(deps.pool, targetKinds[request.params.kind], monitoringProposalsMax);
      const now = new Date();
      return { proposals: listed.map((one) => proposalView(one, deps.proposalExpiryMs, now)) };
    },
  );
}
