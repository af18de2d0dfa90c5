import {
  holdIdNamingPayer,
  walletKeyOf,
  type HoldStatus,
  type MandatePeriod,
  type MandateStatus,
  type Party,
  type TransactionType,
  type TreasuryCode,
} from '@coin/contracts';
import type { Rejected } from '@coin/errors';
import { uuidV5 } from '@coin/security';
import { fourEyesOff, type FourEyesPolicy } from './four-eyes';
import type { Effect, KindStates, StateKind } from './kinds/table';
import { openedWalletRowFields, type WalletRowFields } from './kinds/wallet-row';
import { noLimits, type LimitDefaults } from './limits';

/**
 * What the ledger's decisions are made of (docs/DESIGN.md "The ledger"): the state of a partition
 * as a batch loads it (wallets, holds, approval requests, refund targets, four-eyes windows),
 * the policy the configuration sets, and a decision: accepted with its effects, or rejected.
 * `decide` and `evolve` (domain/ledger.ts) and the command modules (domain/commands/) share them.
 */

/**
 * A wallet as the decisions read it: its core (balance, totals, held coins, status, sequence) and
 * the fields of the kinds kept in its row (domain/kinds/wallet-row.ts: its freeze, its limits and
 * spending window, a treasury's commission rules).
 */
export interface WalletCore {
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
  /** How many times the balance changed: the sequence of its last change (docs/design/ledger.md "Balance changes"). */
  sequence: number;
  createdAt: Date;
  updatedAt: Date;
}

export type WalletState = WalletCore & WalletRowFields;

/** A reservation of a payer's coins for a later capture (docs/design/ledger.md "Holds"). */
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
  /**
   * The platform client its payer named to capture or void it, which alone may (an ADMIN+ may then
   * only void it); null: none named (holds placed before settlers were named too), so a hold paying
   * a treasury is settled by the clients granted it and one paying a user by no client.
   */
  settlerClientId: string | null;
  /** A cash-out's terms (docs/CONTRACT.md "Cash-out"): the hold reserves coins that its provider's callback burns or releases; null for any other hold. */
  cashout: CashoutTerms | null;
}

/**
 * What a cash-out's hold carries beside the coins: the account paid, the provider the user named
 * (null: any provider granted `cashout`), the provider that claimed it (then also the hold's
 * settler) and when, the XAF amount and the rate that fixed it, and once settled, the provider's
 * word, the callback that carried it and the provider's own reference.
 */
export interface CashoutTerms {
  /** Null once the payer was deleted: the close of their wallet erases it (docs/design/data.md "Erasure"). */
  msisdn: string | null;
  providerClientId: string | null;
  claimedBy: string | null;
  claimedAt: Date | null;
  xafAmount: number;
  xafPerCoin: number;
  rateEffectiveFrom: Date;
  outcome: 'CONFIRMED' | 'FAILED' | null;
  callbackId: string | null;
  providerReference: string | null;
  /**
   * Above the four-eyes threshold (CASHOUT_FOUR_EYES_COINS) the cash-out waits for a second person:
   * who approved it and when (null: not yet; a provider's claim and CONFIRMED are refused). Null: at or under
   * the threshold, no second person needed.
   */
  secondPerson: { approvedBy: number | null; approvedAt: Date | null } | null;
  /**
   * When the expiry sweep found it claimed and unsettled past its window (CLAIM_OVERDUE): nothing
   * is released, since its provider may have paid; its provider's callback ends it.
   * Absent or null: not overdue.
   */
  overdueAt?: Date | null;
  /**
   * The sandbox's test cash-outs only (docs/decisions/0018-sandbox.md "Cash-outs in the sandbox"):
   * the outcome the built-in test provider settles it with, and when, on its client's test clock.
   * Absent or null: a cash-out a provider settles by its callback.
   */
  test?: { outcome: 'CONFIRMED' | 'FAILED'; settleAt: Date } | null;
}

