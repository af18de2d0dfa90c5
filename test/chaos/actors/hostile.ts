/**
 * Requests with hostile text, a trickle of them during the whole run: NUL, other control
 * characters and lone surrogates in a transfer's reason, a registration's fullName, a purchase's
 * reference, the user search `q` and the Idempotency-Key header (as raw bytes where fetch
 * refuses them), and ids past 2^53 in paths (and in bodies, written exactly in the JSON text).
 * Each was once able to stall a Kafka partition or hang its caller; each is sent with
 * valid credentials, so the only thing wrong with it is the hostile part.
 *
 * Every one must be answered 400. A 5xx or a timeout is a failure of the run, never retried —
 * except that while the nemesis has the gateway down, a dropped or refused connection, 502 or
 * 503 can come from the dead gateway: those are sent again until a definitive answer, which
 * then must be 400 as well.
 *
 * One exception, by the project's rule (test/e2e/security/hostile-input.test.ts): a URL cannot
 * carry a lone surrogate. Its UTF-8 form (%ED%A0%80) is not UTF-8, and the query parser leaves
 * the escape as the printable text it was written as, so the user search with it is a search
 * for that literal text: 200 (with no user) or 400 are both right for it; anything else is not.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { Operator } from '../../../bench/lib/admin';
import { requestJson } from '../../../bench/lib/http';
import { controlCharacters, loneSurrogates, percentEncode } from '../../../scripts/fuzz/hostile';
import type { SeededUser } from '../../../scripts/stack/seed';
import { capped, sleep, type AnswerClock } from '../client';
import type { ChaosActor, EndState } from './actor';

export interface HostileOptions {
  gatewayUrl: string;
  /** An ordinary funded user (the payer of hostile transfers and purchases) and a payee. */
  user: SeededUser;
  payee: SeededUser;
  operator: Operator;
  goesOn: () => boolean;
  giveUpAt: () => number;
  /** Pause between two hostile requests, [min, max] ms. */
  intervalMs: [number, number];
  requestTimeoutMs: number;
  /** Where every request's answer time is recorded. */
  clock?: AnswerClock;
}

interface Answer {
  /** 0: no answer (connection refused or dropped); -1: the client's timeout. */
  status: number;
  body: string;
}

interface HostileCase {
  name: string;
  /** Method and path, for the report. */
  request: string;
  /** The right answers: [400] but for the one exception above. */
  accept: number[];
  send(timeoutMs: number): Promise<Answer>;
}

interface Sent {
  case: HostileCase;
  answers: Answer[];
  outcome: 'answered' | 'unresolved';
}

/** A dead gateway answers these (or nothing): sent again. Anything else is the answer. */
const fromDeadGateway = (status: number) => status === 0 || status === 502 || status === 503;

/** Text with one hostile character in the middle (trimming does not remove it). */
const around = (bad: string) => `hostile ${bad} text`;
const printable = (text: string) => JSON.stringify(text).slice(1, -1);
const hex = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');

/** The answer to fetch, with a timeout told apart from a dropped connection. */
async function viaFetch(
  gatewayUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> },
  timeoutMs: number,
): Promise<Answer> {
  try {
    const response = await requestJson(gatewayUrl, method, path, { ...options, timeoutMs });
    return { status: response.status, body: typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '') };
  } catch (err) {
    const error = err as Error & { cause?: Error };
    if (error.name === 'TimeoutError') return { status: -1, body: `no answer within ${timeoutMs} ms` };
    return { status: 0, body: `${error.message}${error.cause ? `: ${error.cause.message}` : ''}` };
  }
}

/**
 * One HTTP/1.1 request written byte for byte: fetch refuses header values with NUL or other
 * controls, which a hostile client sends anyway.
 */
function viaSocket(
  gatewayUrl: string,
  method: string,
  path: string,
  headers: Array<[string, Buffer]>,
  body: string,
  timeoutMs: number,
): Promise<Answer> {
  const url = new URL(gatewayUrl);
  return new Promise((resolve) => {
    let data = '';
    let done = false;
    const finish = (answer: Answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const socket = connect(Number(url.port), url.hostname, () => {
      const head = [
        `${method} ${path} HTTP/1.1`,
        `Host: ${url.host}`,
        'Connection: close',
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
      ];
      socket.write(
        Buffer.concat([
          Buffer.from(`${head.join('\r\n')}\r\n`),
          ...headers.map(([name, value]) => Buffer.concat([Buffer.from(`${name}: `), value, Buffer.from('\r\n')])),
          Buffer.from(`\r\n${body}`),
        ]),
      );
    });
    const timer = setTimeout(() => finish({ status: -1, body: `no answer within ${timeoutMs} ms` }), timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => {
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1];
      finish(
        status
          ? { status: Number(status), body: data.split('\r\n\r\n').slice(1).join('\r\n\r\n') }
          : { status: 0, body: `no status line: ${data.slice(0, 100)}` },
      );
    });
    socket.on('error', (err) => finish({ status: 0, body: err.message }));
  });
}

