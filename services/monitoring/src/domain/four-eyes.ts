import {
  eligibleSinceFor,
  type FourEyesAct,
  fourEyesActs,
  notEligibleDetailFor,
  paysPerson,
  secondPersonCodes,
  secondPersonRefusal,
  type SecondPersonCase,
  type SecondPersonWording,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import { ruleModes, type Rule } from './rules';

/**
 * Who may change monitoring alone (docs/design/monitoring.md "Two people"). Loosening a rule
 * (disabling it, moving it from ACTIVE to TEST, lowering its score, raising a threshold, shortening
 * its window, or any change this cannot rank) lets through what was caught, which is what an
 * insider helping a launderer would do: one ADMIN proposes it and a different ADMIN+ approves it.
 * Giving a rule more power to freeze (`freezePowerGains`) is the other insider's way, freezing
 * whoever pays: it takes two people too. Any other tightening only catches more (more cases for
 * people to read): one ADMIN may do it at once. Pure: the routes judge by it.
 */

/** One field of a rule that a change moves: its name and its values before and after. */
export interface RuleFieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** Fields where a higher value catches more. */
const higherIsTighter: ReadonlySet<string> = new Set(['score', 'windowMs', 'maxHops', 'newWalletMs', 'walletAgeMs', 'bandBasisPoints']);

/** Fields where a lower value catches more (a threshold, a minimum count or amount); null there means "not checked". */
const lowerIsTighter: ReadonlySet<string> = new Set([
  'maxCount',
  'maxSumMinor',
  'minCount',
  'minSenders',
  'minRecipients',
  'minAmountMinor',
  'minSumMinor',
  'dormantMs',
  'factorPercent',
  'minWindows',
]);

/** Every field the change moves, in the rule's field order (the audited diff). A new rule moves every field from null. */
export function ruleDiff(before: Rule | undefined, after: Rule): RuleFieldChange[] {
  const was = new Map<string, unknown>(Object.entries(before ?? {}));
  const now = new Map<string, unknown>(Object.entries(after));
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  return fields
    .filter((f) => was.get(f) !== now.get(f))
    .map((field) => ({ field, from: was.get(field) ?? null, to: now.get(field) ?? null }));
}

/** The changes that loosen the rule: empty when the change only tightens it (or adds a new rule, which only catches more). */
export function ruleLoosenings(before: Rule | undefined, after: Rule): RuleFieldChange[] {
  if (before === undefined) return [];
  return ruleDiff(before, after).filter((change) => !tightens(change));
}

function tightens({ field, from, to }: RuleFieldChange): boolean {
  if (field === 'mode') return strictness(to) >= strictness(from);
  if (typeof to !== 'number' && to !== null) return false;
  if (higherIsTighter.has(field)) return typeof from === 'number' && typeof to === 'number' && to >= from;
  if (!lowerIsTighter.has(field)) return false;
  if (from === null) return true; // a check added where there was none
  return typeof from === 'number' && typeof to === 'number' && to <= from;
}

/** DISABLED 0, TEST 1, ACTIVE 2: how much a mode lets the rule count. */
function strictness(mode: unknown): number {
  const order: readonly string[] = [...ruleModes].reverse();
  return order.indexOf(String(mode));
}

/**
 * Why a change gives a rule more power to freeze, which one ADMIN alone may not give it (empty:
 * none). A rule freezes through its score: an ACTIVE rule's hits add their scores, and at
 * MONITORING_FREEZE_SCORE (`freezeAt`) the case's wallet is frozen, its cash-outs with it, each
 * freeze lifted only by two ADMIN+. So a second ADMIN+ is needed when the rule starts scoring (a
 * new ACTIVE rule, or TEST or DISABLED made ACTIVE: a new rule added in TEST and made ACTIVE next
 * would otherwise be two lone steps), when its score rises, and for any change of a rule that
 * freezes alone (its score at `freezeAt` or more: a lower threshold there freezes more wallets).
 * A lower threshold of an ACTIVE rule below the freeze score stays one ADMIN's: it opens more
 * cases for people to read, and what it freezes with other rules is bounded per rule and hour
 * (MONITORING_RULE_FREEZES_PER_HOUR_MAX). Pure: the rule routes judge by it.
 */
export function freezePowerGains(before: Rule | undefined, after: Rule, freezeAt: number): string[] {
  if (after.mode !== 'ACTIVE') return [];
  if (before === undefined) return ['a new ACTIVE rule scores toward the freeze score'];
  if (before.mode !== 'ACTIVE') return [`made ACTIVE (it was ${before.mode}): it starts scoring toward the freeze score`];
  const gains: string[] = [];
  if (after.score > before.score) gains.push(`its score rises (${before.score} -> ${after.score}) toward the freeze score ${freezeAt}`);
  if (after.score >= freezeAt && ruleDiff(before, after).length > 0) gains.push(`its score ${after.score} freezes alone (${freezeAt})`);
  return gains;
}

/** The audited form of a diff: `field: from -> to`, one string a field. */
export function diffSummary(changes: readonly RuleFieldChange[]): string[] {
  return changes.map((c) => `${c.field}: ${JSON.stringify(c.from)} -> ${JSON.stringify(c.to)}`.slice(0, 200));
}

/**
 * Why closing a case needs a second ADMIN+, or null when one may close it: the case asked for a
 * freeze of a wallet, or it is called a false positive at a score of `falsePositiveAt` or more
 * (MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE: a case one rule of the presets opens scores 50-70,
 * freezes nothing, and "nothing happened" is what an insider helping its subject would say).
 */
export function caseClosureNeedsSecond(
  found: { freezeRequestedAt: Date | null; score: number },
  resolution: 'CONFIRMED' | 'FALSE_POSITIVE',
  falsePositiveAt: number,
): string | null {
  if (found.freezeRequestedAt !== null) return 'This case froze a wallet';
  if (resolution === 'FALSE_POSITIVE' && found.score >= falsePositiveAt)
    return `This case scored ${found.score}: calling it a false positive`;
  return null;
}

/** A person's wallet key (`user:<id>`): what a case names its subject and its transactions' parties by. */
export function walletOfUser(userId: string): string {
  return `user:${userId}`;
}

/**
 * Whether the ADMIN+ who asks is the case's subject or a party to one of its transactions (or of
 * those they link): nobody decides a case about themselves, whatever the step. Pure: `parties`
 * are the wallets the case's transactions (and the ones being linked) move between.
 */
export function isSelfDealing(actorUserId: string, subject: string, parties: readonly (string | null)[]): boolean {
  return paysPerson({ kind: 'user', id: actorUserId }, [subject, ...parties].map(userOfWallet));
}

/** The user id a wallet key names (`user:<id>`), or null for a treasury's. */
export function userOfWallet(wallet: string | null): string | null {
  return wallet?.startsWith('user:') ? wallet.slice('user:'.length) : null;
}

/** An ADMIN+ by their user id, as the second person's rule names people. */
export function personOf(userId: number | string): { kind: 'user'; id: string } {
  return { kind: 'user', id: String(userId) };
}

/** Who decides, as the gateway's call names them: the person, their role, and since when they hold it (null: not known). */
export interface Decider {
  actor: { kind: 'user'; id: string; role: string };
  roleSince: string | null;
}

/**
 * What the second person's rule knows of who may decide a proposal of `act` made at `requestedAt`,
 * from the act's contract row (its `deciders`): a decider whose role the row does not name, or who
 * took it at or after the proposal (promoted for the occasion), is not eligible. With the words
 * for that part.
 */
export function deciderFacts(
  act: Extract<FourEyesAct, 'case-resolution' | 'rule-change' | 'freeze-lift'>,
  decider: Decider,
  requestedAt: Date,
): { facts: Pick<SecondPersonCase, 'eligibleSince' | 'requestedAt'>; wording: SecondPersonWording } {
  const { deciders } = fourEyesActs[act];
  const since = decider.roleSince === null ? null : new Date(decider.roleSince);
  return {
    facts: { eligibleSince: eligibleSinceFor(deciders, { role: decider.actor.role, since }), requestedAt },
    wording: { 'not-eligible': { detail: notEligibleDetailFor(deciders) } },
  };
}

/** The second person's rule (@coin/contracts second-person.ts, every four-eyes act's) as the typed refusal a route answers. */
export function secondPersonError(decision: SecondPersonCase, wording?: SecondPersonWording): AppError | null {
  const refusal = secondPersonRefusal(decision, wording);
  return refusal ? new AppError(refusal.code, refusal.detail) : null;
}

/**
 * When a proposal lapses: MONITORING_PROPOSAL_EXPIRY_S after it was made (the configured expiry
 * read when it is judged). Past it nobody approves it, as no four-eyes request waits forever.
 */
export function proposalExpiresAt(proposedAt: Date, expiryMs: number): Date {
  return new Date(proposedAt.getTime() + expiryMs);
}

/** The life of a request a second ADMIN+ decides: PENDING, then APPROVED or REJECTED by a person, or EXPIRED. */
export type RequestStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'EXPIRED';

/** A request's status at `now`: a PENDING one whose time has passed is EXPIRED, stored so yet or not. */
export function requestStatusAt(request: { status: RequestStatus; requestedAt: Date }, expiryMs: number, now: Date): RequestStatus {
  return request.status === 'PENDING' && now >= proposalExpiresAt(request.requestedAt, expiryMs) ? 'EXPIRED' : request.status;
}

/** Whether a refusal is the rule's "expired": the request is then stored EXPIRED, so that the next send proposes anew. */
export function isExpiredRefusal(refusal: AppError): boolean {
  return refusal.code === secondPersonCodes.expired;
}

/** The typed refusal of a step by someone the case is about. */
export function selfDealing(): AppError {
  return new AppError('SELF_DEALING', selfDealingDetail);
}

export const selfDealingDetail = 'You are the subject of this case or a party to its transactions: another ADMIN+ takes its steps';

/** The typed refusal of a change that waits for a second ADMIN+ (it was recorded as proposed). */
export function secondPersonNeeded(message: string): AppError {
  return new AppError('FOUR_EYES_REQUIRED', message);
}