/** A hold with its cash-out's account erased (docs/design/data.md "Erasure"); any other hold as it is. */
export function withoutCashoutAccount(hold: HoldState): HoldState {
  return hold.cashout && hold.cashout.msisdn !== null ? { ...hold, cashout: { ...hold.cashout, msisdn: null } } : hold;
}

/** A cash-out rate: XAF per coin, in force from `effectiveFrom` until the next version's. */
export interface CashoutRate {
  xafPerCoin: number;
  effectiveFrom: Date;
  /** The approved version's id (domain/cashout-rates.ts); absent: a configured one (CASHOUT_RATES). */
  id?: string;
}

/**
 * Cash-out's explicit configuration (docs/CONTRACT.md "Cash-out"): the rate versions, how long a provider has to settle one, and what one user may cash
 * out in a rolling day by verification level (minor units). The providers are the platform clients
 * granted `cashout` (their tokens' claim), not configuration.
 */
export interface CashoutPolicy {
  rates: readonly CashoutRate[];
  windowSeconds: number;
  dailyAmount: { unverified: number; verified: number };
  /** A cash-out of more than this (minor units) waits for a second person before a provider may claim or confirm it. */
  fourEyesAmount: number;
}

export type HoldEvent = 'created' | 'captured' | 'voided' | 'expired';

/**
 * A hold as a decision leaves it, and what happened to it; null: still PENDING with only its
 * cash-out terms changed (a provider claimed it, or its second person approved it), which
 * coin.holds does not carry: written, no coin.holds event. A decision's hold changes are its
 * effects of the kind `holds` (domain/kinds/holds.ts).
 */
export interface HoldChange {
  hold: HoldState;
  event: HoldEvent | null;
}

/**
 * A user's standing permission for one platform client to charge their wallet into SUBSCRIPTIONS
 * once per period (docs/design/ledger.md "Mandates"). It lives in the payer's partition, like a
 * hold: grant, cancel and every charge are applied there one after the other.
 */
export interface MandateState {
  id: string;
  fromUserId: number;
  clientId: string;
  amount: number;
  maxPerPeriod: number;
  period: MandatePeriod;
  reason: string;
  startsAt: Date;
  endsAt: Date | null;
  status: MandateStatus;
  /** The next period to pay: every period before it is paid (or the mandate stopped). */
  nextPeriod: number;
  /** When the scheduler next sends a charge (the due period's start, or a retry); null once it charges no more. */
  nextChargeAt: Date | null;
  /** Failed attempts to charge `nextPeriod`. */
  failedAttempts: number;
  cancelledBy: 'user' | 'client' | 'admin' | null;
  createdAt: Date;
  updatedAt: Date;
}

export type MandateEvent = 'granted' | 'charged' | 'charge-failed' | 'past-due' | 'cancelled' | 'ended';

/** A mandate as a decision leaves it, and what happened to it (a charge's period and amount, a failure's detail). */
export interface MandateChange {
  mandate: MandateState;
  event: MandateEvent;
  charge?: { period: number; amount: number; transactionId: number };
  failure?: { period: number; attempt: number; detail: string };
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
  cashout: CashoutPolicy;
  /** How long after its period starts an unpaid charge is retried before the mandate is PAST_DUE (docs/design/ledger.md "Mandates"). */
  mandateGraceSeconds: number;
  /** The pause between two attempts to charge one period. */
  mandateRetrySeconds: number;
  /**
   * Test stacks only (MANDATE_BACKDATE_FOR_TESTS_S): how far in the past a mandate may start, so
   * several of its periods are due within a short run. Absent or 0: the contract's few minutes of
   * clock skew.
   */
  mandateBackdateSeconds?: number;
}

