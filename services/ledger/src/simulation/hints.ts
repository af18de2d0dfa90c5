import { cashoutApprovalIdOf, decidedKinds, fourEyesActs, treasuryCodes, type DecidedKind } from '@coin/contracts';
import { peopleBehindGrants, unsignedReferral, type Cast } from './actors';
import { openStatuses, type Seen, type WorldModel } from './model';
import type { Random } from './random';
import { accepts, type FieldQuestion, type KnownValue, type ValueHints } from './schema-values';

/**
 * What the world model knows about a command's fields, by their names (docs/RELIABILITY.md "The
 * whole-ledger simulation"): user ids from the opened users, ids of transactions, holds,
 * approval requests, mandates and rate versions seen in answers (each naming its siblings: a
 * hold its payer, a purchase its treasury), realistic amounts, times near the simulation's clock.
 * Names, not command types: a new command whose fields are named like the others' is
 * generated meaningfully without a line here. Every known value is one the field's schema
 * accepts; anything else is left to the schema walk.
 */

/** A user id no wallet has: commands naming it meet the ledger's "not found" answers. */
export const unknownUserId = 777_777;
const coinsToMinor = (coins: unknown) => (typeof coins === 'number' ? Math.round(coins * 100) : undefined);

/** Members generated first in an object: what they name decides their siblings. */
export const anchorFields: ReadonlySet<string> = new Set([
  'transactionId',
  'holdId',
  'approvalId',
  'mandateId',
  'purchaseId',
  'kind',
  'fromUserId',
  'from',
]);

export interface HintContext {
  random: Random;
  model: WorldModel;
  cast: Cast;
  now: Date;
  /** The command type being generated: some pools suit some types better (a cash-out's id for a claim). */
  type: string;
}

type Hint = (field: FieldQuestion, context: HintContext) => KnownValue | undefined;

const byName: Readonly<Record<string, Hint>> = {
  userId: (field, c) => userHint(field, c),
  fromUserId: (field, c) => {
    const known = userHint(field, c);
    return known && { value: known.value, related: { payer: known.value } };
  },
  toUserId: (field, c) => userHint(field, c),
  code: (field, c) => treasuryHint(field, c),
  treasury: (field, c) => treasuryHint(field, c),
  // A treasury's owner is a test-mode client's (its own sandbox treasury, which the live ledger refuses).
  clientId: (field, c) => (ownsTreasury(field) ? testClientHint(c) : clientHint(field, c)),
  treasuryClientId: (_field, c) => testClientHint(c),
  referral: (field, c) => referralHint(field, c),
  settlerClientId: (field, c) => clientHint(field, c),
  providerClientId: (_field, c) => ({ value: c.random.chance(0.8) ? 'pc_payout' : c.random.pick(c.cast.platformClients).id }),
  transactionId: (_field, c) => transactionHint(c),
  purchaseId: (_field, c) => transactionHint(c),
  refundId: (_field, c) => transactionHint(c),
  holdId: (_field, c) =>
    entityHint(c, c.type.includes('cashout') ? ['cashout', 'hold'] : ['hold', 'cashout'], (s) => holdRelations(s, c.cast), 0.03),
  // A request decided on routes of its own (a cash-out's reversal, a commission change) is named so
  // by its approve or reject (`holds`); a cash-out waiting for its second person is named by its request.
  approvalId: (_field, c) =>
    (c.random.chance(0.3) ? cashoutRequestHint(c) : undefined) ??
    entityHint(
      c,
      ['approval'],
      // A rate's request shows its requester as the version's proposer.
      (s) => ({ notBy: ((s.fields.requestedBy ?? s.fields.proposedBy) as { id?: unknown } | undefined)?.id, holds: decidedKindOfSeen(s) }),
      0.01,
    ),
  mandateId: (_field, c) => entityHint(c, ['mandate'], (s) => ({ fromUserId: s.fields.fromUserId })),
  amount: (field, c) => {
    const value = amountOf(field, c);
    return { value, related: { lastAmount: value } };
  },
  // At least the amount beside it, mostly a little more.
  maxPerPeriod: (field, c) => ({
    value: (typeof field.related.lastAmount === 'number' ? field.related.lastAmount : 0) + c.random.int(0, 500),
  }),
  seconds: (_field, c) => ({ value: c.random.int(60, 2 * 86_400) }),
  // A wallet's own limits: mostly roomy, now and then tight enough to bite.
  dailyAmount: (_field, c) => ({ value: c.random.logUniform(20_000, 2_000_000) }),
  singleAmount: (_field, c) => ({ value: c.random.logUniform(5_000, 500_000) }),
  dailyCount: (_field, c) => ({ value: c.random.int(5, 300) }),
  expiresInSeconds: (_field, c) => ({ value: c.random.int(60, 4 * 3600) }),
  xafPerCoin: (_field, c) => ({ value: c.random.int(600, 700) }),
  idNonce: (_field, c) => ({ value: c.random.text('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_', 32) }),
  kind: (field, c) => (field.path.length === 1 ? kindHint(field, c) : undefined),
  decision: (_field, c) => ({ value: c.random.chance(0.75) ? 'APPROVE' : 'REJECT' }),
  outcome: (_field, c) => ({ value: c.random.chance(0.7) ? 'CONFIRMED' : 'FAILED' }),
};

