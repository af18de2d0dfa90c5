import { z } from 'zod';
import { normalizeEmail, role, userId } from './common';
import { apiKey, platformClientCreated, platformClientRevoked } from './identity';
import { headerNames } from './messaging';
import { coinValue } from './money';
import { approval, approvalPending, payoutApproval, payoutApprovalPending } from './approvals';
import { routeOfApprovalId } from './approval-ids';
import { captureResult, hold, holdResult } from './holds';
import { cashoutRateResult, cashoutResult, decideCashoutResult, settleCashoutResult } from './cashout';
import { chargeMandateResult, mandateResult } from './mandates';
import {
  commissionRuleEntry,
  freezeResult,
  limitOverrides,
  moneyResult,
  purchaseResult,
  payoutResult,
  wallet,
  walletKeyOf,
  walletKeyOfTreasury,
  walletKeyOfUser,
  type LedgerCommand,
} from './ledger';
import { deletionPending, deletionRequest, grantPending, grantRequest, type UserCommand } from './user';

/**
 * The typed boundary between the services that send commands and the ledger that applies them:
 * what each command carries (its draft), the key it travels under, the message it becomes and
 * the result it is answered with. The sender and the ledger import the same definitions, so a
 * mismatch is a compile error, and one that slips through (an old gateway) is refused on delivery
 * with an answer rather than dead-lettered into a timeout.
 */

export type LedgerCommandType = LedgerCommand['type'];
export type LedgerCommandOf<T extends LedgerCommandType> = Extract<LedgerCommand, { type: T }>;

/** A command as its sender writes it; the command bus adds commandId, issuedAt and actor. */
export type LedgerDraft<T extends LedgerCommandType = LedgerCommandType> = {
  [K in T]: { type: K; data: LedgerCommandOf<K>['data'] };
}[T];

/** A typed draft: `ledgerDraft('ledger.mint', { to, amount, reason })` checks `data` against the type. */
export function ledgerDraft<T extends LedgerCommandType>(type: T, data: LedgerCommandOf<T>['data']): LedgerDraft<T> {
  return { type, data } as LedgerDraft<T>;
}

/** The one partition key of the cash-out rate table: every proposal and decision travels under it. */
export const cashoutRatesKey = 'cashout-rates';

/** The key (so the partition) a ledger command travels under: its row's rule (ledgerCommandContracts). */
export function partitionKeyOf(command: LedgerDraft): string {
  const row = ledgerCommandContracts[command.type] as LedgerContractRow<LedgerCommandType>;
  return row.partitionKey(command.data);
}

/** A command as a Kafka message: the one command-to-message mapping (reply headers are added by the sender). */
export interface CommandMessage {
  key: string;
  value: string;
  headers: Record<string, string>;
}

export function commandMessage(command: { commandId: string; type: string }, key: string): CommandMessage {
  return {
    key,
    value: JSON.stringify(command),
    headers: { [headerNames.commandId]: command.commandId, [headerNames.type]: command.type },
  };
}

export function ledgerCommandMessage(command: LedgerCommand): CommandMessage {
  return commandMessage(command, partitionKeyOf(command));
}

const transactionId = z.number().int().positive();

/**
 * A person's MINT, BURN or REFUND is applied (the transaction and the wallet), or, when it would
 * take a four-eyes window to its threshold, stored as an approval request (202).
 */
const moneyOrApproval = z.union([moneyResult, approvalPending]);

/** An approval request as the ledger answers it: an Approval, or a PayoutApproval when it holds a payout. */
const anyApproval = z.union([approval, payoutApproval]);
/** The 201 of an approved payout: the payout's result as a direct one answers, and the request. */
export const payoutApprovedResult = payoutResult.extend({ approval: payoutApproval });

/**
 * Where a ledger command may travel: `ledger.commands` (a client's command, sent by the gateway),
 * `ledger.internal` (the ledger's own, which the broker lets it alone write: a transfer's credit
 * leg and the expiry sweeps' commands; a credit leg on ledger.commands would be coins from no
 * debit) or either (opening and closing a wallet: the gateway sends them as it registers or
 * deletes a user, the ledger on user.registered and user.deleted).
 */
export type LedgerCommandRoute = 'client' | 'ledger' | 'either';

