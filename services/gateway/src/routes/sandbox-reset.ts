import {
  ledgerDraft,
  minorUnitsToCoins,
  payoutLinesMax,
  problem,
  sandboxClockSetBody,
  sandboxReset,
  testClock,
  walletKeyOf,
  type LedgerDraft,
  type SandboxReset,
  type TestClientData,
  userDraft,
} from '@coin/contracts';
import type { App } from '@coin/http';
import { uuidV5 } from '@coin/security';
import type { FastifyRequest } from 'fastify';
import type { InternalApi } from '../clients/internal-api';
import type { CommandBus } from '../clients/commands';
import { authorityOf } from '../plugins/auth';
import { idempotencyHeaders, idempotencyOf } from '../plugins/idempotency';
import { answered, commandErrorResponses as errorResponses, isCommandRejection, sendLedgerCommand } from './command-route';
import { minor } from './amounts';
import { withExample } from './examples';
import { testClientOf } from './sandbox-economy';

type Deps = { commands: CommandBus; internal: InternalApi };

const exampleClock = { clientId: 'test_shop', offsetSeconds: 86_400, now: '2026-01-02T00:00:00.000Z' };

/** The time a clock of `offsetSeconds` reads now, by the gateway's clock (the answer's `now`). */
const clockAt = (clientId: string, offsetSeconds: number) => ({
  clientId,
  offsetSeconds,
  now: new Date(Date.now() + offsetSeconds * 1000).toISOString(),
});

/**
 * Setting a test clock and deleting a client's test data (docs/decisions/0018-sandbox.md "The test
 * clock", "Deleting a client's test data"), for test-mode platform clients only, in the sandbox
 * ledger only: no operator takes part, and no live balance is read or moved.
 */
export function registerSandboxResetRoutes(app: App, deps: Deps): void {
  app.post(
    '/api/sandbox/clock/set',
    {
      config: { access: 'platform', idempotent: true, sandbox: 'ledger' },
      schema: {
        tags: ['sandbox'],
        summary:
          "Set the test-mode client's own sandbox clock to read `now`: forward only (a time before what the clock reads is 400 VALIDATION_FAILED, saying what it reads), at most a year ahead of wall time. Test-mode clients only (a live one is 403 FORBIDDEN)",
        headers: idempotencyHeaders,
        operationId: 'setSandboxClock',
        body: withExample(sandboxClockSetBody, { now: '2026-01-02T00:00:00.000Z' }),
        response: { 201: withExample(testClock, exampleClock), ...errorResponses },
      },
    },
    async (request, reply) => {
      const clientId = testClientOf(request, 'sets a sandbox clock').id;
      const result = await sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.set-clock', { clientId, to: request.body.now, requestHash }),
      );
      return clockAt(result.clientId, result.offsetSeconds);
    },
  );

  app.post(
    '/api/sandbox/reset',
    {
      config: { access: 'platform', idempotent: true, sandbox: 'ledger' },
      schema: {
        tags: ['sandbox'],
        summary:
          "Delete the test-mode client's own test data in the sandbox: delete its balance monitors, void the holds and test cash-outs it settles, cancel its mandates, burn what its own transactions left in its test users' wallets, retire its own treasuries (what is left burned, each started again as new, totals 0), then move its clock back to wall time. Answers what was done; `complete: false` when more remained than one reset takes (the clock then stays): call again. Test-mode clients only (a live one is 403 FORBIDDEN); other clients' data is untouched",
        headers: idempotencyHeaders,
        operationId: 'resetSandbox',
        response: {
          200: withExample(sandboxReset, {
            clientId: 'test_shop',
            voidedHolds: 2,
            cancelledMandates: 1,
            burnedWallets: 3,
            burned: 950,
            deletedTestUsers: 2,
            deletedBalanceMonitors: 1,
            complete: true,
            clock: { clientId: 'test_shop', offsetSeconds: 0, now: '2026-01-01T00:00:00.000Z' },
          }),
          400: problem,
          401: problem,
          403: problem,
          409: problem,
          422: problem,
          429: problem,
          503: problem,
          504: problem,
        },
      },
    },
    async (request) => answered(request, () => resetTestData(deps, request, testClientOf(request, 'deletes its sandbox test data').id)),
  );
}