/** The hints the schema walk asks, for one command of `context.type`. */
export function hintsFor(context: HintContext): ValueHints {
  return {
    random: context.random,
    anchors: anchorFields,
    known: (field) => {
      // What an anchor named for this very field (a hold's payer for `fromUserId`), nearly always.
      const named =
        Object.hasOwn(field.related, field.name) && context.random.chance(0.95) ? { value: field.related[field.name] } : undefined;
      const known = named ?? (Object.hasOwn(byName, field.name) ? byName[field.name]?.(field, context) : undefined);
      // Only what the field accepts: a literal (a payout's REWARDS) or a bound the hint did not know wins.
      return known && accepts(field.schema, known.value) ? known : undefined;
    },
    omitRate: (field) => omitRateOf(field, context),
    dateTime: (field) => dateTimeOf(field, context),
    option: (field, options) => optionOf(field, options, context),
  };
}

function omitRateOf(field: FieldQuestion, context: HintContext): number {
  // An approve or reject names its request only (its id names the route): a command beside it is the earlier layout's.
  if (field.name === 'command') return 0.9;
  // An affiliate is a purchase's (on a transfer it is refused), once some rule exists.
  if (field.name === 'affiliate') return field.related.kind === 'PURCHASE' && context.model.commissionRules.size > 0 ? 0.35 : 0.93;
  if (field.name === 'requestHash') return 0.7;
  // An approve or reject of an Approval names no kind; one of a request decided on routes of its own names it (related).
  if (field.name === 'holds') return 0.9;
  // The gateway draws a nonce for every request that may create an object: one without is an earlier gateway's.
  if (field.name === 'idNonce') return 0.05;
  // A test-mode client's own sandbox treasury: the simulated ledger is live, and refuses every command naming one.
  if (field.name === 'treasuryClientId' || ownsTreasury(field)) return 0.95;
  return 0.45;
}

function optionOf(field: FieldQuestion, options: readonly FieldQuestion['schema'][], { random }: HintContext): number | undefined {
  // A live purchase's affiliate is a referral's, mostly; now and then the sandbox's own naming,
  // which the live ledger must refuse before any apply.
  if (field.name === 'affiliate') {
    const byReferral = options.findIndex((option) => accepts(option, { referral: 'a.b.c' }));
    return byReferral < 0 || random.chance(0.08) ? undefined : byReferral;
  }
  // A purchase pays a treasury: the party option whose `kind` is the treasury's.
  if (field.name !== 'to' || field.related.kind !== 'PURCHASE') return undefined;
  const index = options.findIndex((option) => accepts(option, { kind: 'treasury', code: 'COURSE_FEES' }));
  return index < 0 ? undefined : index;
}

function kindHint(field: FieldQuestion, context: HintContext): KnownValue | undefined {
  const value = context.random.pick(['PURCHASE', 'PURCHASE', 'TRANSFER']);
  return accepts(field.schema, value) ? { value, related: { kind: value } } : undefined;
}

function userHint(field: FieldQuestion, context: HintContext): KnownValue {
  const { random, model, cast } = context;
  // Lifting a freeze names a frozen wallet.
  if (context.type === 'ledger.lift-freeze' && field.path.length === 1) {
    const frozen = entityHint(context, ['freeze'], () => ({}), 0);
    if (frozen && typeof frozen.value === 'number') return frozen;
  }
  const open = model.openUsers();
  const avoid = new Set<unknown>([field.related.payer, ...((field.related.usedUsers as unknown[]) ?? [])]);
  const pickFrom = (ids: readonly number[]) => {
    const others = ids.filter((id) => !avoid.has(id));
    return random.pick(others.length > 0 && random.chance(0.95) ? others : ids);
  };
  const roll = random.next();
  let value: number;
  if (field.path.includes('userId') && field.path.length === 1 && random.chance(0.5)) value = pickFrom(model.userIds);
  else if (roll < 0.82 && open.length > 0) value = pickFrom(open);
  else if (roll < 0.93) value = pickFrom(model.userIds);
  else if (roll < 0.97) value = pickFrom(cast.admins.map((a) => a.id));
  else value = unknownUserId;
  return { value, related: { usedUsers: [...((field.related.usedUsers as unknown[]) ?? []), value] } };
}

