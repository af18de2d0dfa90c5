import { freezeActor, freezeCaseId } from '@coin/contracts';
import { z } from 'zod';
import type { Accepted } from '../state';
import type { WalletRowPart } from './types';

/**
 * A freeze of a user wallet's outgoing movements (docs/design/ledger.md "Freezes"), set by an
 * ADMIN+ or the monitoring service; lifted only by an approval: one ADMIN+ asks (an approval
 * request of the unfreeze act, kept with every other request), a different one approves.
 */
export interface FreezeState {
  reason: string;
  /** The monitoring case behind it (opaque to the ledger), or null. */
  caseId: string | null;
  frozenBy: { kind: 'user' | 'service'; id: string };
  frozenAt: Date;
}

export type FreezeEvent = 'frozen' | 'unfrozen';

/** A wallet's freeze as a decision leaves it (null: lifted), and what happened to it: the kind's effect. */
export interface FreezeChange {
  walletKey: string;
  userId: number;
  freeze: FreezeState | null;
  event: FreezeEvent;
}

/** A wallet's fields of this kind: its freeze, or null (WalletState.freeze). */
export interface FreezeFields {
  /** The wallet's freeze, or null: a frozen wallet's debits are refused (domain/freezes.ts). */
  freeze: FreezeState | null;
}

/** A freeze as the wallets row stores it (`freeze_state`): the JSON of FreezeState, its times as ISO text. */
const storedFreeze = z.strictObject({
  reason: z.string().min(1).max(500),
  caseId: freezeCaseId.nullable(),
  frozenBy: freezeActor,
  frozenAt: z.iso.datetime({ offset: true }),
});

/** A stored freeze (`freeze_state`) parsed again, as every read does; null: not frozen. */
export function freezeOf(stored: unknown): FreezeState | null {
  if (stored === null || stored === undefined) return null;
  const row = storedFreeze.parse(stored);
  return { ...row, frozenAt: new Date(row.frozenAt) };
}

/**
 * The wallet freezes, a part of the wallet's row (column `freeze_state`): set by
 * ledger.freeze-wallet, lifted by ledger.lift-freeze (which only an approval applies), each an effect `{ kind: 'freezes', walletKey, userId, freeze, event }`
 * that replaces the wallet's freeze with the one it carries. What a freeze stops is judged after
 * every decision (domain/freezes.ts); the commands' audit records are what is published of it.
 */
export const freezes: WalletRowPart<FreezeFields, FreezeChange> = {
  columns: { freeze: 'freeze_state' },
  fieldsOf: (row) => ({ freeze: freezeOf(row.freeze_state) }),
  opened: { freeze: null },
  evolve: (_fields, change) => ({ freeze: change.freeze }),
};

/** The freeze changes of a decision (its effects of this kind), in order. */
export function freezeChangesOf(decision: Accepted): Array<FreezeChange & { kind: 'freezes' }> {
  return decision.effects.filter((effect) => effect.kind === 'freezes');
}
