/**
 * An insider: an ADMIN with a mint and reward key who tries to move coins alone, and a
 * process holding the gateway's Kafka credentials, both during the whole run, under the faults.
 *
 *  - split mints: the ADMIN mints `splitCoins` at a time to random users, each with its own
 *    Idempotency-Key (retried with it until a definitive answer). The ledger counts what one
 *    person moves alone in a rolling day (FOUR_EYES_ACTOR_DAILY_COINS): the mints that would
 *    reach it must answer 202 (an approval request), never 201;
 *  - self-dealing: the ADMIN mints and rewards to their own wallet: 403 SELF_DEALING every time;
 *  - forged commands: mints and a role change written straight to ledger.commands and
 *    user.commands naming the run's SUPERADMIN, with no proof of them: never applied.
 *
 * Checks against the ledger's record: the insider's direct mints add up to less than the window,
 * every 201 is in the record once and no 202 is; no transaction pays the insider; no forged
 * reason is in the record; the insider is still an ADMIN (not SUPERADMIN).
 */
import { randomUUID } from 'node:crypto';
import { enrolSecondFactor } from '../../../scripts/stack/totp';
import { topicNames, walletKeyOfUser } from '@coin/contracts';
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import type { OperatorLogin } from '../../../bench/lib/admin';
import { requestJson } from '../../../bench/lib/http';
import type { SeededUser } from '../../../scripts/stack/seed';
import { capped, isDefinitive, pick, sleep, toMinor, type AnswerClock, type Attempt } from '../client';
import type { ChaosActor, EndState } from './actor';

export interface InsiderOptions {
  gatewayUrl: string;
  kafkaBrokers: string[];
  topicPrefix: string;
  /** Who the insider pays (funded users of the run). */
  recipients: SeededUser[];
  /** The run's SUPERADMIN: makes the insider an ADMIN with a key, and is who the forgeries name. */
  operator: OperatorLogin;
  operatorUserId: number;
  /** FOUR_EYES_ACTOR_DAILY_COINS of the run. */
  windowCoins: number;
  /** One split mint. */
  splitCoins: number;
  goesOn: () => boolean;
  giveUpAt: () => number;
  intervalMs: [number, number];
  requestTimeoutMs: number;
  clock?: AnswerClock;
}

interface Sent {
  kind: 'split' | 'self-mint' | 'self-reward';
  key: string;
  reason: string;
  path: string;
  body: unknown;
  answers: Attempt[];
}

