import {
  adminSettleRefusal,
  approverKeyScopeRefusal,
  clientSettleRefusal,
  type ApprovableCommand,
  type DecidedKind,
  eligibleSinceFor,
  type FourEyesAct,
  fourEyesActs,
  type LedgerCommand,
  notEligibleDetailFor,
  type Party,
  type Role,
  payerOfHoldId,
  paysPeopleBehindOf,
  paysPerson,
  secondPersonRefusal,
  type SecondPersonCase,
  type SecondPersonWording,
} from '@coin/contracts';
import { rejected, type ErrorCode, type Rejected } from '@coin/errors';
import { approvalIdOf, requestNamedBy, sameCommand, type ApprovalState } from '../approvals';
import { keyScopesOf, peopleBehindKeyOf, platformGrantsOf, roleSinceOf } from '../authors';
import { isPerson, windowReached, type WindowCharge } from '../four-eyes';
import { approvalEffect } from '../kinds/approvals';
import { windowEffects, type WindowEffect } from '../kinds/four-eyes-windows';
import { checkLimits, effectiveLimits, type LimitBreach } from '../limits';
import { activeOf, walletAmountMax, type Accepted, type HoldState, type LedgerPolicy, type LedgerState, type WalletState } from '../state';
import { decidedKindOf } from './decided-kinds';
import type { DecideContext } from './types';

/**
 * The checks and rejections the command modules share (domain/commands/*.ts): each is pure and
 * names the rule it applies; a module composes them in the order its command is judged.
 */

export function reject(code: ErrorCode, detail: string): Rejected {
  return rejected(code, detail);
}

export function accepted(parts: Partial<Omit<Accepted, 'ok'>>): Accepted {
  return {
    ok: true,
    transaction: null,
    lineTransactions: [],
    entries: [],
    creditLegs: [],
    opens: [],
    closes: [],
    effects: [],
    parked: false,
    subjectKey: null,
    credit: null,
    ...parts,
  };
}

export function coins(minor: number): string {
  return (minor / 100).toFixed(2);
}

export function insufficient(wallet: WalletState, amount: number): Rejected {
  const active = activeOf(wallet);
  return reject(
    'INSUFFICIENT_FUNDS',
    active === wallet.balance
      ? `The balance ${coins(wallet.balance)} is below the amount ${coins(amount)}`
      : `The active coins ${coins(active)} (balance ${coins(wallet.balance)}, ${coins(wallet.held)} held) are below the amount ${coins(amount)}`,
  );
}

function limitExceeded(breach: LimitBreach): Rejected {
  const shown = (n: number) => (breach.limit === 'dailyCount' ? String(n) : coins(n));
  const what = {
    dailyAmount: `the daily outgoing amount limit ${shown(breach.value)} (${shown(breach.used)} used in the last 24 hours)`,
    dailyCount: `the daily outgoing count limit ${shown(breach.value)} (${shown(breach.used)} used in the last 24 hours)`,
    singleAmount: `the single operation limit ${shown(breach.value)}`,
  }[breach.limit];
  const when = breach.resetsAt ? `; it fits again from ${breach.resetsAt.toISOString()}` : '';
  const value = breach.limit === 'dailyCount' ? breach.value : breach.value / 100;
  const used = breach.limit === 'dailyCount' ? breach.used : breach.used / 100;
  return {
    ...reject('LIMIT_EXCEEDED', `The debit would pass ${what}${when}`),
    extra: { limit: { name: breach.limit, value, used, resetsAt: breach.resetsAt?.toISOString() ?? null } },
  };
}

/**
 * The spending limits of debits the payer makes from their own wallet (transfers, purchases, new
 * holds: one each; a payout: one per line, `count`), with the defaults of the role the request was made with.
 */
export function limitBreachOf(
  command: LedgerCommand,
  source: WalletState,
  amount: number,
  now: Date,
  policy: LedgerPolicy,
  count = 1,
): Rejected | null {
  const role: Role = command.actor.kind === 'user' && command.actor.role ? command.actor.role : 'USER';
  const breach = checkLimits(effectiveLimits(policy.limits, role, source.limits), source.spending, amount, now, count);
  return breach ? limitExceeded(breach) : null;
}

export function clientCapExceeded(breach: { used: number; cap: number; resetsAt: Date | null }): Rejected {
  return {
    ok: false,
    code: 'LIMIT_EXCEEDED',
    detail: `This platform client may reward at most ${coins(breach.cap)} in a rolling day; ${coins(breach.used)} used`,
    extra: {
      limit: {
        name: 'clientDailyRewards',
        value: breach.cap / 100,
        used: breach.used / 100,
        resetsAt: breach.resetsAt?.toISOString() ?? null,
      },
    },
  };
}

export function approvalNotFound(id: string): Rejected {
  return reject('APPROVAL_NOT_FOUND', `Approval request ${id} does not exist`);
}

/**
 * The request an approval command names: if it carries a command, when that is the stored one
 * (the key the command travelled under follows from it); if not (an approve or a reject naming
 * only the request), when it is kept where its id says (requestNamedBy).
 */
