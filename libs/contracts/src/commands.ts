import { z } from 'zod';
import { type ApiKeyScopeName, idNonce, normalizeEmail, role, userId, uuidInput } from './common';
import { apiKey, platformClientCreated, platformClientRevoked } from './identity';
import { createdTestUser, createTestUserCommand, deletedTestUsers, deleteTestUsersCommand } from './sandbox-test-users';
import { commandSchema, headerNames } from './messaging';
import { coinValue } from './money';
import { approvalPending, payoutApprovalPending } from './approvals';
import { routeOfApprovalId } from './approval-ids';
import { approvalActs, decidedKinds, fourEyesActs, type ApprovalAct, type FourEyesAct } from './four-eyes-acts';
import { captureResult, hold, holdResult } from './holds';
import { cashout, cashoutRateResult, cashoutResult, claimCashoutResult, decideCashoutResult, settleCashoutResult } from './cashout';
import { chargeMandateResult, mandateResult } from './mandates';
import {
  advanceClockCommand,
  setClockCommand,
  burnCommand,
  retireTreasuryCommand,
  cancelMandateCommand,
  captureHoldCommand,
  cashoutCommand,
  cashoutOutcome,
  chargeMandateCommand,
  claimCashoutCommand,
  clawbackCommand,
  closeWalletCommand,
  commissionRuleEntry,
  creditCommand,
  creditsCommand,
  clearCashoutCommand,
  expireHoldCommand,
  freezeResult,
  freezeWalletCommand,
  grantMandateCommand,
  holdCommand,
  limitOverrides,
  mintCommand,
  moneyResult,
  openWalletCommand,
  payoutCommand,
  purchaseResult,
  payoutResult,
  reasonText,
  refundCommand,
  refundResult,
  requestHash,
  liftFreezeCommand,
  rewardCommand,
  setCommissionCommand,
  setLimitsCommand,
  transaction,
  setCashoutRateCommand,
  settleCashoutCommand,
  settleTestCashoutCommand,
  reverseCashoutCommand,
  transferCommand,
  voidHoldCommand,
  wallet,
  walletKeyOf,
  walletKeyOfTreasury,
  walletKeyOfUser,
  cashoutRatesKey,
} from './ledger';
import {
  approveDeletionCommand,
  approveGrantCommand,
  changeRoleCommand,
  createApiKeyCommand,
  createPlatformClientCommand,
  deleteUserCommand,
  deletionPending,
  deletionRequest,
  grantPending,
  registerUserCommand,
  rejectDeletionCommand,
  rejectGrantCommand,
  revokeApiKeyCommand,
  revokePlatformClientCommand,
  issueCallbackSecretCommand,
  setRewardCapCommand,
  revokeSessionsCommand,
  setVerificationCommand,
} from './user';
import { anyGrantRequest } from './grant-request-kinds';

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