/** 202 is an answer too here: the mint became an approval request. */
async function post(
  options: InsiderOptions,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Attempt & { approvalId?: string }> {
  const startedAt = Date.now();
  let attempt: Attempt & { approvalId?: string };
  try {
    const r = await requestJson(options.gatewayUrl, 'POST', path, { body, headers, timeoutMs: options.requestTimeoutMs });
    attempt =
      r.status === 201
        ? { status: 201, transactionId: r.body?.transaction?.id as number, amount: r.body?.transaction?.amount as number }
        : r.status === 202
          ? { status: 202, approvalId: r.body?.approval?.id as string }
          : { status: r.status, code: (r.body?.code as string | undefined) ?? 'NO_CODE' };
  } catch (err) {
    attempt = { status: 0, error: String(err) };
  }
  attempt.ms = Date.now() - startedAt;
  options.clock?.record({
    actor: 'insider',
    request: `POST ${path}`,
    startedAt,
    ms: attempt.ms,
    status: attempt.status,
    timedOut: false,
    timeoutMs: options.requestTimeoutMs,
  });
  return attempt;
}

export class InsiderActor implements ChaosActor {
  readonly name = 'insider';
  private readonly sent: Sent[] = [];
  private readonly forgedReasons: string[] = [];
  private insider: { userId: number; headers: Record<string, string> } | null = null;
  private producer: BatchingProducer | null = null;
  private loop: Promise<void> | null = null;
  private readonly run = `insider-${randomUUID().slice(0, 8)}`;

  constructor(private readonly options: InsiderOptions) {}

  /** An ADMIN made by the operator, with a mint and reward key; before the run's load begins. */
  async prepare(): Promise<void> {
    const { gatewayUrl, operator } = this.options;
    const email = `${this.run}@chaos.example`;
    const password = `pw-${randomUUID()}`;
    const registered = await requestJson(gatewayUrl, 'POST', '/api/auth/register', { body: { email, password, fullName: 'Insider' } });
    if (registered.status !== 202) throw new Error(`insider registration: ${registered.status} ${JSON.stringify(registered.body)}`);
    // The 202 carries no id (it is the same for a taken address): the first login names the account.
    const first = await requestJson(gatewayUrl, 'POST', '/api/auth/login', { body: { email, password } });
    if (first.status !== 200) throw new Error(`insider first login: ${first.status} ${JSON.stringify(first.body)}`);
    const userId = first.body.user.id as number;
    const role = await requestJson(gatewayUrl, 'PATCH', `/api/admin/users/${userId}/role`, {
      body: { role: 'ADMIN' },
      headers: { authorization: operator.headers.authorization! },
    });
    // Granting ADMIN waits for a second SUPERADMIN (docs/DESIGN.md "Two-person acts"): the operator's co-signer approves.
    if (role.status !== 202) throw new Error(`insider role: ${role.status} ${JSON.stringify(role.body)}`);
    await operator.approveGrant(role.body.grantRequest.id as string);
    const login = await requestJson(gatewayUrl, 'POST', '/api/auth/login', { body: { email, password } });
    const key = await requestJson(gatewayUrl, 'POST', '/api/admin/api-keys', {
      // Issued to the insider: a key works with its owner's token only.
      body: { name: this.run, scopes: ['mint', 'reward'], ownerUserId: userId },
      headers: { authorization: operator.headers.authorization! },
    });
    if (login.status !== 200 || key.status !== 202) throw new Error(`insider login/key: ${login.status} ${key.status}`);
    await operator.approveGrant(key.body.grantRequest.id as string);
    // An ADMIN enrols its second factor at the first sign-in: admin routes need it.
    const { session } = await enrolSecondFactor(gatewayUrl, login.body.accessToken as string);
    this.insider = {
      userId,
      headers: { authorization: `Bearer ${session.accessToken}`, 'x-api-key': key.body.key as string },
    };
    const logger = createLogger('chaos-insider', 'error');
    this.producer = new BatchingProducer(
      createKafka({ brokers: this.options.kafkaBrokers, clientId: 'chaos-insider', logger }).producer(),
      logger,
    );
    await this.producer.connect();
  }

  start(): void {
    this.loop = (async () => {
      for (let i = 0; this.options.goesOn(); i += 1) {
        await this.act(i);
        const [min, max] = this.options.intervalMs;
        await sleep(min + Math.random() * (max - min));
      }
    })();
  }

  private async act(i: number): Promise<void> {
    const insider = this.insider!;
    const step = i % 4;
    if (step === 3) return this.forge(i);
    const kind: Sent['kind'] = step === 0 ? 'split' : step === 1 ? 'self-mint' : 'self-reward';
    const reason = `${this.run} ${kind} ${i}`;
    const key = randomUUID();
    const to = kind === 'split' ? pick(this.options.recipients).userId : insider.userId;
    const path = kind === 'self-reward' ? '/api/admin/reward' : '/api/admin/mint';
    const body = { userId: to, amount: kind === 'split' ? this.options.splitCoins : 1, reason };
    const sent: Sent = { kind, key, reason, path, body, answers: [] };
    this.sent.push(sent);
    await this.drive(sent, this.options.giveUpAt);
  }

  /** Sends the request again with its own key until a definitive answer (202 is one) or `giveUpAt`. */
  private async drive(sent: Sent, giveUpAt: () => number): Promise<void> {
    const headers = { ...this.insider!.headers, 'idempotency-key': sent.key };
    for (let attempt = 1; ; attempt += 1) {
      const answer = await post(this.options, sent.path, sent.body, headers);
      sent.answers.push(answer);
      if (isDefinitive(answer) || Date.now() > giveUpAt()) return;
      await sleep(Math.min(1000, 50 * attempt));
    }
  }

  /** What a process with the gateway's Kafka credentials can write: commands naming the SUPERADMIN, without their proof. */
  private async forge(i: number): Promise<void> {
    const topics = topicNames(this.options.topicPrefix);
    const actor = { kind: 'user', id: String(this.options.operatorUserId), role: 'SUPERADMIN' };
    const reason = `${this.run} forged ${i}`;
    this.forgedReasons.push(reason);
    const target = pick(this.options.recipients).userId;
    const command = (type: string, data: unknown) =>
      JSON.stringify({ commandId: randomUUID(), type, issuedAt: new Date().toISOString(), actor, data });
    try {
      await this.producer!.send(topics.ledgerCommands, {
        key: walletKeyOfUser(target),
        value: command('ledger.mint', { to: { kind: 'user', userId: target }, amount: toMinor(1_000_000), reason }),
      });
      await this.producer!.send(topics.userCommands, {
        key: String(this.insider!.userId),
        value: command('user.change-role', { userId: this.insider!.userId, role: 'SUPERADMIN' }),
      });
    } catch {
      // The broker is down (the nemesis): the forgery was not even written; nothing to check.
      this.forgedReasons.pop();
    }
  }

  async stop(): Promise<void> {
    await this.loop;
  }

  /**
   * Faults over, every service ready: each request still without a definitive answer is driven to
   * one with its own key, as the transfers are, so that what the ledger applied is what the
   * insider was told (a mint applied but never answered would otherwise count in the ledger's
   * supply and not in what the test minted, with no word of which).
   */
  async settle(): Promise<void> {
    await this.producer?.close();
    const deadline = Date.now() + 30_000;
    for (const sent of this.sent.filter((s) => !s.answers.some(isDefinitive))) await this.drive(sent, () => deadline);
  }

  async check(end: EndState): Promise<string[]> {
    const failures: string[] = [];
    const insider = this.insider!;
    const windowMinor = toMinor(this.options.windowCoins);
    const splits = this.sent.filter((s) => s.kind === 'split');
    const final = (s: Sent) => s.answers.findLast(isDefinitive);
    const applied = splits.filter((s) => final(s)?.status === 201);
    const parked = splits.filter((s) => final(s)?.status === 202);
    const inRecord = (reason: string) => end.record.filter((t) => t.reason === reason);
    const alone = applied.length * toMinor(this.options.splitCoins);
    if (alone >= windowMinor)
      failures.push(`the insider minted ${alone / 100} coins alone, at or past the ${this.options.windowCoins}-coin window`);
    for (const s of applied)
      if (inRecord(s.reason).length !== 1)
        failures.push(`split mint ${s.key} answered 201 but is in the record ${inRecord(s.reason).length} times`);
    for (const s of parked) if (inRecord(s.reason).length !== 0) failures.push(`split mint ${s.key} answered 202 but was applied`);
    for (const s of splits.filter((x) => !applied.includes(x) && !parked.includes(x))) {
      const answer = final(s);
      if (inRecord(s.reason).length > 0)
        failures.push(
          `split mint ${s.key} is in the record but was answered ${answer ? `${answer.status} ${answer.code ?? ''}` : 'never definitively'} (answers: ${s.answers.map((a) => a.status).join(', ')})`,
        );
    }
    const unanswered = this.sent.filter((s) => final(s) === undefined);
    if (unanswered.length > 0)
      failures.push(
        `${unanswered.length} insider requests never got a definitive answer, even after the faults stopped: ${unanswered.map((s) => `${s.kind} ${s.key} (answers: ${s.answers.map((a) => a.status).join(', ')})`).join('; ')}`,
      );
    if (splits.length > 0 && toMinor(this.options.splitCoins) * splits.length >= windowMinor && parked.length === 0)
      failures.push('the insider asked for more than the window, yet no mint waited for a second person');
    for (const s of this.sent.filter((x) => x.kind !== 'split')) {
      const answer = final(s);
      if (answer && (answer.status !== 403 || answer.code !== 'SELF_DEALING'))
        failures.push(`${s.kind} ${s.key} was answered ${answer.status} ${answer.code ?? ''}, not 403 SELF_DEALING`);
    }
    const paidToInsider = end.record.filter((t) => t.toUserId === insider.userId);
    if (paidToInsider.length > 0)
      failures.push(`transactions paid the insider: ${paidToInsider.map((t) => `${t.type} ${t.id}`).join(', ')}`);
    for (const reason of this.forgedReasons) if (inRecord(reason).length > 0) failures.push(`a forged mint was applied: ${reason}`);
    const role = await end.userQuery?.<{ role: string }>('SELECT role FROM users WHERE id = $1', [insider.userId]);
    if (role && role[0]?.role !== 'ADMIN') failures.push(`the insider's role is ${role[0]?.role}, not ADMIN: a forged role change applied`);
    return capped(failures);
  }

  /** Minor units the insider's split mints were answered 201 for: part of what the test minted. */
  mintedMinor(): number {
    const applied = this.sent.filter((s) => s.kind === 'split' && s.answers.findLast(isDefinitive)?.status === 201);
    return applied.length * toMinor(this.options.splitCoins);
  }

  /** A split mint answered 201 and one 202, a self-mint refused, a forgery written: the cases the run waits for. */
  covered(): boolean {
    const { outcomes } = this.counts() as { outcomes: Record<string, number> };
    const seen = ['split 201', 'split 202', 'self-mint 403 SELF_DEALING'].every((label) => (outcomes[label] ?? 0) > 0);
    return seen && this.forgedReasons.length > 0;
  }

  counts(): Record<string, number | Record<string, number>> {
    const byOutcome: Record<string, number> = {};
    for (const s of this.sent) {
      const answer = s.answers.findLast(isDefinitive);
      const label = `${s.kind} ${answer ? `${answer.status}${answer.code ? ` ${answer.code}` : ''}` : 'unresolved'}`;
      byOutcome[label] = (byOutcome[label] ?? 0) + 1;
    }
    return { requests: this.sent.length, forged: this.forgedReasons.length, outcomes: byOutcome };
  }
}
