import { isSandboxTestUserId, type LedgerCommand, type Party } from '@coin/contracts';
import type { VerifiedAuthor } from './authors';
import { moduleOf } from './commands/table';
import { isTestClientId } from './test-clock';

export { platformGrantsOf, type VerifiedAuthor } from './authors';

/**
 * Why this author may not send this command, or null when they may (docs/DESIGN.md "Who asks:
 * proof of authority in every command"): the command's module says (domain/commands/). The
 * gateway checked the same before sending; the ledger checks again from the proof it verified
 * itself, so neither a compromised gateway nor a process with its Kafka credentials can move a
 * wallet's coins for someone else, or act above their role. Pure: the consumer asks it after the
 * proof's signature and times have been checked.
 */
export function authorRefusal(command: LedgerCommand, author: VerifiedAuthor, space: LedgerSpace = 'live'): string | null {
  if (space === 'test') return sandboxRefusal(command, author);
  // The live space: test-mode credentials are refused before any rule could grant them something
  // (docs/decisions/0018-sandbox.md), whatever the command and the token's grants.
  if (author.mode === 'test') return testModeRefusal;
  // A test-mode client's own treasuries are the sandbox's: no live command pays or is paid by one.
  if (treasuryOwnersNamedBy(command).some((owner) => owner !== undefined)) return ownTreasuryLiveRefusal;
  // Nor is a test-mode client ever granted anything over real money: no live mandate names one.
  if (command.type === 'ledger.grant-mandate' && isTestClientId(command.data.clientId)) return testModeMandateRefusal;
  // A cash-out the sandbox's test provider settles exists in the sandbox alone: live, a provider pays every one.
  if (command.type === 'ledger.cashout' && command.data.testOutcome !== undefined) return testCashoutRefusal;
  return moduleOf(command).authorRefusal(command, author);
}

/**
 * Why the live ledger opens no wallet for this id, or null: a test-mode client's own test users
 * (docs/decisions/0018-sandbox.md "Test users of a client's own") have ids in a range no account
 * reaches and a wallet in the sandbox alone. Opening a wallet needs no proof (a stranger who just
 * registered has no token), so this is judged on the id, whoever sends it.
 */
export function testUserWalletRefusal(command: Pick<LedgerCommand, 'type' | 'data'>, space: LedgerSpace): string | null {
  if (space !== 'live' || command.type !== 'ledger.open-wallet') return null;
  const { userId } = command.data as { userId: number };
  return isSandboxTestUserId(userId) ? testUserWalletLiveRefusal : null;
}

/** A ledger instance's space (LEDGER_SPACE): the live one, or a sandbox of test money. */
export type LedgerSpace = 'live' | 'test';

/**
 * The sandbox's rule, the mirror of the live one: only a test-mode platform client acts here, so
 * a live credential (a person's token, a live client's) moves no test coin either and nothing
 * done here can be mistaken for a live act. Its mint funds a treasury it was granted, with test
 * coins (no person, so no four-eyes); every other command is judged by its module as live.
 */
function sandboxRefusal(command: LedgerCommand, author: VerifiedAuthor): string | null {
  if (author.kind !== 'system' || author.mode !== 'test') return liveInSandboxRefusal;
  // Each test client has treasuries of its own ("Treasuries of each test client's own"): it funds,
  // pays from and into, refunds from and retires its own only, never one shared or another's.
  if (treasuryOwnersNamedBy(command).some((owner) => owner !== author.id)) return sandboxOwnTreasuryRefusal;
  switch (command.type) {
    // A hold on any sandbox wallet, settled by the client that places it (docs/decisions/0018-sandbox.md
    // "Holds in the sandbox"): test coins are play money, and its settler's clock decides its expiry.
    // Its payee is a test user or a treasury the client was granted, as a fund's is.
    case 'ledger.hold':
      return command.data.settlerClientId === author.id && paysOwnTreasury(command.data.to, author) ? null : sandboxHoldRefusal;
    case 'ledger.mint': {
      const { to } = command.data;
      return to.kind === 'treasury' && (author.treasuries ?? []).includes(to.code) ? null : sandboxMintRefusal;
    }
    // A mandate a test user grants it, as the client acts for its test users there ("Mandates in the
    // sandbox"): only to the client itself, whose clock its periods then follow.
    case 'ledger.grant-mandate':
      return command.data.clientId === author.id ? null : sandboxMandateRefusal;
    // A cash-out for any sandbox wallet, settled by the sandbox's test provider with the outcome it
    // names ("Cash-outs in the sandbox"): never one for a real provider to pay.
    case 'ledger.cashout':
      return command.data.testOutcome !== undefined && command.data.providerClientId === undefined ? null : sandboxCashoutRefusal;
    // Purchases, splits and refunds ("Purchases, splits and refunds in the sandbox"): the client buys for
    // its test users and, being the platform there, names their affiliates itself, paid by the rule it set;
    // it refunds only its own purchases (judged where the purchase is read: refund's decide).
    case 'ledger.transfer': {
      const { kind, to, affiliate } = command.data;
      return kind === 'PURCHASE' &&
        paysOwnTreasury(to, author) &&
        (affiliate === undefined || ('clientId' in affiliate && affiliate.clientId === author.id))
        ? null
        : sandboxPurchaseRefusal;
    }
    case 'ledger.set-commission':
      return command.data.clientId === author.id && (author.treasuries ?? []).includes(command.data.treasury)
        ? null
        : sandboxCommissionRefusal;
    case 'ledger.refund':
      return null;
    // Deleting its test data ("Deleting a client's test data"): the reset burns what the client's own
    // transactions left in a sandbox wallet, a test user's or a treasury's it was granted (the gateway reckons how much).
    case 'ledger.burn': {
      const { from } = command.data;
      return from.kind === 'user' || (author.treasuries ?? []).includes(from.code) ? null : sandboxBurnRefusal;
    }
    default:
      return moduleOf(command).authorRefusal(command, author);
  }
}

