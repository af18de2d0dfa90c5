import { ledgerCommandContracts, type ApprovableCommand, type ApprovalAct } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { ApprovalState } from '../../approvals';
import type { ApprovableModule, ApprovableOf, ApprovableParts, ApprovableType } from '../types';
import type { ApprovalOf } from './types';

/**
 * What the acts' modules and their table (table.ts) both read of a held-back command, from the
 * contract's rows and the modules they are given only: nothing here imports an act's module or the
 * table, so an act's module reads it without a circle.
 */

/** The four-eyes act (@coin/contracts four-eyes-acts.ts) a held-back command's row names. */
export function approvalActOf(command: Pick<ApprovableCommand, 'type'>): ApprovalAct {
  return ledgerCommandContracts[command.type].act;
}

/** A request of `act`, as that act's; asking a request of another act for it is a bug. */
export function requestOf<A extends ApprovalAct>(act: A, approval: ApprovalState): ApprovalOf<A> {
  if (approvalActOf(approval.command) !== act) throw new InvariantViolation(`approval ${approval.id} holds no ${act} request`);
  return approval as ApprovalOf<A>;
}

/**
 * The `approvable` parts of a held-back command's module among `modules` (an act's `commands`, or
 * every act's). One cast: the modules' type pairs each type with the module of that type, which
 * TypeScript cannot carry through an index by a union.
 */
export function heldParts<T extends ApprovableType>(
  modules: { [K in T]: ApprovableModule<K> },
  command: ApprovableOf<T>,
): ApprovableParts<T> {
  return (modules[command.type as T] as ApprovableModule<T>).approvable;
}
