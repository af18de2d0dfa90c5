import {
  clientMaySettle,
  walletKeyOf,
  walletKeyOfTreasury,
  walletKeyOfUser,
  type ApprovableCommand,
  type HoldStatus,
  type LedgerCommand,
  type LimitOverrides,
  type Party,
  type Role,
  type TransactionType,
  type TreasuryCode,
} from '@coin/contracts';
import { InvariantViolation, type ErrorCode } from '@coin/errors';
import { uuidV5 } from '@coin/security';
import { approvedCommand, approvalIdOf, sameActor, sameCommand, userIdOfActor, type ApprovalChange, type ApprovalState } from './approvals';
import { platformGrantsOf } from './authority';
import {
  charge,
  clientCapBreach,
  clientScope,
  fourEyesOff,
  isPerson,
  personCharges,
  windowReached,
  type FourEyesPolicy,
  type WindowCharge,
} from './four-eyes';
import { checkLimits, effectiveLimits, noLimits, recordSpend, type LimitBreach, type LimitDefaults, type SpendingWindow } from './limits';

/**
 * The ledger's pure core (docs/DESIGN.md "Code conventions"): `decide` turns a command and the state it reads into
 * a decision, `evolve` applies an accepted decision to that state. No I/O, no clock, no ids of
 * its own: the apply stage loads the state, passes `now` and an id allocator, and persists.
 *
 * Every command is applied in the partition of the wallet it debits (MINT: credits), so the
 * only balances a decision changes are of wallets that partition owns; the credit side of a
 * transaction that lands elsewhere is a *credit leg*, its own command keyed by the credited
 * wallet. A balance check therefore never races, and no balance can go negative.
 */

