import {
  walletKeyOf,
  walletKeyOfTreasury,
  walletKeyOfUser,
  type LedgerCommand,
  type Party,
  type TransactionType,
  type TreasuryCode,
} from '@coin/contracts';
import { InvariantViolation, type ErrorCode } from '@coin/errors';
import { uuidV5 } from '@coin/security';

/**
 * The ledger's pure core (STYLE rule 2): `decide` turns a command and the state it reads into
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
  status: 'OPEN' | 'CLOSED';
  createdAt: Date;
  updatedAt: Date;
}

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
  /** The wallet the caller's operation debited (MINT: credited): the one the reply shows. */
  subjectKey: string | null;
  credit: CreditResolution | null;
}

export interface Rejected {
  ok: false;
  code: ErrorCode;
  detail: string;
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
    subjectKey: null,
    credit: null,
    ...parts,
  };
}

function coins(minor: number): string {
  return (minor / 100).toFixed(2);
}

function insufficient(wallet: WalletState, amount: number): Rejected {
  return reject('INSUFFICIENT_FUNDS', `The balance ${coins(wallet.balance)} is below the amount ${coins(amount)}`);
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
  return { id: walletIdOf(key), key, party, balance: 0, totalReceived: 0, totalSent: 0, status: 'OPEN', createdAt: now, updatedAt: now };
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
  }
}

/**
 * Decides one command against the state of its partition. `nextId` hands out the id of the
 * transaction the decision creates, if any.
 */
export function decide(state: LedgerState, command: LedgerCommand, now: Date, nextId: () => number): Decision {
  const wallet = (key: string) => state.wallets.get(key);
  const newTransaction = (t: Omit<NewTransaction, 'id' | 'createdAt' | 'reference' | 'refundOf' | 'returns'> & Partial<NewTransaction>) =>
    ({ reference: null, refundOf: null, returns: null, ...t, id: nextId(), createdAt: now }) as NewTransaction;

  switch (command.type) {
    case 'ledger.open-wallet': {
      // Every registered user gets a wallet (seed §1); one that exists, open or closed, stays as it is.
      const party: Party = { kind: 'user', userId: command.data.userId };
      const key = walletKeyOf(party);
      return accepted({ opens: wallet(key) ? [] : [party], subjectKey: key });
    }

    case 'ledger.mint': {
      const { to, amount, reason } = command.data;
      const target = wallet(walletKeyOf(to));
      if (!target) return missingParty(to);
      if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The wallet to mint into is closed');
      if (!canCredit(target, amount)) return beyondLimit(target);
      const transaction = newTransaction({ type: 'MINT', amount, from: null, to, reason });
      return accepted({ transaction, entries: [{ transactionId: transaction.id, walletKey: target.key, amount }], subjectKey: target.key });
    }

    case 'ledger.burn': {
      const { from, amount, reason } = command.data;
      const source = wallet(walletKeyOf(from));
      if (!source) return missingParty(from);
      if (source.balance < amount) return insufficient(source, amount);
      if (!canDebit(source, amount)) return beyondLimit(source);
      const transaction = newTransaction({ type: 'BURN', amount, from, to: null, reason });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
        subjectKey: source.key,
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
      if (source.balance < amount) return insufficient(source, amount);
      if (!canDebit(source, amount)) return beyondLimit(source);
      if (!canCredit(target, amount)) return beyondLimit(target);
      const transaction = newTransaction({ type: kind, amount, from, to, reason, reference: reference ?? null });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
        creditLegs: [{ transactionId: transaction.id, to, amount, returnTo: from }],
        subjectKey: source.key,
      });
    }

    case 'ledger.reward': {
      const { toUserId, amount, reason } = command.data;
      const from: Party = { kind: 'treasury', code: 'REWARDS' };
      const to: Party = { kind: 'user', userId: toUserId };
      const source = wallet(walletKeyOf(from));
      if (!source) return missingParty(from);
      const target = wallet(walletKeyOf(to));
      if (!target) return missingParty(to);
      if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The recipient wallet is closed');
      if (source.balance < amount) return insufficient(source, amount);
      if (!canDebit(source, amount)) return beyondLimit(source);
      if (!canCredit(target, amount)) return beyondLimit(target);
      const transaction = newTransaction({ type: 'REWARD', amount, from, to, reason });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
        creditLegs: [{ transactionId: transaction.id, to, amount, returnTo: from }],
        subjectKey: source.key,
      });
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
      const source = wallet(walletKeyOf(from));
      if (!source) return missingParty(from);
      const target = wallet(walletKeyOf(to));
      if (!target || target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', "The payer's wallet is closed");
      if (source.balance < amount) return insufficient(source, amount);
      if (!canDebit(source, amount)) return beyondLimit(source);
      if (!canCredit(target, amount)) return beyondLimit(target);
      const transaction = newTransaction({ type: 'REFUND', amount, from, to, reason, refundOf: purchase.id });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
        creditLegs: [{ transactionId: transaction.id, to, amount, returnTo: from }],
        refund: { of: purchase.id, amount },
        subjectKey: source.key,
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
      if (target.balance === 0) return accepted({ closes: [target.key], subjectKey: target.key });
      if (!canDebit(target, target.balance)) return beyondLimit(target);
      const party: Party = { kind: 'user', userId };
      const transaction = newTransaction({ type: 'BURN', amount: target.balance, from: party, to: null, reason });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: target.key, amount: -target.balance }],
        closes: [target.key],
        subjectKey: target.key,
      });
    }
  }
}

/**
 * Applies an accepted decision to the state. A negative balance here is a bug in `decide`, not
 * a condition of the world: it throws (STYLE rule 5) and the batch rolls back.
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
  for (const key of decision.closes) {
    const wallet = state.wallets.get(key);
    if (!wallet) throw new InvariantViolation(`closing unloaded wallet ${key}`);
    if (wallet.balance !== 0) throw new InvariantViolation(`closing ${key} with balance ${wallet.balance}`);
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