/**
 * One row per ledger command: its contract apart from its schema (ledger.ts `ledgerCommand`).
 * Typed so that a command without a row, or a row without a field, is a compile error.
 * - `partitionKey`: the one rule for the key (so the partition) the command travels under: the
 *   wallet it debits (MINT: credits; a credit leg: credits; opening and closing: the user's
 *   wallet). The partition applies that wallet's commands one at a time, which is what makes a
 *   balance check and the debit that follows it one step (docs/design/ledger.md "Partitioning: one
 *   writer per wallet"). The ledger refuses a command delivered under any other key.
 * - `route`: the topic it may travel on (LedgerCommandRoute).
 * - `stepUp`: whether an admin confirms it with a fresh second factor (commandNeedsStepUp).
 * - `result`: what the ledger answers it with when it is accepted (the `result` of its reply).
 */
export interface LedgerContractRow<T extends LedgerCommandType> {
  partitionKey(data: LedgerCommandOf<T>['data']): string;
  route: LedgerCommandRoute;
  /** An admin confirms it with a fresh second factor (step-up; see commandNeedsStepUp). */
  stepUp: boolean;
  result: z.ZodType;
}

/** An approval's every step is decided by the partition that would apply the command it holds. */
const partitionOfHeld = (data: { command: unknown }) => partitionKeyOf(data.command as LedgerDraft);

/**
 * An approve or a reject travels under the key its request's id names (docs/decisions/0005), or,
 * for an id of the earlier layout, under its command's (the schema requires one or the other).
 */
const partitionOfRequest = (data: { approvalId: string; command?: unknown }) => {
  const route = routeOfApprovalId(data.approvalId);
  if (route) return route.walletKey;
  if (data.command === undefined) throw new RangeError(`approval request ${data.approvalId} names no route and no command came with it`);
  return partitionOfHeld({ command: data.command });
};