const treasuryWeights: ReadonlyArray<readonly [string, number]> = [
  ['COURSE_FEES', 40],
  ['SUBSCRIPTIONS', 20],
  ['REWARDS', 25],
  ['OPERATIONS', 15],
];

function treasuryHint(field: FieldQuestion, { random }: HintContext): KnownValue {
  const named = field.related.treasury;
  const value =
    typeof named === 'string' && (treasuryCodes as readonly string[]).includes(named) ? named : random.weighted(treasuryWeights);
  return { value, related: { treasury: value } };
}

function clientHint(_field: FieldQuestion, { random, cast }: HintContext): KnownValue {
  return { value: random.pick(cast.platformClients).id };
}

/** A party's `clientId` (of a wallet a command pays from, into or retires): the owner of a test-mode client's own treasury. */
function ownsTreasury(field: FieldQuestion): boolean {
  const parent = field.path[field.path.length - 2];
  return field.name === 'clientId' && typeof parent === 'string' && ['to', 'from', 'returnTo', 'treasury'].includes(parent);
}

/** A test-mode client of the cast: the owner a sandbox treasury names. */
function testClientHint({ random, cast }: HintContext): KnownValue {
  const test = cast.platformClients.filter((client) => client.id.startsWith('test_'));
  return { value: random.pick(test.length > 0 ? test : cast.platformClients).id };
}

/**
 * A purchase's referral (docs/CONTRACT.md "Affiliate splits"), unsigned as every proof here: mostly
 * of a client with a rule at the purchase's treasury, for its buyer and treasury, naming another
 * open user; now and then for another buyer or treasury, naming the buyer or a person behind the
 * client's grant, of a client without a rule, so the deciders' refusals are met too.
 */
function referralHint(field: FieldQuestion, { random, model, cast, now }: HintContext): KnownValue {
  const treasury = typeof field.related.treasury === 'string' ? field.related.treasury : random.weighted(treasuryWeights);
  const payer = typeof field.related.payer === 'number' ? field.related.payer : random.pick(model.userIds);
  const ruled = model.clientsWithRules(treasury);
  const sub = ruled.length > 0 && random.chance(0.85) ? random.pick(ruled) : random.pick(cast.platformClients).id;
  const others = model.openUsers().filter((id) => id !== payer);
  const roll = random.next();
  const affiliate =
    roll < 0.04 ? payer : roll < 0.07 ? peopleBehindGrants.createdBy : random.pick(others.length > 0 ? others : model.userIds);
  const value = unsignedReferral({
    sub,
    buyer: random.chance(0.96) ? payer : random.pick(model.userIds),
    affiliate,
    treasury: random.chance(0.96) ? treasury : random.weighted(treasuryWeights),
    iatS: Math.floor(now.getTime() / 1000),
  });
  return { value };
}

/**
 * Seen objects of the pools, those still waiting for a next step (and not past their expiry) more
 * often than the rest; now and then (`unknownRate`) an id no one has seen.
 */
function entityHint(
  context: HintContext,
  pools: readonly string[],
  relations: (seen: Seen) => Record<string, unknown>,
  unknownRate = 0.03,
  suits: (seen: Seen) => boolean = () => true,
): KnownValue | undefined {
  const { random, now } = context;
  const seen = context.model.seen(pools.slice(0, random.chance(0.85) ? 1 : pools.length));
  if (seen.length === 0 || random.chance(unknownRate)) return { value: random.uuid() };
  const live = (s: Seen) => typeof s.fields.expiresAt !== 'string' || new Date(s.fields.expiresAt) > now;
  const open = seen.filter((s) => openStatuses.has(String(s.fields.status)) && live(s) && suits(s));
  const chosen = open.length > 0 && random.chance(0.8) ? random.pick(open.slice(0, 12)) : random.pick(seen.slice(0, 40));
  return { value: chosen.id, related: withoutUndefined(relations(chosen)) };
}

/**
 * What a hold (or a cash-out) names: its payer, its amount, and who settles it (`by`): the client
 * its payer named, a client granted the treasury it pays, an ADMIN for one paying a user; a
 * cash-out's provider.
 */
function holdRelations(seen: Seen, cast: Cast): Record<string, unknown> {
  const { fields, sent } = seen;
  const treasury = fields.toTreasury;
  const granted = cast.platformClients.find((c) => typeof treasury === 'string' && c.treasuries.includes(treasury))?.id;
  const provider = fields.claimedBy ?? fields.providerClientId ?? cast.platformClients.find((c) => c.cashout)?.id;
  const isCashout = seen.pool === 'cashout';
  return {
    fromUserId: fields.fromUserId ?? fields.userId,
    holdAmount: coinsToMinor(fields.amount),
    by: isCashout ? provider : (sent?.settlerClientId ?? granted ?? cast.admins[0]?.id),
  };
}

