/**
 * A bank test in the spirit of Jepsen. Random transfers among N funded wallets for a while,
 * through the gateway, while a nemesis SIGKILLs and restarts every service process at random
 * moments (and, when allowed, restarts the Kafka broker once). Clients behave as SPEC §4 lets
 * them: every operation has its own Idempotency-Key, and any answer that is not definitive (5xx,
 * 409 REQUEST_IN_PROGRESS, 429, a dropped connection, a timeout) is retried with the same key
 * until a definitive one (201 or another 4xx) arrives.
 *
 * This file is the orchestrator. The clients are actors (./actors/), each with its own log and
 * its own end checks, all running at once against the same stack under the same faults:
 *  - transfers: the random transfers (./actors/transfers.ts), a share of them to users who are
 *    deleted during the run;
 *  - deletions: those users deleted by a SUPERADMIN at random moments (./actors/deletions.ts);
 *  - refunds: purchases, each raced by several partial and full refunds (./actors/refunds.ts);
 *  - hostile: a trickle of requests with NUL, controls, lone surrogates and ids past 2^53, each
 *    to be answered 400 (./actors/hostile.ts).
 * Checks at the end, besides each actor's: Σ balances == Σ MINT − Σ BURN (the MINTs being
 * exactly what the test minted, the BURNs the closes of deleted users), no negative balance, the
 * ledger's own audit consistent, every service ready again, no service exited on its own, and
 * every Kafka partition live (scripts/fuzz/liveness.ts: a registration on every user.commands
 * partition and a transfer on every ledger.commands partition, each 201 within 1 s).
 */
import { join } from 'node:path';
import pg from 'pg';
import { ensureInfra, type InfraEndpoints } from '../../scripts/infra';
import { commandPartitions, probeLiveness, type LivenessReport } from '../../scripts/fuzz/liveness';
import { generateJwtKey } from '../../scripts/stack/keys';
import { ProcessStack, waitForReady } from '../../scripts/stack/processes';
import { provision } from '../../scripts/stack/provision';
import { seedUsers } from '../../scripts/stack/seed';
import { repoRoot, type ServiceName } from '../../scripts/stack/services';
import { createOperatorLogin, fundUsers } from '../../bench/lib/admin';
import { requestJson } from '../../bench/lib/http';
import { benchServiceEnv } from '../../bench/lib/service-env';
import type { ChaosActor, EndState } from './actors/actor';
import { DeletionsActor } from './actors/deletions';
import { HostileActor } from './actors/hostile';
import { fundShopTreasuries, RefundsActor } from './actors/refunds';
import { TransfersActor } from './actors/transfers';
import { ledgerTransactions, pick, sleep, toMinor } from './client';
import { restartKafkaBroker } from './kafka-restart';

export interface BankTestOptions {
  durationSec: number;
  wallets: number;
  /** Concurrent transfer clients, each with one transfer in flight. */
  clients: number;
  /** Restart the (shared!) Kafka broker once, half-way. */
  restartKafka: boolean;
  /** Time between two nemesis actions. */
  nemesisIntervalMs: [number, number];
  /** Users deleted during the run while being paid (default: wallets / 25, at least 8). */
  deletions?: number;
  /** Concurrent purchase-then-racing-refunds loops (default 3). */
  refundLoops?: number;
  /** Pause between two hostile requests (default 100–300 ms). */
  hostileIntervalMs?: [number, number];
  /** Infrastructure already provided (jest's global set-up); ensureInfra() otherwise. */
  infra?: InfraEndpoints;
  log?: (message: string) => void;
}

type ActorCounts = Record<string, number | Record<string, number>>;

export interface BankTestReport {
  ok: boolean;
  violations: string[];
  counts: {
    requests: number;
    operations: number;
    acknowledged: number;
    rejected: number;
    retried: number;
    unresolved: number;
    kills: number;
    restarts: number;
    kafkaRestarts: number;
    replayed: number;
    deletions: number;
    deleted: number;
    deletedOnRetry404: number;
    transfersToDeleted: number;
    refusedAfterDeletion: number;
    closeBurns: number;
    purchases: number;
    purchasesAcknowledged: number;
    refunds: number;
    refundsAcknowledged: number;
    refundsRejected: number;
    hostile: number;
    hostile400: number;
    /** 400, or for the user search with a lone surrogate's bytes 200 (see actors/hostile.ts). */
    hostileAsRequired: number;
    livenessRegistrationMaxMs: number;
    livenessTransferMaxMs: number;
  };
  /** Rejection codes of the transfers. */
  rejectionCodes: Record<string, number>;
  /** Each actor's own figures. */
  actors: Record<string, ActorCounts>;
  liveness?: LivenessReport;
  details: Record<string, unknown>;
}

