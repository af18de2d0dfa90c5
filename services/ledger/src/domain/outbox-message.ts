/**
 * A message as the ledger's outbox keeps it: the payload is the exact text that is published.
 * Its home is the domain, as the kinds render their own messages; the apply and the outbox store
 * take it from here.
 */
export interface OutboxBatchMessage {
  topic: string;
  key: string;
  headers: Record<string, string>;
  payload: string;
}
