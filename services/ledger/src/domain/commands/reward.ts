import {
  clientMayReward,
  ledgerResults,
  minorUnitsToCoins,
  rewardCommand,
  walletKeyOf,
  walletKeyOfTreasury,
  walletKeyOfUser,
  treasuryOf,
  type Party,
} from '@coin/contracts';
import { actorScope, clientCapBreach, clientScope, isPerson, personCharges, recipientScope } from '../four-eyes';
import { windowEffects, type WindowEffect } from '../kinds/four-eyes-windows';
import { moneyReply, transactionIdOf } from './replies';
import {
  accepted,
  beyondLimit,
  canCredit,
  canDebit,
  clientCapExceeded,
  fourEyes,
  insufficient,
  missingParty,
  paysActor,
  paysPeopleBehind,
  paysPeopleBehindDetail,
  paysPeopleBehindKey,
  paysPeopleBehindKeyDetail,
  reject,
  selfDealing,
} from './rules';
import { platformGrantsOf, userAtLeast } from '../authors';
import type { ApprovableModule } from './types';

/**
 * Pays a user from the REWARDS treasury: an ADMIN+ (counted by four-eyes like a mint) or a
 * platform client granted REWARDS (counted against its daily cap, never parked).
 */
export const reward: ApprovableModule<'ledger.reward'> = {
  type: 'ledger.reward',
  schema: rewardCommand,
  result: ledgerResults['ledger.reward'],
  createsTransaction: true,
  authorRefusal(_command, author) {
    if (userAtLeast(author, 'ADMIN')) return null;
    // Rewards are paid from REWARDS: a platform client must have been granted it.
    if (author.kind === 'system' && clientMayReward(author.treasuries)) return null;
    return 'Command refused: the author may not reward from REWARDS';
  },
  reads: ({ actor, data }) => ({
    walletKeys: [walletKeyOfTreasury('REWARDS', data.treasuryClientId), walletKeyOfUser(data.toUserId)],
    windowScopes: isPerson(actor)
      ? [actorScope(actor), recipientScope({ kind: 'user', userId: data.toUserId })]
      : actor.kind === 'system'
        ? [clientScope(actor.id)]
        : [],
  }),
  decide(command, context) {
    const { toUserId, amount, reason, reference, treasuryClientId } = command.data;
    // In the sandbox, the test-mode client's own REWARDS (docs/decisions/0018-sandbox.md "Treasuries of each test client's own").
    const from: Party = treasuryOf('REWARDS', treasuryClientId);
    const to: Party = { kind: 'user', userId: toUserId };
    if (paysActor(command, to)) return selfDealing('An admin cannot reward themselves');
    if (paysPeopleBehind(command, to)) return selfDealing(paysPeopleBehindDetail);
    if (paysPeopleBehindKey(command, to)) return selfDealing(paysPeopleBehindKeyDetail);
    const source = context.wallet(walletKeyOf(from));
    if (!source) return missingParty(from);
    const target = context.wallet(walletKeyOf(to));
    if (!target) return missingParty(to);
    if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The recipient wallet is closed');
    if (source.balance < amount) return insufficient(source, amount);
    if (!canDebit(source, amount)) return beyondLimit(source);
    if (!canCredit(target, amount)) return beyondLimit(target);
    const pay = (counted: WindowEffect[]) => {
      const transaction = context.newTransaction({ type: 'REWARD', amount, from, to, reason, reference: reference ?? null });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
        creditLegs: [{ transactionId: transaction.id, transactionType: transaction.type, to, amount, returnTo: from }],
        subjectKey: source.key,
        effects: counted,
      });
    };
    if (command.actor.kind === 'system') {
      // A platform client is no person to ask: past its daily cap it is refused, never parked.
      const cap = platformGrantsOf(command).rewardCap ?? context.policy.fourEyes.clientDailyRewards;
      const breach = clientCapBreach(context.state.windows, command.actor.id, amount, cap, context.now);
      if (breach) return clientCapExceeded(breach);
      return pay(windowEffects([{ scope: clientScope(command.actor.id), amount }]));
    }
    // A person's reward is counted like a mint and, past a window, waits for a second person
    // (its approval events are on coin.approvals.v2 only: version 1 has no REWARD command).
    return fourEyes(context, command, personCharges(command.actor, amount, to), pay);
  },
  reply: moneyReply,
  audit: ({ data }, applied) => ({
    action: 'money.reward',
    target: walletKeyOfUser(data.toUserId),
    summary: {
      amount: minorUnitsToCoins(data.amount),
      reason: data.reason,
      from: walletKeyOfTreasury('REWARDS'),
      ...transactionIdOf(applied),
    },
  }),
  approvable: {
    target: ({ data }) => walletKeyOfUser(data.toUserId),
    requestRefusal(request, { data }) {
      const to: Party = { kind: 'user', userId: data.toUserId };
      if (paysActor(request, to)) return selfDealing('An admin cannot reward themselves');
      return paysPeopleBehindKey(request, to) ? selfDealing(paysPeopleBehindKeyDetail) : null;
    },
    // Paid from REWARDS to the user; `treasury` names a MINT's or BURN's wallet, so it stays null.
    view: ({ data }) => ({
      type: 'REWARD',
      userId: data.toUserId,
      treasury: null,
      transactionId: null,
      amount: minorUnitsToCoins(data.amount),
      reason: data.reason,
    }),
  },
};