/** The key (so the partition) a ledger command travels under: its row's rule (ledgerCommandContracts). */
export function partitionKeyOf(command: LedgerDraft): string {
  const row: LedgerContractRow = ledgerCommandContracts[command.type];
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

/** The schemas of one member of the approval acts' rows (four-eyes-acts.ts), as a union's members, in the acts' order. */
function approvalActsSchemas<M extends 'request' | 'result'>(member: M) {
  type Schema = (typeof fourEyesActs)[ApprovalAct][M];
  return approvalActs.map((act) => fourEyesActs[act][member]) as unknown as [Schema, ...Schema[]];
}

/** An approval request as the ledger answers it: the request as its act's row shows it (an Approval only for money). */
const anyApproval = z.union(approvalActsSchemas('request'));

/**
 * Where a ledger command may travel: `ledger.commands` (a client's command, sent by the gateway),
 * `ledger.internal` (the ledger's own, which the broker lets it alone write: a transfer's credit
 * leg and the expiry sweeps' commands; a credit leg on ledger.commands would be coins from no
 * debit) or either (opening and closing a wallet: the gateway sends them as it registers or
 * deletes a user, the ledger on user.registered and user.deleted).
 */
export type LedgerCommandRoute = 'client' | 'ledger' | 'either';

/**
 * Whether an admin confirms a command with a fresh second factor (step-up, docs/DESIGN.md "Admin
 * sign-in: second factor and step-up"): a second factor given at most STEP_UP_MAX_AGE_S before it.
 */
export type StepUp = 'required' | 'not-required';

/**
 * Why a command needs no API key, each a reason (docs/design/security.md "API keys": a key proves
 * a person's admin money command). A row names one of these, or the key it needs (LedgerKeyScope).
 */
export const noKeyReasons = {
  'none-internal': 'the ledger alone sends it, on ledger.internal, following a command or event already verified',
  'none-own-act': "a user's act on their own coins or a platform client's: its token is its credential (API keys are an admin's)",
  'none-moves-no-coins': 'it moves no coins',
  'none-four-eyes': "it pays no one on one person's word: a second ADMIN+ decides it with a fresh second factor",
  'none-follows-deletion': "it closes a deleted user's wallet, after the deletion a SUPERADMIN confirmed with a fresh second factor",
  'none-user-service': "a user service command: API keys prove the ledger's admin money commands only",
} as const;
export type NoKeyReason = keyof typeof noKeyReasons;

/**
 * The scopes that name a key: a person's command of the row's type needs the proof of their own
 * API key with it (and a session signed in with a second factor); `'reward-from-treasury'`: the
 * `reward` scope when it pays from a treasury (a payout; one from the sender's own wallet is a
 * transfer and needs none).
 */
export type KeyScope = ApiKeyScopeName | 'reward-from-treasury';

/**
 * What a ledger row says of API keys: a key scope, `'of-held-command'` (asking for or approving a
 * request needs the key its command would), or why none (NoKeyReason).
 */
export type LedgerKeyScope = KeyScope | 'of-held-command' | NoKeyReason;

/** A ledger command's schema (ledger.ts): `commandSchema(type, data)`. */
export type LedgerCommandSchema = z.ZodObject<{ type: z.ZodLiteral<`ledger.${string}`>; data: z.ZodType }>;

/**
 * One row per ledger command: its whole contract. The union of the ledger's commands
 * (`ledgerCommand`) and of the ones an approval request may hold back (`approvableCommand`) are
 * built from the rows, so a command is added by its schema in ledger.ts and its row here.
 * - `schema`: the command's schema (ledger.ts).
 * - `partitionKey`: the one rule for the key (so the partition) the command travels under: the
 *   wallet it debits (MINT: credits; a credit leg: credits; opening and closing: the user's
 *   wallet). The partition applies that wallet's commands one at a time, which is what makes a
 *   balance check and the debit that follows it one step (docs/design/ledger.md "Partitioning: one
 *   writer per wallet"). The ledger refuses a command delivered under any other key.
 * - `route`: the topic it may travel on (LedgerCommandRoute).
 * - `scope`: the API key a person's command of this type must prove (LedgerKeyScope), or why it
 *   needs none (NoKeyReason); apiKeyScopeNeeded reads it.
 * - `stepUp`: whether an admin confirms it with a fresh second factor (StepUp; commandNeedsStepUp).
 * - `approvable`: whether an approval request may hold it back for a second ADMIN+
 *   (docs/design/ledger.md "Approvals"; `approvableCommand`), and then `act`: the four-eyes act
 *   (four-eyes-acts.ts) whose routes list and decide such a request; an approvable row without
 *   one does not compile.
 * - `result`: what the ledger answers it with when it is accepted (the `result` of its reply).
 * Every field is required: a row that does not say its scope and its step-up does not compile,
 * nor does an approvable row that names neither a key nor a second person with a fresh second
 * factor (`'none-four-eyes'` with `stepUp: 'required'`).
 */
export type LedgerContractRow<S extends LedgerCommandSchema = LedgerCommandSchema> = {
  schema: S;
  partitionKey(data: z.output<S>['data']): string;
  route: LedgerCommandRoute;
  result: z.ZodType;
} & (
  | { approvable: false; scope: LedgerKeyScope; stepUp: StepUp }
  // Held back for a second ADMIN+, who approves with the key the direct command needs...
  | { approvable: true; act: ApprovalAct; scope: KeyScope; stepUp: StepUp }
  // ...or, paying no one on a key, with a fresh second factor.
  | { approvable: true; act: ApprovalAct; scope: 'none-four-eyes'; stepUp: 'required' }
);

/**
 * A row, typed by its schema: `partitionKey` is given the command's data, and the row keeps its
 * schema's, result's, scope's, step-up's and approvability's own types (the unions, `ledgerResults`
 * and `apiKeyScopeOfCommand` are read from them).
 */
function ledgerRow<
  S extends LedgerCommandSchema,
  R extends z.ZodType,
  A extends boolean,
  K extends LedgerKeyScope,
  U extends StepUp,
  C extends ApprovalAct | undefined = undefined,
>(row: {
  schema: S;
  partitionKey(data: z.output<S>['data']): string;
  route: LedgerCommandRoute;
  scope: K;
  stepUp: U;
  approvable: A;
  act?: C;
  result: R;
}) {
  // The act kept as its own type, present only when given: the table's type then tells an approvable row without one.
  return row as Omit<typeof row, 'act'> & (C extends ApprovalAct ? { act: C } : unknown);
}

/** Each row filed under its own schema's type: a row under another command's name, or without a schema, does not compile. */
type FiledUnderTheirTypes<R, Row> = {
  [K in keyof R]: R[K] extends Row & { schema: z.ZodType<{ type: K }> } ? R[K] : Row & { schema: z.ZodType<{ type: K }> };
};
/** The ledger's table, each row filed under its own schema's type. */
export type LedgerContractTable<R> = FiledUnderTheirTypes<R, LedgerContractRow>;

/** An approval's every step is decided by the partition that would apply the command it holds. */
const partitionOfHeld = (data: { command: unknown }): string => partitionKeyOf(data.command as LedgerDraft);

/**
 * An approve or a reject travels under the key its request's id names (docs/decisions/0005), or,
 * for an id of the earlier layout, under its command's (the schema requires one or the other).
 */
const partitionOfRequest = (data: { approvalId: string; command?: unknown }): string => {
  const route = routeOfApprovalId(data.approvalId);
  if (route) return route.walletKey;
  if (data.command === undefined) throw new RangeError(`approval request ${data.approvalId} names no route and no command came with it`);
  return partitionOfHeld({ command: data.command });
};

/** What a test clock's commands share: keyed by the client (`test-clock:<clientId>`), so one partition moves a clock; answered with the clock. */
const testClockRow = {
  partitionKey: (d: { clientId: string }) => `test-clock:${d.clientId}`,
  route: 'client',
  scope: 'none-moves-no-coins',
  stepUp: 'not-required',
  approvable: false,
  result: z.object({ clientId: z.string(), offsetSeconds: z.number().int().min(0) }),
} as const;

/**
 * The rows of the commands that hold no other command: every command but the four steps of an
 * approval request, whose schemas hold one of the approvable commands named here.
 */
const directLedgerCommandContracts = {
  'ledger.open-wallet': ledgerRow({
    schema: openWalletCommand,
    partitionKey: (d) => walletKeyOfUser(d.userId),
    route: 'either',
    scope: 'none-moves-no-coins',
    stepUp: 'not-required',
    approvable: false,
    result: z.object({ wallet: wallet.nullable() }),
  }),
  'ledger.mint': ledgerRow({
    schema: mintCommand,
    partitionKey: (d) => walletKeyOf(d.to),
    route: 'client',
    scope: 'mint',
    stepUp: 'not-required',
    approvable: true,
    act: 'money',
    result: moneyOrApproval,
  }),
  'ledger.burn': ledgerRow({
    schema: burnCommand,
    partitionKey: (d) => walletKeyOf(d.from),
    route: 'client',
    scope: 'burn',
    stepUp: 'not-required',
    approvable: true,
    act: 'money',
    result: moneyOrApproval,
  }),
  'ledger.transfer': ledgerRow({
    schema: transferCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    scope: 'none-own-act',
    stepUp: 'not-required',
    approvable: false,
    result: purchaseResult,
  }),
  // A person's reward past the four-eyes window waits (202; its view is on coin.approvals.v2 only); a platform client's never does.
  'ledger.reward': ledgerRow({
    schema: rewardCommand,
    partitionKey: (d) => walletKeyOfTreasury('REWARDS', d.treasuryClientId),
    route: 'client',
    scope: 'reward',
    stepUp: 'not-required',
    approvable: true,
    act: 'money',
    result: moneyOrApproval,
  }),
  'ledger.refund': ledgerRow({
    schema: refundCommand,
    partitionKey: (d) => walletKeyOfTreasury(d.treasury, d.treasuryClientId),
    route: 'client',
    scope: 'refund',
    stepUp: 'not-required',
    approvable: true,
    act: 'money',
    result: z.union([refundResult, approvalPending]),
  }),
  // A person's payout from REWARDS past the four-eyes window waits (202, a PayoutApproval, on coin.payout-approvals only); a platform client's never does.
  'ledger.payout': ledgerRow({
    schema: payoutCommand,
    partitionKey: (d) => walletKeyOf(d.from),
    route: 'client',
    scope: 'reward-from-treasury',
    stepUp: 'not-required',
    approvable: true,
    act: 'payout',
    result: z.union([payoutResult, payoutApprovalPending]),
  }),
  'ledger.credit': ledgerRow({
    schema: creditCommand,
    partitionKey: (d) => walletKeyOf(d.to),
    route: 'ledger',
    scope: 'none-internal',
    stepUp: 'not-required',
    approvable: false,
    result: z.object({
      transactionId,
      resolution: z.enum(['credited', 'returned', 'burned']),
      returnTransactionId: transactionId.nullable(),
    }),
  }),
  // A payout's credit legs bound for one partition, together (one command per partition instead of one per line).
  'ledger.credits': ledgerRow({
    schema: creditsCommand,
    partitionKey: (d) => walletKeyOf(d.legs[0]!.to),
    route: 'ledger',
    scope: 'none-internal',
    stepUp: 'not-required',
    approvable: false,
    result: z.object({
      credited: z.number().int().nonnegative(),
      returned: z.array(z.object({ transactionId, resolution: z.enum(['returned', 'burned']), returnTransactionId: transactionId })),
    }),
  }),
  'ledger.clawback': ledgerRow({
    schema: clawbackCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'ledger',
    scope: 'none-internal',
    stepUp: 'not-required',
    approvable: false,
    result: z.object({
      purchaseId: transactionId,
      clawedBack: coinValue,
      shortfall: coinValue,
      transactionId: transactionId.nullable(),
    }),
  }),
  'ledger.close-wallet': ledgerRow({
    schema: closeWalletCommand,
    partitionKey: (d) => walletKeyOfUser(d.userId),
    route: 'either',
    scope: 'none-follows-deletion',
    stepUp: 'not-required',
    approvable: false,
    result: z.object({ closed: z.boolean(), burnTransactionId: transactionId.nullable() }),
  }),
  'ledger.hold': ledgerRow({
    schema: holdCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    scope: 'none-own-act',
    stepUp: 'not-required',
    approvable: false,
    result: holdResult,
  }),
  'ledger.capture-hold': ledgerRow({
    schema: captureHoldCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    scope: 'none-own-act',
    stepUp: 'not-required',
    approvable: false,
    result: captureResult,
  }),
  'ledger.void-hold': ledgerRow({
    schema: voidHoldCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    scope: 'none-own-act',
    stepUp: 'not-required',
    approvable: false,
    result: holdResult,
  }),
  'ledger.expire-hold': ledgerRow({
    schema: expireHoldCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'ledger',
    scope: 'none-internal',
    stepUp: 'not-required',
    approvable: false,
    result: z.object({ hold: hold.nullable(), expired: z.boolean() }),
  }),
  'ledger.advance-clock': ledgerRow({ schema: advanceClockCommand, ...testClockRow }),
  // In the family of ledger.advance-clock, keyed alike: one partition applies a client's clock commands in order.
  'ledger.set-clock': ledgerRow({ schema: setClockCommand, ...testClockRow }),
  // The sandbox's reset: a test-mode client's own treasury burned and retired, in its own partition.
  'ledger.retire-treasury': ledgerRow({
    schema: retireTreasuryCommand,
    partitionKey: (d) => walletKeyOf(d.treasury),
    route: 'client',
    scope: 'none-own-act',
    stepUp: 'not-required',
    approvable: false,
    result: z.object({ transaction: transaction.nullable() }),
  }),
  'ledger.cashout': ledgerRow({
    schema: cashoutCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    scope: 'none-own-act',
    stepUp: 'not-required',
    approvable: false,
    result: cashoutResult,
  }),
  'ledger.claim-cashout': ledgerRow({
    schema: claimCashoutCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    scope: 'none-own-act',
    stepUp: 'not-required',
    approvable: false,
    result: claimCashoutResult,
  }),
  'ledger.settle-cashout': ledgerRow({
    schema: settleCashoutCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    scope: 'none-own-act',
    stepUp: 'not-required',
    approvable: false,
    result: settleCashoutResult,
  }),
  // The sandbox's test provider (its sweep, ledger.internal only): whether it settled the cash-out, how, and its BURN.
  // No Cashout view: a stored reply holding the account would be one more for the erasure to find.
  'ledger.settle-test-cashout': ledgerRow({
    schema: settleTestCashoutCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'ledger',
    scope: 'none-internal',
    stepUp: 'not-required',
    approvable: false,
    result: z.object({ settled: z.boolean(), outcome: cashoutOutcome.nullable(), transactionId: transactionId.nullable() }),
  }),
  // Applied only by an approval (one ADMIN+ asks, another approves), with a fresh second factor.
  'ledger.reverse-cashout': ledgerRow({
    schema: reverseCashoutCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    scope: 'none-four-eyes',
    stepUp: 'required',
    approvable: true,
    act: 'cashout-reversal',
    result: cashoutResult,
  }),
  // A rate version (docs/CONTRACT.md "Cash-out"): held back in its request, applied only by its
  // approval; one key for the whole table, so one partition applies every step in order.
  'ledger.set-cashout-rate': ledgerRow({
    schema: setCashoutRateCommand,
    partitionKey: () => cashoutRatesKey,
    route: 'client',
    scope: 'none-four-eyes',
    stepUp: 'required',
    approvable: true,
    act: 'cashout-rate-change',
    result: cashoutRateResult,
  }),
  // Held back in the request a cash-out above the four-eyes threshold makes; applied only by its approval.
  'ledger.clear-cashout': ledgerRow({
    schema: clearCashoutCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    scope: 'none-four-eyes',
    stepUp: 'required',
    approvable: true,
    act: 'cashout-approval',
    result: decideCashoutResult,
  }),
  'ledger.grant-mandate': ledgerRow({
    schema: grantMandateCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    scope: 'none-own-act',
    stepUp: 'not-required',
    approvable: false,
    result: mandateResult,
  }),
  'ledger.cancel-mandate': ledgerRow({
    schema: cancelMandateCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'client',
    scope: 'none-own-act',
    stepUp: 'not-required',
    approvable: false,
    result: mandateResult,
  }),
  'ledger.charge-mandate': ledgerRow({
    schema: chargeMandateCommand,
    partitionKey: (d) => walletKeyOfUser(d.fromUserId),
    route: 'ledger',
    scope: 'none-internal',
    stepUp: 'not-required',
    approvable: false,
    result: chargeMandateResult,
  }),
  'ledger.set-limits': ledgerRow({
    schema: setLimitsCommand,
    partitionKey: (d) => walletKeyOfUser(d.userId),
    route: 'client',
    scope: 'none-moves-no-coins',
    stepUp: 'not-required',
    approvable: false,
    result: z.object({ userId, overrides: limitOverrides }),
  }),
  // Applied only by an approval (one ADMIN+ asks, another approves), with a fresh second factor.
  'ledger.set-commission': ledgerRow({
    schema: setCommissionCommand,
    partitionKey: (d) => walletKeyOfTreasury(d.treasury),
    route: 'client',
    scope: 'none-four-eyes',
    stepUp: 'required',
    approvable: true,
    act: 'commission-change',
    result: commissionRuleEntry,
  }),
  // Freezes (docs/CONTRACT.md "Wallet freezes"), keyed by the frozen wallet so they order with its debits.
  'ledger.freeze-wallet': ledgerRow({
    schema: freezeWalletCommand,
    partitionKey: (d) => walletKeyOfUser(d.userId),
    route: 'client',
    scope: 'none-moves-no-coins',
    stepUp: 'not-required',
    approvable: false,
    result: freezeResult,
  }),
  // Applied only by an approval (one ADMIN+ asks, another approves), with a fresh second factor:
  // the unfreeze act (four-eyes-acts.ts), whose requests are approval requests like every other act's.
  'ledger.lift-freeze': ledgerRow({
    schema: liftFreezeCommand,
    partitionKey: (d) => walletKeyOfUser(d.userId),
    route: 'client',
    scope: 'none-four-eyes',
    stepUp: 'required',
    approvable: true,
    act: 'unfreeze',
    result: freezeResult,
  }),
};

type DirectLedgerRows = typeof directLedgerCommandContracts;
type ApprovableType = { [T in keyof DirectLedgerRows]: DirectLedgerRows[T]['approvable'] extends true ? T : never }[keyof DirectLedgerRows];
/** What an approval request keeps of a command: all it carries but its request hash and id nonce. */
const notStored = ['requestHash', 'idNonce'] as const;
type HeldData<T extends ApprovableType> = Omit<z.output<DirectLedgerRows[T]['schema']>['data'], (typeof notStored)[number]>;
type HeldSchema<T> = T extends ApprovableType ? z.ZodObject<{ type: z.ZodLiteral<T>; data: z.ZodType<HeldData<T>> }> : never;

/** The schema of a held-back command: its type, and its data without what is not stored. */
function heldSchemaOf(schema: LedgerCommandSchema) {
  const data = schema.shape.data as z.ZodObject;
  // Only the keys the command has: zod refuses to omit a key the object does not have.
  const omitted: Partial<Record<(typeof notStored)[number], true>> = Object.fromEntries(
    notStored.filter((key) => key in data.shape).map((key) => [key, true]),
  );
  return z.object({ type: schema.shape.type, data: data.omit(omitted) });
}

/**
 * A money command that waits for a second ADMIN+ (docs/design/ledger.md "Approvals"): what the request
 * asked for, exactly as the direct command would carry it (without its request hash and id nonce).
 * Built from the rows marked `approvable`.
 */
export const approvableCommand = z.discriminatedUnion(
  'type',
  Object.values(directLedgerCommandContracts)
    .filter((row) => row.approvable)
    .map((row) => heldSchemaOf(row.schema)) as unknown as [HeldSchema<ApprovableType>, ...HeldSchema<ApprovableType>[]],
);
export type ApprovableCommand = z.infer<typeof approvableCommand>;

const approvalId = uuidInput;
/**
 * Stores a money command as an approval request instead of applying it; keyed like the command
 * itself (partitionKeyOf its `command`), as are the approve, reject and expire commands, so the
 * partition that would apply it decides every step of the request. The id derives from the
 * command id.
 */
export const requestApprovalCommand = commandSchema(
  'ledger.request-approval',
  z.object({ command: approvableCommand, idNonce: idNonce.optional(), requestHash }),
);
/**
 * What an approve or a reject names (docs/decisions/0005): the request only, when its id names its
 * route (the partition keeping it: the ledger loads the stored command itself), or the request and
 * its command, for an id of the earlier layout (UUIDv5, naming nothing): the command names the key
 * and must equal the stored one. One or the other, or the command has no key to travel under.
 */
const namesItsRoute = (data: { approvalId: string; command?: unknown }) =>
  data.command !== undefined || routeOfApprovalId(data.approvalId) !== null;
const namesItsRouteError = {
  message: 'An approval request of the earlier id layout (UUIDv5) is decided with its command',
  path: ['command'],
};
/**
 * Which kind of request an approve or a reject is meant for: the act, from the routes of an act
 * decided on routes of its own (four-eyes-acts.ts `decidedKind`: a cash-out's reversal, a
 * commission rule's change); absent from every other (a request of such an act is then not found,
 * and one of any other act is not found for it), so each route answers with the view it documents.
 */
const decidedKind = z.enum(decidedKinds).optional();
/** Applies the request's command, by an ADMIN+ who did not request it (the command, when sent, must equal the stored one). */
export const approveCommand = commandSchema(
  'ledger.approve',
  z
    .object({ approvalId, command: approvableCommand.optional(), holds: decidedKind, requestHash })
    .refine(namesItsRoute, namesItsRouteError),
);
export const rejectApprovalCommand = commandSchema(
  'ledger.reject-approval',
  z
    .object({ approvalId, command: approvableCommand.optional(), holds: decidedKind, reason: reasonText, requestHash })
    .refine(namesItsRoute, namesItsRouteError),
);
/** Sent by the ledger's expiry sweep for a pending request past its expiry. */
export const expireApprovalCommand = commandSchema('ledger.expire-approval', z.object({ approvalId, command: approvableCommand }));

const ledgerRows = {
  ...directLedgerCommandContracts,
  // A request holding a payout is shown as a PayoutApproval (its own view), every other as an Approval.
  'ledger.request-approval': ledgerRow({
    schema: requestApprovalCommand,
    partitionKey: partitionOfHeld,
    route: 'client',
    scope: 'of-held-command',
    stepUp: 'not-required',
    approvable: false,
    result: z.object({ approval: anyApproval }),
  }),
  'ledger.approve': ledgerRow({
    schema: approveCommand,
    partitionKey: partitionOfRequest,
    route: 'client',
    scope: 'of-held-command',
    stepUp: 'required',
    approvable: false,
    // What its act's approval answers (the act's row `result`).
    result: z.union(approvalActsSchemas('result')),
  }),
  'ledger.reject-approval': ledgerRow({
    schema: rejectApprovalCommand,
    partitionKey: partitionOfRequest,
    route: 'client',
    scope: 'none-moves-no-coins',
    stepUp: 'required',
    approvable: false,
    // The request; and the cash-out its rejection released (a cash-out's second person rejecting it).
    result: z.object({ approval: anyApproval, cashout: cashout.optional() }),
  }),
  'ledger.expire-approval': ledgerRow({
    schema: expireApprovalCommand,
    partitionKey: partitionOfHeld,
    route: 'ledger',
    scope: 'none-internal',
    stepUp: 'not-required',
    approvable: false,
    result: z.object({ approval: anyApproval.nullable(), expired: z.boolean() }),
  }),
};

/** The ledger's commands, one row each (LedgerContractRow; docs/DESIGN.md "Adding a command"). */
export const ledgerCommandContracts: LedgerContractTable<typeof ledgerRows> = ledgerRows;

/** The union of a table's commands: each row's schema, once (the rows are filed under their types). */
function unionOfRows<R extends Record<string, { schema: z.ZodObject<{ type: z.ZodLiteral<string>; data: z.ZodType }> }>>(rows: R) {
  type Schema = R[keyof R]['schema'];
  return z.discriminatedUnion('type', Object.values(rows).map((row) => row.schema) as [Schema, ...Schema[]]);
}

/** Every ledger command (ledger.commands and ledger.internal), built from the rows' schemas. */
export const ledgerCommand = unionOfRows(ledgerCommandContracts);
export type LedgerCommand = z.infer<typeof ledgerCommand>;
export type MoneyCommand = Exclude<LedgerCommand, { type: 'ledger.open-wallet' }>;

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

/** A user command's schema (user.ts): `commandSchema(type, data)`. */
export type UserCommandSchema = z.ZodObject<{ type: z.ZodLiteral<`user.${string}`>; data: z.ZodType }>;

/**
 * One row per user command, typed like the ledger's (a missing row or field is a compile error),
 * and, like the ledger's, the rows' schemas make the union of the user commands (`userCommand`):
 * - `schema`: the command's schema (user.ts).
 * - `partitionKey`: the one rule for the key it travels under. A sealed registration is keyed by
 *   its key's id, which names no one (two of one address may then apply side by side: the unique
 *   address decides, and the second meets EMAIL_TAKEN); one in clear (an earlier gateway's) by
 *   the address as the user service compares it (trimmed, lower-cased). The commands about an
 *   account by its id, so they apply in the order they were sent; keys, clients and grant
 *   decisions by one shared key each.
 * - `proof`: whether it must carry proof of the authority behind it: all but a registration,
 *   which a stranger asks for. Operators act through the CLI on the database, never on Kafka.
 * - `scope`: `'none-user-service'`: no user command takes an API key (NoKeyReason).
 * - `stepUp`: whether an admin confirms it with a fresh second factor (StepUp; commandNeedsStepUp).
 * - `result`: what the user service answers it with when it is accepted.
 */
export interface UserContractRow<S extends UserCommandSchema = UserCommandSchema> {
  schema: S;
  partitionKey(data: z.output<S>['data']): string;
  proof: boolean;
  scope: 'none-user-service';
  stepUp: StepUp;
  result: z.ZodType;
}

/** A row, typed by its schema (as ledgerRow). */
function userRow<S extends UserCommandSchema, R extends z.ZodType, U extends StepUp>(row: {
  schema: S;
  partitionKey(data: z.output<S>['data']): string;
  proof: boolean;
  scope: 'none-user-service';
  stepUp: U;
  result: R;
}) {
  return row;
}

/** Each row filed under its own schema's type (as LedgerContractTable). */
export type UserContractTable<R> = FiledUnderTheirTypes<R, UserContractRow>;

/** The user's token version after the command: the gateway caches it to refuse older tokens at once. */
const tokenVersion = z.number().int().nonnegative();
const byUserId = (d: { userId: number }) => String(d.userId);
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

const userRows = {
  'user.register': userRow({
    schema: registerUserCommand,
    // Sealed: under its key's id, so the record key names no one either.
    partitionKey: (d) => ('sealed' in d ? d.sealed.keyId : normalizeEmail(d.email)),
    proof: false,
    scope: 'none-user-service',
    stepUp: 'not-required',
    // The new account's id only: replies are stored and sent on a topic, personal data is not (docs/DESIGN.md "Erasure").
    result: z.object({ user: z.object({ id: userId }) }),
  }),
  'user.change-role': userRow({
    schema: changeRoleCommand,
    partitionKey: byUserId,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'required',
    // Applied at once (a role that grants no means to move coins), or a request a second SUPERADMIN decides.
    result: z.union([z.object({ user: z.object({ id: userId, role }), tokenVersion }), grantPending]),
  }),
  'user.delete': userRow({
    schema: deleteUserCommand,
    partitionKey: byUserId,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'required',
    // Deleted at once, or (at or above DELETION_APPROVAL_MIN_COINS) a request a second SUPERADMIN decides.
    result: z.union([z.object({ userId, tokenVersion }), deletionPending]),
  }),
  'user.revoke-sessions': userRow({
    schema: revokeSessionsCommand,
    partitionKey: byUserId,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'not-required',
    result: z.object({ userId, tokenVersion }),
  }),
  'user.set-verification': userRow({
    schema: setVerificationCommand,
    partitionKey: byUserId,
    proof: true,
    // It moves what a user may cash out in a day: a money-relevant act, confirmed like a freeze.
    scope: 'none-user-service',
    stepUp: 'required',
    // No personal data: the gateway reads the account it answers with. Verifying an ADMIN+ account
    // is a request another ADMIN+ approves (docs/CONTRACT.md "Verification").
    result: z.union([
      z.object({ user: z.object({ id: userId, isVerified: z.boolean() }), tokenVersion }),
      z.object({ grantRequest: anyGrantRequest }),
    ]),
  }),
  'user.approve-deletion': userRow({
    schema: approveDeletionCommand,
    partitionKey: byUserId,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'required',
    result: z.object({ userId, tokenVersion, deletionRequest }),
  }),
  'user.reject-deletion': userRow({
    schema: rejectDeletionCommand,
    partitionKey: byUserId,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'required',
    result: z.object({ deletionRequest }),
  }),
  'user.api-key.create': userRow({
    schema: createApiKeyCommand,
    partitionKey: () => apiKeyCommandKey,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'required',
    // A person's key waits for a second SUPERADMIN; an operator's (never on Kafka) would be the key itself.
    result: z.union([apiKey, grantPending]),
  }),
  'user.api-key.revoke': userRow({
    schema: revokeApiKeyCommand,
    partitionKey: () => apiKeyCommandKey,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'not-required',
    result: z.object({ id: z.uuid(), keyHash: sha256Hex }),
  }),
  'user.platform-client.create': userRow({
    schema: createPlatformClientCommand,
    partitionKey: () => platformClientCommandKey,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'required',
    // The hashes come back with the request too, so the gateway tells a first answer from a retry's.
    result: z.union([platformClientCreated, grantPending.extend({ secretHash: sha256Hex, requestHash: sha256Hex })]),
  }),
  'user.platform-client.callback-secret': userRow({
    schema: issueCallbackSecretCommand,
    partitionKey: () => platformClientCommandKey,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'required',
    // Always a request for a second SUPERADMIN; the hashes tell the gateway a first answer from a retry's.
    result: z.object({ grantRequest: anyGrantRequest, secretHash: sha256Hex, requestHash: sha256Hex }),
  }),
  'user.platform-client.set-reward-cap': userRow({
    schema: setRewardCapCommand,
    partitionKey: () => platformClientCommandKey,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'required',
    // Always a request for a second SUPERADMIN (four-eyes-acts.ts 'reward-cap').
    result: z.object({ grantRequest: anyGrantRequest }),
  }),
  'user.platform-client.revoke': userRow({
    schema: revokePlatformClientCommand,
    partitionKey: () => platformClientCommandKey,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'not-required',
    result: platformClientRevoked,
  }),
  // A test-mode client's own test user (docs/decisions/0018-sandbox.md): keyed by the client, so its creations apply in order.
  'user.test-user.create': userRow({
    schema: createTestUserCommand,
    partitionKey: (d) => d.clientId,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'not-required',
    result: createdTestUser,
  }),
  // Deleting a test client's sandbox data marks its test users deleted: keyed like their creations.
  'user.test-users.delete': userRow({
    schema: deleteTestUsersCommand,
    partitionKey: (d) => d.clientId,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'not-required',
    result: deletedTestUsers,
  }),
  'user.approve-grant': userRow({
    schema: approveGrantCommand,
    partitionKey: () => grantRequestCommandKey,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'required',
    // The approved role change's new token version (the gateway caches it at once); null for keys and clients.
    result: z.object({ grantRequest: anyGrantRequest, tokenVersion: tokenVersion.nullable() }),
  }),
  'user.reject-grant': userRow({
    schema: rejectGrantCommand,
    partitionKey: () => grantRequestCommandKey,
    proof: true,
    scope: 'none-user-service',
    stepUp: 'required',
    result: z.object({ grantRequest: anyGrantRequest }),
  }),
};

/** The user service's commands, one row each (UserContractRow; docs/DESIGN.md "Adding a command"). */
export const userCommandContracts: UserContractTable<typeof userRows> = userRows;

/** The decisions of the four-eyes acts (four-eyes-acts.ts) whose requests the service `S` keeps. */
type FourEyesDecisionsOf<S extends 'ledger' | 'user'> = {
  [A in FourEyesAct]: (typeof fourEyesActs)[A] extends { service: S; approve: infer P; reject: infer R } ? P | Exclude<R, null> : never;
}[FourEyesAct];
/** Every four-eyes act's decisions are commands of the service that keeps its requests, or this does not compile. */
export const fourEyesDecisionsAreCommands: [FourEyesDecisionsOf<'ledger'>] extends [LedgerCommandType]
  ? [FourEyesDecisionsOf<'user'>] extends [UserCommandType]
    ? true
    : never
  : never = true;

/** Every user command (user.commands), built from the rows' schemas. */
export const userCommand = unionOfRows(userCommandContracts);
export type UserCommand = z.infer<typeof userCommand>;

const userCommandTypes = Object.keys(userCommandContracts) as UserCommandType[];

export function userCommandNeedsProof(type: UserCommandType): boolean {
  return userCommandContracts[type].proof;
}

/** The key (so the partition) a user command travels under: its row's rule (userCommandContracts). */
export function userPartitionKeyOf(command: UserDraft): string {
  const row: UserContractRow = userCommandContracts[command.type];
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
  return row.stepUp === 'required';
}

/**
 * Whether a ledger command as sent needs a fresh second factor: its row says so, or it asks for
 * approval of a command whose row does (asking for a cash-out's reversal is confirmed as afresh as
 * approving it). The ledger checks it against the command's time, as it checks an approve.
 */
export function ledgerCommandNeedsStepUp(command: Pick<LedgerCommand, 'type' | 'data'>): boolean {
  if (commandNeedsStepUp(command.type)) return true;
  const held = command.type === 'ledger.request-approval' ? (command.data as { command?: { type?: unknown } }).command?.type : undefined;
  return typeof held === 'string' && held in ledgerCommandContracts && commandNeedsStepUp(held as LedgerCommandType);
}
