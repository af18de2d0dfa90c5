import {
  clientMayReward,
  ledgerResults,
  minorUnitsToCoins,
  payoutCommand,
  walletKeyOf,
  walletKeyOfTreasury,
  walletKeyOfUser,
  type ApprovableCommand,
  type LedgerCommandOf,
  type Party,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { actorScope, clientCapBreach, clientScope, isPerson, recipientScope, windowReached, type WindowCharge } from '../four-eyes';
import { approvalEffect } from '../kinds/approvals';
import { windowEffects, type WindowEffect } from '../kinds/four-eyes-windows';
import { spentFrom } from '../kinds/limits';
import { platformGrantsOf, isUser, userAtLeast } from '../authors';
import type { Rejected } from '@coin/errors';
import { activeOf, type Decision, type NewTransaction } from '../state';
import { transactionIdsOf } from './replies';
import {
  accepted,
  beyondLimit,
  canCredit,
  canDebit,
  clientCapExceeded,
  insufficient,
  limitBreachOf,
  missingParty,
  paysActor,
  paysPeopleBehind,
  paysPeopleBehindDetail,
  paysPeopleBehindKey,
  paysPeopleBehindKeyDetail,
  pendingRequest,
  reject,
  selfDealing,
} from './rules';
import type { ApprovableModule, DecideContext } from './types';

type PayoutCommand = LedgerCommandOf<'ledger.payout'>;

/** The reference of a payout: the caller's, or one naming the command, so a payout's lines can always be found together. */
export function payoutReferenceOf(command: Pick<PayoutCommand, 'commandId' | 'data'>): string {
  return command.data.reference ?? `payout:${command.commandId}`;
}

/** Line `index`'s transaction reference. */
export function lineReferenceOf(reference: string, index: number): string {
  return `${reference}#${index}`;
}

/** A refusal of one line: the whole payout is refused, and the detail names the line. */
function lineRefused(index: number, refusal: Rejected): Rejected {
  return { ...refusal, detail: `lines[${index}]: ${refusal.detail}` };
}

/**
 * The most a payout waiting for approval may hold of lines, in bytes of their UTF-8 JSON. Its
 * request is shown whole, every line with its reason, in its answer and in each of its
 * coin.payout-approvals events (requested, approved, rejected, expired), and the broker takes a
 * record of at most 1,048,588 bytes: 1,000 lines whose reasons are 500 three-byte characters are
 * 1.5 MB. The gateway sends a payout body of at most 256 KiB, so only a command written to
 * ledger.commands by other hands meets this bound. Under it an event holds at most these bytes,
 * about 40 more a line (its index, the amount in coins, a reason of null) and a few KB of the
 * request's other members: under 600 KB (docs/RELIABILITY.md "Hostile headers and oversized records").
 */
export const payoutRequestLinesBytesMax = 512 * 1024;

const utf8 = new TextEncoder();

/** A request of these lines refused before anything is stored, when its answer and events could pass what the broker takes. */
function oversizedRequest(lines: PayoutCommand['data']['lines']): Rejected | null {
  const bytes = utf8.encode(JSON.stringify(lines)).byteLength;
  if (bytes <= payoutRequestLinesBytesMax) return null;
  return reject(
    'PAYLOAD_TOO_LARGE',
    `A payout waiting for approval holds at most ${payoutRequestLinesBytesMax} bytes of lines (as UTF-8 JSON); these are ${bytes} bytes: send fewer lines or shorter reasons`,
  );
}

/** What a line breaks before any wallet is judged (the gateway checks the same at its edge), or null. */
function badLine(command: PayoutCommand): Rejected | null {
  const { from } = command.data;
  const paid = new Set<number>();
  for (const [index, { toUserId }] of command.data.lines.entries()) {
    const to: Party = { kind: 'user', userId: toUserId };
    if (from.kind === 'user' && toUserId === from.userId) {
      return lineRefused(index, reject('SELF_TRANSFER', 'The payer cannot pay themselves'));
    }
    if (from.kind === 'treasury' && paysActor(command, to)) return lineRefused(index, selfDealing('An admin cannot reward themselves'));
    if (paysPeopleBehind(command, to)) return lineRefused(index, selfDealing(paysPeopleBehindDetail));
    // A payout from REWARDS is made with a key (a payout from the payer's own wallet needs none).
    if (from.kind === 'treasury' && paysPeopleBehindKey(command, to)) return lineRefused(index, selfDealing(paysPeopleBehindKeyDetail));
    // One line per recipient: a user named twice is more likely a mistake than two prizes.
    if (paid.has(toUserId)) return lineRefused(index, reject('VALIDATION_FAILED', `User ${toUserId} is paid by an earlier line`));
    paid.add(toUserId);
  }
  return null;
}

/** The recipients' wallets, each open and able to take its line; or the first line that cannot be paid. */
function recipientRefusal(command: PayoutCommand, context: DecideContext): Rejected | null {
  for (const [index, { toUserId, amount }] of command.data.lines.entries()) {
    const to: Party = { kind: 'user', userId: toUserId };
    const target = context.wallet(walletKeyOf(to));
    if (!target) return lineRefused(index, missingParty(to));
    if (target.status === 'CLOSED') return lineRefused(index, reject('RECIPIENT_CLOSED', 'The recipient wallet is closed'));
    if (!canCredit(target, amount)) return lineRefused(index, beyondLimit(target));
  }
  return null;
}

/** What a person's REWARDS payout adds to the four-eyes windows: the total to the person, each line to its recipient. */
function personCharges(command: PayoutCommand, total: number): WindowCharge[] {
  return [
    { scope: actorScope(command.actor), amount: total },
    ...command.data.lines.map(({ toUserId, amount }) => ({ scope: recipientScope({ kind: 'user', userId: toUserId }), amount })),
  ];
}

/**
 * Pays up to payoutLinesMax users at once from REWARDS (REWARD lines) or from the payer's own
 * wallet (TRANSFER lines), in the payer's partition: the total is judged once against the payer's
 * active coins, spending limits (a wallet: each line one debit of the daily count) or four-eyes
 * window and client cap (REWARDS), and a
 * single bad line refuses the whole payout (docs/design/ledger.md "Payouts"). Each line is its own
 * transaction with its own credit leg.
 */
export const payout: ApprovableModule<'ledger.payout'> = {
  type: 'ledger.payout',
  schema: payoutCommand,
  result: ledgerResults['ledger.payout'],
  createsTransaction: true,
  transactionsOf: ({ data }) => data.lines.length,
  authorRefusal({ data }, author) {
    if (data.from.kind === 'user') {
      return isUser(author, data.from.userId) ? null : "Command refused: only the payer moves or reserves their wallet's coins";
    }
    // From REWARDS: whoever may send a reward.
    if (userAtLeast(author, 'ADMIN')) return null;
    if (author.kind === 'system' && clientMayReward(author.treasuries)) return null;
    return 'Command refused: the author may not reward from REWARDS';
  },
  reads: ({ actor, data }) => ({
    walletKeys: [walletKeyOf(data.from), ...data.lines.map(({ toUserId }) => walletKeyOfUser(toUserId))],
    windowScopes:
      data.from.kind === 'user'
        ? []
        : isPerson(actor)
          ? [actorScope(actor), ...data.lines.map(({ toUserId }) => recipientScope({ kind: 'user', userId: toUserId }))]
          : actor.kind === 'system'
            ? [clientScope(actor.id)]
            : [],
  }),
  decide(command, context): Decision {
    const { from, lines, reason } = command.data;
    const refused = badLine(command);
    if (refused) return refused;
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    if (!Number.isSafeInteger(total)) return reject('VALIDATION_FAILED', 'The lines add up to more than the largest amount');
    const source = context.wallet(walletKeyOf(from));
    if (!source) return from.kind === 'user' ? reject('WALLET_NOT_FOUND', 'The payer has no wallet') : missingParty(from);
    const recipients = recipientRefusal(command, context);
    if (recipients) return recipients;
    if (activeOf(source) < total) return insufficient(source, total);
    if (!canDebit(source, total)) return beyondLimit(source);
    if (from.kind === 'user') {
      // One operation of the total for the amount limits, one debit per line for the daily count.
      const overLimit = limitBreachOf(command, source, total, context.now, context.policy, lines.length);
      if (overLimit) return overLimit;
    }
    const reference = payoutReferenceOf(command);
    const pay = (counted: WindowEffect[]) => {
      const transactions: NewTransaction[] = lines.map((line, index) =>
        context.newTransaction({
          type: from.kind === 'user' ? 'TRANSFER' : 'REWARD',
          amount: line.amount,
          from,
          to: { kind: 'user', userId: line.toUserId },
          reason: line.reason ?? reason,
          reference: lineReferenceOf(reference, index),
        }),
      );
      return accepted({
        lineTransactions: transactions,
        entries: transactions.map((t) => ({ transactionId: t.id, transactionType: t.type, walletKey: source.key, amount: -t.amount })),
        creditLegs: transactions.map((t) => ({
          transactionId: t.id,
          transactionType: t.type,
          to: t.to!,
          amount: t.amount,
          returnTo: from,
        })),
        subjectKey: source.key,
        // A payout from a wallet moves its total, in one debit per line (docs/design/ledger.md "Spending limits").
        effects: [...(from.kind === 'user' ? [spentFrom(source.key, total, lines.length)] : []), ...counted],
      });
    };
    if (from.kind === 'user') return pay([]);
    if (command.actor.kind === 'system') {
      const cap = platformGrantsOf(command).rewardCap ?? context.policy.fourEyes.clientDailyRewards;
      const breach = clientCapBreach(context.state.windows, command.actor.id, total, cap, context.now);
      if (breach) return clientCapExceeded(breach);
      return pay(windowEffects([{ scope: clientScope(command.actor.id), amount: total }]));
    }
    // An approved payout had its second person: it neither waits nor counts in a window.
    if (context.approved || !isPerson(command.actor)) return pay([]);
    // A person's payout is one movement of its total. Past a window it waits, whole, as an approval
    // request for a second ADMIN+ (a PayoutApproval, on coin.payout-approvals only), like a reward.
    const charges = personCharges(command, total);
    if (windowReached(context.state.windows, charges, context.policy.fourEyes, context.now)) {
      // The request stores the payout's reference as the direct payout would have had it, so its
      // lines, once approved, are referenced as the 202 said.
      const oversized = oversizedRequest(lines);
      if (oversized) return oversized;
      const { requestHash: _, idNonce: _nonce, ...data } = command.data;
      const asked: ApprovableCommand = { type: 'ledger.payout', data: { ...data, reference } };
      return accepted({
        effects: [approvalEffect({ approval: pendingRequest(command, asked, context.now, context.policy), event: 'requested' })],
        parked: true,
      });
    }
    return pay(windowEffects(charges));
  },
  reply({ command, decision, subject, views, xafRate }) {
    if (!subject) throw new InvariantViolation('a payout accepted without its payer');
    return {
      payout: {
        type: command.data.from.kind === 'user' ? 'TRANSFER' : 'REWARD',
        reference: payoutReferenceOf(command),
        total: minorUnitsToCoins(decision.lineTransactions.reduce((sum, t) => sum + t.amount, 0)),
        lines: decision.lineTransactions.map((t, index) => ({
          index,
          toUserId: command.data.lines[index]!.toUserId,
          amount: minorUnitsToCoins(t.amount),
          transactionId: t.id,
        })),
      },
      wallet: views.wallet(subject, xafRate),
    };
  },
  // A person's REWARDS payout is a reward of its total (one record: admin.audit v1 knows no payout action).
  audit: (command, applied) =>
    command.data.from.kind === 'user'
      ? null
      : {
          action: 'money.reward',
          target: walletKeyOfTreasury('REWARDS'),
          summary: {
            amount: minorUnitsToCoins(command.data.lines.reduce((sum, line) => sum + line.amount, 0)),
            reason: command.data.reason,
            from: walletKeyOfTreasury('REWARDS'),
            payoutReference: payoutReferenceOf(command),
            lines: command.data.lines.length,
            ...transactionIdsOf(applied),
          },
        },
  approvable: {
    target: ({ data }) => walletKeyOf(data.from),
    // A payout to its requester is self-dealing; one from a wallet never waits (its owner's limits judge it).
    requestRefusal(request, { data }) {
      if (data.from.kind !== 'treasury') return reject('VALIDATION_FAILED', 'A payout from a wallet never waits for approval');
      // Its lines' references must be known before it is approved (the payout that parks one stores it).
      if (data.reference === undefined) return reject('VALIDATION_FAILED', 'A payout waiting for approval names its reference');
      const oversized = oversizedRequest(data.lines);
      if (oversized) return oversized;
      const own = data.lines.findIndex(({ toUserId }) => paysActor(request, { kind: 'user', userId: toUserId }));
      if (own >= 0) return lineRefused(own, selfDealing('An admin cannot reward themselves'));
      const behind = data.lines.findIndex(({ toUserId }) => paysPeopleBehindKey(request, { kind: 'user', userId: toUserId }));
      return behind < 0 ? null : lineRefused(behind, selfDealing(paysPeopleBehindKeyDetail));
    },
    // Its request is a PayoutApproval (its act's view, acts/payout.ts): an Approval shows one recipient.
    view: () => null,
  },
};
