import { holdCommand, ledgerResults, walletKeyOf, walletKeyOfUser, type Party } from '@coin/contracts';
import { activeOf, holdIdOf, type HoldState } from '../state';
import { holdAfter, payerWallet } from './replies';
import { accepted, insufficient, limitBreachOf, missingParty, reject } from './rules';
import { isUser } from '../authors';
import type { CommandModule } from './types';
import { clockReadsOf, clockTimeOf } from '../test-clock';
import { holdEffect } from '../kinds/holds';
import { spentFrom } from '../kinds/limits';

/** Reserves coins of the payer's wallet for a later capture (docs/design/ledger.md "Holds"); counted by the spending limits now. */
export const hold: CommandModule<'ledger.hold'> = {
  type: 'ledger.hold',
  schema: holdCommand,
  result: ledgerResults['ledger.hold'],
  createsTransaction: false,
  authorRefusal: ({ data }, author) =>
    isUser(author, data.fromUserId) ? null : "Command refused: only the payer moves or reserves their wallet's coins",
  // A hold a test-mode client settles (the sandbox's) lives on that client's test clock, which its expiry is judged by.
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId), walletKeyOf(data.to)], ...clockReadsOf(data.settlerClientId) }),
  decide(command, context) {
    const { now, policy } = context;
    const { fromUserId, to, amount, reason, reference } = command.data;
    const from: Party = { kind: 'user', userId: fromUserId };
    if (to.kind === 'user' && to.userId === fromUserId) return reject('SELF_TRANSFER', 'Payer and recipient are the same user');
    const source = context.wallet(walletKeyOf(from));
    if (!source || source.status === 'CLOSED') return reject('WALLET_NOT_FOUND', 'The payer has no open wallet');
    const target = context.wallet(walletKeyOf(to));
    if (!target) return missingParty(to);
    if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The recipient wallet is closed');
    const expiresIn = command.data.expiresInSeconds ?? policy.holdExpirySecondsDefault;
    if (expiresIn > policy.holdExpirySecondsMax) {
      return reject('VALIDATION_FAILED', `A hold expires within ${policy.holdExpirySecondsMax} seconds at most`);
    }
    if (activeOf(source) < amount) return insufficient(source, amount);
    const overLimit = limitBreachOf(command, source, amount, now, policy);
    if (overLimit) return overLimit;
    const created: HoldState = {
      id: holdIdOf(command),
      fromUserId,
      to,
      amount,
      reason,
      reference: reference ?? null,
      status: 'PENDING',
      expiresAt: new Date(clockTimeOf(context, command.data.settlerClientId).getTime() + expiresIn * 1000),
      createdAt: now,
      updatedAt: now,
      capturedAmount: null,
      transactionId: null,
      settlerClientId: command.data.settlerClientId ?? null,
      cashout: null,
    };
    return accepted({
      effects: [spentFrom(source.key, amount), holdEffect({ hold: created, event: 'created' })],
      subjectKey: source.key,
    });
  },
  reply: (input) => ({ hold: holdAfter(input), wallet: payerWallet(input) }),
  audit: () => null,
};
