import { apiKeyKind } from './api-key';
import { callbackSecretKind } from './callback-secret';
import { roleChangeKind } from './change-role';
import { platformClientKind } from './platform-client';
import { rewardCapKind } from './reward-cap';
import type { GrantKind, ShownGrantAct, ShownOf } from './types';
import { verificationKind } from './verification';

/**
 * The kinds of grant request, one module each (grant-kinds/<kind>.ts), keyed by the act's type:
 * a type the API shows a grant request's act as (@coin/contracts anyGrantRequest) without its
 * module here is a compile error, and what a request stores is the union of the modules' own
 * (`StoredGrantAct`), so no list of the kinds is kept anywhere else.
 */
const kinds = {
  'user.change-role': roleChangeKind,
  'user.api-key.create': apiKeyKind,
  'user.platform-client.create': platformClientKind,
  'user.set-verification': verificationKind,
  'user.platform-client.callback-secret': callbackSecretKind,
  'user.platform-client.set-reward-cap': rewardCapKind,
} satisfies { [T in ShownGrantAct['type']]: GrantKind<{ type: T }, ShownOf<T>> };

type Kinds = typeof kinds;

/** What a grant request stores: one of the kinds' own stored acts. */
export type StoredGrantAct = { [T in keyof Kinds]: Parameters<Kinds[T]['view']>[0] }[keyof Kinds];

/** The module of a request's kind (one cast: the table pairs each type with its own kind's module). */
export function grantKindOf<A extends { type: ShownGrantAct['type'] }>(act: A): GrantKind<A, ShownGrantAct> {
  return kinds[act.type] as unknown as GrantKind<A, ShownGrantAct>;
}