/** Rounds of voids and cancels one reset makes at most (each a page of the client's data): the rest is the next call's. */
const resetRoundsMax = 5;

/**
 * One command of a reset, under an id derived from the request's Idempotency-Key and what it is
 * about, so a retry of the request sends the same commands and the ledger answers each from its
 * stored outcome. A refusal (a hold that expired meanwhile, a mandate its payer cancelled) counts
 * as nothing done; an outage or a timeout fails the request, which the client retries.
 */
async function sendOne(deps: Deps, request: FastifyRequest, about: string, draft: LedgerDraft, usersProof?: string): Promise<boolean> {
  const { commandId } = idempotencyOf(request);
  try {
    await deps.commands.ledger(draft, {
      ...authorityOf(request),
      ...(usersProof ? { usersProof } : {}),
      commandId: uuidV5(`sandbox-reset:${commandId}:${about}`),
      requestId: String(request.id),
    });
    return true;
  } catch (err) {
    if (isCommandRejection(err)) return false;
    throw err;
  }
}

/**
 * The user service's signed proof for each user wallet a reset burns that is still the client's
 * (its test user, or a live account linked to it), asked a payout's worth of users at a time: the
 * sandbox ledger burns a test client's coins from its own users' wallets only.
 */
async function usersProofsOf(
  deps: Deps,
  request: FastifyRequest,
  clientId: string,
  returnable: TestClientData['returnable'],
): Promise<Map<number, string>> {
  const userIds = [...new Set(returnable.flatMap(({ from }) => (from.kind === 'user' ? [from.userId] : [])))];
  const proofs = new Map<number, string>();
  for (let start = 0; start < userIds.length; start += payoutLinesMax) {
    const asked = userIds.slice(start, start + payoutLinesMax);
    const { userIds: linked, usersProof } = await deps.internal.post(
      'users.linked-users',
      { clientId, userIds: asked },
      String(request.id),
    );
    for (const userId of linked) proofs.set(userId, usersProof);
  }
  return proofs;
}

/**
 * The client's own balance monitors in the sandbox's webhooks instance, deleted: none waits on its
 * clock, so they go whether or not the rest is complete. A retry finds none left (and the request's
 * stored answer says what the first did).
 */
async function deleteSandboxMonitors(deps: Deps, request: FastifyRequest, clientId: string): Promise<number> {
  const webhooks = deps.internal.in('test');
  if (!webhooks.serves('webhooks')) return 0;
  const { monitors } = await webhooks.read('webhooks.client-balance-monitors', { clientId }, String(request.id));
  for (const { id } of monitors) {
    await webhooks.post('webhooks.delete-client-balance-monitor', { clientId, id, requestId: String(request.id) }, String(request.id));
  }
  return monitors.length;
}

/**
 * Retires each of the client's own treasuries the sandbox ledger named as used (docs/decisions/0018-sandbox.md
 * "Treasuries of each test client's own"; a mandate's charges pay its own SUBSCRIPTIONS, granted or
 * not): what is left in one is burned and its next use opens it new, totals 0. Answers the minor
 * units each burned (none for one it had emptied).
 */
async function retireTreasuries(
  deps: Deps,
  request: FastifyRequest,
  clientId: string,
  codes: TestClientData['treasuries'],
): Promise<number[]> {
  const { commandId, requestHash } = idempotencyOf(request);
  const burned: number[] = [];
  for (const code of codes) {
    const draft = ledgerDraft('ledger.retire-treasury', {
      treasury: { kind: 'treasury', code, clientId },
      reason: 'Sandbox reset: the test data of its client deleted',
      requestHash,
    });
    const context = {
      ...authorityOf(request),
      commandId: uuidV5(`sandbox-reset:${commandId}:retire:${code}`),
      requestId: String(request.id),
    };
    const { transaction } = await deps.commands.ledger(draft, context);
    if (transaction) burned.push(minor(transaction.amount));
  }
  return burned;
}

