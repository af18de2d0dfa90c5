/**
 * A bank test in the spirit of Jepsen. Random transfers among N funded wallets for a while,
 * through the gateway, while a nemesis SIGKILLs and restarts every service process at random
 * moments (and, when allowed, restarts the Kafka broker once). Clients behave as SPEC §4 lets
 * them: every transfer has its own Idempotency-Key, and any answer that is not definitive (5xx,
 * 409 REQUEST_IN_PROGRESS, 429, a dropped connection, a timeout) is retried with the same key
 * until a definitive one (201 or another 4xx) arrives.
 *
 * Each transfer's reason carries its key, so the ledger's record can be matched to the client's
 * log without trusting the service. Checks at the end:
 *  - every acknowledged (201) transfer exists exactly once in the ledger, with the id, parties
 *    and amount it was acknowledged with, and exactly once in both parties' histories;
 *  - no transfer is applied twice, and none that was definitively rejected is applied at all;
 *  - Σ balances == Σ MINT − Σ BURN (here: what was minted), no negative balance;
 *  - every definitive answer for a key is the same (same transaction id, or same error code),
 *    also when the key is replayed once more after the run.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { ensureInfra, type InfraEndpoints } from '../../scripts/infra';
import { generateJwtKey } from '../../scripts/stack/keys';
import { ProcessStack, waitForReady } from '../../scripts/stack/processes';
import { provision } from '../../scripts/stack/provision';
import { seedUsers, type SeededUser } from '../../scripts/stack/seed';
import { repoRoot, type ServiceName } from '../../scripts/stack/services';
import { createOperator, fundUsers } from '../../bench/lib/admin';
import { requestJson, type JsonResponse } from '../../bench/lib/http';
import { benchServiceEnv } from '../../bench/lib/service-env';
import { restartKafkaBroker } from './kafka-restart';

export interface BankTestOptions {
  durationSec: number;
  wallets: number;
  /** Concurrent clients, each with one transfer in flight. */
  clients: number;
  /** Restart the (shared!) Kafka broker once, half-way. */
  restartKafka: boolean;
  /** Time between two nemesis actions. */
  nemesisIntervalMs: [number, number];
  /** Infrastructure already provided (jest's global set-up); ensureInfra() otherwise. */
  infra?: InfraEndpoints;
  log?: (message: string) => void;
}

interface Attempt {
  status: number;
  code?: string;
  transactionId?: number;
  error?: string;
}

interface Operation {
  key: string;
  from: SeededUser;
  toUserId: number;
  amountCoins: number;
  reason: string;
  attempts: Attempt[];
  outcome: 'acknowledged' | 'rejected' | 'unresolved';
  transactionId?: number;
  code?: string;
}

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
  };
  rejectionCodes: Record<string, number>;
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

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

function isDefinitive(a: Attempt): boolean {
  return a.status === 201 || (a.status >= 400 && a.status < 500 && a.status !== 409 && a.status !== 429 && a.status !== 408);
}

async function transfer(gatewayUrl: string, op: Operation): Promise<Attempt> {
  let response: JsonResponse;
  try {
    response = await requestJson(gatewayUrl, 'POST', '/api/coins/transfer', {
      body: { toUserId: op.toUserId, amount: op.amountCoins, reason: op.reason },
      headers: { authorization: `Bearer ${op.from.accessToken}`, 'idempotency-key': op.key },
      timeoutMs: requestTimeoutMs,
    });
  } catch (err) {
    return { status: 0, error: err instanceof Error ? err.message : String(err) };
  }
  if (response.status === 201) return { status: 201, transactionId: response.body?.transaction?.id as number };
  return { status: response.status, code: (response.body?.code as string | undefined) ?? 'NO_CODE' };
}

