import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fourEyesActs, type FourEyesAct } from '@coin/contracts';
import { signProof } from '../../scripts/stack/proofs';
import {
  adminSession,
  adminStepUp,
  apiKeyFor,
  createPlatformClientWithCli,
  fundTreasury,
  platformClientTokenAs,
  withSecondSuperadmin,
  type AdminSession,
} from '../harness/admin';
import { eventually } from '../harness/eventually';
import { apiClient, applied, http, registerUser, type HttpResult } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * The second person as a table (docs/DESIGN.md "Two-person acts"): for every row of the four-eyes
 * table, an insider raises a request and approves it themselves through the route the table draws
 * for the act (its `operations.approve`, found in the OpenAPI document): 403 with the act's code,
 * nothing changes (the request is still pending on the act's list), and the refusal is in the
 * admin audit log. A second SUPERADMIN, one since before every request, then approves it.
 *
 * The acts are the table's, not a list kept here: a new row without a way to raise it fails the
 * type check (`raises` is a Record over the acts) and the first test names it.
 *
 * The same for the person an act is about (the owner of a frozen wallet, the owner of a key, the
 * account to delete or verify, the wallet a rule's lift lists): asked by the insider, approved by
 * that person, an ADMIN+ eligible to decide it otherwise, is 403 SELF_DEALING, audited, and a
 * second person approves it. Every act says how, or why not here (`abouts`, a Record over the acts).
 *
 * And for every row, a decider of a role the row does not name (refused by the gateway), one
 * promoted after the request, and one whose second factor is stale
 * (ten minutes old, which this file's gateway lets through: each service keeps its own 300 s), are
 * refused by the service that applies the act, audited, and the request stays pending.
 */

const providerId = `pc_insider_${randomUUID().slice(0, 8)}`;
/** The cash-out threshold of this file's stack: a cash-out above it waits for a second ADMIN+. */
const cashoutFourEyesCoins = 500;

/** The people of the file, made before every request (the second person held the role before it was made). */
interface People {
  stack: TestStack;
  /** The insider: a SUPERADMIN (the deciders of some acts are SUPERADMINs only), with a key of every money scope. */
  requester: AdminSession;
  requesterKey: string;
  /** The second person: another SUPERADMIN with a key of their own (money approvals are made with one). */
  second: AdminSession;
  secondKey: string;
  /** An ADMIN whose account's verification is asked for. */
  colleague: AdminSession;
  /** Who seeds the wallets: a third SUPERADMIN's key, so neither decider's four-eyes windows fill. */
  minter: ReturnType<typeof apiClient>;
  /** The payout provider that claims the cash-outs reversed here. */
  providerToken: string;
  run: string;
}

/** What raising a request gave: how the act's routes name it and how its list and audit records show it. */
interface Raised {
  /** The path parameters of the act's approve route. */
  params: Record<string, string>;
  /** The body its approval takes (a monitoring act is approved by sending the same change). */
  body?: unknown;
  /** The list's query that shows the pending requests. */
  listQuery?: string;
  /** Whether the list's answer shows the request still pending. */
  pending(list: any): boolean;
  /** Where the refusal is recorded: the ledger's and user service's in the audit log, monitoring's among the service actions. */
  audit: { log: 'audit-log'; target?: string } | { log: 'service-actions'; target: string };
}

interface Raise {
  /** The code the requester's own approval is refused with, where the act names its own (an unfreeze, one's own cash-out). */
  code?: string;
  /** Whether its approval is made with the approver's API key (the money routes ask for one). */
  withKey?: true;
  raise(people: People): Promise<Raised>;
}

/** An act this file does not raise, and why (asserted below to be exactly these). */
interface NotRaised {
  notRaised: string;
}

const isPending = (status: string) => status === 'PENDING';
const listedPending =
  (member: string, id: string) =>
  (list: any): boolean =>
    (list[member] as Array<{ id: string; status: string }>).some((r) => r.id === id && isPending(r.status));

/** The answer of a call expected to succeed with `status`, else a failure that shows the answer. */
function expectStatus(answer: HttpResult, ...status: number[]): any {
  if (!status.includes(answer.status))
    throw new Error(`expected ${status.join(' or ')}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Every ADMIN+'s token, stepped up when older than a third of the default STEP_UP_MAX_AGE_S: every act here asks for a fresh second factor. */
const steppedUp = new Map<number, number>();
async function fresh(stack: TestStack, admin: AdminSession): Promise<string> {
  const at = steppedUp.get(admin.userId) ?? 0;
  if (Date.now() - at > 100_000) {
    admin.accessToken = await adminStepUp(stack, admin);
    steppedUp.set(admin.userId, Date.now());
  }
  return admin.accessToken;
}

async function send(people: People, method: string, path: string, body?: unknown, apiKey?: string): Promise<HttpResult> {
  return http(people.stack.gatewayUrl, method, path, {
    token: await fresh(people.stack, people.requester),
    ...(body === undefined ? {} : { body }),
    headers: { 'idempotency-key': randomUUID(), ...(apiKey ? { 'x-api-key': apiKey } : {}) },
  });
}

/** A fresh user holding `coins` (the minter's, below its four-eyes windows). */
async function userWith(people: People, coins: number) {
  const user = await registerUser(people.stack.gatewayUrl);
  if (coins > 0) await applied(people.minter.mintCoins({ body: { userId: user.userId, amount: coins, reason: 'four-eyes insider seed' } }));
  return user;
}

/**
 * The monitoring rules this file adds (an ACTIVE rule waits for a second ADMIN+). `quiet` cannot
 * fire (a million payments a second); `freezer` freezes a wallet paying out more than 777 coins in
 * an hour, which only the freeze lift's payer does here (this file's stack options are its own, so
 * no other file's payers meet it).
 */
const insiderRules = (run: string) => ({
  quiet: { id: `insider-${run}`, kind: 'velocity', score: 1, windowMs: 1000, scope: 'wallet-out', maxCount: 1_000_000, maxSumMinor: null },
  freezer: {
    id: `insider-lift-${run}`,
    kind: 'velocity',
    score: 100,
    windowMs: 3_600_000,
    scope: 'wallet-out',
    maxCount: null,
    maxSumMinor: 77_700,
  },
  /** Freezes a wallet paying out more than 400 coins in an hour (and less than the freezer's 777): only the ADMIN whose wallet a lift lists does. */
  adminFreezer: {
    id: `insider-admin-lift-${run}`,
    kind: 'velocity',
    score: 100,
    windowMs: 3_600_000,
    scope: 'wallet-out',
    maxCount: null,
    maxSumMinor: 40_000,
  },
});

/** Whether a monitoring list of proposals shows a pending one for `id` (a rule's or a case's): the list keeps the decided ones too. */
const proposalPending =
  (id: string) =>
  (list: any): boolean =>
    (list.proposals as Array<{ id: string; status: string }>).some((proposal) => proposal.id === id && proposal.status === 'PENDING');

/** A ledger approval request (an Approval, a PayoutApproval, a reversal or a commission change), listed under `member`. */
const ledgerRequest = (answer: any, member: string): Raised => {
  const id = answer.approval.id as string;
  return {
    params: { id },
    listQuery: 'status=PENDING&limit=100',
    pending: listedPending(member, id),
    audit: { log: 'audit-log', target: `approval:${id}` },
  };
};

/** A user service request (a grant, a deletion, a verification or a callback secret), listed under `member`. */
const userRequest = (id: string, member: string): Raised => ({
  params: { id },
  listQuery: 'status=PENDING',
  pending: listedPending(member, id),
  audit: { log: 'audit-log' },
});

/** How each act's request is raised by the insider: one recipe an act of the table, or why it is not raised here. */
const raises: Record<FourEyesAct, Raise | NotRaised> = {
  money: {
    withKey: true,
    // A mint into a treasury always waits for a second ADMIN+.
    raise: async (p) =>
      ledgerRequest(
        expectStatus(
          await send(p, 'POST', '/api/admin/mint', { treasury: 'OPERATIONS', amount: 1, reason: 'insider' }, p.requesterKey),
          202,
        ),
        'approvals',
      ),
  },
  payout: {
    withKey: true,
    raise: async (p) => {
      const winner = await userWith(p, 0);
      const body = { from: { treasury: 'REWARDS' }, reason: 'insider prize', lines: [{ toUserId: winner.userId, amount: 10_000 }] };
      return ledgerRequest(expectStatus(await send(p, 'POST', '/api/coins/payouts', body, p.requesterKey), 202), 'payoutApprovals');
    },
  },
  'cashout-reversal': {
    raise: async (p) => {
      const payer = await userWith(p, 100);
      const asked = await http(p.stack.gatewayUrl, 'POST', '/api/cashouts', {
        token: payer.accessToken,
        body: { amount: 30, msisdn: '+237670000000', providerClientId: providerId },
        headers: { 'idempotency-key': randomUUID() },
      });
      const cashoutId = expectStatus(asked, 201).cashout.id as string;
      expectStatus(await http(p.stack.gatewayUrl, 'POST', `/api/cashouts/${cashoutId}/claim`, { token: p.providerToken }), 200);
      const requested = await send(p, 'POST', `/api/admin/cashouts/${cashoutId}/reversal`, { reason: 'The provider paid nothing' });
      return ledgerRequest(expectStatus(requested, 202), 'cashoutReversals');
    },
  },
  'commission-change': {
    raise: async (p) => {
      const shop = await createPlatformClientWithCli(p.stack, `insider-shop-${p.run}`, { treasuries: ['COURSE_FEES'] });
      const body = { treasury: 'COURSE_FEES', clientId: shop.clientId, rule: { bps: 1000 }, reason: 'insider affiliate' };
      return ledgerRequest(expectStatus(await send(p, 'PUT', '/api/admin/commission-rules', body), 202), 'commissionChanges');
    },
  },
  'cashout-rate-change': {
    raise: async (p) => {
      const effectiveFrom = new Date(Date.now() + 3_600_000).toISOString();
      const asked = await send(p, 'POST', '/api/admin/cashout-rates', { xafPerCoin: 700, effectiveFrom });
      const id = expectStatus(asked, 201).rate.id as string;
      return {
        params: { id },
        pending: (list) => (list.versions as Array<{ id: string; status: string }>).some((v) => v.id === id && v.status === 'PROPOSED'),
        audit: { log: 'audit-log', target: `approval:${id}` },
      };
    },
  },
  'cashout-approval': {
    // The requester of a cash-out's request is its payer: an ADMIN+ approving their own is self-dealing.
    code: 'SELF_DEALING',
    raise: async (p) => {
      const asked = expectStatus(
        await send(p, 'POST', '/api/cashouts', {
          amount: cashoutFourEyesCoins + 100,
          msisdn: '+237670000001',
          providerClientId: providerId,
        }),
        201,
      );
      expect(asked.cashout.approval).toMatchObject({ status: 'PENDING' });
      const id = asked.cashout.id as string;
      return {
        params: { id },
        listQuery: 'status=PENDING&limit=100',
        pending: (list) =>
          (list.cashoutApprovals as Array<{ status: string; cashout: { cashoutId: string } }>).some(
            (r) => r.cashout.cashoutId === id && r.status === 'PENDING',
          ),
        audit: { log: 'audit-log' },
      };
    },
  },
  unfreeze: {
    code: 'UNFREEZE_BY_REQUESTER',
    raise: async (p) => {
      const suspect = await userWith(p, 0);
      expectStatus(await send(p, 'POST', `/api/admin/users/${suspect.userId}/freeze`, { reason: 'insider freeze' }), 200, 201);
      const asked = expectStatus(
        await send(p, 'POST', `/api/admin/users/${suspect.userId}/freeze/unfreeze-request`, { reason: 'cleared' }),
        200,
      );
      return {
        params: { id: String(suspect.userId) },
        listQuery: 'status=PENDING&limit=100',
        pending: listedPending('unfreezes', asked.approval.id),
        audit: { log: 'audit-log' },
      };
    },
  },
  grant: {
    raise: async (p) => {
      const user = await userWith(p, 0);
      const asked = expectStatus(await send(p, 'PATCH', `/api/admin/users/${user.userId}/role`, { role: 'ADMIN' }), 202);
      return userRequest(asked.grantRequest.id, 'grantRequests');
    },
  },
  deletion: {
    raise: async (p) => {
      // Past this stack's DELETION_APPROVAL_MIN_COINS (50).
      const user = await userWith(p, 60);
      const asked = expectStatus(await send(p, 'DELETE', `/api/admin/users/${user.userId}`), 202);
      return userRequest(asked.deletionRequest.id, 'deletionRequests');
    },
  },
  verification: {
    raise: async (p) => {
      const asked = expectStatus(
        await send(p, 'POST', `/api/admin/users/${p.colleague.userId}/verification-requests`, { reason: 'Identity document checked' }),
        202,
      );
      return userRequest(asked.verificationRequest.id, 'verificationRequests');
    },
  },
  'callback-secret': {
    raise: async (p) => {
      const asked = expectStatus(await send(p, 'POST', `/api/admin/platform-clients/${providerId}/callback-secret`), 202);
      return userRequest(asked.callbackSecretRequest.id, 'callbackSecretRequests');
    },
  },
  'reward-cap': {
    raise: async (p) => {
      const shop = await createPlatformClientWithCli(p.stack, `insider-cap-${p.run}`, { treasuries: ['REWARDS'] });
      const asked = expectStatus(
        await send(p, 'PUT', `/api/admin/platform-clients/${shop.clientId}/daily-reward-cap`, { dailyRewardCap: 300 }),
        202,
      );
      return userRequest(asked.rewardCapRequest.id, 'rewardCapRequests');
    },
  },
  'rule-change': {
    raise: async (p) => {
      const rule = { ...insiderRules(p.run).quiet, mode: 'ACTIVE' };
      const proposed = expectStatus(await send(p, 'PUT', `/api/admin/monitoring/rules/${rule.id}`, { rule }), 202);
      expect(proposed.proposal).toMatchObject({ ruleId: rule.id });
      return {
        params: { ruleId: rule.id },
        body: { rule },
        pending: proposalPending(rule.id),
        audit: { log: 'service-actions', target: `monitoring-rule:${rule.id}` },
      };
    },
  },
  'case-resolution': {
    raise: async (p) => {
      // Five new wallets paying one (the shipped fan-in rule, score 60, whatever order the monitor
      // sees them in): a case whose FALSE_POSITIVE takes two ADMIN+.
      const recipient = await userWith(p, 0);
      for (let sender = 0; sender < 5; sender += 1) {
        const payer = await userWith(p, 20);
        const paid = await http(p.stack.gatewayUrl, 'POST', '/api/coins/transfer', {
          token: payer.accessToken,
          body: { toUserId: recipient.userId, amount: 20, reason: 'fan-in' },
        });
        expectStatus(paid, 201);
      }
      const opened = await eventually(
        async () => {
          const page = await http(p.stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases?status=OPEN&limit=100', {
            token: p.second.accessToken,
          });
          return (page.body.cases as Array<{ id: string; subject: string }>).find((x) => x.subject === `user:${recipient.userId}`);
        },
        30_000,
        'the fan-in case',
      );
      const body = { resolution: 'FALSE_POSITIVE', reason: 'friends sharing a bill' };
      const proposed = await send(p, 'POST', `/api/admin/monitoring/cases/${opened.id}/resolve`, body);
      expect([proposed.status, proposed.body.code]).toEqual([403, 'FOUR_EYES_REQUIRED']);
      return {
        params: { id: opened.id },
        body,
        pending: proposalPending(opened.id),
        audit: { log: 'service-actions', target: `monitoring-case:${opened.id}` },
      };
    },
  },
  'freeze-lift': {
    raise: async (p) => {
      // The freezer in force (one proposes, the other approves), then a payment it freezes.
      const rule = { ...insiderRules(p.run).freezer, mode: 'ACTIVE' };
      const path = `/api/admin/monitoring/rules/${rule.id}`;
      expectStatus(await send(p, 'PUT', path, { rule }), 202);
      expectStatus(await http(p.stack.gatewayUrl, 'PUT', path, { token: await fresh(p.stack, p.second), body: { rule } }), 200);
      const [payer, payee] = [await userWith(p, 1_000), await userWith(p, 0)];
      const paid = await http(p.stack.gatewayUrl, 'POST', '/api/coins/transfer', {
        token: payer.accessToken,
        body: { toUserId: payee.userId, amount: 800, reason: 'past the freezer' },
      });
      expectStatus(paid, 201);
      await frozenWallet(p, payer);
      const asked = expectStatus(await send(p, 'POST', `${path}/freeze-lift`, { reason: 'a rule too eager' }), 202);
      expect((asked.freezeLift.freezes as Array<{ userId: number }>).map((f) => f.userId)).toEqual([payer.userId]);
      return {
        params: { ruleId: rule.id },
        pending: proposalPending(rule.id),
        audit: { log: 'service-actions', target: `monitoring-rule:${rule.id}` },
      };
    },
  },
};

/** The runs of the cases after the first (a promoted decider's): their rules are disabled after the file too. */
const laterRuns: string[] = [];

/** The acts this file does not raise, each with its reason in `raises`: none today; the first case holds the two lists equal. */
const notRaisedHere: FourEyesAct[] = [];

/** How an act's request about a person is raised by the insider, that person (`subject`, made just before as `role`) then approving it. */
interface AboutRaise {
  /** The role that may decide the act: the subject holds it since before the request, so only the rule about them refuses. */
  role: 'ADMIN' | 'SUPERADMIN';
  raise(people: People, subject: AdminSession): Promise<Raised>;
}

/** An act about no person, or whose person is refused where this file cannot reach them, and where that is tested. */
interface NotAbout {
  notHere: string;
}

/** A freeze of `user`'s wallet, seen on their own wallet. */
async function frozenWallet(p: People, user: { accessToken: string }): Promise<void> {
  await eventually(
    async () => (await http(p.stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken })).body.frozen === true,
    20_000,
    'the freeze of the wallet',
  );
}

/** For every act, the person it is about approving it (403 SELF_DEALING), or why that is not raised here. */
const abouts: Record<FourEyesAct, AboutRaise | NotAbout> = {
  money: {
    notHere:
      'its payee approving (an approval made with the approver\'s own API key) is refused by the ledger where it applies the request: services/ledger/src/domain/ledger.unit.test.ts "approving a payment to them"',
  },
  payout: {
    notHere:
      'a payee of one of its lines approving is refused by the ledger where it applies the request: services/ledger/src/domain/ledger.unit.test.ts "a payout request one of whose lines pays them"',
  },
  'cashout-reversal': {
    notHere:
      'its payer approving is refused by the ledger: services/ledger/src/domain/commands/cashout-reversal.unit.test.ts "the payer approving is SELF_DEALING"',
  },
  'commission-change': {
    notHere:
      "about a platform client's rule, no person: neither its requester nor its approver is ever paid under it (services/ledger/src/domain/commands/set-commission.ts)",
  },
  'cashout-rate-change': { notHere: 'about a rate, no person' },
  'cashout-approval': { notHere: "about its payer, who is its requester: raised above (`raises['cashout-approval']`, 403 SELF_DEALING)" },
  unfreeze: {
    role: 'ADMIN',
    raise: async (p, subject) => {
      expectStatus(await send(p, 'POST', `/api/admin/users/${subject.userId}/freeze`, { reason: 'insider freeze' }), 200, 201);
      // The owner does not ask either.
      const ownAsk = await http(p.stack.gatewayUrl, 'POST', `/api/admin/users/${subject.userId}/freeze/unfreeze-request`, {
        token: await fresh(p.stack, subject),
        body: { reason: 'mine, cleared' },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect([ownAsk.status, ownAsk.body.code]).toEqual([403, 'SELF_DEALING']);
      const asked = expectStatus(
        await send(p, 'POST', `/api/admin/users/${subject.userId}/freeze/unfreeze-request`, { reason: 'cleared' }),
        200,
      );
      return {
        params: { id: String(subject.userId) },
        listQuery: 'status=PENDING&limit=100',
        pending: listedPending('unfreezes', asked.approval.id),
        audit: { log: 'audit-log' },
      };
    },
  },
  grant: {
    // A key issued to the subject (a role change about them is the same rule: grant-requests.unit.test.ts).
    role: 'SUPERADMIN',
    raise: async (p, subject) => {
      const body = { name: 'insider key', scopes: ['mint'], ownerUserId: subject.userId };
      return userRequest(expectStatus(await send(p, 'POST', '/api/admin/api-keys', body), 202).grantRequest.id, 'grantRequests');
    },
  },
  deletion: {
    // A SUPERADMIN's deletion always waits for a second SUPERADMIN.
    role: 'SUPERADMIN',
    raise: async (p, subject) =>
      userRequest(expectStatus(await send(p, 'DELETE', `/api/admin/users/${subject.userId}`), 202).deletionRequest.id, 'deletionRequests'),
  },
  verification: {
    role: 'ADMIN',
    raise: async (p, subject) => {
      const body = { reason: 'Identity document checked' };
      const asked = expectStatus(await send(p, 'POST', `/api/admin/users/${subject.userId}/verification-requests`, body), 202);
      return userRequest(asked.verificationRequest.id, 'verificationRequests');
    },
  },
  'callback-secret': { notHere: "about a payout provider's secret, no person" },
  'reward-cap': {
    // The people behind the client: the subject asked for it (a co-signer approved it).
    role: 'SUPERADMIN',
    raise: async (p, subject) => {
      const asked = await withSecondSuperadmin(p.stack, await fresh(p.stack, subject), () =>
        apiClient(p.stack.gatewayUrl, { accessToken: subject.accessToken }).createPlatformClient({
          body: { name: `insider-cap-of-${subject.userId}`, treasuries: ['REWARDS'] },
        }),
      );
      const clientId = (asked.grantRequest.act as { clientId: string }).clientId;
      const path = `/api/admin/platform-clients/${clientId}/daily-reward-cap`;
      return userRequest(expectStatus(await send(p, 'PUT', path, { dailyRewardCap: 300 }), 202).rewardCapRequest.id, 'rewardCapRequests');
    },
  },
  'case-resolution': {
    notHere:
      'its subject, or a party to its transactions, taking any step on the case is refused by monitoring: test/e2e/monitoring-insiders.test.ts "then their step on it is 403 SELF_DEALING"',
  },
  'rule-change': { notHere: 'about a rule, no person' },
  'freeze-lift': {
    role: 'ADMIN',
    raise: async (p, subject) => {
      // A rule that freezes the subject's own payment (one proposes it, the other approves).
      const rule = { ...insiderRules(p.run).adminFreezer, mode: 'ACTIVE' };
      const path = `/api/admin/monitoring/rules/${rule.id}`;
      expectStatus(await send(p, 'PUT', path, { rule }), 202);
      expectStatus(await http(p.stack.gatewayUrl, 'PUT', path, { token: await fresh(p.stack, p.second), body: { rule } }), 200);
      await applied(p.minter.mintCoins({ body: { userId: subject.userId, amount: 600, reason: 'four-eyes insider seed' } }));
      const payee = await userWith(p, 0);
      const paid = await http(p.stack.gatewayUrl, 'POST', '/api/coins/transfer', {
        token: subject.accessToken,
        body: { toUserId: payee.userId, amount: 500, reason: 'past the admin freezer' },
      });
      expectStatus(paid, 201);
      await frozenWallet(p, subject);
      const asked = expectStatus(await send(p, 'POST', `${path}/freeze-lift`, { reason: 'a rule too eager' }), 202);
      expect((asked.freezeLift.freezes as Array<{ userId: number }>).map((f) => f.userId)).toEqual([subject.userId]);
      return {
        params: { ruleId: rule.id },
        pending: proposalPending(rule.id),
        audit: { log: 'service-actions', target: `monitoring-rule:${rule.id}` },
      };
    },
  },
};

/** The method and path of each operation of the OpenAPI document: the routes the table draws. */
function operationRoutes(): Map<string, { method: string; path: string }> {
  const document = JSON.parse(readFileSync(join(__dirname, '../../libs/client/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const routes = new Map<string, { method: string; path: string }>();
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations))
      if (operation.operationId) routes.set(operation.operationId, { method: method.toUpperCase(), path });
  return routes;
}

const routes = operationRoutes();

function routeOf(operationId: string, params: Record<string, string> = {}): { method: string; path: string } {
  const route = routes.get(operationId);
  if (!route) throw new Error(`the OpenAPI document has no operation ${operationId}`);
  return {
    method: route.method,
    path: route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `{${name}}`)),
  };
}

describe('four-eyes insider: every act of the table refuses its requester and the person it is about', () => {
  let people: People;

  beforeAll(async () => {
    const stack = await startTestStack({
      extraEnv: {
        CASHOUT_RATES: '2020-01-01T00:00:00Z=655',
        // Four of the requester's own cash-outs above the threshold: the requester's, the wrong role's, the promoted decider's and the stale second factor's cases.
        CASHOUT_DAILY_COINS_UNVERIFIED: '3000',
        CASHOUT_FOUR_EYES_COINS: String(cashoutFourEyesCoins),
        DELETION_APPROVAL_MIN_COINS: '50',
      },
      // A gateway that lets a second factor of up to an hour through, while every service behind it
      // keeps the 300 s window: a stale second factor reaches the service that applies the act,
      // which must refuse it itself (the stale-second-factor case).
      gatewayEnv: { STEP_UP_MAX_AGE_S: '3600' },
    });
    const [requester, second, colleague, seeder] = await Promise.all([
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'ADMIN'),
      adminSession(stack, 'SUPERADMIN'),
    ]);
    for (const admin of [requester, second]) steppedUp.set(admin.userId, Date.now());
    // Each asks for their own key: no key pays the people who asked for it.
    const scopes = ['mint', 'burn', 'refund', 'reward'] as Array<'mint' | 'burn' | 'refund' | 'reward'>;
    const requesterKey = await apiKeyFor(stack, requester.accessToken, scopes);
    const secondKey = await apiKeyFor(stack, second.accessToken, scopes);
    const providerToken = await platformClientTokenAs(stack, providerId, 'insider provider', { treasuries: [], cashout: true });
    const seederKey = await apiKeyFor(stack, seeder.accessToken, ['mint']);
    const minter = apiClient(stack.gatewayUrl, { accessToken: seeder.accessToken, apiKey: seederKey });
    people = { stack, requester, requesterKey, second, secondKey, colleague, minter, providerToken, run: randomUUID().slice(0, 8) };
    // The payouts' REWARDS (the requester's case, the wrong role's, the promoted decider's and the stale second factor's), and the requester's own coins for the cash-outs they ask for.
    await fundTreasury(stack, { accessToken: seeder.accessToken, apiKey: seederKey }, 'REWARDS', 40_000);
    await applied(minter.mintCoins({ body: { userId: requester.userId, amount: 3_000, reason: 'four-eyes insider seed' } }));
  }, 180_000);
  afterAll(async () => {
    // The rules added here leave the stack disabled, by two people (loosening a rule takes two).
    if (people) {
      for (const added of [people.run, ...laterRuns].flatMap((run) => Object.values(insiderRules(run)))) {
        const rule = { ...added, mode: 'DISABLED' };
        for (const admin of [people.requester, people.second])
          await http(people.stack.gatewayUrl, 'PUT', `/api/admin/monitoring/rules/${rule.id}`, {
            token: await fresh(people.stack, admin),
            body: { rule },
          });
      }
      await people.stack.close();
    }
  });

  it('when the table has an act, then this file raises it, or names it among the acts it does not raise (exactly these)', () => {
    const acts = Object.keys(fourEyesActs) as FourEyesAct[];
    const lacking = acts.filter((act) => raises[act] === undefined);
    expect({ actsWithoutARaise: lacking }).toEqual({ actsWithoutARaise: [] });
    expect(acts.filter((act) => raises[act] !== undefined && 'notRaised' in raises[act])).toEqual(notRaisedHere);
  });

  const raised = (Object.keys(fourEyesActs) as FourEyesAct[]).filter((act) => !notRaisedHere.includes(act));

  /** Waits until the insider's refused decision of `act` is in the audit log `audit` names, with its code (and request id). */
  async function refusalAudited(
    act: FourEyesAct,
    audit: Raised['audit'],
    refusal: { adminId: number; code: string; requestId: string; byRoute: boolean },
  ): Promise<void> {
    const { stack, second } = people;
    const { adminId, code, requestId } = refusal;
    await eventually(
      async () => {
        const query =
          audit.log === 'audit-log'
            ? `/api/admin/audit-log?result=rejected&actor=${adminId}&limit=1000${audit.target && !refusal.byRoute ? `&target=${encodeURIComponent(audit.target)}` : ''}`
            : `/api/admin/audit-log/service-actions?target=${encodeURIComponent(audit.target)}`;
        const page = await http(stack.gatewayUrl, 'GET', query, { token: second.accessToken });
        const entries = (page.body.entries ?? []) as Array<{
          actor: { id: string };
          errorCode?: string | null;
          requestId?: string | null;
          summary?: { errorCode?: string };
        }>;
        return entries.some(
          (e) =>
            e.actor.id === String(adminId) &&
            (e.errorCode ?? e.summary?.errorCode) === code &&
            (audit.log === 'service-actions' || e.requestId === requestId),
        );
      },
      20_000,
      `the refusal of ${act}'s approval by ${adminId} in the audit log`,
    );
  }

  /**
   * The insider's own approval of a request raised for `act`: 403 with `code`, the request still
   * pending on the act's list, the refusal in the audit log under the insider's name; then a second
   * person approves it.
   */
  async function refusedThenApproved(
    act: FourEyesAct,
    request: Raised,
    insider: {
      admin: AdminSession;
      key?: string;
      code: string;
      /** The answer's status (403 unless said: a command the ledger or the user service refuses is 422 COMMAND_REFUSED). */
      status?: number;
      /** The access token the insider decides with (default: a fresh one of theirs). */
      token?: string;
      /**
       * Where the refusal is recorded when not where the act's own refusals are: `command`, a
       * command refused before its apply (under the command, not the request); `gateway`, a
       * refusal of authority at the gateway (under the route). Either is found by its request id.
       */
      refusedBy?: 'command' | 'gateway';
      /** The act's approval is made with the approver's API key (the second person's too), whether or not the insider has one. */
      withKey?: boolean;
    },
    requestId: string,
  ): Promise<void> {
    const row = fourEyesActs[act];
    const { stack, second } = people;
    const approve = routeOf(row.operations.approve, request.params);
    const decide = async (admin: AdminSession, key: string | undefined, id: string, token?: string) =>
      http(stack.gatewayUrl, approve.method, approve.path, {
        token: token ?? (await fresh(stack, admin)),
        ...(request.body === undefined ? {} : { body: request.body }),
        headers: { 'idempotency-key': randomUUID(), 'x-request-id': id, ...(key ? { 'x-api-key': key } : {}) },
      });
    const { admin, code } = insider;

    const own = await decide(admin, insider.key, requestId, insider.token);
    expect({ act, status: own.status, code: own.body.code }).toEqual({ act, status: insider.status ?? 403, code });

    // Nothing changed: the request is still pending on the act's list.
    if (row.operations.list === null) throw new Error(`${act} has no list to find its pending requests on`);
    const list = routeOf(row.operations.list);
    const listed = await http(stack.gatewayUrl, 'GET', `${list.path}${request.listQuery ? `?${request.listQuery}` : ''}`, {
      token: await fresh(stack, second),
    });
    expect({ act, status: listed.status, pending: request.pending(listed.body) }).toEqual({ act, status: 200, pending: true });

    // Every refusal is audited: the insider's, with its code.
    const audit: Raised['audit'] = insider.refusedBy ? { log: 'audit-log' } : request.audit;
    await refusalAudited(act, audit, { adminId: admin.userId, code, requestId, byRoute: insider.refusedBy !== undefined });

    const approved = await decide(
      second,
      insider.key === undefined && !insider.withKey ? undefined : people.secondKey,
      `${requestId}-second`,
    );
    expect({ act, approved: [200, 201].includes(approved.status), answer: approved.body }).toMatchObject({ act, approved: true });
  }

  it.each(raised)(
    'when the requester of a %s request approves it themselves, then 403, it stays pending on its list, the refusal is audited, and a second person approves it',
    async (act) => {
      const recipe = raises[act];
      if (recipe === undefined || 'notRaised' in recipe) throw new Error(`four-eyes act ${act} has no way to raise it in this file`);
      const request = await recipe.raise(people);
      const insider = {
        admin: people.requester,
        ...(recipe.withKey ? { key: people.requesterKey } : {}),
        code: recipe.code ?? 'APPROVAL_BY_REQUESTER',
      };
      await refusedThenApproved(act, request, insider, `insider-${people.run}-${act}`);
    },
    90_000,
  );

  it('when the table has an act, then this file has the person it is about approve it, or says why not here', () => {
    const acts = Object.keys(fourEyesActs) as FourEyesAct[];
    expect({ actsWithoutAWord: acts.filter((act) => abouts[act] === undefined) }).toEqual({ actsWithoutAWord: [] });
  });

  const aboutAPerson = (Object.keys(fourEyesActs) as FourEyesAct[]).filter((act) => 'raise' in abouts[act]);

  /**
   * A decider promoted after the request: for every row, a request raised by the insider (as
   * above, under a run of its own, so its rules and names are new), then approved by an account
   * given the role the row's `deciders` name only after it was made (and stepped up, with a key of
   * its own where the act's approval takes one): 403 APPROVER_NOT_ELIGIBLE from the service that
   * applies the act, audited, still pending; a second person, one since before, approves it.
   */
  it.each(raised)(
    'when a decider promoted after a %s request approves it, then 403 APPROVER_NOT_ELIGIBLE, it stays pending on its list, the refusal is audited, and a second person approves it',
    async (act) => {
      const recipe = raises[act];
      if (recipe === undefined || 'notRaised' in recipe) throw new Error(`four-eyes act ${act} has no way to raise it in this file`);
      const run = `${people.run}p${laterRuns.length}`;
      laterRuns.push(run);
      // A verification is asked for an ADMIN not verified yet: a colleague of this case's own.
      const colleague = act === 'verification' ? await adminSession(people.stack, 'ADMIN') : people.colleague;
      const request = await recipe.raise({ ...people, run, colleague });
      const promoted = await adminSession(people.stack, fourEyesActs[act].deciders === 'SUPERADMIN' ? 'SUPERADMIN' : 'ADMIN');
      steppedUp.set(promoted.userId, Date.now());
      const key = recipe.withKey
        ? await apiKeyFor(people.stack, await fresh(people.stack, people.requester), ['mint', 'burn', 'refund', 'reward'], promoted)
        : undefined;
      const insider = { admin: promoted, ...(key ? { key } : {}), code: 'APPROVER_NOT_ELIGIBLE' };
      await refusedThenApproved(act, request, insider, `promoted-${run}-${act}`);
    },
    120_000,
  );

  /**
   * A decider of a role the row does not name, made before the request: an ADMIN for an act only
   * a SUPERADMIN decides, a DEVELOPER (no admin at all) for an ADMIN+ act. The gateway refuses it
   * from the same row (403 FORBIDDEN, recorded as a refusal of authority under the request's id);
   * each service's own refusal of it, past the gateway, is in its own test
   * (`services/ledger/src/four-eyes-deciders.int.test.ts`, `services/user/src/user-commands.int.test.ts`,
   * `services/monitoring/src/monitoring.int.test.ts` "a decider of a role its row does not name").
   */
  it.each(raised)(
    'when a decider of a role the %s row does not name approves it, then 403 FORBIDDEN, it stays pending on its list, the refusal is audited, and a second person approves it',
    async (act) => {
      const recipe = raises[act];
      if (recipe === undefined || 'notRaised' in recipe) throw new Error(`four-eyes act ${act} has no way to raise it in this file`);
      const run = `${people.run}w${laterRuns.length}`;
      laterRuns.push(run);
      const superadminsOnly = fourEyesActs[act].deciders === 'SUPERADMIN';
      const decider = superadminsOnly ? await adminSession(people.stack, 'ADMIN') : await adminSession(people.stack, 'DEVELOPER');
      const token = superadminsOnly ? await fresh(people.stack, decider as AdminSession) : decider.accessToken;
      const colleague = act === 'verification' ? await adminSession(people.stack, 'ADMIN') : people.colleague;
      const request = await recipe.raise({ ...people, run, colleague });
      const insider = {
        admin: decider as AdminSession,
        token,
        code: 'FORBIDDEN',
        refusedBy: 'gateway' as const,
        withKey: recipe.withKey === true,
      };
      await refusedThenApproved(act, request, insider, `role-${run}-${act}`);
    },
    120_000,
  );

  /**
   * A stale second factor, past the gateway: for every row, a request raised by the insider (a run
   * of its own), then approved by a decider eligible since before it (and with a key of their own
   * where the act's approval takes one) whose token says they gave their second factor ten minutes
   * ago. This file's gateway lets that through (its STEP_UP_MAX_AGE_S is an hour); the service that
   * applies the act keeps 300 s and refuses it from the token it verifies: the ledger and the user
   * service the command (422 COMMAND_REFUSED, its proof's second factor stale when it was
   * appended), monitoring the call (403 STEP_UP_REQUIRED); audited, still pending, and a second
   * person approves it.
   */
  it.each(raised)(
    'when a decider whose second factor is stale approves a %s request past the gateway, then the service that applies it refuses it, it stays pending on its list, the refusal is audited, and a second person approves it',
    async (act) => {
      const recipe = raises[act];
      if (recipe === undefined || 'notRaised' in recipe) throw new Error(`four-eyes act ${act} has no way to raise it in this file`);
      const run = `${people.run}s${laterRuns.length}`;
      laterRuns.push(run);
      const role = fourEyesActs[act].deciders === 'SUPERADMIN' ? 'SUPERADMIN' : 'ADMIN';
      // Made before the request: eligible to decide it but for the second factor.
      const decider = await adminSession(people.stack, role);
      steppedUp.set(decider.userId, Date.now());
      const key = recipe.withKey
        ? await apiKeyFor(people.stack, await fresh(people.stack, people.requester), ['mint', 'burn', 'refund', 'reward'], decider)
        : undefined;
      const colleague = act === 'verification' ? await adminSession(people.stack, 'ADMIN') : people.colleague;
      const request = await recipe.raise({ ...people, run, colleague });
      const mfaAt = new Date(Date.now() - 600_000);
      const ver = (JSON.parse(Buffer.from(decider.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { ver: number }).ver;
      const token = await signProof(people.stack.jwtKey, { kind: 'user', id: String(decider.userId), role }, { mfaAt, tokenVersion: ver });
      const byCommand = fourEyesActs[act].service !== 'monitoring';
      const insider = {
        admin: decider,
        ...(key ? { key } : {}),
        token,
        code: byCommand ? 'COMMAND_REFUSED' : 'STEP_UP_REQUIRED',
        status: byCommand ? 422 : 403,
        ...(byCommand ? { refusedBy: 'command' as const } : {}),
      };
      await refusedThenApproved(act, request, insider, `stale-${run}-${act}`);
    },
    120_000,
  );

  it.each(aboutAPerson)(
    'when the person a %s request is about rejects or approves it, then 403 SELF_DEALING, it stays pending on its list, the refusal is audited, and a second person approves it',
    async (act) => {
      const recipe = abouts[act];
      if (!('raise' in recipe)) throw new Error(`four-eyes act ${act} is about no person raised in this file`);
      // Made before the request: eligible to decide it but for the rule about them.
      const subject = await adminSession(people.stack, recipe.role);
      steppedUp.set(subject.userId, Date.now());
      const request = await recipe.raise(people, subject);
      // Nor do they reject it, where the act has a rejection: it stays pending for the second person below.
      const rejectOperation = fourEyesActs[act].operations.reject;
      if (rejectOperation !== null) {
        const route = routeOf(rejectOperation, request.params);
        const ownRejection = await http(people.stack.gatewayUrl, route.method, route.path, {
          token: await fresh(people.stack, subject),
          body: { reason: 'about me' },
          headers: { 'idempotency-key': randomUUID() },
        });
        expect({ act, status: ownRejection.status, code: ownRejection.body.code }).toEqual({ act, status: 403, code: 'SELF_DEALING' });
      }
      await refusedThenApproved(act, request, { admin: subject, code: 'SELF_DEALING' }, `subject-${people.run}-${act}`);
    },
    90_000,
  );
});
