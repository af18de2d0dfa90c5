import type { LedgerCommand } from '@coin/contracts';

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
  const userOf = (party: { kind: string; userId?: number }) => (party.kind === 'user' && party.userId !== undefined ? [party.userId] : []);
  switch (command.type) {
    case 'ledger.hold':
      return [command.data.fromUserId, ...userOf(command.data.to)];
    case 'ledger.cashout':
    case 'ledger.grant-mandate':
      return [command.data.fromUserId];
    case 'ledger.transfer': {
      const { fromUserId, to, affiliate } = command.data;
      return [fromUserId, ...userOf(to), ...(affiliate !== undefined && 'userId' in affiliate ? [affiliate.userId] : [])];
    }
    case 'ledger.burn':
      return userOf(command.data.from);
    case 'ledger.reward':
      return [command.data.toUserId];
    case 'ledger.payout':
      return [...userOf(command.data.from), ...command.data.lines.map((line) => line.toUserId)];
    default:
      return [];
  }
}

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