/** Sends until a definitive answer or the grace period after the end runs out. */
async function drive(gatewayUrl: string, op: Operation, giveUpAt: () => number): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await transfer(gatewayUrl, op);
    op.attempts.push(result);
    if (isDefinitive(result)) {
      if (result.status === 201) {
        op.outcome = 'acknowledged';
        op.transactionId = result.transactionId;
      } else {
        op.outcome = 'rejected';
        op.code = result.code;
      }
      return;
    }
    if (Date.now() > giveUpAt()) return;
    await sleep(Math.min(1000, 50 * attempt) + Math.random() * 100);
  }
}

interface LedgerTransaction {
  id: number;
  type: string;
  amount: number;
  fromUserId: number | null;
  toUserId: number | null;
  reason: string;
}

/** The ledger's whole record, through its internal API (what history:rebuild replays). */
async function ledgerTransactions(ledgerUrl: string): Promise<LedgerTransaction[] | null> {
  const all: LedgerTransaction[] = [];
  let afterId = 0;
  for (;;) {
    const page = await requestJson(ledgerUrl, 'GET', `/internal/transactions?afterId=${afterId}&limit=1000`).catch(() => null);
    if (!page || page.status !== 200) return all.length > 0 ? all : null;
    all.push(...(page.body.transactions as LedgerTransaction[]));
    if (page.body.nextAfterId === null || page.body.nextAfterId === undefined) return all;
    afterId = page.body.nextAfterId as number;
  }
}

async function historyOf(gatewayUrl: string, user: SeededUser): Promise<Array<{ id: number }> | null> {
  const items: Array<{ id: number }> = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const query: string = cursor ? `?limit=1000&cursor=${encodeURIComponent(cursor)}` : '?limit=1000';
    const response = await requestJson(gatewayUrl, 'GET', `/api/coins/history${query}`, { headers: { authorization: `Bearer ${user.accessToken}` } }).catch(() => null);
    if (!response || response.status !== 200) return null;
    items.push(...(response.body.transactions as Array<{ id: number }>));
    cursor = response.body.nextCursor as string | null;
    if (!cursor) return items;
  }
  return items;
}