/** Every hostile request the actor sends, in a shuffled order it cycles through. */
function hostileCases(o: HostileOptions): HostileCase[] {
  const userAuth = { authorization: `Bearer ${o.user.accessToken}` };
  const adminAuth = { authorization: `Bearer ${o.operator.accessToken}` };
  const cases: HostileCase[] = [];
  const add = caseAdder(o.gatewayUrl, cases);
  addTextCases(o, add, userAuth, adminAuth);
  addIdempotencyKeyCases(o, add, cases, userAuth);
  addLargeIdCases(o, add, userAuth, adminAuth);
  return cases.sort(() => Math.random() - 0.5);
}

type AddCase = ReturnType<typeof caseAdder>;
type Auth = { authorization: string };

/** Adds to `cases` a request sent with fetch, refused (by default) with 400. */
function caseAdder(gatewayUrl: string, cases: HostileCase[]) {
  return (
    name: string,
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string> },
    accept = [400],
  ) =>
    cases.push({
      name,
      request: `${method} ${path}`,
      accept,
      send: (timeoutMs) => viaFetch(gatewayUrl, method, path, options, timeoutMs),
    });
}

/** Control characters and lone surrogates in free text, references and a search. */
function addTextCases(o: HostileOptions, add: AddCase, userAuth: Auth, adminAuth: Auth): void {
  // Tab, line feed and carriage return are free text in a reason, not hostile; everywhere else they are.
  const freeTextAllowed = new Set(['\t', '\n', '\r']);
  for (const bad of [...controlCharacters, ...loneSurrogates]) {
    const shown = printable(bad);
    if (!freeTextAllowed.has(bad)) {
      add(`transfer reason with ${shown}`, 'POST', '/api/coins/transfer', {
        headers: userAuth,
        body: { toUserId: o.payee.userId, amount: 0.01, reason: around(bad) },
      });
      add(`purchase reason with ${shown}`, 'POST', '/api/coins/purchase', {
        headers: userAuth,
        body: { treasury: 'COURSE_FEES', amount: 0.01, reason: around(bad) },
      });
    }
    add(`registration fullName with ${shown}`, 'POST', '/api/auth/register', {
      body: { email: `hostile.${randomUUID()}@example.test`, password: 'a good password', fullName: around(bad) },
    });
    add(`purchase reference with ${shown}`, 'POST', '/api/coins/purchase', {
      headers: userAuth,
      body: { treasury: 'COURSE_FEES', amount: 0.01, reason: 'hostile reference', reference: around(bad) },
    });
    // A lone surrogate reaches a URL only as the bytes ED A0 80: searched as the literal escape (see above).
    const surrogate = loneSurrogates.includes(bad);
    add(
      `user search q with ${shown}`,
      'GET',
      `/api/admin/users?q=${percentEncode(around(bad))}`,
      { headers: adminAuth },
      surrogate ? [400, 200] : [400],
    );
  }
}

/** The Idempotency-Key: what fetch will send, then raw bytes it will not (sent on a socket). */
function addIdempotencyKeyCases(o: HostileOptions, add: AddCase, cases: HostileCase[], userAuth: Auth): void {
  const transferBody = { toUserId: o.payee.userId, amount: 0.01, reason: 'hostile idempotency key' };
  for (const [shown, key] of [
    ['a tab', 'key\twith-tab'],
    ['a Latin-1 byte', 'cl\u00e9'],
    ['C1 NEL', 'a\u0085b'],
    ['256 characters', 'k'.repeat(256)],
  ]) {
    add(`Idempotency-Key with ${shown}`, 'POST', '/api/coins/transfer', {
      headers: { ...userAuth, 'idempotency-key': key! },
      body: transferBody,
    });
  }
  for (const bytes of [[0x00], [0x01], [0x1b, 0x5b, 0x33, 0x31, 0x6d], [0x7f], [0xed, 0xa0, 0x80], [0xed, 0xb0, 0x80]]) {
    const value = Buffer.concat([Buffer.from('key-'), Buffer.from(bytes), Buffer.from('-end')]);
    cases.push({
      name: `Idempotency-Key with raw bytes ${hex(bytes)}`,
      request: 'POST /api/coins/transfer',
      accept: [400],
      send: (timeoutMs) =>
        viaSocket(
          o.gatewayUrl,
          'POST',
          '/api/coins/transfer',
          [
            ['Authorization', Buffer.from(userAuth.authorization)],
            ['Idempotency-Key', value],
          ],
          JSON.stringify(transferBody),
          timeoutMs,
        ),
    });
  }
}