/**
 * The reset (docs/decisions/0018-sandbox.md "Deleting a client's test data"): the sandbox ledger
 * names what of the client is left, the gateway sends the commands that end each, one per wallet
 * partition as the ledger applies them, and reads again until nothing waits on the client's clock;
 * then burns what its transactions left, and only then moves its clock back.
 */
async function resetTestData(deps: Deps, request: FastifyRequest, clientId: string): Promise<SandboxReset> {
  const { requestHash } = idempotencyOf(request);
  const read = () => deps.internal.in('test').read('ledger.test-client-data', { clientId }, String(request.id));
  const deletedBalanceMonitors = await deleteSandboxMonitors(deps, request, clientId);
  const done = { voidedHolds: 0, cancelledMandates: 0, burnedWallets: 0, burned: 0 };
  let data: TestClientData = await read();
  for (let round = 0; round < resetRoundsMax && (data.holds.length > 0 || data.mandates.length > 0); round++) {
    for (const { id, fromUserId } of data.holds) {
      if (await sendOne(deps, request, `void:${id}`, ledgerDraft('ledger.void-hold', { holdId: id, fromUserId, requestHash })))
        done.voidedHolds++;
    }
    for (const { id, fromUserId } of data.mandates) {
      const draft = ledgerDraft('ledger.cancel-mandate', { mandateId: id, fromUserId, requestHash });
      if (await sendOne(deps, request, `cancel:${id}`, draft)) done.cancelledMandates++;
    }
    data = await read();
  }
  const proofs = await usersProofsOf(deps, request, clientId, data.returnable);
  for (const { from, amount } of data.returnable) {
    // A user no longer the client's (a link removed) keeps their coins: the sandbox burns a client's own users' only.
    const usersProof = from.kind === 'user' ? proofs.get(from.userId) : undefined;
    if (from.kind === 'user' && usersProof === undefined) continue;
    const draft = ledgerDraft('ledger.burn', { from, amount, reason: 'Sandbox reset: the test data of its client deleted', requestHash });
    if (await sendOne(deps, request, `burn:${walletKeyOf(from)}:${amount}`, draft, usersProof)) {
      done.burnedWallets++;
      done.burned += amount;
    }
  }
  for (const burned of await retireTreasuries(deps, request, clientId, data.treasuries)) {
    done.burnedWallets++;
    done.burned += burned;
  }
  // The clock goes back only once nothing of the client waits on it: a hold or a mandate left would be judged on a clock that jumped.
  const complete = data.holds.length === 0 && data.mandates.length === 0;
  if (!complete) {
    const clock = await deps.internal.in('test').read('ledger.test-clock', { clientId }, String(request.id));
    return {
      clientId,
      ...done,
      burned: minorUnitsToCoins(done.burned),
      deletedTestUsers: 0,
      deletedBalanceMonitors,
      complete,
      clock: clockAt(clientId, clock.offsetSeconds),
    };
  }
  const context = (about: string) => ({
    ...authorityOf(request),
    commandId: uuidV5(`sandbox-reset:${idempotencyOf(request).commandId}:${about}`),
    requestId: String(request.id),
  });
  const clock = await deps.commands.ledger(ledgerDraft('ledger.set-clock', { clientId, to: null, requestHash }), context('clock'));
  // Last, its own test users (the user service's): their wallets were emptied above, and no route takes them from now on.
  const { deleted } = await deps.commands.user(userDraft('user.test-users.delete', { clientId, requestHash }), context('test-users'));
  return {
    clientId,
    ...done,
    burned: minorUnitsToCoins(done.burned),
    deletedTestUsers: deleted,
    deletedBalanceMonitors,
    complete,
    clock: clockAt(clientId, clock.offsetSeconds),
  };
}
