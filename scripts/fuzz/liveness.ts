/**
 * The liveness probe: after anything hostile was thrown at a stack (a fuzz
 * run, the bank test), prove that no Kafka partition stopped. A poison message used to stall
 * its partition for good while every other request still answered, so "no 5xx so far" proves
 * nothing about the partitions the run happened not to use afterwards. The probe therefore
 * picks its keys so that it reaches every partition:
 *  - a registration routed to every user.commands partition (the gateway keys `user.register`
 *    by the normalised e-mail), each answered 202 within `withinMs` (1 s);
 *  - a transfer routed to every ledger.commands partition (keyed by the paying wallet,
 *    `user:<id>`: one payer per partition, funded with 0.01 by a MINT), each 201 within 1 s;
 *  - the supply audit (`GET /api/admin/supply`) consistent: Σ balances == Σ MINT − Σ BURN and
 *    every wallet equal to its entries, once the credit legs in flight have landed.
 * It goes through the public API only, so it holds for any deployment the caller can reach.
 * A partition gets a second request when the first was answered 201 but slower than 1 s (a
 * busy machine: registration alone hashes a password with scrypt); a stalled partition answers
 * neither (504 after the command timeout), so this does not hide one.
 */
import { randomUUID } from 'node:crypto';
import { type CodeSource, signIn, type TotpDevice } from '../stack/totp';
import { topicNames, walletKeyOfUser } from '@coin/contracts';
import { createKafka, keyPartitioner, partitionCount } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { requestJson, type JsonResponse } from '../stack/http-json';

export interface LivenessTarget {
  gatewayUrl: string;
  /**
   * A SUPERADMIN: credentials are better (the probe logs in afresh, as a run may have ended the
   * sessions it had); a token still valid will do.
   */
  /** Signed in afresh (password, then the device's code: a fresh second factor for the key it creates), or a token. */
  superadmin: { email: string; password: string; device: TotpDevice } | { accessToken: string };
  /** A second SUPERADMIN's approval of the key the probe asks for (docs/DESIGN.md "Two-person acts"). */
  approveGrant: (requestId: string) => Promise<void>;
  /** Partition counts of the command topics (`commandPartitions` reads them from the broker). */
  partitions: { userCommands: number; ledgerCommands: number };
  /** The answer time every probe request must keep (a latency promise, not a timeout). */
  withinMs?: number;
  log?: (line: string) => void;
}

export interface ProbeTiming {
  partition: number;
  key: string;
  status: number;
  ms: number;
  code?: string;
  /** 2 when the first request was slower than `withinMs` (the figures are the second's). */
  attempts: number;
}

export interface LivenessReport {
  ok: boolean;
  failures: string[];
  registrations: ProbeTiming[];
  transfers: ProbeTiming[];
  /** Registrations beyond one per user partition, made to find a payer on every ledger partition. */
  extraRegistrations: number;
  supply?: { consistent: boolean; supply: number; balances: number; inFlight: number; waitedMs: number };
}

/** Far above `withinMs`: a stalled partition shows as a slow 504 with its time, not a hang. */
const requestTimeoutMs = 15_000;
/** Users registered at most while looking for a payer on every ledger partition. */
const payerSearchMax = 200;
const supplySettleMs = 10_000;
/** Requests per partition at most: one, and one more when the first was a slow success. */
const attemptsMax = 2;
/** The pause before the superadmin's sign-in is tried again after a 503. */
const signInRetryPauseMs = 1_000;
const password = 'liveness probe password';

/**
 * The key the gateway gives `user.register` (services/gateway/src/routes/auth.ts): the e-mail,
 * trimmed and lower-cased, so one address always lands on the same partition.
 */
export function registrationKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Partition counts of user.commands and ledger.commands under a topic prefix, from the broker. */
export async function commandPartitions(kafkaBrokers: string[], prefix: string): Promise<LivenessTarget['partitions']> {
  const kafka = createKafka({ brokers: kafkaBrokers, clientId: 'liveness-probe', logger: createLogger('liveness-probe', 'warn') });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = topicNames(prefix);
    return {
      userCommands: await partitionCount(admin, topics.userCommands),
      ledgerCommands: await partitionCount(admin, topics.ledgerCommands),
    };
  } finally {
    await admin.disconnect();
  }
}

async function timed(send: () => Promise<JsonResponse>): Promise<{ response: JsonResponse; ms: number }> {
  const started = performance.now();
  const response = await send().catch((err: Error) => ({
    status: 0,
    body: { code: `no answer: ${err.message}` },
    contentType: '',
    headers: new Headers(),
  }));
  return { response, ms: Math.round(performance.now() - started) };
}