/**
 * The owner of each treasury a command pays, is paid by or retires, as its data names it (or the
 * command an approval request holds): a test-mode client's id for its own sandbox treasury,
 * undefined for the shared (live) one. The
 * commission rule a client sets is kept with the shared treasury's rules, one per client, and pays
 * nothing, so it names none.
 */
export function treasuryOwnersNamedBy(command: LedgerCommand): Array<string | undefined> {
  // Read before its module judges the command: a party is looked at only as far as it is there.
  const ownerOf = (p: Party | undefined) => (p?.kind === 'treasury' ? [p.clientId] : []);
  switch (command.type) {
    case 'ledger.mint':
    case 'ledger.transfer':
    case 'ledger.hold':
      return ownerOf(command.data.to);
    case 'ledger.burn':
    case 'ledger.payout':
      return ownerOf(command.data.from);
    case 'ledger.reward':
    case 'ledger.refund':
      return [command.data.treasuryClientId];
    case 'ledger.retire-treasury':
      return ownerOf(command.data.treasury);
    // A request for a second person, and its decision in the earlier layout, name the command they hold.
    case 'ledger.request-approval':
    case 'ledger.approve':
    case 'ledger.reject-approval':
      return command.data.command ? treasuryOwnersNamedBy({ ...command, ...command.data.command } as LedgerCommand) : [];
    default:
      return [];
  }
}

/** A sandbox payment's payee is a user (judged by the proof of the client's users) or a treasury the client was granted. */
function paysOwnTreasury(to: Party, author: VerifiedAuthor): boolean {
  return to.kind === 'user' || (author.treasuries ?? []).includes(to.code);
}

const ownTreasuryLiveRefusal = 'Command refused: a test-mode client’s own treasury is the sandbox’s (the live ledger)';
const sandboxOwnTreasuryRefusal =
  'Command refused: a test-mode client pays from and into its own sandbox treasuries only, never one shared with or of another client';
const testUserWalletLiveRefusal = 'Command refused: a test user of a test-mode client has a wallet in the sandbox alone (the live ledger)';
const testModeRefusal = 'Command refused: it is proved by test-mode credentials, which never act on real money (the live ledger)';
const liveInSandboxRefusal = 'Command refused: only test-mode platform clients act in the sandbox ledger, never live credentials';
const sandboxMintRefusal = 'Command refused: a test-mode client funds only the treasuries it was granted, with test coins';
const sandboxHoldRefusal =
  'Command refused: a test-mode client places only sandbox holds it settles itself, for a test user or a treasury it was granted';
const sandboxMandateRefusal = 'Command refused: a test-mode client grants its test users only mandates to itself';
const sandboxCashoutRefusal =
  'Command refused: a test-mode client asks only for test cash-outs, which the sandbox’s test provider settles with the outcome they name';
const sandboxPurchaseRefusal =
  'Command refused: a test-mode client makes only purchases for its test users, into a treasury it was granted, naming affiliates paid by its own commission rule';
const sandboxBurnRefusal = 'Command refused: a test-mode client burns test coins of a test user or of a treasury it was granted only';
const sandboxCommissionRefusal = 'Command refused: a test-mode client sets only its own commission rule, for a treasury it was granted';
const testCashoutRefusal = 'Command refused: a test outcome is the sandbox’s alone; a live cash-out is paid by its provider';
const testModeMandateRefusal = 'Command refused: a mandate on real money is never granted to a test-mode client (the live ledger)';
