import { InMemorySpanExporter, SpanKind, useSpanExporterForTests, type ReadableSpan } from '@coin/telemetry';
import type { CoinClient } from '@coin/client';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor } from '../harness/admin';
import { eventually } from '../harness/eventually';

/**
 * Traces (docs/DESIGN.md "Traces"): the four services of the in-process stack, tracing
 * on, export to one in-memory exporter; one transfer's spans are then read back by trace id.
 */
describe('one trace of a transfer, from the HTTP request through the ledger to the history projection', () => {
  const exporter = new InMemorySpanExporter();
  let stack: TestStack;
  let platform: CoinClient;
  let adminToken: string;

  const serviceOf = (span: ReadableSpan) => span.resource.attributes['service.name'];
  const idOf = (span: ReadableSpan) => span.spanContext().spanId;
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
  const linkedTo = (span: ReadableSpan, to: ReadableSpan) => span.links.some((l) => l.context.spanId === idOf(to));
  /** The one finished span that matches, once it has ended (spans are exported when they end). */
  const spanWhere = (what: string, match: (span: ReadableSpan) => boolean) =>
    eventually(async () => exporter.getFinishedSpans().find(match), 10_000, what);

  beforeAll(async () => {
    // The exporter every traced service started from now on in this process uses instead of OTLP.
    useSpanExporterForTests(exporter);
    stack = await startTestStack({
      ownStack: "reads the services' spans from an exporter in this process",
      extraEnv: { OTEL_TRACES_EXPORTER: 'otlp' },
    });
    adminToken = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    platform = apiClient(stack.gatewayUrl, { accessToken: adminToken, apiKey: await apiKeyFor(stack, adminToken, ['mint']) });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
    useSpanExporterForTests(undefined);
  });

  it('when a user transfers coins, then one trace joins the gateway request, the command, the ledger apply and reply, and the history projection', async () => {
    const [sender, receiver] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    await platform.mintCoins({ body: { userId: sender.userId, amount: 10, reason: 'seed' } });
    const transfer = await apiClient(stack.gatewayUrl, { accessToken: sender.accessToken }).transferCoins({
      body: { toUserId: receiver.userId, amount: 3, reason: 'traced' },
    });
    const transactionId = transfer.transaction.id;
    // The history shows it: the projection has run.
    await eventually(
      async () => {
        const page = await apiClient(stack.gatewayUrl, { accessToken: receiver.accessToken }).listMyTransactions();
        return page.transactions.some((t) => t.id === transactionId) || undefined;
      },
      20_000,
      "the transfer in the receiver's history",
    );

    const projected = await spanWhere(
      'the history span of the transfer',
      (s) => serviceOf(s) === 'coin-history' && s.attributes['coin.transaction.id'] === String(transactionId),
    );
    const traceId = projected.spanContext().traceId;
    const inThisTrace = (s: ReadableSpan) => s.spanContext().traceId === traceId;
    // Each span is exported when it ends, and the ledger's command span ends only after the
    // publish that the history may already have projected: each is awaited.
    const server = await spanWhere('the gateway request span', (s) => inThisTrace(s) && s.kind === SpanKind.SERVER);
    const send = await spanWhere('the gateway send span', (s) => inThisTrace(s) && s.kind === SpanKind.PRODUCER);
    const command = await spanWhere(
      'the ledger command span',
      (s) => inThisTrace(s) && serviceOf(s) === 'coin-ledger' && s.kind === SpanKind.CONSUMER,
    );

    // One trace, three services.
    expect(new Set(exporter.getFinishedSpans().filter(inThisTrace).map(serviceOf))).toEqual(
      new Set(['coin-gateway', 'coin-ledger', 'coin-history']),
    );

    // gateway: POST /api/coins/transfer (SERVER, a root: the client sent no traceparent) → send ledger.transfer (PRODUCER).
    expect(serviceOf(server)).toBe('coin-gateway');
    expect(server.name).toBe('POST /api/coins/transfer');
    expect(server.parentSpanContext).toBeUndefined();
    expect(server.attributes).toMatchObject({ 'http.route': '/api/coins/transfer', 'http.response.status_code': 201 });
    expect(serviceOf(send)).toBe('coin-gateway');
    expect(send.name).toBe('send ledger.transfer');
    expect(parentOf(send)).toBe(idOf(server));
    expect(send.attributes).toMatchObject({ 'messaging.system': 'kafka', 'coin.command.type': 'ledger.transfer', 'coin.reply.ok': true });

    // ledger: the command's span is the child of the gateway's send (the command's traceparent);
    // the reply carried the command span's context, which the send span links to.
    expect(command.name).toBe('process ledger.transfer');
    expect(parentOf(command)).toBe(idOf(send));
    expect(command.attributes).toMatchObject({ 'coin.command.type': 'ledger.transfer', 'coin.command.ok': true });
    expect(linkedTo(send, command)).toBe(true);

    // The apply (group commit) is linked both ways with the command; it holds this command only,
    // so it is the command's child, in this trace.
    const apply = await spanWhere('the ledger apply span', (s) => s.name === 'ledger apply' && linkedTo(s, command));
    expect(serviceOf(apply)).toBe('coin-ledger');
    expect(parentOf(apply)).toBe(idOf(command));
    expect(linkedTo(command, apply)).toBe(true);
    const publish = exporter.getFinishedSpans().find((s) => s.name === 'publish outbox' && parentOf(s) === idOf(apply));
    expect(publish).toBeDefined();

    // history: the projection of the transaction event is the child of the command that caused it
    // (the outbox stored the command's traceparent with the event).
    expect(projected.name).toBe('project coin.transaction.recorded');
    expect(projected.kind).toBe(SpanKind.CONSUMER);
    expect(parentOf(projected)).toBe(idOf(command));

    // The maintained instrumentations' spans join the same trace: the gateway's Redis calls under
    // its request, the ledger's queries under its apply, the history's under its projection.
    const underIn = (service: string, system: string, parent: ReadableSpan) => (s: ReadableSpan) =>
      inThisTrace(s) && serviceOf(s) === service && s.attributes['db.system.name'] === system && parentOf(s) === idOf(parent);
    const redis = await spanWhere('a gateway Redis span', underIn('coin-gateway', 'redis', server));
    expect(redis.kind).toBe(SpanKind.CLIENT);
    // A Redis span names its command, never its arguments (keys and values can hold tokens).
    expect(redis.attributes['db.query.text']).toMatch(/^[a-z]+$/);
    const ledgerQuery = await spanWhere('a ledger query span', underIn('coin-ledger', 'postgresql', apply));
    expect(ledgerQuery.kind).toBe(SpanKind.CLIENT);
    const historyQuery = await spanWhere('a history query span', underIn('coin-history', 'postgresql', projected));
    expect(historyQuery.kind).toBe(SpanKind.CLIENT);
    // No query text carries a bound value: node-postgres' parameters stay out of the span.
    expect(historyQuery.attributes['db.query.parameters']).toBeUndefined();
    // Each span keeps the instrumentation scope that made it: the maintained instrumentations'
    // their own package's, the spans made by hand the project's.
    expect([server, redis, ledgerQuery, command].map((s) => s.instrumentationScope.name)).toEqual([
      '@opentelemetry/instrumentation-http',
      '@opentelemetry/instrumentation-ioredis',
      '@opentelemetry/instrumentation-pg',
      'coin-ledger',
    ]);

    // The records' times (the bench's hop breakdown splits produce from fetch with them): the
    // command's broker append time falls between the send and the command span, the reply's
    // record time before the send span ends.
    const ms = (t: [number, number]) => t[0] * 1000 + t[1] / 1e6;
    const appended = Number(command.attributes['coin.kafka.record_timestamp_ms']);
    expect(appended).toBeGreaterThanOrEqual(Math.floor(ms(send.startTime)) - 1);
    expect(appended).toBeLessThanOrEqual(Math.ceil(ms(command.startTime)) + 1);
    const replied = Number(send.attributes['coin.reply.record_timestamp_ms']);
    expect(replied).toBeGreaterThanOrEqual(Math.floor(ms(command.startTime)) - 1);
    expect(replied).toBeLessThanOrEqual(Math.ceil(ms(send.endTime)) + 1);

    // Each starts after its parent: request, send, command, projection.
    const ns = (t: [number, number]) => BigInt(t[0]) * 1_000_000_000n + BigInt(t[1]);
    expect(ns(server.startTime) <= ns(send.startTime)).toBe(true);
    expect(ns(send.startTime) <= ns(command.startTime)).toBe(true);
    expect(ns(command.startTime) <= ns(projected.startTime)).toBe(true);
  }, 60_000);

  it('when a SUPERADMIN changes a role, then one trace joins the gateway request, its send and the user service command span, whose reply names it', async () => {
    const user = await registerUser(stack.gatewayUrl);
    // DEVELOPER grants nothing, so the change applies at once (a grant of ADMIN would wait for a second SUPERADMIN).
    await apiClient(stack.gatewayUrl, { accessToken: adminToken }).changeUserRole({
      path: { id: String(user.userId) },
      body: { role: 'DEVELOPER' },
    });

    // The only role change of this file: its request span names the trace.
    const server = await spanWhere(
      'the gateway request span of the role change',
      (s) => s.kind === SpanKind.SERVER && s.attributes['http.route'] === '/api/admin/users/:id/role',
    );
    const traceId = server.spanContext().traceId;
    const inThisTrace = (s: ReadableSpan) => s.spanContext().traceId === traceId;
    const send = await spanWhere('the gateway send span', (s) => inThisTrace(s) && s.kind === SpanKind.PRODUCER);
    const command = await spanWhere(
      'the user command span',
      (s) => inThisTrace(s) && serviceOf(s) === 'coin-user' && s.kind === SpanKind.CONSUMER,
    );

    expect(serviceOf(server)).toBe('coin-gateway');
    expect(server.name).toBe('PATCH /api/admin/users/:id/role');
    expect(server.parentSpanContext).toBeUndefined();
    expect(server.attributes).toMatchObject({ 'http.response.status_code': 200 });
    expect(send.name).toBe('send user.change-role');
    expect(parentOf(send)).toBe(idOf(server));

    // user: the command's span is the child of the gateway's send (the command's traceparent);
    // the reply carried the command span's context, which the send span links to.
    expect(command.name).toBe('process user.change-role');
    expect(command.kind).toBe(SpanKind.CONSUMER);
    expect(parentOf(command)).toBe(idOf(send));
    expect(command.attributes).toMatchObject({
      'messaging.system': 'kafka',
      'messaging.operation.type': 'process',
      'coin.command.type': 'user.change-role',
      'coin.command.ok': true,
    });
    expect(String(command.attributes['messaging.destination.name'])).toMatch(/user\.commands$/);
    expect(linkedTo(send, command)).toBe(true);
    expect(new Set(exporter.getFinishedSpans().filter(inThisTrace).map(serviceOf))).toEqual(new Set(['coin-gateway', 'coin-user']));
  }, 60_000);

  it("when a user reads their history, then the gateway's internal HTTP call is a CLIENT span under its request and the history service's SERVER span is its child", async () => {
    const user = await registerUser(stack.gatewayUrl);
    const read = await http(stack.gatewayUrl, 'GET', '/api/wallets/me/transactions', {
      token: user.accessToken,
      headers: { 'x-request-id': 'trace-internal-read' },
    });
    expect(read.status).toBe(200);
    const server = await spanWhere('the history read request span', (s) => s.attributes['coin.request.id'] === 'trace-internal-read');
    const traceId = server.spanContext().traceId;
    const inThisTrace = (s: ReadableSpan) => s.spanContext().traceId === traceId;
    const call = await spanWhere(
      "the gateway's internal HTTP call",
      (s) => inThisTrace(s) && serviceOf(s) === 'coin-gateway' && s.kind === SpanKind.CLIENT && s.attributes['url.full'] !== undefined,
    );
    expect(parentOf(call)).toBe(idOf(server));
    expect(call.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.response.status_code': 200 });
    // The callee joined the trace through the traceparent the call carried.
    const served = await spanWhere(
      "the history service's request span",
      (s) => inThisTrace(s) && serviceOf(s) === 'coin-history' && s.kind === SpanKind.SERVER,
    );
    expect(parentOf(served)).toBe(idOf(call));
  });

  it('when a request carries a malformed traceparent, then it is answered as usual and its span starts a new trace; a valid one is joined', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const hostile = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', {
      token: user.accessToken,
      headers: { traceparent: '00-zzzz-not-a-trace-01', 'x-request-id': 'trace-hostile' },
    });
    expect(hostile.status).toBe(200);
    const root = await spanWhere('the hostile request span', (s) => s.attributes['coin.request.id'] === 'trace-hostile');
    expect(root.parentSpanContext).toBeUndefined();

    const caller = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const joined = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', {
      token: user.accessToken,
      headers: { traceparent: caller, 'x-request-id': 'trace-joined' },
    });
    expect(joined.status).toBe(200);
    const child = await spanWhere('the joined request span', (s) => s.attributes['coin.request.id'] === 'trace-joined');
    expect(child.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(parentOf(child)).toBe('00f067aa0ba902b7');
  });
});