export async function probeLiveness(target: LivenessTarget): Promise<LivenessReport> {
  const report: LivenessReport = { ok: false, failures: [], registrations: [], transfers: [], extraRegistrations: 0 };
  const call: Call = (method, path, options = {}) =>
    requestJson(target.gatewayUrl, method, path, { ...options, timeoutMs: requestTimeoutMs });
  const probe: Probe = { target, report, call, withinMs: target.withinMs ?? 1000, log: target.log ?? (() => undefined) };
  const headers = await adminHeaders(probe);
  if (!headers) return report;

  // 1. One registration per user.commands partition, each an e-mail chosen for its partition.
  const run = randomUUID().slice(0, 8);
  const users: User[] = [];
  const register = async (email: string): Promise<{ response: JsonResponse; ms: number }> => {
    const result = await timed(() => call('POST', '/api/auth/register', { body: { email, password, fullName: 'Liveness Probe' } }));
    // The 202 carries no tokens (it is the same for a taken address): the session comes from a login.
    if (result.response.status === 202) {
      const login = await call('POST', '/api/auth/login', { body: { email, password } });
      if (login.status === 200) users.push({ userId: login.body.user.id, accessToken: login.body.accessToken });
    }
    return result;
  };
  await registerOnEveryPartition(probe, register, run);

  // 2. A payer on every ledger.commands partition: user ids are the server's, so register until covered.
  const payers = await payerOnEveryPartition(probe, users, register, run);
  if (!payers) return report;

  // 3. Fund each payer (the MINT is keyed by the payer's wallet too), then each pays 0.01 on.
  await fundAndTransfer(probe, payers, users, headers.mint);

  // 4. The supply audit, once the credit legs of those transfers have landed.
  await awaitConsistentSupply(probe, headers.admin);
  probe.log(`liveness: supply ${JSON.stringify(report.supply)}`);
  report.ok = report.failures.length === 0;
  return report;
}

type Call = (method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }) => Promise<JsonResponse>;
type User = { userId: number; accessToken: string };
type Register = (email: string) => Promise<{ response: JsonResponse; ms: number }>;

/** What each step of the probe uses: the target, the report it fills, its client, and the answer time to keep. */
interface Probe {
  target: LivenessTarget;
  report: LivenessReport;
  call: Call;
  withinMs: number;
  log: (line: string) => void;
}

/**
 * The probe's SUPERADMIN signed in. A 503 says "retry later" (the gateway's call to the user
 * service timed out: right after the chaos phase's restarts, beside a load of 10, one did): tried
 * once more after a pause, as a client would. The sign-in is the probe's own set-up, not a
 * partition's liveness, which the steps after it judge.
 */
