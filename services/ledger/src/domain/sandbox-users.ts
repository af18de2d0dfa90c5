import type { LedgerCommand, LedgerCommandOf, LedgerCommandType } from '@coin/contracts';

/**
 * The users a test-mode client's sandbox command names as the ones it acts for or pays
 * (docs/decisions/0018-sandbox.md "Whose users a test client names"): a hold's payer and payee, a
 * cash-out's, a purchase's or a mandate's payer, a purchase's affiliate, a burn's wallet, a
 * reward's and a payout's recipients. Each must be one of the client's own users, as the proof the
 * user service signed for the client lists them. A capture, a void, a mandate's cancellation and a
 * refund name a hold, a mandate or a purchase instead, which their deciders bind to the client that
 * placed it (its settler, its client, its `client_id`), on users proved when it was placed.
 */
export function sandboxUsersNamedBy(command: LedgerCommand): number[] {
  const named = namedUsers[command.type] as NamedUsers<LedgerCommandType>;
  return typeof named === 'function' ? named(command) : [];
}

/**
 * Per command type, the users it names, or why it names none a proof must list: it names an object
 * (a hold, a mandate, a purchase, a cash-out) its deciders bind to the client that made it; it
 * names no user (a client's own clock, treasury or commission); or no test-mode client authors it
 * (a service's, an operator's or the ledger's own command, which authorRefusal or the topic turns
 * away from a client). Every type is here, so a new command decides.
 */
type NamedUsers<T extends LedgerCommandType> =
  | ((command: LedgerCommandOf<T>) => number[])
  | 'names-an-object'
  | 'names-no-user'
  | 'no-client-authors-it';

const userOf = (party: { kind: string; userId?: number }) => (party.kind === 'user' && party.userId !== undefined ? [party.userId] : []);

const namedUsers: { readonly [T in LedgerCommandType]: NamedUsers<T> } = {
  'ledger.hold': ({ data }) => [data.fromUserId, ...userOf(data.to)],
  'ledger.cashout': ({ data }) => [data.fromUserId],
  'ledger.grant-mandate': ({ data }) => [data.fromUserId],
  'ledger.transfer': ({ data: { fromUserId, to, affiliate } }) => [
    fromUserId,
    ...userOf(to),
    ...(affiliate !== undefined && 'userId' in affiliate ? [affiliate.userId] : []),
  ],
  'ledger.burn': ({ data }) => userOf(data.from),
  'ledger.reward': ({ data }) => [data.toUserId],
  'ledger.payout': ({ data }) => [...userOf(data.from), ...data.lines.map((line) => line.toUserId)],
  'ledger.capture-hold': 'names-an-object',
  'ledger.void-hold': 'names-an-object',
  'ledger.cancel-mandate': 'names-an-object',
  'ledger.charge-mandate': 'names-an-object',
  'ledger.refund': 'names-an-object',
  'ledger.claim-cashout': 'names-an-object',
  'ledger.clear-cashout': 'names-an-object',
  'ledger.settle-cashout': 'names-an-object',
  'ledger.settle-test-cashout': 'names-an-object',
  'ledger.reverse-cashout': 'names-an-object',
  'ledger.expire-hold': 'no-client-authors-it',
  'ledger.clawback': 'no-client-authors-it',
  'ledger.credit': 'no-client-authors-it',
  'ledger.credits': 'no-client-authors-it',
  'ledger.mint': 'no-client-authors-it',
  'ledger.open-wallet': 'no-client-authors-it',
  'ledger.close-wallet': 'no-client-authors-it',
  'ledger.set-limits': 'no-client-authors-it',
  'ledger.freeze-wallet': 'no-client-authors-it',
  'ledger.lift-freeze': 'no-client-authors-it',
  'ledger.set-commission': 'names-no-user',
  'ledger.request-approval': 'no-client-authors-it',
  'ledger.approve': 'no-client-authors-it',
  'ledger.reject-approval': 'no-client-authors-it',
  'ledger.expire-approval': 'no-client-authors-it',
  'ledger.set-cashout-rate': 'no-client-authors-it',
  'ledger.set-clock': 'names-no-user',
  'ledger.advance-clock': 'names-no-user',
  'ledger.retire-treasury': 'names-no-user',
};

/** What a proof of a client's users says, once its signature and times have been checked. */
export interface ProvedUsers {
  clientId: string;
  userIds: ReadonlySet<number>;
}

/**
 * Why a test-mode client's command may not name the users it names, or null: every one must be
 * in the proof the user service signed for this very client. Pure: the consumer verified the
 * proof's signature and times first (kafka/test-users-proof.ts).
 */
export function sandboxUsersRefusal(named: readonly number[], authorId: string, proved: ProvedUsers | null): string | null {
  if (named.length === 0) return null;
  if (proved === null) return sandboxUsersUnprovedRefusal;
  if (proved.clientId !== authorId) return sandboxUsersOtherClientRefusal;
  const stranger = named.find((userId) => !proved.userIds.has(userId));
  return stranger === undefined ? null : `${sandboxUsersStrangerRefusal} (user ${stranger})`;
}

const sandboxUsersUnprovedRefusal =
  'Command refused: a test-mode client names users in the sandbox only with the user service’s proof that they are its own';
const sandboxUsersOtherClientRefusal = 'Command refused: its proof of a client’s users is another client’s';
const sandboxUsersStrangerRefusal =
  'Command refused: a test-mode client acts only for its own users (its test users and the accounts linked to it)';