export const ledgerCommandContracts = {
  'ledger.open-wallet': {
    partitionKey: (d) => walletKeyOfUser(d.userId),
    route: 'either',
    stepUp: false,
    result: z.object({ wallet: wallet.nullable() }),
  },
  'ledger.mint': { partitionKey: (d) => walletKeyOf(d.to), route: 'client', stepUp: false, result: moneyOrApproval },
  'ledger.burn': { partitionKey: (d) => walletKeyOf(d.from), route: 'client', stepUp: false, result: moneyOrApproval },
  'ledger.transfer': { partitionKey: (d) => walletKeyOfUser(d.fromUserId), route: 'client', stepUp: false, result: purchaseResult },
  // A person's reward past the four-eyes window waits (202); a platform client's never does.
  'ledger.reward': { partitionKey: () => walletKeyOfTreasury('REWARDS'), route: 'client', stepUp: false, result: moneyOrApproval },
  'ledger.refund': { partitionKey: (d) => walletKeyOfTreasury(d.treasury), route: 'client', stepUp: false, result: moneyOrApproval },
  // A person's payout from REWARDS past the four-eyes window waits (202, a PayoutApproval); a platform client's never does.
  'ledger.payout': {
    partitionKey: (d) => walletKeyOf(d.from),
    route: 'client',
    stepUp: false,
    result: z.union([payoutResult, payoutApprovalPending]),
  },
  'ledger.credit': {
    partitionKey: (d) => walletKeyOf(d.to),
    route: 'ledger',
    stepUp: false,
    result: z.object({
      transactionId,
      resolution: z.enum(['credited', 'returned', 'burned']),
      returnTransactionId: transactionId.nullable(),
    }),
  },
  'ledger.clawback': {
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'ledger',
    stepUp: false,
    result: z.object({
      purchaseId: transactionId,
      clawedBack: coinValue,
      shortfall: coinValue,
      transactionId: transactionId.nullable(),
    }),
  },
  'ledger.close-wallet': {
    partitionKey: (d) => walletKeyOfUser(d.userId),
    route: 'either',
    stepUp: false,
    result: z.object({ closed: z.boolean(), burnTransactionId: transactionId.nullable() }),
  },
  'ledger.hold': { partitionKey: (d) => walletKeyOfUser(d.fromUserId), route: 'client', stepUp: false, result: holdResult },
  'ledger.capture-hold': { partitionKey: (d) => walletKeyOfUser(d.fromUserId), route: 'client', stepUp: false, result: captureResult },
  'ledger.void-hold': { partitionKey: (d) => walletKeyOfUser(d.fromUserId), route: 'client', stepUp: false, result: holdResult },
  'ledger.expire-hold': {
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'ledger',
    stepUp: false,
    result: z.object({ hold: hold.nullable(), expired: z.boolean() }),
  },
  'ledger.advance-clock': {
    partitionKey: (d) => `test-clock:${d.clientId}`,
    route: 'client',
    stepUp: false,
    result: z.object({ clientId: z.string(), offsetSeconds: z.number().int().min(0) }),
  },
  'ledger.cashout': { partitionKey: (d) => walletKeyOfUser(d.fromUserId), route: 'client', stepUp: false, result: cashoutResult },
  'ledger.settle-cashout': {
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    stepUp: false,
    result: settleCashoutResult,
  },
  // Rate versions (docs/CONTRACT.md "Cash-out"): one key for the whole table, so one partition applies every step in order.
  'ledger.propose-cashout-rate': { partitionKey: () => cashoutRatesKey, route: 'client', stepUp: false, result: cashoutRateResult },
  // The second person: a fresh second factor, as an approval takes.
  'ledger.decide-cashout-rate': { partitionKey: () => cashoutRatesKey, route: 'client', stepUp: true, result: cashoutRateResult },
  'ledger.decide-cashout': {
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    stepUp: true,
    result: decideCashoutResult,
  },
  'ledger.grant-mandate': { partitionKey: (d) => walletKeyOfUser(d.fromUserId), route: 'client', stepUp: false, result: mandateResult },
  'ledger.cancel-mandate': { partitionKey: (d) => walletKeyOfUser(d.fromUserId), route: 'client', stepUp: false, result: mandateResult },
  'ledger.charge-mandate': {
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'ledger',
    stepUp: false,
    result: chargeMandateResult,
  },
  'ledger.set-limits': {
    partitionKey: (d) => walletKeyOfUser(d.userId),
    route: 'client',
    stepUp: false,
    result: z.object({ userId, overrides: limitOverrides }),
  },
  'ledger.set-commission': {
    partitionKey: (d) => walletKeyOfTreasury(d.treasury),
    route: 'client',
    stepUp: true,
    result: commissionRuleEntry,
  },
  // A request holding a payout is shown as a PayoutApproval (its own view), every other as an Approval.
  'ledger.request-approval': { partitionKey: partitionOfHeld, route: 'client', stepUp: false, result: z.object({ approval: anyApproval }) },
  'ledger.approve': {
    partitionKey: partitionOfRequest,
    route: 'client',
    stepUp: true,
    result: z.union([moneyResult.extend({ approval }), payoutApprovedResult]),
  },
  'ledger.reject-approval': {
    partitionKey: partitionOfRequest,
    route: 'client',
    stepUp: true,
    result: z.object({ approval: anyApproval }),
  },
  'ledger.expire-approval': {
    partitionKey: partitionOfHeld,
    route: 'ledger',
    stepUp: false,
    result: z.object({ approval: anyApproval.nullable(), expired: z.boolean() }),
  },
  // Freezes (docs/CONTRACT.md "Wallet freezes"), keyed by the frozen wallet so they order with its debits.
  'ledger.freeze-wallet': { partitionKey: (d) => walletKeyOfUser(d.userId), route: 'client', stepUp: false, result: freezeResult },
  'ledger.request-unfreeze': { partitionKey: (d) => walletKeyOfUser(d.userId), route: 'client', stepUp: false, result: freezeResult },
  // The second person lifts the freeze: a fresh second factor, as an approval takes.
  'ledger.approve-unfreeze': { partitionKey: (d) => walletKeyOfUser(d.userId), route: 'client', stepUp: true, result: freezeResult },
} satisfies { [T in LedgerCommandType]: LedgerContractRow<T> };

const ledgerCommandTypes = Object.keys(ledgerCommandContracts) as LedgerCommandType[];

/** What the ledger answers each accepted command with (the `result` of its reply), read from the rows. */
export const ledgerResults = Object.fromEntries(ledgerCommandTypes.map((type) => [type, ledgerCommandContracts[type].result])) as {
  [T in LedgerCommandType]: (typeof ledgerCommandContracts)[T]['result'];
};
export type LedgerResult<T extends LedgerCommandType> = z.infer<(typeof ledgerResults)[T]>;