export const defaultPolicy: LedgerPolicy = {
  limits: { USER: noLimits, DEVELOPER: noLimits, ADMIN: noLimits, SUPERADMIN: noLimits },
  holdExpirySecondsDefault: 7 * 24 * 3600,
  holdExpirySecondsMax: 30 * 24 * 3600,
  approvalExpirySeconds: 24 * 3600,
  fourEyes: fourEyesOff,
  cashout: {
    rates: [],
    windowSeconds: 24 * 3600,
    dailyAmount: { unverified: 0, verified: 0 },
    fourEyesAmount: Number.MAX_SAFE_INTEGER,
  },
  mandateGraceSeconds: 3 * 24 * 3600,
  mandateRetrySeconds: 6 * 3600,
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
  /** A split purchase's commission (docs/CONTRACT.md "Affiliate splits"): its amount and the affiliate; null or absent: none. */
  commission?: { amount: number; affiliateUserId: number } | null;
  /** The purchase's reference and metadata, which its refunds' transactions carry (the order's); null or absent: none. */
  reference?: string | null;
  metadata?: Record<string, string> | null;
  /** The platform client whose request made it (null or absent: none). */
  clientId?: string | null;
}

/** A clawback a refund of a split purchase sends to the affiliate's partition (the ledger.clawback command). */
export interface ClawbackLeg {
  purchaseId: number;
  refundId: number;
  fromUserId: number;
  to: Party;
  amount: number;
  /** The refund's reference and metadata (the order's), carried by the clawback's transaction; absent: none. */
  reference?: string;
  metadata?: Record<string, string>;
}

/**
 * The partition's state as a batch loaded it. The kinds of the state table (domain/kinds/table.ts)
 * are its fields by their names (KindStates: `wallets`, `refundTargets`, `approvals`, `holds`,
 * `clocks`, `windows`, …); the two every decision may read are always there, the others absent
 * until read. What is not a kind is named here.
 */
export interface LedgerState extends KindStates {
  /** By wallet key (`user:<id>`, `treasury:<CODE>`): the kind `wallets` (domain/kinds/wallets.ts). */
  wallets: Map<string, WalletState>;
  /** Transactions named by refund commands, by id: the kind `refundTargets` (domain/kinds/refund-targets.ts). */
  refundTargets: Map<number, RefundTarget>;
  /**
   * The platform clients revoked for good among those the batch's mandates name, read at apply time
   * from the revocation records the ledger met (db/revocation-floors.ts): a revoked client's mandate
   * charges no more.
   */
  revokedClients?: ReadonlySet<string>;
  /** The keys each kind of the state table changed in this batch (domain/kinds/loops.ts): what its write stores. */
  changedKeys?: Map<StateKind, Set<string>>;
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
  /**
   * Set on a command applied by an approval: the request, who asked, who approved, and the
   * transaction's place among those the approval applied (0 the command's own, then its lines or
   * legs; migration 025: one transaction per approval and place).
   */
  approval: { id: string; requestedBy: number; approvedBy: number; leg: number } | null;
  /** The caller's key-value metadata (docs/CONTRACT.md "Metadata"), or null when the command carried none. */
  metadata: Record<string, string> | null;
  /** The platform client whose command made the transaction, or null (a person's or the ledger's own). */
  clientId: string | null;
  /** Set on an affiliate's commission and on its clawback: the PURCHASE it was split from (docs/CONTRACT.md "Affiliate splits"). */
  splitOf?: number | null;
  /**
   * With `splitOf`: the treasury that purchase paid. Not stored with the transaction (its purchase
   * names it); the coin.transactions event carries it, so the platform that sees the purchase is
   * told of the commission too (docs/EVENTS.md).
   */
  splitTreasury?: TreasuryCode | null;
  createdAt: Date;
}

/** A signed movement on one wallet: negative debits, positive credits. */
export interface Entry {
  transactionId: number;
  walletKey: string;
  amount: number;
  /** Set when the transaction is not the decision's own (a credit leg's): its balance change names it. */
  transactionType?: TransactionType;
}

export interface CreditLeg {
  transactionId: number;
  /** The transaction's type: the credited wallet's balance change names it. */
  transactionType: TransactionType;
  to: Party;
  amount: number;
  /** Who gets the coins back if `to` is closed when the leg applies; null on a return itself. */
  returnTo: Party | null;
}

/**
 * One change of one wallet's balance (an entry as it was applied): the wallet's `sequence` after
 * it, counted one by one, and its balance before and after. Published as coin.balance.changed.
 */