async function walletTotals(stack: ProcessStack, prefix: string) {
  const pool = new pg.Pool({ connectionString: stack.env('ledger').LEDGER_DATABASE_URL, max: 1, options: `-c search_path=${prefix}ledger` });
  try {
    const r = await pool.query<{ total: string; negative: string }>(
      'SELECT coalesce(sum(balance), 0) AS total, count(*) FILTER (WHERE balance < 0) AS negative FROM wallets',
    );
    return { totalMinor: Number(r.rows[0]!.total), negative: Number(r.rows[0]!.negative) };
  } finally {
    await pool.end();
  }
}

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
  try {
    const users = await seedUsers({
      userDatabaseUrl: stack.env('user').USER_DATABASE_URL!,
      ledgerDatabaseUrl: stack.env('ledger').LEDGER_DATABASE_URL!,
      prefix,
      count: options.wallets,
      jwtKey,
    });
    const operator = await createOperator({ gatewayUrl: stack.gatewayUrl, userDatabaseUrl: stack.env('user').USER_DATABASE_URL!, prefix });
    const mintedMinor = await fundUsers({ gatewayUrl: stack.gatewayUrl, operator, userIds: users.map((u) => u.userId), coins: startingCoins });
    log(`${users.length} wallets funded with ${startingCoins} coins each; ${options.durationSec} s of transfers under faults begin`);

    const operations: Operation[] = [];
    const endAt = Date.now() + options.durationSec * 1000;
    let running = true;
    // Traffic lasts the given duration AND until every fault has happened at least once, so the
    // coverage does not depend on how fast a loaded machine restarts processes.
    let faultsCovered = false;
    const trafficGoesOn = () => Date.now() < endAt || !faultsCovered;

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

    const client = async () => {
      while (trafficGoesOn()) {
        const from = pick(users);
        let to = pick(users);
        while (to.userId === from.userId) to = pick(users);
        const key = randomUUID();
        const op: Operation = {
          key,
          from,
          toUserId: to.userId,
          // Up to 30 coins of 100: some senders run dry, so rejections are exercised too.
          amountCoins: (1 + Math.floor(Math.random() * 3000)) / 100,
          reason: `chaos ${key}`,
          attempts: [],
          outcome: 'unresolved',
        };
        operations.push(op);
        await drive(stack.gatewayUrl, op, () => endAt + resolveGraceMs);
      }
    };
    const progress = setInterval(() => {
      const acked = operations.filter((o) => o.outcome === 'acknowledged').length;
      log(`${Math.max(0, Math.round((endAt - Date.now()) / 1000))} s left: ${operations.length} transfers, ${acked} acknowledged`);
    }, 5000);
    await Promise.all(Array.from({ length: options.clients }, client));
    clearInterval(progress);
    running = false;
    await nemesis;
    log(`load over; ${operations.filter((o) => o.outcome === 'unresolved').length} transfers unresolved`);

    // Every retry of a key answered the same once it was definitive.
    for (const op of operations) {
      const definitive = op.attempts.filter(isDefinitive);
      const shapes = new Set(definitive.map((a) => (a.status === 201 ? `201:${a.transactionId}` : `${a.status}:${a.code}`)));
      if (shapes.size > 1) violations.push(`key ${op.key} got different definitive answers: ${[...shapes].join(', ')}`);
    }

    // A service that died without being killed crashed on a fault it should have survived.
    for (const exit of stack.unexpectedExits) {
      violations.push(`${exit.name} (pid ${exit.pid}) exited on its own at ${exit.at} (${exit.signal ?? exit.code})`);
    }

    // Replay a sample of keys once more, after all the restarts: the original answer again.
    const resolved = operations.filter((o) => o.outcome !== 'unresolved');
    const sample = [...resolved].sort(() => Math.random() - 0.5).slice(0, replaySampleMax);
    for (const op of sample) {
      const again = await transfer(stack.gatewayUrl, op);
      const expected = op.outcome === 'acknowledged' ? `201:${op.transactionId}` : `${op.attempts.at(-1)!.status}:${op.code}`;
      const got = again.status === 201 ? `201:${again.transactionId}` : `${again.status}:${again.code}`;
      if (got !== expected) violations.push(`replay of key ${op.key}: expected ${expected}, got ${got}`);
    }

    // Every service says it is ready again, its Kafka consumers included: a consumer that died
    // for good in a broker restart left the gateway answering every write with TIMEOUT while
    // /readyz still said "ready".
    const notReady = await servicesNotReady(stack.urls, readySettleMs);
    violations.push(...notReady.map((s) => `${s} is not ready ${readySettleMs / 1000} s after the faults stopped`));

    // Retry the unresolved ones now that all is calm, so the accounting below is exact (not
    // against a service that stays unready: each would wait out its whole deadline).
    for (const op of notReady.length > 0 ? [] : operations.filter((o) => o.outcome === 'unresolved')) {
      await drive(stack.gatewayUrl, op, () => Date.now() + 30_000);
    }

    // The ledger's record against the clients' log.
    await sleep(2000);
    const recorded = await ledgerTransactions(stack.urls.ledger);
    if (recorded === null) {
      violations.push('the ledger record could not be read (GET /internal/transactions)');
    } else {
      const byReason = new Map<string, LedgerTransaction[]>();
      for (const t of recorded) {
        if (t.type !== 'TRANSFER') continue;
        const list = byReason.get(t.reason) ?? [];
        list.push(t);
        byReason.set(t.reason, list);
      }
      for (const op of operations) {
        const applied = byReason.get(op.reason) ?? [];
        if (applied.length > 1) violations.push(`transfer ${op.key} applied ${applied.length} times`);
        if (op.outcome === 'acknowledged') {
          const t = applied[0];
          if (!t) violations.push(`acknowledged transfer ${op.key} (tx ${op.transactionId}) is not in the ledger`);
          else if (t.id !== op.transactionId || t.fromUserId !== op.from.userId || t.toUserId !== op.toUserId || t.amount !== op.amountCoins) {
            violations.push(`acknowledged transfer ${op.key} differs in the ledger: ${JSON.stringify(t)}`);
          }
        }
        if (op.outcome === 'rejected' && applied.length > 0) violations.push(`rejected transfer ${op.key} (${op.code}) was applied`);
      }
      details.ledgerTransfers = [...byReason.values()].reduce((n, l) => n + l.length, 0);
    }

    // Both histories, allowing for eventual consistency.
    const acknowledged = operations.filter((o) => o.outcome === 'acknowledged');
    const involved = new Map<number, SeededUser>();
    for (const op of acknowledged) involved.set(op.from.userId, op.from);
    const byId = new Map(users.map((u) => [u.userId, u]));
    for (const op of acknowledged) involved.set(op.toUserId, byId.get(op.toUserId)!);
    const historyDeadline = Date.now() + historySettleMs;
    let historyProblems: string[] = [];
    for (;;) {
      historyProblems = [];
      const histories = new Map<number, Map<number, number>>();
      let unavailable = false;
      for (const user of involved.values()) {
        const items = await historyOf(stack.gatewayUrl, user);
        if (items === null) {
          unavailable = true;
          break;
        }
        const counts = new Map<number, number>();
        for (const item of items) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
        histories.set(user.userId, counts);
      }
      if (unavailable) {
        historyProblems.push('GET /api/coins/history is not available');
      } else {
        for (const op of acknowledged) {
          for (const party of [op.from.userId, op.toUserId]) {
            const n = histories.get(party)?.get(op.transactionId!) ?? 0;
            if (n !== 1) historyProblems.push(`tx ${op.transactionId} appears ${n} times in user ${party}'s history`);
          }
        }
      }
      if (historyProblems.length === 0 || Date.now() > historyDeadline) break;
      await sleep(2000);
    }
    violations.push(...historyProblems.slice(0, 50));
    if (historyProblems.length > 50) violations.push(`… and ${historyProblems.length - 50} more history problems`);

    // Money is conserved.
    const totals = await walletTotals(stack, prefix);
    details.walletTotals = { ...totals, mintedMinor };
    if (totals.totalMinor !== mintedMinor) violations.push(`Σ balances ${totals.totalMinor} != Σ MINT ${mintedMinor} (minor units)`);
    if (totals.negative > 0) violations.push(`${totals.negative} wallets have a negative balance`);
    const supply = await requestJson(stack.urls.ledger, 'GET', '/internal/supply').catch(() => null);
    if (supply?.status === 200) {
      details.supply = supply.body;
      const report = supply.body as { consistent?: boolean; supply?: number; balances?: number; inFlight?: number };
      if (report.consistent === false || (report.supply !== undefined && report.supply !== report.balances) || (report.inFlight ?? 0) !== 0) {
        violations.push(`ledger audit (GET /internal/supply) failed: ${JSON.stringify(supply.body).slice(0, 500)}`);
      }
    }

    const rejectionCodes: Record<string, number> = {};
    for (const op of operations.filter((o) => o.outcome === 'rejected')) rejectionCodes[op.code ?? '?'] = (rejectionCodes[op.code ?? '?'] ?? 0) + 1;
    const unresolved = operations.filter((o) => o.outcome === 'unresolved').length;
    if (unresolved > 0) violations.push(`${unresolved} transfers never got a definitive answer, even after the faults stopped`);
    return {
      ok: violations.length === 0,
      violations,
      counts: {
        requests: operations.reduce((n, o) => n + o.attempts.length, 0),
        operations: operations.length,
        acknowledged: acknowledged.length,
        rejected: operations.filter((o) => o.outcome === 'rejected').length,
        retried: operations.filter((o) => o.attempts.length > 1).length,
        unresolved,
        kills: stack.kills,
        restarts: stack.restarts,
        kafkaRestarts,
        replayed: sample.length,
      },
      rejectionCodes,
      details,
    };
  } finally {
    await stack.stop();
  }
}