export interface WalletState {
  id: string;
  key: string;
  party: Party;
  /** Integer minor units, here and in every amount below. */
  balance: number;
  totalReceived: number;
  totalSent: number;
  /** Σ of the wallet's PENDING holds: part of the balance, not active (activeCoins = balance − held). */
  held: number;
  status: 'OPEN' | 'CLOSED';
  /** Outgoing debits the spending limits count (user wallets). */
  spending: SpendingWindow;
  /** This wallet's own limits over its role's defaults; null = the defaults. */
  limits: LimitOverrides | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A reservation of a payer's coins for a later capture (docs/DESIGN.md "Holds"). */
export interface HoldState {
  id: string;
  /** The payer's user id: the hold lives in their wallet and partition. */
  fromUserId: number;
  to: Party;
  amount: number;
  reason: string;
  reference: string | null;
  status: HoldStatus;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  capturedAmount: number | null;
  transactionId: number | null;
}

export type HoldEvent = 'created' | 'captured' | 'voided' | 'expired';

/** A hold as a decision leaves it, and what happened to it. */
export interface HoldChange {
  hold: HoldState;
  event: HoldEvent;
}

/** What the ledger's configuration decides for every wallet: limit defaults per role, hold expiry. */
export interface LedgerPolicy {
  limits: LimitDefaults;
  holdExpirySecondsDefault: number;
  holdExpirySecondsMax: number;
  /** How long an approval request waits for its second ADMIN+. */
  approvalExpirySeconds: number;
  /** What one person, one wallet and one platform client may move or receive alone in a rolling day. */
  fourEyes: FourEyesPolicy;
}

export const defaultPolicy: LedgerPolicy = {
  limits: { USER: noLimits, DEVELOPER: noLimits, ADMIN: noLimits, SUPERADMIN: noLimits },
  holdExpirySecondsDefault: 7 * 24 * 3600,
  holdExpirySecondsMax: 30 * 24 * 3600,
  approvalExpirySeconds: 24 * 3600,
  fourEyes: fourEyesOff,
};

/** What a refund needs to know about the transaction it names. */
export interface RefundTarget {
  id: number;
  type: TransactionType;
  amount: number;
  fromUserId: number | null;
  toTreasury: TreasuryCode | null;
  /** Sum of the refunds of this transaction so far. */
  refunded: number;
}

export interface LedgerState {
  /** By wallet key (`user:<id>`, `treasury:<CODE>`). */
  wallets: Map<string, WalletState>;
  /** Transactions named by refund commands, by id. */
  refundTargets: Map<number, RefundTarget>;
  /** Holds named by hold commands, and the pending holds of wallets being closed, by id. */
  holds: Map<string, HoldState>;
  /** Approval requests named by approval commands, by id. */
  approvals: Map<string, ApprovalState>;
  /** Four-eyes windows by scope (domain/four-eyes.ts): what people and clients moved in the rolling day. */
  windows: Map<string, SpendingWindow>;
}

export interface NewTransaction {
  id: number;
  type: TransactionType;
  amount: number;
  from: Party | null;
  to: Party | null;
  reason: string;
  reference: string | null;
  refundOf: number | null;
  /** Set on a return: the transaction whose coins a closed wallet could not take. */
  returns: number | null;
  /** Set on a capture: the hold it took. */
  holdId: string | null;
  /** Set on a command applied by an approval: the request, who asked and who approved. */
  approval: { id: string; requestedBy: number; approvedBy: number } | null;
  createdAt: Date;
}

/** A signed movement on one wallet: negative debits, positive credits. */
export interface Entry {
  transactionId: number;
  walletKey: string;
  amount: number;
}

export interface CreditLeg {
  transactionId: number;
  to: Party;
  amount: number;
  /** Who gets the coins back if `to` is closed when the leg applies; null on a return itself. */
  returnTo: Party | null;
}

export type CreditResolution = 'credited' | 'returned' | 'burned';

export interface Accepted {
  ok: true;
  transaction: NewTransaction | null;
  entries: Entry[];
  creditLegs: CreditLeg[];
  /** Wallets this decision opens (empty, OPEN). */
  opens: Party[];
  /** Wallets this decision closes. */
  closes: string[];
  refund: { of: number; amount: number } | null;
  /** Holds created or resolved. */
  holds: HoldChange[];
  /** Approval requests created or decided. */
  approvals: ApprovalChange[];
  /** An outgoing debit the payer's spending limits count. */
  spend: { walletKey: string; amount: number } | null;
  /** A wallet's limit overrides, replaced. */
  limits: { walletKey: string; overrides: LimitOverrides } | null;
  /** What this movement adds to the four-eyes windows (domain/four-eyes.ts). */
  windows: WindowCharge[];
  /** The command was not applied but stored as an approval request: it waits for a second person. */
  parked: boolean;
  /** The wallet the caller's operation debited (MINT: credited): the one the reply shows. */
  subjectKey: string | null;
  credit: CreditResolution | null;
}

export interface Rejected {
  ok: false;
  code: ErrorCode;
  detail: string;
  /** Safe-to-show members of the problem body (LIMIT_EXCEEDED: which limit and when it resets). */
  extra?: Record<string, unknown>;
}

export type Decision = Accepted | Rejected;

function reject(code: ErrorCode, detail: string): Rejected {
  return { ok: false, code, detail };
}

function accepted(parts: Partial<Omit<Accepted, 'ok'>>): Accepted {
  return {
    ok: true,
    transaction: null,
    entries: [],
    creditLegs: [],
    opens: [],
    closes: [],
    refund: null,
    holds: [],
    approvals: [],
    spend: null,
    limits: null,
    windows: [],
    parked: false,
    subjectKey: null,
    credit: null,
    ...parts,
  };
}

function coins(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** The coins a debit may take: the balance less what pending holds reserve. */
export function activeOf(wallet: WalletState): number {
  return wallet.balance - wallet.held;
}

function insufficient(wallet: WalletState, amount: number): Rejected {
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
 * The spending limits of a debit the payer makes from their own wallet (transfers, purchases and
 * new holds), with the defaults of the role the request was made with.
 */
function limitBreachOf(command: LedgerCommand, source: WalletState, amount: number, now: Date, policy: LedgerPolicy): Rejected | null {
  const role: Role = command.actor.kind === 'user' && command.actor.role ? command.actor.role : 'USER';
  const breach = checkLimits(effectiveLimits(policy.limits, role, source.limits), source.spending, amount, now);
  return breach ? limitExceeded(breach) : null;
}

function clientCapExceeded(breach: { used: number; cap: number; resetsAt: Date | null }): Rejected {
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

function approvalNotFound(id: string): Rejected {
  return reject('APPROVAL_NOT_FOUND', `Approval request ${id} does not exist`);
}

/** The request an approval command names, if its command is the stored one (the key the command travelled under follows from it). */
function approvalOf(state: LedgerState, id: string, command: ApprovableCommand): ApprovalState | null {
  const found = state.approvals.get(id);
  return found && sameCommand(found.command, command) ? found : null;
}

/** Why an approval request can no longer be decided, if it cannot. */
function approvalNotPending(approval: ApprovalState, now: Date): Rejected | null {
  if (approval.status !== 'PENDING') return reject('APPROVAL_NOT_PENDING', `The approval request is ${approval.status}`);
  if (now >= approval.expiresAt)
    return reject('APPROVAL_NOT_PENDING', `The approval request expired at ${approval.expiresAt.toISOString()}`);
  return null;
}

/**
 * Self-dealing (docs/DESIGN.md "Who asks"): money an admin's own command would pay into their own
 * wallet. Refused whoever the admin is; platform clients and the ledger's own commands are not people.
 */
function paysActor(command: Pick<LedgerCommand, 'actor'>, to: Party | null): boolean {
  return to?.kind === 'user' && command.actor.kind === 'user' && command.actor.id === String(to.userId);
}

function selfDealing(detail: string): Rejected {
  return reject('SELF_DEALING', detail);
}

function holdNotFound(id: string): Rejected {
  return reject('HOLD_NOT_FOUND', `Hold ${id} does not exist`);
}

/** The hold a capture, void or expiry names, if it is the payer's. */
function holdOf(state: LedgerState, id: string, fromUserId: number): HoldState | null {
  const found = state.holds.get(id);
  return found && found.fromUserId === fromUserId ? found : null;
}

/** A hold's id follows from the command that created it: a redelivery or retry names the same hold. */
export function holdIdOf(commandId: string): string {
  return uuidV5(`ledger.hold:${commandId}`);
}

/**
 * The largest balance or running total a wallet can hold: amounts are exact JavaScript integers
 * (and BIGINT in PostgreSQL), so nothing may pass 2^53 − 1 minor units. A command that would is
 * decided and rejected, never left to throw in `evolve` (which would stop its partition).
 */
export const walletAmountMax = Number.MAX_SAFE_INTEGER;

/** Whether crediting `amount` keeps the wallet's balance and total received within the limit. */
function canCredit(wallet: WalletState, amount: number): boolean {
  return wallet.balance + amount <= walletAmountMax && wallet.totalReceived + amount <= walletAmountMax;
}

/** Whether debiting `amount` keeps the wallet's total sent within the limit. */
function canDebit(wallet: WalletState, amount: number): boolean {
  return wallet.totalSent + amount <= walletAmountMax;
}

function beyondLimit(wallet: WalletState): Rejected {
  return reject(
    'BALANCE_LIMIT_EXCEEDED',
    `The wallet ${wallet.key} would pass the largest amount a wallet can hold (${coins(walletAmountMax)})`,
  );
}

function missingParty(p: Party): Rejected {
  return p.kind === 'user'
    ? reject('USER_NOT_FOUND', `User ${p.userId} has no wallet`)
    : reject('NOT_FOUND', `Treasury ${p.code} does not exist`);
}

/**
 * A wallet's id follows from its key: opening the same wallet twice (a redelivery, a redo of the
 * batch, two openers racing) names the same row. Ids of wallets opened before this rule are random.
 */
export function walletIdOf(walletKey: string): string {
  return uuidV5(`wallet:${walletKey}`);
}

/** A wallet as it is opened: empty, OPEN, its id derived from its key. */
export function emptyWallet(party: Party, now: Date): WalletState {
  const key = walletKeyOf(party);
  return {
    id: walletIdOf(key),
    key,
    party,
    balance: 0,
    totalReceived: 0,
    totalSent: 0,
    held: 0,
    status: 'OPEN',
    spending: [],
    limits: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The wallet keys a command reads; the apply stage loads exactly these (plus refund payers). */
export function walletKeysOf(command: LedgerCommand): string[] {
  switch (command.type) {
    case 'ledger.open-wallet':
      return [walletKeyOfUser(command.data.userId)];
    case 'ledger.mint':
      return [walletKeyOf(command.data.to)];
    case 'ledger.burn':
      return [walletKeyOf(command.data.from)];
    case 'ledger.transfer':
      return [walletKeyOfUser(command.data.fromUserId), walletKeyOf(command.data.to)];
    case 'ledger.reward':
      return [walletKeyOfTreasury('REWARDS'), walletKeyOfUser(command.data.toUserId)];
    case 'ledger.refund':
      return [walletKeyOfTreasury(command.data.treasury)];
    case 'ledger.credit':
      return [walletKeyOf(command.data.to)];
    case 'ledger.close-wallet':
      return [walletKeyOfUser(command.data.userId)];
    case 'ledger.hold':
      return [walletKeyOfUser(command.data.fromUserId), walletKeyOf(command.data.to)];
    case 'ledger.capture-hold':
    case 'ledger.void-hold':
    case 'ledger.expire-hold':
      // A capture's recipient is loaded by the apply once the hold is read (holdRecipientKeys).
      return [walletKeyOfUser(command.data.fromUserId)];
    case 'ledger.set-limits':
      return [walletKeyOfUser(command.data.userId)];
    case 'ledger.request-approval':
    case 'ledger.reject-approval':
    case 'ledger.expire-approval':
      return [];
    case 'ledger.approve':
      return walletKeysOf({ ...command, ...command.data.command } as LedgerCommand);
  }
}

/** The approval requests a command reads by id. */
export function approvalIdsOf(command: LedgerCommand): string[] {
  switch (command.type) {
    case 'ledger.approve':
    case 'ledger.reject-approval':
    case 'ledger.expire-approval':
      return [command.data.approvalId];
    default:
      return [];
  }
}

/** The purchase a refund names, directly or as the command an approval applies. */
export function refundTargetOf(command: LedgerCommand): number | null {
  if (command.type === 'ledger.refund') return command.data.transactionId;
  if (command.type === 'ledger.approve' && command.data.command.type === 'ledger.refund') return command.data.command.data.transactionId;
  return null;
}

/** The holds a command reads by id. */
export function holdIdsOf(command: LedgerCommand): string[] {
  switch (command.type) {
    case 'ledger.capture-hold':
    case 'ledger.void-hold':
    case 'ledger.expire-hold':
      return [command.data.holdId];
    default:
      return [];
  }
}

/** The users whose pending holds a command reads: a close voids them all. */
export function pendingHoldOwnersOf(command: LedgerCommand): number[] {
  return command.type === 'ledger.close-wallet' ? [command.data.userId] : [];
}

/**
 * Whether the author may settle this hold: people passed authorRefusal (ADMIN+); a platform client
 * needs the grant of the treasury the hold pays, read from the proof it verified (clientMaySettle).
 */
function settlerGranted(command: LedgerCommand, hold: HoldState): boolean {
  if (command.actor.kind !== 'system') return true;
  return clientMaySettle(platformGrantsOf(command).treasuries, hold.to.kind === 'treasury' ? hold.to.code : null);
}

function settleNotGranted(hold: HoldState): Rejected {
  const treasury = hold.to.kind === 'treasury' ? hold.to.code : 'its recipient';
  return reject('FORBIDDEN', `This platform client is not granted ${treasury}: it may not settle holds paying it`);
}

/** A new approval request: `asked` waits for a second person under the id its command's id names. */
function pendingRequest(
  command: Pick<LedgerCommand, 'commandId' | 'actor'>,
  asked: ApprovableCommand,
  now: Date,
  policy: LedgerPolicy,
): ApprovalState {
  return {
    id: approvalIdOf(command.commandId),
    command: asked,
    requestedBy: command.actor,
    status: 'PENDING',
    createdAt: now,
    expiresAt: new Date(now.getTime() + policy.approvalExpirySeconds * 1000),
    updatedAt: now,
    decidedBy: null,
    rejectionReason: null,
    transactionId: null,
  };
}

/**
 * A person's movement that passed every other check: stored as an approval request when it would
 * take a window to its threshold (or is a MINT into a treasury, when the policy says every one
 * waits), else applied and counted. Approved commands are neither: they had their second person.
 */
function fourEyes(
  state: LedgerState,
  command: LedgerCommand,
  charges: WindowCharge[],
  policy: LedgerPolicy,
  now: Date,
  approved: boolean,
  apply: (windows: WindowCharge[]) => Accepted,
): Accepted {
  if (approved || !isPerson(command.actor)) return apply([]);
  const treasuryMint = policy.fourEyes.treasuryMint && command.type === 'ledger.mint' && command.data.to.kind === 'treasury';
  if (treasuryMint || windowReached(state.windows, charges, policy.fourEyes, now)) {
    // The command as it would have applied, less its request hash (the request's own is stored with its outcome).
    const { requestHash: _, ...data } = command.data as Record<string, unknown>;
    const asked = { type: command.type, data } as ApprovableCommand;
    return accepted({ approvals: [{ approval: pendingRequest(command, asked, now, policy), event: 'requested' }], parked: true });
  }
  return apply(charges);
}

/**
 * Decides one command against the state of its partition. `nextId` hands out the id of the
 * transaction the decision creates, if any.
 */
export function decide(
  state: LedgerState,
  command: LedgerCommand,
  now: Date,
  nextId: () => number,
  policy: LedgerPolicy = defaultPolicy,
): Decision {
  return decideCommand(state, command, now, nextId, policy, false);
}

/** `approved`: the command is applied by an approval (its second person), so no window stops or counts it. */
function decideCommand(
  state: LedgerState,
  command: LedgerCommand,
  now: Date,
  nextId: () => number,
  policy: LedgerPolicy,
  approved: boolean,
): Decision {
  const wallet = (key: string) => state.wallets.get(key);
  const newTransaction = (
    t: Omit<NewTransaction, 'id' | 'createdAt' | 'reference' | 'refundOf' | 'returns' | 'holdId' | 'approval'> & Partial<NewTransaction>,
  ) =>
    ({
      reference: null,
      refundOf: null,
      returns: null,
      holdId: null,
      approval: null,
      ...t,
      id: nextId(),
      createdAt: now,
    }) as NewTransaction;

  switch (command.type) {
    case 'ledger.open-wallet': {
      // Every registered user gets a wallet (docs/CONTRACT.md "Resources"); one that exists, open or closed, stays as it is.
      const party: Party = { kind: 'user', userId: command.data.userId };
      const key = walletKeyOf(party);
      return accepted({ opens: wallet(key) ? [] : [party], subjectKey: key });
    }

    case 'ledger.mint': {
      const { to, amount, reason } = command.data;
      if (paysActor(command, to)) return selfDealing('An admin cannot mint into their own wallet');
      const target = wallet(walletKeyOf(to));
      if (!target) return missingParty(to);
      if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The wallet to mint into is closed');
      if (!canCredit(target, amount)) return beyondLimit(target);
      return fourEyes(state, command, personCharges(command.actor, amount, to), policy, now, approved, (windows) => {
        const transaction = newTransaction({ type: 'MINT', amount, from: null, to, reason });
        return accepted({
          transaction,
          entries: [{ transactionId: transaction.id, walletKey: target.key, amount }],
          subjectKey: target.key,
          windows,
        });
      });
    }

    case 'ledger.burn': {
      const { from, amount, reason } = command.data;
      const source = wallet(walletKeyOf(from));
      if (!source) return missingParty(from);
      if (activeOf(source) < amount) return insufficient(source, amount);
      if (!canDebit(source, amount)) return beyondLimit(source);
      return fourEyes(state, command, personCharges(command.actor, amount, null), policy, now, approved, (windows) => {
        const transaction = newTransaction({ type: 'BURN', amount, from, to: null, reason });
        return accepted({
          transaction,
          entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
          subjectKey: source.key,
          windows,
        });
      });
    }

    case 'ledger.transfer': {
      const { kind, fromUserId, to, amount, reason, reference } = command.data;
      const from: Party = { kind: 'user', userId: fromUserId };
      if (kind === 'PURCHASE' && to.kind !== 'treasury') return reject('VALIDATION_FAILED', 'A purchase pays a treasury');
      if (to.kind === 'user' && to.userId === fromUserId) return reject('SELF_TRANSFER', 'Sender and recipient are the same user');
      const source = wallet(walletKeyOf(from));
      if (!source) return reject('WALLET_NOT_FOUND', 'The sender has no wallet');
      const target = wallet(walletKeyOf(to));
      if (!target) return missingParty(to);
      if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The recipient wallet is closed');
      if (activeOf(source) < amount) return insufficient(source, amount);
      if (!canDebit(source, amount)) return beyondLimit(source);
      if (!canCredit(target, amount)) return beyondLimit(target);
      const overLimit = limitBreachOf(command, source, amount, now, policy);
      if (overLimit) return overLimit;
      const transaction = newTransaction({ type: kind, amount, from, to, reason, reference: reference ?? null });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
        creditLegs: [{ transactionId: transaction.id, to, amount, returnTo: from }],
        spend: { walletKey: source.key, amount },
        subjectKey: source.key,
      });
    }

    case 'ledger.reward': {
      const { toUserId, amount, reason } = command.data;
      const from: Party = { kind: 'treasury', code: 'REWARDS' };
      const to: Party = { kind: 'user', userId: toUserId };
      if (paysActor(command, to)) return selfDealing('An admin cannot reward themselves');
      const source = wallet(walletKeyOf(from));
      if (!source) return missingParty(from);
      const target = wallet(walletKeyOf(to));
      if (!target) return missingParty(to);
      if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The recipient wallet is closed');
      if (source.balance < amount) return insufficient(source, amount);
      if (!canDebit(source, amount)) return beyondLimit(source);
      if (!canCredit(target, amount)) return beyondLimit(target);
      const pay = (windows: WindowCharge[]) => {
        const transaction = newTransaction({ type: 'REWARD', amount, from, to, reason });
        return accepted({
          transaction,
          entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
          creditLegs: [{ transactionId: transaction.id, to, amount, returnTo: from }],
          subjectKey: source.key,
          windows,
        });
      };
      if (command.actor.kind === 'system') {
        // A platform client is no person to ask: past its daily cap it is refused, never parked.
        const cap = platformGrantsOf(command).rewardCap ?? policy.fourEyes.clientDailyRewards;
        const breach = clientCapBreach(state.windows, command.actor.id, amount, cap, now);
        if (breach) return clientCapExceeded(breach);
        return pay([{ scope: clientScope(command.actor.id), amount }]);
      }
      // A person's reward is counted like a mint and, past a window, waits for a second person
      // (its approval events are on coin.approvals.v2 only: version 1 has no REWARD command).
      return fourEyes(state, command, personCharges(command.actor, amount, to), policy, now, approved, pay);
    }

    case 'ledger.refund': {
      const { transactionId, treasury, reason } = command.data;
      const purchase = state.refundTargets.get(transactionId);
      if (!purchase) return reject('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} does not exist`);
      if (purchase.type !== 'PURCHASE' || purchase.fromUserId === null || purchase.toTreasury === null) {
        return reject('NOT_REFUNDABLE', 'Only a purchase can be refunded');
      }
      if (purchase.toTreasury !== treasury) return reject('NOT_REFUNDABLE', `The purchase did not pay ${treasury}`);
      const remaining = purchase.amount - purchase.refunded;
      if (remaining === 0) return reject('REFUND_EXCEEDS_PURCHASE', 'The purchase is already refunded in full');
      const amount = command.data.amount ?? remaining;
      if (amount > remaining) {
        return reject('REFUND_EXCEEDS_PURCHASE', `At most ${coins(remaining)} of this purchase can still be refunded`);
      }
      const from: Party = { kind: 'treasury', code: treasury };
      const to: Party = { kind: 'user', userId: purchase.fromUserId };
      if (paysActor(command, to)) return selfDealing('An admin cannot refund their own purchase');
      const source = wallet(walletKeyOf(from));
      if (!source) return missingParty(from);
      const target = wallet(walletKeyOf(to));
      if (!target || target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', "The payer's wallet is closed");
      if (source.balance < amount) return insufficient(source, amount);
      if (!canDebit(source, amount)) return beyondLimit(source);
      if (!canCredit(target, amount)) return beyondLimit(target);
      return fourEyes(state, command, personCharges(command.actor, amount, to), policy, now, approved, (windows) => {
        const transaction = newTransaction({ type: 'REFUND', amount, from, to, reason, refundOf: purchase.id });
        return accepted({
          transaction,
          entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
          creditLegs: [{ transactionId: transaction.id, to, amount, returnTo: from }],
          refund: { of: purchase.id, amount },
          subjectKey: source.key,
          windows,
        });
      });
    }

    case 'ledger.credit': {
      const { transactionId, to, amount, returnTo } = command.data;
      const target = wallet(walletKeyOf(to));
      if (target && target.status === 'OPEN' && canCredit(target, amount)) {
        return accepted({ entries: [{ transactionId, walletKey: target.key, amount }], subjectKey: target.key, credit: 'credited' });
      }
      // The credited wallet closed after the debit committed (or cannot hold more): the coins go
      // back, as a transaction of their own, so none is lost (docs/DESIGN.md "Closed wallets").
      const why = target && target.status === 'OPEN' ? 'cannot hold more coins' : 'is closed';
      if (returnTo) {
        const transaction = newTransaction({
          type: 'TRANSFER',
          amount,
          from: to,
          to: returnTo,
          reason: `Returned: the recipient's wallet ${why} (transaction ${transactionId})`,
          returns: transactionId,
        });
        return accepted({
          transaction,
          creditLegs: [{ transactionId: transaction.id, to: returnTo, amount, returnTo: null }],
          credit: 'returned',
        });
      }
      // A return whose sender has closed too has nowhere to go: the coins are burned, which
      // keeps Σ balances == Σ MINT − Σ BURN.
      const transaction = newTransaction({
        type: 'BURN',
        amount,
        from: to,
        to: null,
        reason: `Burned: returned coins of transaction ${transactionId} found the sender's wallet ${why}`,
        returns: transactionId,
      });
      return accepted({ transaction, credit: 'burned' });
    }

    case 'ledger.close-wallet': {
      const { userId, reason } = command.data;
      const target = wallet(walletKeyOfUser(userId));
      if (!target || target.status === 'CLOSED') return accepted({});
      // Its pending holds are voided first: a closed wallet reserves nothing, and its coins are burned.
      const holds = [...state.holds.values()]
        .filter((h) => h.fromUserId === userId && h.status === 'PENDING')
        .map((h) => ({ hold: { ...h, status: 'VOIDED' as const, updatedAt: now }, event: 'voided' as const }));
      if (target.balance === 0) return accepted({ closes: [target.key], holds, subjectKey: target.key });
      if (!canDebit(target, target.balance)) return beyondLimit(target);
      const party: Party = { kind: 'user', userId };
      const transaction = newTransaction({ type: 'BURN', amount: target.balance, from: party, to: null, reason });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: target.key, amount: -target.balance }],
        closes: [target.key],
        holds,
        subjectKey: target.key,
      });
    }

    case 'ledger.hold': {
      const { fromUserId, to, amount, reason, reference } = command.data;
      const from: Party = { kind: 'user', userId: fromUserId };
      if (to.kind === 'user' && to.userId === fromUserId) return reject('SELF_TRANSFER', 'Payer and recipient are the same user');
      const source = wallet(walletKeyOf(from));
      if (!source || source.status === 'CLOSED') return reject('WALLET_NOT_FOUND', 'The payer has no open wallet');
      const target = wallet(walletKeyOf(to));
      if (!target) return missingParty(to);
      if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The recipient wallet is closed');
      const expiresIn = command.data.expiresInSeconds ?? policy.holdExpirySecondsDefault;
      if (expiresIn > policy.holdExpirySecondsMax) {
        return reject('VALIDATION_FAILED', `A hold expires within ${policy.holdExpirySecondsMax} seconds at most`);
      }
      if (activeOf(source) < amount) return insufficient(source, amount);
      const overLimit = limitBreachOf(command, source, amount, now, policy);
      if (overLimit) return overLimit;
      const hold: HoldState = {
        id: holdIdOf(command.commandId),
        fromUserId,
        to,
        amount,
        reason,
        reference: reference ?? null,
        status: 'PENDING',
        expiresAt: new Date(now.getTime() + expiresIn * 1000),
        createdAt: now,
        updatedAt: now,
        capturedAmount: null,
        transactionId: null,
      };
      return accepted({ holds: [{ hold, event: 'created' }], spend: { walletKey: source.key, amount }, subjectKey: source.key });
    }

    case 'ledger.capture-hold': {
      const { holdId, fromUserId } = command.data;
      const hold = holdOf(state, holdId, fromUserId);
      if (!hold) return holdNotFound(holdId);
      if (!settlerGranted(command, hold)) return settleNotGranted(hold);
      if (hold.status !== 'PENDING') return reject('HOLD_NOT_PENDING', `The hold is ${hold.status}`);
      if (now >= hold.expiresAt) return reject('HOLD_NOT_PENDING', `The hold expired at ${hold.expiresAt.toISOString()}`);
      const amount = command.data.amount ?? hold.amount;
      if (amount > hold.amount) return reject('CAPTURE_EXCEEDS_HOLD', `At most ${coins(hold.amount)} is held`);
      const from: Party = { kind: 'user', userId: fromUserId };
      const source = wallet(walletKeyOf(from));
      if (!source) return reject('WALLET_NOT_FOUND', 'The payer has no wallet');
      const target = wallet(walletKeyOf(hold.to));
      if (!target) return missingParty(hold.to);
      if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The recipient wallet is closed; void the hold');
      if (!canDebit(source, amount)) return beyondLimit(source);
      if (!canCredit(target, amount)) return beyondLimit(target);
      // The six transaction types stay the only ones (docs/CONTRACT.md "Transaction types"): a capture is a PURCHASE (to a treasury) or a TRANSFER.
      const transaction = newTransaction({
        type: hold.to.kind === 'treasury' ? 'PURCHASE' : 'TRANSFER',
        amount,
        from,
        to: hold.to,
        reason: hold.reason,
        reference: hold.reference,
        holdId: hold.id,
      });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
        creditLegs: [{ transactionId: transaction.id, to: hold.to, amount, returnTo: from }],
        holds: [
          {
            hold: { ...hold, status: 'CAPTURED', capturedAmount: amount, transactionId: transaction.id, updatedAt: now },
            event: 'captured',
          },
        ],
        subjectKey: source.key,
      });
    }

    case 'ledger.void-hold': {
      const { holdId, fromUserId } = command.data;
      const hold = holdOf(state, holdId, fromUserId);
      if (!hold) return holdNotFound(holdId);
      if (!settlerGranted(command, hold)) return settleNotGranted(hold);
      if (hold.status !== 'PENDING') return reject('HOLD_NOT_PENDING', `The hold is ${hold.status}`);
      return accepted({
        holds: [{ hold: { ...hold, status: 'VOIDED', updatedAt: now }, event: 'voided' }],
        subjectKey: walletKeyOfUser(fromUserId),
      });
    }

    case 'ledger.expire-hold': {
      const { holdId, fromUserId } = command.data;
      const hold = holdOf(state, holdId, fromUserId);
      if (!hold) return holdNotFound(holdId);
      // Resolved already (captured, voided, expired) or not yet due: nothing to release.
      if (hold.status !== 'PENDING' || now < hold.expiresAt) return accepted({ subjectKey: walletKeyOfUser(fromUserId) });
      return accepted({
        holds: [{ hold: { ...hold, status: 'EXPIRED', updatedAt: now }, event: 'expired' }],
        subjectKey: walletKeyOfUser(fromUserId),
      });
    }

    case 'ledger.request-approval': {
      // A request whose money would go to its requester is refused now, not parked for a second person.
      const asked = command.data.command;
      if (asked.type === 'ledger.mint' && paysActor(command, asked.data.to)) {
        return selfDealing('An admin cannot mint into their own wallet');
      }
      if (asked.type === 'ledger.reward' && paysActor(command, { kind: 'user', userId: asked.data.toUserId })) {
        return selfDealing('An admin cannot reward themselves');
      }
      return accepted({ approvals: [{ approval: pendingRequest(command, command.data.command, now, policy), event: 'requested' }] });
    }

    case 'ledger.approve': {
      const approval = approvalOf(state, command.data.approvalId, command.data.command);
      if (!approval) return approvalNotFound(command.data.approvalId);
      const notPending = approvalNotPending(approval, now);
      if (notPending) return notPending;
      if (sameActor(approval.requestedBy, command.actor)) {
        return reject('APPROVAL_BY_REQUESTER', 'The ADMIN who requested this operation cannot approve it; another ADMIN+ must');
      }
      const requestedBy = userIdOfActor(approval.requestedBy);
      const approvedBy = userIdOfActor(command.actor);
      if (requestedBy === null || approvedBy === null) return reject('FORBIDDEN', 'Only users approve and request approvals');
      // The stored command, decided now as if its requester had sent it directly: the same rules, limits and checks.
      const inner = decideCommand(state, approvedCommand(approval, now), now, nextId, policy, true);
      if (!inner.ok || !inner.transaction) return inner;
      if (paysActor(command, inner.transaction.to)) return selfDealing('An approver cannot approve a payment to themselves');
      const transaction = { ...inner.transaction, approval: { id: approval.id, requestedBy, approvedBy } };
      return {
        ...inner,
        transaction,
        approvals: [
          {
            approval: { ...approval, status: 'APPROVED', decidedBy: command.actor, transactionId: transaction.id, updatedAt: now },
            event: 'approved',
          },
        ],
      };
    }

    case 'ledger.reject-approval': {
      const approval = approvalOf(state, command.data.approvalId, command.data.command);
      if (!approval) return approvalNotFound(command.data.approvalId);
      const notPending = approvalNotPending(approval, now);
      if (notPending) return notPending;
      return accepted({
        approvals: [
          {
            approval: { ...approval, status: 'REJECTED', decidedBy: command.actor, rejectionReason: command.data.reason, updatedAt: now },
            event: 'rejected',
          },
        ],
      });
    }

    case 'ledger.expire-approval': {
      const approval = approvalOf(state, command.data.approvalId, command.data.command);
      if (!approval) return approvalNotFound(command.data.approvalId);
      if (approval.status !== 'PENDING' || now < approval.expiresAt) return accepted({});
      return accepted({ approvals: [{ approval: { ...approval, status: 'EXPIRED', updatedAt: now }, event: 'expired' }] });
    }

    case 'ledger.set-limits': {
      const { userId, overrides } = command.data;
      const target = wallet(walletKeyOfUser(userId));
      if (!target) return reject('WALLET_NOT_FOUND', `User ${userId} has no wallet`);
      return accepted({ limits: { walletKey: target.key, overrides }, subjectKey: target.key });
    }
  }
}