const startingCoins = 100;
/** Clients give up on one operation after this long past the end (it stays "unresolved"). */
const resolveGraceMs = 60_000;
const requestTimeoutMs = 12_000;
/** History is eventually consistent (SPEC §6: within 1 s); after chaos we allow much more. */
const historySettleMs = 60_000;
const replaySampleMax = 300;
/** How long every service gets to answer /readyz 200 once the faults have stopped. */
const readySettleMs = 60_000;
/** Share of the transfers that pay a user who is deleted during the run. */
const paymentsToDeletedShare = 0.1;

/** The services whose /readyz has not answered 200 within the time, each with its last checks. */
async function servicesNotReady(urls: Record<ServiceName, string>, withinMs: number): Promise<string[]> {
  const waited = await Promise.all(Object.entries(urls).map(([name, url]) => waitForReady(url, withinMs).then(() => null, () => ({ name, url }))));
  return Promise.all(
    waited
      .filter((w) => w !== null)
      .map(async ({ name, url }) => {
        const response = await requestJson(url, 'GET', '/readyz').catch(() => null);
        return `${name} (${response ? JSON.stringify(response.body) : 'no answer'})`;
      }),
  );
}

const num = (counts: ActorCounts, key: string) => (typeof counts[key] === 'number' ? (counts[key] as number) : 0);

