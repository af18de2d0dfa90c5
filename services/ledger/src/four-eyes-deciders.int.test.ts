import {
  cashoutApprovalIdOf,
  decidedKindItems,
  decidedKindListOf,
  decidedKinds,
  type FourEyesAct,
  fourEyesActs,
  type LedgerDraft,
  partitionKeyOf,
  type Reply,
  walletKeyOfTreasury,
  walletKeyOfUser,
} from '@coin/contracts';
import { type ProofActor, signProof } from '../../../scripts/stack/proofs';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { watchTopic, type TopicWatch } from '../../../test/harness/topic-watch';

/**
 * The second person's rule from each ledger row of the four-eyes table (its `deciders`, its
 * `subject`), judged by the ledger where it applies the act, not only by the gateway: for every
 * act the ledger applies, a request is raised by one ADMIN, then its decision is refused to its
 * requester, to the person it is about (where it is about one), to a decider of a role the row
 * does not name, to one who took the role after the request (their token's `role_since`), to
 * one whose token names no `role_since`, and to an eligible one whose token's second factor is
 * stale or absent (`mfa_at`, judged by the ledger at the command's append time, not by the
 * gateway's step-up); each refusal is audited, and an eligible second ADMIN+ then decides it.
 */

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

/** How a request of an act is decided, once raised: the command, its partition key and data. */
interface Raised {
  type: 'ledger.approve';
  key: string;
  data: unknown;
  /** The person it is about (never its decider), or null. */
  subject: number | null;
}

const ledgerActs = (Object.keys(fourEyesActs) as FourEyesAct[]).filter((act) => fourEyesActs[act].service === 'ledger');