/**
 * Applies an accepted decision to the state. A negative balance here is a bug in `decide`, not
 * a condition of the world: it throws (docs/DESIGN.md "Code conventions") and the batch rolls back.
 */
export function evolve(state: LedgerState, decision: Accepted, now: Date): void {
  for (const party of decision.opens) {
    const key = walletKeyOf(party);
    if (state.wallets.has(key)) throw new InvariantViolation(`opening ${key}, which exists`);
    state.wallets.set(key, emptyWallet(party, now));
  }
  for (const entry of decision.entries) {
    const wallet = state.wallets.get(entry.walletKey);
    if (!wallet) throw new InvariantViolation(`entry for unloaded wallet ${entry.walletKey}`);
    wallet.balance += entry.amount;
    if (entry.amount > 0) wallet.totalReceived += entry.amount;
    else wallet.totalSent -= entry.amount;
    wallet.updatedAt = now;
    if (wallet.balance < 0 || !Number.isSafeInteger(wallet.balance)) {
      throw new InvariantViolation(`balance of ${wallet.key} would be ${wallet.balance}`);
    }
  }
  for (const { hold, event } of decision.holds) {
    const wallet = state.wallets.get(walletKeyOfUser(hold.fromUserId));
    if (!wallet) throw new InvariantViolation(`hold ${hold.id} of unloaded wallet user:${hold.fromUserId}`);
    const before = state.holds.get(hold.id);
    if (event === 'created') {
      if (before) throw new InvariantViolation(`creating hold ${hold.id}, which exists`);
      wallet.held += hold.amount;
    } else {
      if (before?.status !== 'PENDING') throw new InvariantViolation(`resolving hold ${hold.id}, which is not pending`);
      wallet.held -= before.amount;
    }
    state.holds.set(hold.id, hold);
    wallet.updatedAt = now;
  }
  for (const { approval, event } of decision.approvals) {
    const before = state.approvals.get(approval.id);
    if (event === 'requested' ? before !== undefined : before?.status !== 'PENDING') {
      throw new InvariantViolation(`approval ${approval.id}: ${event} from ${before?.status ?? 'nothing'}`);
    }
    state.approvals.set(approval.id, approval);
  }
  if (decision.spend) {
    const wallet = state.wallets.get(decision.spend.walletKey);
    if (!wallet) throw new InvariantViolation(`spend of unloaded wallet ${decision.spend.walletKey}`);
    wallet.spending = recordSpend(wallet.spending, decision.spend.amount, now);
  }
  charge(state.windows, decision.windows, now);
  if (decision.limits) {
    const wallet = state.wallets.get(decision.limits.walletKey);
    if (!wallet) throw new InvariantViolation(`limits of unloaded wallet ${decision.limits.walletKey}`);
    wallet.limits = decision.limits.overrides;
    wallet.updatedAt = now;
  }
  for (const key of new Set([
    ...decision.entries.map((e) => e.walletKey),
    ...decision.holds.map((h) => walletKeyOfUser(h.hold.fromUserId)),
  ])) {
    const wallet = state.wallets.get(key)!;
    if (wallet.held < 0 || wallet.held > wallet.balance) {
      throw new InvariantViolation(`${key} would hold ${wallet.held} of a balance of ${wallet.balance}`);
    }
  }
  for (const key of decision.closes) {
    const wallet = state.wallets.get(key);
    if (!wallet) throw new InvariantViolation(`closing unloaded wallet ${key}`);
    if (wallet.balance !== 0) throw new InvariantViolation(`closing ${key} with balance ${wallet.balance}`);
    if (wallet.held !== 0) throw new InvariantViolation(`closing ${key} with ${wallet.held} held`);
    wallet.status = 'CLOSED';
    wallet.updatedAt = now;
  }
  if (decision.refund) {
    const target = state.refundTargets.get(decision.refund.of);
    if (!target) throw new InvariantViolation(`refund of unloaded transaction ${decision.refund.of}`);
    target.refunded += decision.refund.amount;
    if (target.refunded > target.amount) throw new InvariantViolation(`transaction ${target.id} refunded beyond its amount`);
  }
}