/** A transaction to name: mostly a purchase (what refunds take), and then one not refunded in full. */
function transactionHint(context: HintContext): KnownValue | undefined {
  const { random } = context;
  const seen = context.model.seen(['transaction']);
  if (seen.length === 0 || random.chance(0.03)) return { value: random.int(1, 1_000_000) };
  const refundable = (s: Seen) =>
    (coinsToMinor(s.fields.amount) ?? 0) > (typeof s.fields.refundedMinor === 'number' ? s.fields.refundedMinor : 0);
  const all = seen.filter((s) => s.fields.type === 'PURCHASE');
  const left = all.filter(refundable);
  const purchases = left.length > 0 && random.chance(0.85) ? left : all;
  const split = new Set<unknown>(seen.map((s) => s.fields.splitOf));
  const splitPurchases = purchases.filter((s) => split.has(s.id));
  const pool =
    splitPurchases.length > 0 && random.chance(0.5) ? splitPurchases : purchases.length > 0 && random.chance(0.85) ? purchases : seen;
  const chosen = random.pick(pool.slice(0, 30));
  const remaining =
    (coinsToMinor(chosen.fields.amount) ?? 0) - (typeof chosen.fields.refundedMinor === 'number' ? chosen.fields.refundedMinor : 0);
  return {
    value: chosen.id,
    related: withoutUndefined({
      treasury: chosen.fields.toTreasury ?? undefined,
      purchaseAmount: remaining > 0 ? remaining : coinsToMinor(chosen.fields.amount),
    }),
  };
}

/** Commands that bring coins into the economy: larger amounts, a treasury's larger still. */
const fundingTypes: ReadonlySet<string> = new Set(['ledger.mint', 'ledger.reward']);

/** Realistic amounts (minor units): mostly a few coins to a few tens, some hundreds, rarely a fortune. */
function amountOf(field: FieldQuestion, { random, type }: HintContext): number {
  // A fixed commission: a little of a purchase.
  if (field.path.includes('rule')) return random.int(10, 400);
  if (fundingTypes.has(type) && random.chance(0.9))
    return typeof field.related.treasury === 'string' ? random.logUniform(20_000, 200_000) : random.logUniform(1_000, 20_000);
  // A cash-out above the four-eyes threshold now and then (simulationPolicy: 30 coins), so a second person decides it.
  if (type === 'ledger.cashout' && random.chance(0.3)) return random.logUniform(3_000, 9_000);
  const whole = field.related.purchaseAmount ?? field.related.holdAmount;
  if (typeof whole === 'number' && whole > 0 && random.chance(0.85)) return random.int(1, whole);
  const roll = random.next();
  if (roll < 0.85) return random.logUniform(50, 4_000);
  if (roll < 0.97) return random.logUniform(4_000, 40_000);
  return random.logUniform(40_000, 100_000_000);
}

function dateTimeOf(field: FieldQuestion, { random, now }: HintContext): string {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const minute = 60_000;
  if (field.name === 'startsAt') return random.chance(0.5) ? at(-random.int(0, 2 * 1440) * minute) : at(random.int(0, 360) * minute);
  if (field.name === 'endsAt') return at(random.int(1, 20) * 1440 * minute);
  // A rate takes effect a minute after its approval at the earliest: a few hours leave the second person time.
  if (field.name === 'effectiveFrom') return at(random.int(30, 360) * minute);
  return at(0);
}

/**
 * The kind of request decided on routes of its own a seen request is: the act whose view (the
 * request its contract row documents) it is, when that act is such a kind; undefined for any other.
 */
/**
 * A cash-out waiting for its second person, named as its request (the cash-out's id read as a
 * request's, decided on its act's routes); none when no cash-out seen waits.
 */
function cashoutRequestHint(context: HintContext): KnownValue | undefined {
  const waiting = context.model
    .seen(['cashout'])
    .filter((s) => (s.fields.approval as { status?: unknown } | undefined)?.status === 'PENDING');
  if (waiting.length === 0) return undefined;
  const chosen = context.random.pick(waiting.slice(0, 12));
  const id = cashoutApprovalIdOf(String(chosen.id));
  return id === null ? undefined : { value: id, related: { notBy: String(chosen.fields.userId), holds: 'cashout-approval' } };
}

function decidedKindOfSeen(seen: Seen): DecidedKind | undefined {
  return decidedKinds.find((kind) => fourEyesActs[kind].request.safeParse(seen.fields).success);
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