export interface BalanceChange {
  walletKey: string;
  /**
   * The wallet's id, when the apply made the change: a test-mode client's own treasury's events are
   * named by it too, since its reset's retirement opens a new wallet under the same key, whose
   * sequence starts again at 1 (docs/decisions/0018-sandbox.md "Treasuries of each test client's own").
   */
  walletId?: string;
  party: Party;
  transactionId: number;
  transactionType: TransactionType;
  amount: number;
  sequence: number;
  balance: number;
  previousBalance: number;
}

export type CreditResolution = 'credited' | 'returned' | 'burned';

export interface Accepted {
  ok: true;
  transaction: NewTransaction | null;
  /** The transactions of a decision that makes several, one per line of a payout (`transaction` is then null). */
  lineTransactions: NewTransaction[];
  entries: Entry[];
  creditLegs: CreditLeg[];
  /** Wallets this decision opens (empty, OPEN). */
  opens: Party[];
  /** Wallets this decision closes. */
  closes: string[];
  /** A clawback's outcome: what it took from the affiliate and what it could not. */
  clawed?: { taken: number; shortfall: number };
  /** Clawbacks of an affiliate's commission, sent to the affiliate's partition. */
  clawbacks?: ClawbackLeg[];
  /**
   * What the decision asks of the kinds of the state table (domain/kinds/table.ts) and of the parts
   * of the wallet's row (domain/kinds/wallet-row.ts: a freeze, limits and the spending they count,
   * a commission rule), each tagged with its kind.
   */
  effects: Effect[];
  /**
   * A deleted user whose mobile money number the write erases (docs/design/data.md "Erasure"): from
   * the terms of every cash-out of theirs and from the stored replies of their cash-out commands.
   * Set by the close of their wallet; the holds this decision writes carry no number already.
   */
  erasesCashoutAccountsOf?: number;
  /** The command was not applied but stored as an approval request: it waits for a second person. */
  parked: boolean;
  /** The wallet the caller's operation debited (MINT: credited): the one the reply shows. */
  subjectKey: string | null;
  credit: CreditResolution | null;
}

export type Decision = Accepted | Rejected;

/** The coins a debit may take: the balance less what pending holds reserve. */
export function activeOf(wallet: WalletState): number {
  return wallet.balance - wallet.held;
}

/**
 * A hold's id follows from the command that created it, so a redelivery, a retry answered from the
 * stored outcome and a replay of the command log name the same hold; and from the 128 random bits
 * the gateway drew for it (`idNonce`, carried in the command), so it cannot be computed from the
 * command id, which follows from the payer and the Idempotency-Key (docs/design/ledger.md "Holds"). It
 * names its payer (holdIdNamingPayer: 64 of the hash's bits are kept), so a capture or void is
 * routed to the payer's partition from the id alone (docs/decisions/0005). A command without a
 * nonce (sent by a gateway of an earlier version) names the hold as before: UUIDv5, no payer.
 */
export function holdIdOf(command: { commandId: string; data: { fromUserId: number; idNonce?: string | undefined } }): string {
  const { idNonce, fromUserId } = command.data;
  if (idNonce === undefined) return uuidV5(`ledger.hold:${command.commandId}`);
  // The hash's digits less the UUIDv5's version and variant: all random.
  const hex = uuidV5(`ledger.hold:${command.commandId}:${idNonce}`).replaceAll('-', '');
  return holdIdNamingPayer(fromUserId, `${hex.slice(0, 12)}${hex.slice(13, 16)}${hex.slice(17)}00`);
}

/**
 * The largest balance or running total a wallet can hold: amounts are exact JavaScript integers
 * (and BIGINT in PostgreSQL), so nothing may pass 2^53 − 1 minor units. A command that would is
 * decided and rejected, never left to throw in `evolve` (which would stop its partition).
 */
export const walletAmountMax = Number.MAX_SAFE_INTEGER;

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
    sequence: 0,
    createdAt: now,
    updatedAt: now,
    ...openedWalletRowFields(),
  };
}