describe('four-eyes deciders judged by the ledger, from the act rows', () => {
  let h: LedgerHarness;
  let audit: TopicWatch;
  const requester: ProofActor = { kind: 'user', id: '7301', role: 'ADMIN' };
  const provider: ProofActor = { kind: 'system', id: 'pc_momo_deciders', cashout: true };
  let nextUser = 6300;

  beforeAll(async () => {
    h = await startLedgerHarness({
      extraEnv: { CASHOUT_RATES: '2020-01-01T00:00:00Z=600', CASHOUT_DAILY_COINS_UNVERIFIED: '100000', CASHOUT_FOUR_EYES_COINS: '100' },
    });
    await h.startLedger();
    audit = await watchTopic(h.kafka, h.topics.adminAudit);
    resultOf(
      await h.send({
        type: 'ledger.mint',
        key: walletKeyOfTreasury('REWARDS'),
        data: { to: { kind: 'treasury', code: 'REWARDS' }, amount: 1_000_000, reason: 'seed' },
      }),
    );
  }, 90_000);
  afterAll(async () => {
    await audit?.stop();
    await h?.close();
  });

  /** A person with a wallet holding `coins` (minted by the harness's SUPERADMIN, within its windows). */
  const openUser = async (coins = 0) => {
    nextUser += 1;
    const userId = nextUser;
    const key = walletKeyOfUser(userId);
    resultOf(await h.send({ type: 'ledger.open-wallet', key, data: { userId } }));
    if (coins > 0)
      resultOf(await h.send({ type: 'ledger.mint', key, data: { to: { kind: 'user', userId }, amount: coins, reason: 'seed' } }));
    return userId;
  };

  /** An approval request of `held`, asked for by the requester. */
  const approvalOf = async (held: { type: string; data: unknown }, holds?: string): Promise<Omit<Raised, 'subject'>> => {
    const asking = { type: 'ledger.request-approval' as const, data: { command: held } };
    const asked = resultOf(await h.send({ ...asking, key: partitionKeyOf(asking as LedgerDraft), actor: requester }));
    const approve = {
      type: 'ledger.approve' as const,
      data: { approvalId: asked.approval.id as string, command: held, ...(holds ? { holds } : {}) },
    };
    return { ...approve, key: partitionKeyOf(approve as LedgerDraft) };
  };

  /** How each ledger act's request is raised here; the acts are the table's (a new ledger row without a recipe fails the first case). */
  const raises: Partial<Record<FourEyesAct, () => Promise<Raised>>> = {
    money: async () => {
      const payee = await openUser();
      const held = { type: 'ledger.mint', data: { to: { kind: 'user', userId: payee }, amount: 1_000, reason: 'prize' } };
      return { ...(await approvalOf(held)), subject: payee };
    },
    payout: async () => {
      const winner = await openUser();
      const held = {
        type: 'ledger.payout',
        data: {
          from: { kind: 'treasury', code: 'REWARDS' },
          reason: 'prize',
          reference: `deciders-${winner}`,
          lines: [{ toUserId: winner, amount: 1_000 }],
        },
      };
      return { ...(await approvalOf(held)), subject: winner };
    },
    'cashout-reversal': async () => {
      const payer = await openUser(5_000);
      const key = walletKeyOfUser(payer);
      const data = {
        fromUserId: payer,
        amount: 50,
        msisdn: '+237670006300',
        providerClientId: provider.id,
        idNonce: `deciders${payer}`.padEnd(24, '0'),
      };
      const asked = resultOf(await h.send({ type: 'ledger.cashout', key, actor: { kind: 'user', id: String(payer), role: 'USER' }, data }));
      resultOf(await h.send({ type: 'ledger.claim-cashout', key, actor: provider, data: { holdId: asked.cashout.id, fromUserId: payer } }));
      const held = {
        type: 'ledger.reverse-cashout',
        data: { holdId: asked.cashout.id, fromUserId: payer, reason: 'Provider paid nothing' },
      };
      return { ...(await approvalOf(held, 'cashout-reversal')), subject: payer };
    },
    'cashout-rate-change': async () => {
      const effectiveFrom = new Date(Date.now() + 3_600_000).toISOString();
      const held = { type: 'ledger.set-cashout-rate', data: { xafPerCoin: 700, effectiveFrom } };
      return { ...(await approvalOf(held, 'cashout-rate-change')), subject: null };
    },
    'cashout-approval': async () => {
      // The requester of a cash-out is its payer: above CASHOUT_FOUR_EYES_COINS its request waits for a second ADMIN+.
      const payer = await openUser(50_000);
      const key = walletKeyOfUser(payer);
      const data = {
        fromUserId: payer,
        amount: 20_000,
        msisdn: '+237670006301',
        providerClientId: provider.id,
        idNonce: `bigcash${payer}`.padEnd(24, '0'),
      };
      const asked = resultOf(await h.send({ type: 'ledger.cashout', key, actor: { kind: 'user', id: String(payer), role: 'USER' }, data }));
      requesterOf.set('cashout-approval', { kind: 'user', id: String(payer), role: 'ADMIN' });
      return {
        type: 'ledger.approve',
        key,
        data: { approvalId: cashoutApprovalIdOf(asked.cashout.id), holds: 'cashout-approval' },
        subject: null,
      };
    },
    unfreeze: async () => {
      const owner = await openUser();
      const key = walletKeyOfUser(owner);
      resultOf(await h.send({ type: 'ledger.freeze-wallet', key, actor: requester, data: { userId: owner, reason: 'suspicious' } }));
      const held = { type: 'ledger.lift-freeze', data: { userId: owner, reason: 'cleared' } };
      return { ...(await approvalOf(held, 'unfreeze')), subject: owner };
    },
  };
  /** The acts whose request a person asks for as its payer (a cash-out): that person is its requester here. */
  const requesterOf = new Map<FourEyesAct, ProofActor>();
  /** The ledger acts not raised here, and why: exactly these. */
  const notHere: Partial<Record<FourEyesAct, string>> = {
    'commission-change':
      "its request is a ledger.approve like money's, judged by the same rule before its act is loaded; raising it needs a platform client's affiliate set-up: test/e2e/four-eyes-insider.test.ts",
  };

  it('when the table has a ledger act, then this file raises it or says why not (exactly these)', () => {
    expect(ledgerActs.filter((act) => raises[act] === undefined && notHere[act] === undefined)).toEqual([]);
  });

  const refusedTo = (type: string, actor: ProofActor, code: string) =>
    eventually(
      async () =>
        audit.values.find((v) => {
          const record = (v as { record?: { actor?: { id?: string }; errorCode?: string | null; action?: string } }).record;
          return record?.actor?.id === actor.id && record.errorCode === code && (record.action ?? '').length > 0 ? true : undefined;
        }),
      20_000,
      `the refusal of ${type} to ${actor.id} (${code}) audited`,
    );

  let deciderId = 7400;
  const decider = (role: string, roleSince: Date | null | undefined = undefined): ProofActor => {
    deciderId += 1;
    return { kind: 'user', id: String(deciderId), role, ...(roleSince === undefined ? {} : { roleSince }) };
  };

  /** The ids of the PENDING requests an internal list of the ledger shows under `items`. */
  const listed = async (path: string, items: string): Promise<string[]> => {
    const response = await fetch(`${h.ledger!.url}${path}?status=PENDING&limit=100`, { headers: { authorization: await h.asGateway() } });
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    return ((await response.json()) as Record<string, Array<{ id: string }>>)[items]!.map((request) => request.id);
  };

  it.each(decidedKinds.filter((act) => raises[act] !== undefined))(
    'when a %s request is raised, then the ledger lists it on the internal list drawn from its row, and on no other act’s',
    async (act) => {
      const raised = await raises[act]!();
      const id = (raised.data as { approvalId: string }).approvalId;
      expect({ act, listed: (await listed(decidedKindListOf(act).path, decidedKindItems(act))).includes(id) }).toEqual({
        act,
        listed: true,
      });
      const others = [
        { path: '/internal/approvals', items: 'approvals' },
        { path: '/internal/payout-approvals', items: 'payoutApprovals' },
        ...decidedKinds
          .filter((other) => other !== act)
          .map((other) => ({ path: decidedKindListOf(other).path, items: decidedKindItems(other) })),
      ];
      for (const { path, items } of others)
        expect({ path, listed: (await listed(path, items)).includes(id) }).toEqual({ path, listed: false });
    },
    60_000,
  );

  it.each(ledgerActs.filter((act) => raises[act] !== undefined))(
    'when a %s request is decided by its requester, the person it is about, a role its row does not name, one promoted after the request, one of no known role start, or one whose second factor is stale or absent, then each is refused and audited, and an eligible ADMIN+ decides it',
    async (act) => {
      const raised = await raises[act]!();
      const asker = requesterOf.get(act) ?? requester;
      const deciders = fourEyesActs[act].deciders;
      const [stale, none] = [decider('ADMIN'), decider('ADMIN')];
      const tries: Array<{ who: string; actor: ProofActor; code: string; proof?: string }> = [
        {
          who: 'requester',
          actor: asker,
          code: act === 'unfreeze' ? 'UNFREEZE_BY_REQUESTER' : act === 'cashout-approval' ? 'SELF_DEALING' : 'APPROVAL_BY_REQUESTER',
        },
        ...(raised.subject === null
          ? []
          : [{ who: 'subject', actor: { kind: 'user' as const, id: String(raised.subject), role: 'SUPERADMIN' }, code: 'SELF_DEALING' }]),
        // A role the row does not name: a DEVELOPER for an ADMIN+ act (refused as any non-admin is), an ADMIN for a SUPERADMIN act.
        ...(deciders === 'SUPERADMIN'
          ? [{ who: 'wrong role', actor: decider('ADMIN'), code: 'APPROVER_NOT_ELIGIBLE' }]
          : [{ who: 'wrong role', actor: decider('DEVELOPER'), code: 'COMMAND_REFUSED' }]),
        { who: 'promoted after', actor: decider('ADMIN', new Date()), code: 'APPROVER_NOT_ELIGIBLE' },
        { who: 'role start unknown', actor: decider('SUPERADMIN', null), code: 'APPROVER_NOT_ELIGIBLE' },
        // Eligible, but the token's second factor was given an hour ago (STEP_UP_MAX_AGE_S is 300), or never.
        {
          who: 'stale second factor',
          actor: stale,
          code: 'COMMAND_REFUSED',
          proof: await signProof(h.jwtKey, stale, { mfaAt: new Date(Date.now() - 3_600_000) }),
        },
        { who: 'no second factor', actor: none, code: 'COMMAND_REFUSED', proof: await signProof(h.jwtKey, none, { mfaAt: null }) },
      ];
      for (const { who, actor, code, proof } of tries) {
        const reply = await h.send({ type: raised.type, key: raised.key, actor, data: raised.data, ...(proof ? { proof } : {}) });
        expect({ act, who, code: reply.ok ? 'accepted' : reply.error.code }).toEqual({ act, who, code });
        await refusedTo(raised.type, actor, code);
      }
      const second = resultOf(await h.send({ type: raised.type, key: raised.key, actor: decider('ADMIN'), data: raised.data }));
      expect({ act, decided: second !== undefined }).toEqual({ act, decided: true });
    },
    60_000,
  );
});
