/**
 * The ledger's consumer groups: one name for the service that joins them and for the operator
 * tools that move their offsets (scripts/restore-rewind.ts). Each is its own `return` of a
 * template: test/deploy/manifests.ts reads the group names from the code in that form.
 */
export function ledgerCommandsGroupId(topicPrefix: string): string {
  return `${topicPrefix}ledger-service`;
}

export function ledgerUserEventsGroupId(topicPrefix: string): string {
  return `${topicPrefix}ledger-user-events`;
}

/** `npm run restore:rewind`'s read of the ids the ledger published (it commits nothing): under the ledger's prefix, its ACL. */
export function ledgerRestoreScanGroupId(topicPrefix: string): string {
  return `${topicPrefix}ledger-restore-scan`;
}

export function ledgerGroupIds(topicPrefix: string): { commands: string; userEvents: string } {
  return { commands: ledgerCommandsGroupId(topicPrefix), userEvents: ledgerUserEventsGroupId(topicPrefix) };
}
