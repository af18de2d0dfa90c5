/**
 * The ledger's consumer groups: one name for the service that joins them and for the operator
 * tools that move their offsets (scripts/restore-rewind.ts).
 */
export function ledgerGroupIds(topicPrefix: string): { commands: string; userEvents: string } {
  return { commands: `${topicPrefix}ledger-service`, userEvents: `${topicPrefix}ledger-user-events` };
}
