import type { AnyGrantRequest, AuditSummary } from '@coin/contracts';

/** A grant request's act as the API shows it: one of the acts' rows' request schemas' (@coin/contracts anyGrantRequest). */
export type ShownGrantAct = AnyGrantRequest['act'];

/**
 * What one kind of grant request (a stored act type: a role change, a key, a client, a
 * verification, a callback secret, a reward cap change) says of itself, in one module a kind
 * (grant-kinds/<kind>.ts), keyed by its type in the kinds' table (grant-kinds/table.ts): how it is
 * stored (`S`, its hashes and the facts its rules need included), how the API shows it, whom it is
 * about and how the admin audit log records it. The rules every kind shares (grant-requests.ts)
 * read the table instead of asking which kind a request is. What its approval applies is its
 * asking command's (approve-grant.ts calls into that module).
 */
export interface GrantKind<S extends { type: ShownGrantAct['type'] }, V extends ShownGrantAct> {
  /** The API's view: the act without its hashes, amounts in coins. */
  view(act: S): V;
  /** The people it is about, who never approve it (SELF_DEALING); none: about no person. */
  subjects(act: S): number[];
  /** The detail of the refusal of one of them approving it. */
  ownDetail: string;
  /** The act as the audit log records it: its type and fields, never a secret or a hash. */
  summary(act: V): AuditSummary;
}

/** The shown act of the type `T`. */
export type ShownOf<T extends ShownGrantAct['type']> = Extract<ShownGrantAct, { type: T }>;