/** The commands only the ledger sends, on ledger.internal (their rows' route). */
export const ledgerOnlyCommandTypes = ledgerCommandTypes.filter((type) => ledgerCommandContracts[type].route === 'ledger');

export type LedgerCommandTopic = 'ledger.commands' | 'ledger.internal';

/** Why a command of this type may not travel on this topic, or null when it may (its row's route). */
export function ledgerTopicRefusal(topic: LedgerCommandTopic, type: LedgerCommandType): string | null {
  const { route } = ledgerCommandContracts[type];
  if (topic === 'ledger.commands' && route === 'ledger')
    return `type: ${type} is sent by the ledger alone, on ledger.internal, never on ledger.commands`;
  if (topic === 'ledger.internal' && route === 'client')
    return `type: ${type} is a client's command, sent on ledger.commands, never on ledger.internal`;
  return null;
}

/**
 * Whether a ledger command must carry proof of the authority behind it (docs/DESIGN.md "Who asks:
 * proof of authority in every command"). Every command on ledger.commands does, but opening a
 * wallet, which the gateway sends for a stranger who just registered (no token yet) and which
 * moves nothing. The ledger's own commands on ledger.internal need none: only the ledger writes
 * that topic, and each of them follows from a command that was verified, or from user.events.
 */
export function ledgerCommandNeedsProof(topic: LedgerCommandTopic, type: LedgerCommandType): boolean {
  return topic === 'ledger.commands' && type !== 'ledger.open-wallet';
}

// ---- User commands (user.commands) ----

export type UserCommandType = UserCommand['type'];
export type UserCommandOf<T extends UserCommandType> = Extract<UserCommand, { type: T }>;

/** A user command as its sender writes it; the command bus adds commandId, issuedAt and actor. */
export type UserDraft<T extends UserCommandType = UserCommandType> = {
  [K in T]: { type: K; data: UserCommandOf<K>['data'] };
}[T];

/** A typed draft: `userDraft('user.delete', { userId })` checks `data` against the type. */
export function userDraft<T extends UserCommandType>(type: T, data: UserCommandOf<T>['data']): UserDraft<T> {
  return { type, data } as UserDraft<T>;
}

/** API-key commands are rare; one shared key keeps them in order on one partition. */
export const apiKeyCommandKey = 'api-keys';
/** Platform-client commands are rarer still: one shared key, like API keys. */
export const platformClientCommandKey = 'platform-clients';
/** Decisions of two-person acts (docs/DESIGN.md "Two-person acts"): rare, one shared key. */
export const grantRequestCommandKey = 'grant-requests';

/**
 * One row per user command, typed like the ledger's (a missing row or field is a compile error):
 * - `partitionKey`: the one rule for the key it travels under. A sealed registration is keyed by
 *   its key's id, which names no one (two of one address may then apply side by side: the unique
 *   address decides, and the second meets EMAIL_TAKEN); one in clear (an earlier gateway's) by
 *   the address as the user service compares it (trimmed, lower-cased). The commands about an
 *   account by its id, so they apply in the order they were sent; keys, clients and grant
 *   decisions by one shared key each.
 * - `proof`: whether it must carry proof of the authority behind it: all but a registration,
 *   which a stranger asks for. Operators act through the CLI on the database, never on Kafka.
 * - `stepUp`: whether an admin confirms it with a fresh second factor (commandNeedsStepUp).
 * - `result`: what the user service answers it with when it is accepted.
 */
export interface UserContractRow<T extends UserCommandType> {
  partitionKey(data: UserCommandOf<T>['data']): string;
  proof: boolean;
  stepUp: boolean;
  result: z.ZodType;
}