/** Ids past 2^53−1: in paths and query strings, and written exactly in JSON bodies. */
function addLargeIdCases(o: HostileOptions, add: AddCase, userAuth: Auth, adminAuth: Auth): void {
  add('DELETE of user 2^53+1', 'DELETE', '/api/admin/users/9007199254740993', { headers: adminAuth });
  add('DELETE of user 2^53', 'DELETE', '/api/admin/users/9007199254740992', { headers: adminAuth });
  add('role change of user 9999999999999999', 'PATCH', '/api/admin/users/9999999999999999/role', {
    headers: adminAuth,
    body: { role: 'ADMIN' },
  });
  add('read of user 2^64+1', 'GET', '/api/admin/users/18446744073709551617', { headers: adminAuth });
  add('transactions of userId 2^53+1', 'GET', '/api/admin/transactions?userId=9007199254740993', { headers: adminAuth });
  add('transfer to toUserId 2^53+1', 'POST', '/api/coins/transfer', {
    headers: userAuth,
    rawBody: '{"toUserId":9007199254740993,"amount":0.01,"reason":"hostile id"}',
  });
  add('refund of transactionId 2^53+1', 'POST', '/api/admin/refund', {
    headers: o.operator.headers,
    rawBody: '{"transactionId":9007199254740993,"amount":0.01,"reason":"hostile id"}',
  });
}

export class HostileActor implements ChaosActor {
  readonly name = 'hostile';
  private readonly cases: HostileCase[];
  private readonly sent: Sent[] = [];
  private running = false;
  private loop: Promise<void> = Promise.resolve();

  constructor(private readonly options: HostileOptions) {
    this.cases = hostileCases(options);
  }

  start(): void {
    this.running = true;
    this.loop = (async () => {
      for (let i = 0; this.running && this.options.goesOn(); i += 1) {
        const sent: Sent = { case: this.cases[i % this.cases.length]!, answers: [], outcome: 'unresolved' };
        this.sent.push(sent);
        await this.drive(sent, this.options.giveUpAt);
        const [lo, hi] = this.options.intervalMs;
        await sleep(lo + Math.random() * (hi - lo));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async drive(sent: Sent, giveUpAt: () => number): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const send = () => sent.case.send(this.options.requestTimeoutMs);
      const { clock, requestTimeoutMs } = this.options;
      // The request without its query (the hostile part), so the report names the route.
      const route = sent.case.request.split('?')[0]!;
      const answer = clock
        ? await clock.time(this.name, route, requestTimeoutMs, send, (a) => ({ status: Math.max(0, a.status), timedOut: a.status === -1 }))
        : await send();
      sent.answers.push(answer);
      if (!fromDeadGateway(answer.status)) {
        sent.outcome = 'answered';
        return;
      }
      if (Date.now() > giveUpAt()) return;
      await sleep(Math.min(1000, 100 * attempt));
    }
  }

  async settle(): Promise<void> {
    for (const sent of this.sent.filter((s) => s.outcome === 'unresolved')) await this.drive(sent, () => Date.now() + 30_000);
  }

  async check(_end: EndState): Promise<string[]> {
    const failures: string[] = [];
    for (const sent of this.sent) {
      const last = sent.answers.at(-1)!;
      if (sent.outcome === 'answered' && sent.case.accept.includes(last.status)) continue;
      const what =
        last.status === -1 ? 'a timeout' : sent.outcome === 'unresolved' ? `no definitive answer (last ${last.status})` : `${last.status}`;
      const answers = sent.answers.length > 1 ? ` [answers: ${sent.answers.map((a) => a.status).join(', ')}]` : '';
      failures.push(
        `hostile request "${sent.case.name}" (${sent.case.request}) got ${what}, not ${sent.case.accept.join(' or ')}: ${last.body.slice(0, 200)}${answers}`,
      );
    }
    return capped(failures, 40, 'hostile requests answered otherwise');
  }

  counts(): Record<string, number | Record<string, number>> {
    const statuses: Record<string, number> = {};
    const attemptStatuses: Record<string, number> = {};
    for (const sent of this.sent) {
      const last = sent.answers.at(-1);
      const final = sent.outcome === 'unresolved' ? 'unresolved' : last?.status === -1 ? 'timeout' : String(last?.status);
      statuses[final] = (statuses[final] ?? 0) + 1;
      for (const a of sent.answers)
        attemptStatuses[a.status === -1 ? 'timeout' : String(a.status)] =
          (attemptStatuses[a.status === -1 ? 'timeout' : String(a.status)] ?? 0) + 1;
    }
    return {
      requests: this.sent.reduce((n, s) => n + s.answers.length, 0),
      sent: this.sent.length,
      kinds: new Set(this.sent.map((s) => s.case.name)).size,
      kindsAvailable: this.cases.length,
      answered400: statuses['400'] ?? 0,
      answeredAsRequired: this.sent.filter((s) => s.outcome === 'answered' && s.case.accept.includes(s.answers.at(-1)!.status)).length,
      resentAfterDeadGateway: this.sent.filter((s) => s.answers.length > 1).length,
      statuses,
      attemptStatuses,
    };
  }
}
