import type { AnyGrantRequest, AuditSummary } from '@coin/contracts';

/** A grant request's act as the API shows it: one of the acts' rows' request schemas' (@coin/contracts anyGrantRequest). */
export type ShownGrantAct = AnyGrantRequest['act'];

/**
 * A grant request's stored act as the rules every kind shares see it (grant-requests.ts): its
 * type, one of the shown acts'. What else it stores is its kind's (grant-kinds/<kind>.ts: `S` of
 * its GrantKind), which alone reads it, with the module of the command that asks for it.
 */
export type StoredGrantAct = { type: ShownGrantAct['type'] };

/**
 * What one kind of grant request (a stored act type: a role change, a key, a client, a
 * verification, a callback secret, a reward cap change) says of itself, in one module a kind
 * (grant-kinds/<kind>.ts), which the module of the command that asks for it carries
 * (`grantKind`, domain/commands/types.ts): how it is stored (`S`, its hashes and the facts its
 * rules need included), how the API shows it, whom it is about and how the admin audit log
 * records it. The rules every kind shares (grant-requests.ts) are given the kind (the command
 * table's `grantKindOf`) instead of asking which kind a request is. What its approval applies is
 * its asking command's too (approve-grant.ts calls into that module).
 */
export interface GrantKind<S extends StoredGrantAct, V extends ShownGrantAct> {
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

/** The kind of a request's act, found by the act's type (one of them, or its shown form). */
export type GrantKindOf = <A extends StoredGrantAct>(act: A) => GrantKind<A, ShownGrantAct>;