export async function superadminSignIn(
  gatewayUrl: string,
  superadmin: { email: string; password: string; device: CodeSource },
  log: (line: string) => void,
): Promise<string> {
  const attempt = () => signIn(gatewayUrl, superadmin.email, superadmin.password, superadmin.device);
  try {
    return (await attempt()).accessToken;
  } catch (err) {
    if (!/: 503 /.test((err as Error).message)) throw err;
    log(`liveness: superadmin sign-in answered 503, tried again: ${(err as Error).message.slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, signInRetryPauseMs));
    return (await attempt()).accessToken;
  }
}

/** The SUPERADMIN's headers, and with an approved API key of the mint scope for the MINTs; undefined (a failure noted) when either fails. */
async function adminHeaders(probe: Probe): Promise<{ admin: Record<string, string>; mint: Record<string, string> } | undefined> {
  const { target, report, call } = probe;
  let adminToken: string;
  if ('accessToken' in target.superadmin) adminToken = target.superadmin.accessToken;
  else {
    try {
      adminToken = await superadminSignIn(target.gatewayUrl, target.superadmin, probe.log);
    } catch (err) {
      report.failures.push(`superadmin sign-in failed: ${(err as Error).message.slice(0, 200)}`);
      return undefined;
    }
  }
  const adminAuth = { authorization: `Bearer ${adminToken}` };
  const key = await call('POST', '/api/admin/api-keys', { headers: adminAuth, body: { name: 'liveness probe', scopes: ['mint'] } });
  if (key.status !== 202) {
    report.failures.push(`API key request answered ${key.status} ${JSON.stringify(key.body).slice(0, 200)}`);
    return undefined;
  }
  try {
    await target.approveGrant(key.body.grantRequest.id as string);
  } catch (err) {
    report.failures.push(`API key approval failed: ${(err as Error).message.slice(0, 200)}`);
    return undefined;
  }
  const mintHeaders = { ...adminAuth, 'x-api-key': key.body.key as string };
  return { admin: adminAuth, mint: mintHeaders };
}

/** Step 1: one registration per user.commands partition, within the answer time (a slow success tried again once). */
async function registerOnEveryPartition(probe: Probe, register: Register, run: string): Promise<void> {
  const { target, report, withinMs } = probe;
  const userPartitionOf = keyPartitioner(target.partitions.userCommands);
  let n = 0;
  for (let partition = 0; partition < target.partitions.userCommands; partition += 1) {
    for (let attempts = 1; ; attempts += 1) {
      let email: string;
      do {
        n += 1;
        email = `liveness.${run}.${n}@example.test`;
      } while (userPartitionOf(registrationKey(email)) !== partition);
      const { response, ms } = await register(email);
      const slowSuccess = response.status === 202 && ms > withinMs;
      if (slowSuccess && attempts < attemptsMax) continue;
      report.registrations.push({
        partition,
        key: registrationKey(email),
        status: response.status,
        ms,
        attempts,
        ...(response.status !== 202 ? { code: response.body?.code } : {}),
      });
      if (response.status !== 202 || ms > withinMs)
        report.failures.push(`registration on user.commands partition ${partition} answered ${response.status} in ${ms} ms`);
      break;
    }
  }
  probe.log(
    `liveness: registrations ${report.registrations.map((r) => `p${r.partition} ${r.status} ${r.ms} ms${r.attempts > 1 ? ' (2nd try)' : ''}`).join(', ')}`,
  );
}

/** Step 2: registers until every ledger.commands partition has a payer; undefined (a failure noted) when none is found in time. */
async function payerOnEveryPartition(probe: Probe, users: User[], register: Register, run: string): Promise<Map<number, User> | undefined> {
  const { target, report } = probe;
  const ledgerPartitionOf = keyPartitioner(target.partitions.ledgerCommands);
  const payers = new Map<number, User>();
  const cover = () => {
    for (const user of users) {
      const partition = ledgerPartitionOf(walletKeyOfUser(user.userId));
      if (!payers.has(partition)) payers.set(partition, user);
    }
  };
  cover();
  while (payers.size < target.partitions.ledgerCommands && report.extraRegistrations < payerSearchMax) {
    report.extraRegistrations += 1;
    const { response, ms } = await register(`liveness.${run}.payer${report.extraRegistrations}@example.test`);
    if (response.status !== 202) {
      report.failures.push(
        `registration of a payer answered ${response.status} in ${ms} ms ${JSON.stringify(response.body).slice(0, 200)}`,
      );
      return undefined;
    }
    cover();
  }
  if (payers.size < target.partitions.ledgerCommands) {
    report.failures.push(
      `no payer found for ${target.partitions.ledgerCommands - payers.size} ledger partitions after ${payerSearchMax} registrations`,
    );
    return undefined;
  }

  return payers;
}

/** Step 3: a MINT to each payer, then each pays 0.01 to another user, within the answer time. */
async function fundAndTransfer(probe: Probe, payers: Map<number, User>, users: User[], mintHeaders: Record<string, string>): Promise<void> {
  const { report, call, withinMs } = probe;
  for (const [partition, payer] of payers) {
    const minted = await call('POST', '/api/admin/mint', {
      headers: mintHeaders,
      body: { userId: payer.userId, amount: 0.01 * attemptsMax, reason: 'liveness probe' },
    });
    if (minted.status !== 201)
      report.failures.push(
        `mint to the payer of ledger partition ${partition} answered ${minted.status} ${JSON.stringify(minted.body).slice(0, 200)}`,
      );
  }
  const partitions = [...payers.keys()].sort((a, b) => a - b);
  for (const partition of partitions) {
    const payer = payers.get(partition)!;
    const payee = users.find((u) => u.userId !== payer.userId)!;
    for (let attempts = 1; ; attempts += 1) {
      const { response, ms } = await timed(() =>
        call('POST', '/api/coins/transfer', {
          headers: { authorization: `Bearer ${payer.accessToken}` },
          body: { toUserId: payee.userId, amount: 0.01, reason: 'liveness probe' },
        }),
      );
      if (response.status === 201 && ms > withinMs && attempts < attemptsMax) continue;
      report.transfers.push({
        partition,
        key: walletKeyOfUser(payer.userId),
        status: response.status,
        ms,
        attempts,
        ...(response.status !== 201 ? { code: response.body?.code } : {}),
      });
      if (response.status !== 201 || ms > withinMs)
        report.failures.push(`transfer on ledger.commands partition ${partition} answered ${response.status} in ${ms} ms`);
      break;
    }
  }
  probe.log(
    `liveness: transfers ${report.transfers.map((t) => `p${t.partition} ${t.status} ${t.ms} ms${t.attempts > 1 ? ' (2nd try)' : ''}`).join(', ')}`,
  );
}

/** Step 4: the supply audit until consistent, at most `supplySettleMs`. */
async function awaitConsistentSupply(probe: Probe, adminAuth: Record<string, string>): Promise<void> {
  const { report, call } = probe;
  const started = Date.now();
  for (;;) {
    const audit = await call('GET', '/api/admin/supply', { headers: adminAuth });
    const body = audit.body as { consistent?: boolean; supply?: number; balances?: number; inFlight?: number };
    if (audit.status === 200) {
      report.supply = {
        consistent: body.consistent === true,
        supply: body.supply ?? NaN,
        balances: body.balances ?? NaN,
        inFlight: body.inFlight ?? NaN,
        waitedMs: Date.now() - started,
      };
      if (report.supply.consistent) break;
    }
    if (Date.now() - started > supplySettleMs) {
      report.failures.push(
        `supply audit not consistent after ${supplySettleMs} ms: ${audit.status} ${JSON.stringify(audit.body).slice(0, 500)}`,
      );
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