/** The user's token version after the command: the gateway caches it to refuse older tokens at once. */
const tokenVersion = z.number().int().nonnegative();
const byUserId = (d: { userId: number }) => String(d.userId);
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const userCommandContracts = {
  'user.register': {
    // Sealed: under its key's id, so the record key names no one either.
    partitionKey: (d) => ('sealed' in d ? d.sealed.keyId : normalizeEmail(d.email)),
    proof: false,
    stepUp: false,
    // The new account's id only: replies are stored and sent on a topic, personal data is not (docs/DESIGN.md "Erasure").
    result: z.object({ user: z.object({ id: userId }) }),
  },
  'user.change-role': {
    partitionKey: byUserId,
    proof: true,
    stepUp: true,
    // Applied at once (a role that grants no means to move coins), or a request a second SUPERADMIN decides.
    result: z.union([z.object({ user: z.object({ id: userId, role }), tokenVersion }), grantPending]),
  },
  'user.delete': {
    partitionKey: byUserId,
    proof: true,
    stepUp: true,
    // Deleted at once, or (at or above DELETION_APPROVAL_MIN_COINS) a request a second SUPERADMIN decides.
    result: z.union([z.object({ userId, tokenVersion }), deletionPending]),
  },
  'user.revoke-sessions': { partitionKey: byUserId, proof: true, stepUp: false, result: z.object({ userId, tokenVersion }) },
  'user.approve-deletion': {
    partitionKey: byUserId,
    proof: true,
    stepUp: true,
    result: z.object({ userId, tokenVersion, deletionRequest }),
  },
  'user.reject-deletion': { partitionKey: byUserId, proof: true, stepUp: true, result: z.object({ deletionRequest }) },
  'user.api-key.create': {
    partitionKey: () => apiKeyCommandKey,
    proof: true,
    stepUp: true,
    // A person's key waits for a second SUPERADMIN; an operator's (never on Kafka) would be the key itself.
    result: z.union([apiKey, grantPending]),
  },
  'user.api-key.revoke': {
    partitionKey: () => apiKeyCommandKey,
    proof: true,
    stepUp: false,
    result: z.object({ id: z.uuid(), keyHash: sha256Hex }),
  },
  'user.platform-client.create': {
    partitionKey: () => platformClientCommandKey,
    proof: true,
    stepUp: true,
    // The hashes come back with the request too, so the gateway tells a first answer from a retry's.
    result: z.union([platformClientCreated, grantPending.extend({ secretHash: sha256Hex, requestHash: sha256Hex })]),
  },
  'user.platform-client.revoke': {
    partitionKey: () => platformClientCommandKey,
    proof: true,
    stepUp: false,
    result: platformClientRevoked,
  },
  'user.approve-grant': {
    partitionKey: () => grantRequestCommandKey,
    proof: true,
    stepUp: true,
    // The approved role change's new token version (the gateway caches it at once); null for keys and clients.
    result: z.object({ grantRequest, tokenVersion: tokenVersion.nullable() }),
  },
  'user.reject-grant': { partitionKey: () => grantRequestCommandKey, proof: true, stepUp: true, result: z.object({ grantRequest }) },
} satisfies { [T in UserCommandType]: UserContractRow<T> };

const userCommandTypes = Object.keys(userCommandContracts) as UserCommandType[];

export function userCommandNeedsProof(type: UserCommandType): boolean {
  return userCommandContracts[type].proof;
}

/** The key (so the partition) a user command travels under: its row's rule (userCommandContracts). */
export function userPartitionKeyOf(command: UserDraft): string {
  const row = userCommandContracts[command.type] as UserContractRow<UserCommandType>;
  return row.partitionKey(command.data);
}

export function userCommandMessage(command: UserCommand): CommandMessage {
  return commandMessage(command, userPartitionKeyOf(command));
}

/** What the user service answers each accepted command with (the `result` of its reply), read from the rows. */
export const userResults = Object.fromEntries(userCommandTypes.map((type) => [type, userCommandContracts[type].result])) as {
  [T in UserCommandType]: (typeof userCommandContracts)[T]['result'];
};
export type UserResult<T extends UserCommandType> = z.infer<(typeof userResults)[T]>;

/**
 * Whether an admin confirms the command with a fresh second factor (step-up, docs/DESIGN.md "Admin
 * sign-in: second factor and step-up"): its row says so (approving or rejecting a four-eyes
 * request, a deletion or a grant request, deleting a user, changing a role, creating an API key
 * or a platform client). The gateway asks for it, and the service applying the command checks the
 * proof's `mfa_at` again against the command's time, so neither a stolen token past its step-up
 * window nor a forged command gets through.
 */
export function commandNeedsStepUp(type: LedgerCommandType | UserCommandType): boolean {
  const row =
    type in ledgerCommandContracts ? ledgerCommandContracts[type as LedgerCommandType] : userCommandContracts[type as UserCommandType];
  return row.stepUp;
}