export function approvalOf(
  state: LedgerState,
  id: string,
  command: ApprovableCommand | undefined,
  holds?: DecidedKind,
): ApprovalState | null {
  const found = command === undefined ? requestNamedBy(state.approvals, id) : (state.approvals?.get(id) ?? null);
  if (!found || (command !== undefined && !sameCommand(found.command, command))) return null;
  // A request of an act decided on routes of its own (a cash-out's reversal, a commission change)
  // is decided there only, and only it is there.
  return decidedKindOf(found.command) === holds ? found : null;
}

/**
 * Why an approver may not apply the request's command with the API key they sent, or null
 * (docs/DESIGN.md "API keys"): a person needs the key the direct command needs, the shared rule
 * (libs/contracts approverKeyScopeRefusal), judged against the stored command once it is loaded.
 * The consumer verified the key proof's signature, owner, time and revocation before; its scopes
 * are read here (none without a proof).
 */
export function approverKeyRefusal(
  command: Pick<LedgerCommand, 'actor'> & { keyProof?: string | undefined },
  held: ApprovableCommand,
): Rejected | null {
  if (command.actor.kind !== 'user') return null;
  const refusal = approverKeyScopeRefusal(held, keyScopesOf(command));
  return refusal === null ? null : reject('API_KEY_SCOPE', refusal);
}

/** Why an approval request can no longer be decided, if it cannot. */
export function approvalNotPending(approval: ApprovalState, now: Date): Rejected | null {
  if (approval.status !== 'PENDING') return reject('APPROVAL_NOT_PENDING', `The approval request is ${approval.status}`);
  if (now >= approval.expiresAt)
    return reject('APPROVAL_NOT_PENDING', `The approval request expired at ${approval.expiresAt.toISOString()}`);
  return null;
}

/**
 * Self-dealing (docs/DESIGN.md "Who asks"): money an admin's own command would pay into their own
 * wallet. Refused whoever the admin is; platform clients and the ledger's own commands are not people.
 */
export function paysActor(command: Pick<LedgerCommand, 'actor'>, to: Party | null): boolean {
  return to?.kind === 'user' && paysPerson(command.actor, [to.userId]);
}

/**
 * Whether a platform client's command would pay one of the people behind it, the SUPERADMINs who
 * asked for and approved it (its proof's claims): refused like self-dealing, since either of them
 * could otherwise have the client pay them (docs/DESIGN.md "Two-person acts").
 */
export function paysPeopleBehind(command: Pick<LedgerCommand, 'actor'> & { proof?: string | undefined }, to: Party | null): boolean {
  if (command.actor.kind !== 'system' || to?.kind !== 'user') return false;
  return platformGrantsOf(command).peopleBehind?.includes(to.userId) ?? false;
}

export const paysPeopleBehindDetail = 'A platform client cannot pay the SUPERADMINs who asked for or approved it';

/**
 * Whether a person's command made with an API key would pay one of the people behind the key,
 * the SUPERADMINs who asked for and approved it (its key proof's claims): refused like
 * self-dealing, as a client's payment to the people behind the client is, since either of them
 * could otherwise have a key issued to a colleague pay them (docs/DESIGN.md "Two-person acts").
 */
export function paysPeopleBehindKey(command: Pick<LedgerCommand, 'actor'> & { keyProof?: string | undefined }, to: Party | null): boolean {
  return to?.kind === 'user' && paysPeopleBehindOf(peopleBehindKeyOf(command), [to.userId]);
}

export const paysPeopleBehindKeyDetail = 'No payment made with an API key goes to the SUPERADMINs who asked for or approved the key';

/**
 * What the second person's rule knows of who may decide a request of `act`, from the act's
 * contract row (its `deciders`) and the decider's verified proof (their role and `role_since`):
 * a person holding a role the row does not name, or who took it at or after `requestedAt`
 * (promoted for the occasion), is not eligible. An operator of the CLI, who acts without a token
 * and names no role, is not judged by it (the acts that let one decide say so).
 */
export function deciderFacts(
  command: Pick<LedgerCommand, 'actor'> & { proof?: string | undefined },
  act: FourEyesAct,
  requestedAt: Date,
): Pick<SecondPersonCase, 'eligibleSince' | 'requestedAt'> {
  if (command.actor.kind === 'operator') return {};
  const { deciders } = fourEyesActs[act];
  const held = command.actor.kind === 'user' ? { role: command.actor.role, since: roleSinceOf(command) } : null;
  return { eligibleSince: eligibleSinceFor(deciders, held), requestedAt };
}

/** The rule's words for a decider of `act` the row does not let decide it. */
export function notEligibleWording(act: FourEyesAct): SecondPersonWording {
  return { 'not-eligible': { detail: notEligibleDetailFor(fourEyesActs[act].deciders) } };
}

/**
 * The second person's rule (@coin/contracts second-person.ts, the one rule of every four-eyes
 * act), as a decider's rejection: why this decider may not decide, or null.
 */