export async function runBankTest(options: BankTestOptions): Promise<BankTestReport> {
  const log = options.log ?? ((m: string) => process.stderr.write(`[chaos] ${m}\n`));
  const infra = options.infra ?? (await ensureInfra());
  const prefix = `chaos_${Date.now().toString(36)}_`;
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const jwtKey = generateJwtKey(`chaos-${prefix}`);
  const logDir = join(repoRoot, '.run', 'chaos', prefix);
  const stack = await ProcessStack.start({ infra, prefix, jwtKey, logDir, extraEnv: benchServiceEnv() });
  log(`stack up (${prefix}), service logs in ${logDir}`);
  const violations: string[] = [];
  const details: Record<string, unknown> = {};
  let kafkaRestarts = 0;
  const ledgerPool = new pg.Pool({ connectionString: stack.env('ledger').LEDGER_DATABASE_URL, max: 1, options: `-c search_path=${prefix}ledger` });
  // The nemesis may restart PostgreSQL: an idle connection's error must not end the test.
  ledgerPool.on('error', () => undefined);
  try {
    const seed = (count: number, tag: string) =>
      seedUsers({
        userDatabaseUrl: stack.env('user').USER_DATABASE_URL!,
        ledgerDatabaseUrl: stack.env('ledger').LEDGER_DATABASE_URL!,
        prefix,
        count,
        jwtKey,
        tag: `${tag}${Date.now().toString(36)}`,
      });
    const users = await seed(options.wallets, 'w');
    const doomed = await seed(options.deletions ?? Math.max(8, Math.round(options.wallets / 25)), 'd');
    const operator = await createOperatorLogin({ gatewayUrl: stack.gatewayUrl, userDatabaseUrl: stack.env('user').USER_DATABASE_URL!, prefix });
    const mintedMinor =
      (await fundUsers({ gatewayUrl: stack.gatewayUrl, operator, userIds: users.map((u) => u.userId), coins: startingCoins })) +
      (await fundShopTreasuries(stack.gatewayUrl, operator, requestTimeoutMs));

    const startAt = Date.now();
    const endAt = startAt + options.durationSec * 1000;
    let running = true;
    // Traffic lasts the given duration AND until every fault has happened at least once, so the
    // coverage does not depend on how fast a loaded machine restarts processes.
    let faultsCovered = false;
    const trafficGoesOn = () => Date.now() < endAt || !faultsCovered;
    const giveUpAt = () => endAt + resolveGraceMs;

    const transfers: TransfersActor = new TransfersActor({
      gatewayUrl: stack.gatewayUrl,
      users,
      clients: options.clients,
      goesOn: trafficGoesOn,
      giveUpAt,
      extraRecipients: { share: paymentsToDeletedShare, pick: () => deletions.pick(), has: (id) => deletions.has(id) },
      requestTimeoutMs,
      replaySampleMax,
      historySettleMs,
    });
    const deletions = new DeletionsActor({
      gatewayUrl: stack.gatewayUrl,
      targets: doomed,
      superadminToken: operator.accessToken,
      window: [startAt + options.durationSec * 100, startAt + options.durationSec * 800],
      giveUpAt,
      requestTimeoutMs,
      payments: () => transfers.operations,
    });
    const refunds = new RefundsActor({
      gatewayUrl: stack.gatewayUrl,
      buyers: users,
      operator,
      loops: options.refundLoops ?? 3,
      goesOn: trafficGoesOn,
      giveUpAt,
      requestTimeoutMs,
    });
    const hostile = new HostileActor({
      gatewayUrl: stack.gatewayUrl,
      user: users[0]!,
      payee: users[1]!,
      operator,
      goesOn: trafficGoesOn,
      giveUpAt,
      intervalMs: options.hostileIntervalMs ?? [100, 300],
      requestTimeoutMs,
    });
    const actors: ChaosActor[] = [transfers, deletions, refunds, hostile];
    log(
      `${users.length} wallets funded with ${startingCoins} coins each, ${doomed.length} users to delete while paid, treasuries funded; ` +
        `${options.durationSec} s of transfers, deletions, racing refunds and hostile requests under faults begin`,
    );

    // The nemesis: every service killed at least once (shuffled), then at random.
    const nemesis = (async () => {
      const services: ServiceName[] = ['gateway', 'user', 'ledger', 'history'];
      const queue = [...services].sort(() => Math.random() - 0.5);
      let kafkaDone = !options.restartKafka;
      const kafkaAt = Date.now() + (options.durationSec * 1000) / 2;
      const allCovered = () => queue.length === 0 && kafkaDone;
      while (running && (Date.now() < endAt - 3000 || !allCovered())) {
        const [lo, hi] = options.nemesisIntervalMs;
        await sleep(lo + Math.random() * (hi - lo));
        if (!running || (Date.now() >= endAt - 3000 && allCovered())) break;
        if (!kafkaDone && Date.now() >= kafkaAt) {
          kafkaDone = true;
          await restartKafkaBroker(infra.kafkaBrokers, log);
          kafkaRestarts += 1;
          continue;
        }
        const victim = queue.shift() ?? pick(services);
        log(`nemesis: SIGKILL ${victim} (pid ${stack.pid(victim)})`);
        await stack.kill(victim);
        await sleep(Math.random() * 1500);
        await stack.restart(victim).catch((err: Error) => violations.push(`${victim} did not come back: ${err.message}`));
        log(`nemesis: ${victim} back (pid ${stack.pid(victim)})`);
        faultsCovered = allCovered();
      }
      faultsCovered = true;
      // Everything must run at the end, whatever happened.
      for (const name of ['user', 'ledger', 'history', 'gateway'] as const) {
        if (!stack.isRunning(name)) await stack.restart(name);
      }
    })();

    for (const actor of actors) actor.start();
    const progress = setInterval(() => {
      const [t, d, r, h] = [transfers.counts(), deletions.counts(), refunds.counts(), hostile.counts()];
      log(
        `${Math.max(0, Math.round((endAt - Date.now()) / 1000))} s left: ${num(t, 'operations')} transfers, ${num(t, 'acknowledged')} acknowledged; ` +
          `${num(d, 'deleted') + num(d, 'deletedOnRetry404')}/${num(d, 'targets')} deleted; ${num(r, 'purchasesAcknowledged')} purchases, ` +
          `${num(r, 'refundsAcknowledged')}/${num(r, 'refunds')} refunds acknowledged; ${num(h, 'sent')} hostile requests`,
      );
    }, 5000);
    while (trafficGoesOn()) await sleep(200);
    await Promise.all(actors.map((a) => a.stop()));
    clearInterval(progress);
    running = false;
    await nemesis;
    log(`load over; ${num(transfers.counts(), 'unresolved')} transfers unresolved`);

    // A service that died without being killed crashed on a fault it should have survived.
    for (const exit of stack.unexpectedExits) {
      violations.push(`${exit.name} (pid ${exit.pid}) exited on its own at ${exit.at} (${exit.signal ?? exit.code})`);
    }

    // Every service says it is ready again, its Kafka consumers included: a consumer that died
    // for good in a broker restart left the gateway answering every write with TIMEOUT while
    // /readyz still said "ready".
    const notReady = await servicesNotReady(stack.urls, readySettleMs);
    violations.push(...notReady.map((s) => `${s} is not ready ${readySettleMs / 1000} s after the faults stopped`));

    // Now that all is calm: what is unresolved is driven to a definitive answer (not against a
    // service that stays unready: each would wait out its whole deadline), then keys are
    // replayed once more, after all the restarts: the original answers again.
    if (notReady.length === 0) {
      for (const actor of actors) await actor.settle();
      for (const actor of actors) violations.push(...((await actor.replay?.()) ?? []));
    }

    // The ledger's record and wallets against every actor's log.
    await sleep(2000);
    const record = await ledgerTransactions(stack.urls.ledger);
    let supplyFromRecord: { mintedMinor: number; burnedMinor: number } | undefined;
    if (record === null) {
      violations.push('the ledger record could not be read (GET /internal/transactions)');
    } else {
      const end: EndState = {
        record,
        ledgerQuery: async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await ledgerPool.query<R>(sql, params)).rows,
      };
      for (const actor of actors) violations.push(...(await actor.check(end)));
      const sum = (type: string) => record.filter((t) => t.type === type).reduce((s, t) => s + toMinor(t.amount), 0);
      supplyFromRecord = { mintedMinor: sum('MINT'), burnedMinor: sum('BURN') };
      details.ledgerTransactions = record.length;
      details.ledgerTypes = record.reduce<Record<string, number>>((c, t) => ({ ...c, [t.type]: (c[t.type] ?? 0) + 1 }), {});
    }

    // Money is conserved: what the test minted, less what the closes of deleted users burned.
    const totals = (
      await ledgerPool.query<{ total: string; negative: string }>(
        'SELECT coalesce(sum(balance), 0) AS total, count(*) FILTER (WHERE balance < 0) AS negative FROM wallets',
      )
    ).rows[0]!;
    const totalMinor = Number(totals.total);
    details.walletTotals = {
      totalMinor,
      negative: Number(totals.negative),
      mintedByTest: mintedMinor,
      ...(supplyFromRecord ? { mintedInRecord: supplyFromRecord.mintedMinor, burnedInRecord: supplyFromRecord.burnedMinor } : {}),
    };
    if (supplyFromRecord) {
      if (supplyFromRecord.mintedMinor !== mintedMinor) violations.push(`Σ MINT in the ledger ${supplyFromRecord.mintedMinor} != what the test minted ${mintedMinor} (minor units)`);
      if (totalMinor !== supplyFromRecord.mintedMinor - supplyFromRecord.burnedMinor) {
        violations.push(`Σ balances ${totalMinor} != Σ MINT ${supplyFromRecord.mintedMinor} − Σ BURN ${supplyFromRecord.burnedMinor} (minor units)`);
      }
    }
    if (Number(totals.negative) > 0) violations.push(`${totals.negative} wallets have a negative balance`);
    const supply = await requestJson(stack.urls.ledger, 'GET', '/internal/supply').catch(() => null);
    if (supply?.status === 200) {
      details.supply = supply.body;
      const report = supply.body as { consistent?: boolean; supply?: number; balances?: number; inFlight?: number };
      if (report.consistent === false || (report.supply !== undefined && report.supply !== report.balances) || (report.inFlight ?? 0) !== 0) {
        violations.push(`ledger audit (GET /internal/supply) failed: ${JSON.stringify(supply.body).slice(0, 500)}`);
      }
    } else {
      violations.push(`ledger audit (GET /internal/supply) answered ${supply?.status ?? 'nothing'}`);
    }

    // Every partition live at the end: nothing hostile or racing stalled one.
    let liveness: LivenessReport | undefined;
    if (notReady.length === 0) {
      liveness = await probeLiveness({
        gatewayUrl: stack.gatewayUrl,
        superadmin: { email: operator.email, password: operator.password },
        partitions: await commandPartitions(infra.kafkaBrokers, prefix),
        log,
      });
      violations.push(...liveness.failures.map((f) => `liveness: ${f}`));
    }

    const [t, d, r, h] = [transfers.counts(), deletions.counts(), refunds.counts(), hostile.counts()];
    const maxMs = (timings: Array<{ ms: number }> | undefined) => (timings && timings.length > 0 ? Math.max(...timings.map((x) => x.ms)) : -1);
    return {
      ok: violations.length === 0,
      violations,
      counts: {
        requests: num(t, 'requests'),
        operations: num(t, 'operations'),
        acknowledged: num(t, 'acknowledged'),
        rejected: num(t, 'rejected'),
        retried: num(t, 'retried'),
        unresolved: num(t, 'unresolved'),
        kills: stack.kills,
        restarts: stack.restarts,
        kafkaRestarts,
        replayed: num(t, 'replayed'),
        deletions: num(d, 'targets'),
        deleted: num(d, 'deleted'),
        deletedOnRetry404: num(d, 'deletedOnRetry404'),
        transfersToDeleted: num(d, 'sentAfterDeletion'),
        refusedAfterDeletion: num(d, 'refusedAfterDeletion'),
        closeBurns: num(d, 'closeBurns'),
        purchases: num(r, 'purchases'),
        purchasesAcknowledged: num(r, 'purchasesAcknowledged'),
        refunds: num(r, 'refunds'),
        refundsAcknowledged: num(r, 'refundsAcknowledged'),
        refundsRejected: num(r, 'refundsRejected'),
        hostile: num(h, 'sent'),
        hostile400: num(h, 'answered400'),
        hostileAsRequired: num(h, 'answeredAsRequired'),
        livenessRegistrationMaxMs: maxMs(liveness?.registrations),
        livenessTransferMaxMs: maxMs(liveness?.transfers),
      },
      rejectionCodes: (t.rejectionCodes as Record<string, number>) ?? {},
      actors: { transfers: t, deletions: d, refunds: r, hostile: h },
      ...(liveness ? { liveness } : {}),
      details,
    };
  } finally {
    await ledgerPool.end();
    await stack.stop();
  }
}