export function secondPersonRejection(decision: SecondPersonCase, wording?: SecondPersonWording): Rejected | null {
  const refusal = secondPersonRefusal(decision, wording);
  return refusal ? reject(refusal.code, refusal.detail) : null;
}

export function selfDealing(detail: string): Rejected {
  return reject('SELF_DEALING', detail);
}

export function holdNotFound(id: string): Rejected {
  return reject('HOLD_NOT_FOUND', `Hold ${id} does not exist`);
}

/** The hold a capture, void or expiry names, if it is the payer's. */
export function holdOf(state: LedgerState, id: string, fromUserId: number): HoldState | null {
  // An id naming a payer (docs/decisions/0005) names the partition it was sent to: never another's.
  const named = payerOfHoldId(id);
  if (named !== null && named !== fromUserId) return null;
  const found = state.holds?.get(id);
  return found && found.fromUserId === fromUserId ? found : null;
}

/** Whether crediting `amount` keeps the wallet's balance and total received within the limit. */
export function canCredit(wallet: WalletState, amount: number): boolean {
  return wallet.balance + amount <= walletAmountMax && wallet.totalReceived + amount <= walletAmountMax;
}

/** Whether debiting `amount` keeps the wallet's total sent within the limit. */
export function canDebit(wallet: WalletState, amount: number): boolean {
  return wallet.totalSent + amount <= walletAmountMax;
}

export function beyondLimit(wallet: WalletState): Rejected {
  return reject(
    'BALANCE_LIMIT_EXCEEDED',
    `The wallet ${wallet.key} would pass the largest amount a wallet can hold (${coins(walletAmountMax)})`,
  );
}

export function missingParty(p: Party): Rejected {
  return p.kind === 'user'
    ? reject('USER_NOT_FOUND', `User ${p.userId} has no wallet`)
    : reject('NOT_FOUND', `Treasury ${p.code} does not exist`);
}

/**
 * Why the author may not capture or void this hold (docs/design/ledger.md "Holds", who settles a hold),
 * or null when they may. The rule is the contract's, which the gateway applies too: a platform
 * client is judged with the grants of the proof the consumer verified; a person passed
 * authorRefusal (ADMIN+), may void any hold, and captures one only when its payer named no client
 * and it does not pay them (SELF_DEALING).
 */
export function settlementRefusal(command: LedgerCommand, hold: HoldState, action: 'capture' | 'void'): Rejected | null {
  const settlers = { toTreasury: hold.to.kind === 'treasury' ? hold.to.code : null, settlerClientId: hold.settlerClientId };
  if (command.actor.kind === 'system') {
    const refusal = clientSettleRefusal(command.actor.id, platformGrantsOf(command).treasuries, settlers);
    return refusal ? reject('FORBIDDEN', refusal) : null;
  }
  const refusal = adminSettleRefusal(action, settlers);
  if (refusal) return reject('FORBIDDEN', refusal);
  return action === 'capture' && paysActor(command, hold.to) ? selfDealing('An admin cannot capture a hold paying themselves') : null;
}

/** A new approval request: `asked` waits for a second person under the id its command's id names. */
export function pendingRequest(
  command: Pick<LedgerCommand, 'commandId' | 'actor' | 'data'>,
  asked: ApprovableCommand,
  now: Date,
  policy: LedgerPolicy,
  expiresAt: Date = new Date(now.getTime() + policy.approvalExpirySeconds * 1000),
): ApprovalState {
  return {
    id: approvalIdOf(command, asked),
    command: asked,
    requestedBy: command.actor,
    status: 'PENDING',
    createdAt: now,
    expiresAt,
    updatedAt: now,
    decidedBy: null,
    rejectionReason: null,
    transactionId: null,
  };
}

/**
 * A person's movement that passed every other check: stored as an approval request when it would
 * take a window to its threshold (or `alwaysWaits`: a MINT into a treasury, when the policy says
 * every one waits), else applied and counted: `apply` is given the charges as the decision's
 * effects on the windows (domain/kinds/four-eyes-windows.ts). Approved commands are neither: they
 * had their second person.
 */
export function fourEyes(
  context: DecideContext,
  command: LedgerCommand,
  charges: WindowCharge[],
  apply: (counted: WindowEffect[]) => Accepted,
  alwaysWaits = false,
): Accepted {
  const { state, policy, now, approved } = context;
  if (approved || !isPerson(command.actor)) return apply([]);
  if (alwaysWaits || windowReached(state.windows, charges, policy.fourEyes, now)) {
    // The command as it would have applied, less its request hash (the request's own is stored with its outcome) and id nonce.
    const { requestHash: _, idNonce: _nonce, ...data } = command.data as Record<string, unknown>;
    const asked = { type: command.type, data } as ApprovableCommand;
    return accepted({
      effects: [approvalEffect({ approval: pendingRequest(command, asked, now, policy), event: 'requested' })],
      parked: true,
    });
  }
  return apply(windowEffects(charges));
}
