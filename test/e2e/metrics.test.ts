import { startTestStack, type TestStack } from '../harness/stack';
import { http, registerUser } from '../harness/http';

/** The sample lines of one metric family in a Prometheus text exposition. */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('metrics: every service exposes the operational histograms, counters and gauges at /metrics', () => {
  let stack: TestStack;
  const scrape = async (url: string) => {
    const response = await http(url, 'GET', '/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return String(response.body);
  };

  beforeAll(async () => {
    stack = await startTestStack({ ownStack: 'reads counters from zero: a failure another file causes would be counted' });
    const user = await registerUser(stack.gatewayUrl);
    const login = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    const wallet = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: login.body.accessToken });
    expect(wallet.status).toBe(200);
    for (const service of ['user', 'ledger', 'history'] as const) await http(stack.metricsUrls[service], 'GET', '/readyz');
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a user registered, logged in and read the wallet, then the gateway shows HTTP latency by route and the Kafka round trip by command type', async () => {
    const text = await scrape(stack.metricsUrls.gateway);
    const http = samples(text, 'coin_http_request_duration_seconds_count');
    for (const route of ['/api/auth/register', '/api/auth/login', '/api/wallets/me']) {
      expect(http.some((l) => l.includes(`route="${route}"`) && l.includes('service="gateway"'))).toBe(true);
    }
    expect(samples(text, 'coin_http_request_duration_seconds_bucket').some((l) => l.includes('le="0.1"'))).toBe(true);
    const roundTrip = samples(text, 'coin_kafka_request_reply_duration_seconds_count');
    expect(roundTrip.some((l) => l.includes('type="user.register"') && l.includes('outcome="ok"'))).toBe(true);
    expect(roundTrip.some((l) => l.includes('type="ledger.open-wallet"') && l.includes('outcome="ok"'))).toBe(true);
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
  });

  it('when the ledger applied the open-wallet command, then its batch size, apply time and lag are labelled by its consumer group', async () => {
    const text = await scrape(stack.metricsUrls.ledger);
    const group = `group="${stack.prefix}ledger-service"`;
    expect(samples(text, 'coin_kafka_consumer_batch_size_messages_count').some((l) => l.includes(group))).toBe(true);
    expect(samples(text, 'coin_kafka_consumer_batch_duration_seconds_count').some((l) => l.includes(group))).toBe(true);
    expect(samples(text, 'coin_kafka_consumer_lag_messages').some((l) => l.includes(group) && l.includes('partition="'))).toBe(true);
    expect(samples(text, 'coin_kafka_consumer_messages_total').some((l) => l.includes(group) && l.includes('outcome="valid"'))).toBe(true);
    expect(samples(text, 'coin_http_request_duration_seconds_count').some((l) => l.includes('service="ledger"'))).toBe(true);
  });

  it('when the user service handled the register command, then its consumer metrics and the outbox backlog gauge are exposed', async () => {
    const text = await scrape(stack.metricsUrls.user);
    expect(
      samples(text, 'coin_kafka_consumer_batch_size_messages_count').some((l) => l.includes(`group="${stack.prefix}user-service"`)),
    ).toBe(true);
    expect(samples(text, 'coin_outbox_backlog_rows')).toEqual([expect.stringMatching(/^coin_outbox_backlog_rows\{service="user"\} \d+$/)]);
    expect(samples(text, 'coin_http_request_duration_seconds_count').some((l) => l.includes('service="user"'))).toBe(true);
  });

  it('when the history service runs, then its HTTP histogram and consumer metric families are registered', async () => {
    const text = await scrape(stack.metricsUrls.history);
    expect(
      samples(text, 'coin_http_request_duration_seconds_count').some(
        (l) => l.includes('route="/readyz"') && l.includes('service="history"'),
      ),
    ).toBe(true);
    for (const family of [
      'coin_kafka_consumer_batch_size_messages histogram',
      'coin_kafka_consumer_batch_duration_seconds histogram',
      'coin_kafka_consumer_lag_messages gauge',
    ]) {
      expect(text).toContain(`# TYPE ${family}`);
    }
  });

  it('when nothing has failed yet, then every counter an alert watches is exported at zero, so the first failure is an increase (test/deploy/alerts.promtool.yml)', async () => {
    const [gateway, ledger, history, monitoring] = await Promise.all([
      scrape(stack.metricsUrls.gateway),
      scrape(stack.metricsUrls.ledger),
      scrape(stack.metricsUrls.history),
      scrape(stack.metricsUrls.monitoring),
    ]);
    /** The sample of `name` carrying every one of `labels`, with its value. */
    const sample = (text: string, name: string, labels: Record<string, string>) =>
      samples(text, name).find((l) => Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
    const zero = expect.stringMatching(/ 0$/);
    for (const limit of ['login-ip', 'register-ip', 'credentials-ip', 'writes-caller', 'login-failures', 'resends-client'])
      expect(sample(gateway, 'coin_gateway_rate_limit_fail_open_total', { limit })).toEqual(zero);
    for (const cache of ['api-key', 'platform-client', 'token-version']) {
      expect(sample(gateway, 'coin_gateway_cache_mac_failures_total', { cache })).toEqual(zero);
      expect(sample(gateway, 'coin_gateway_cache_stale_entries_total', { cache, reason: 'revoked' })).toEqual(zero);
    }
    // A command type's timeout series exists from its first request on.
    expect(sample(gateway, 'coin_kafka_request_reply_duration_seconds_count', { type: 'user.register', outcome: 'timeout' })).toEqual(zero);
    for (const [text, group] of [
      [gateway, `${stack.prefix}gateway-token-versions`],
      [ledger, `${stack.prefix}ledger-service`],
      [history, `${stack.prefix}history-service`],
    ] as const) {
      expect(sample(text, 'coin_kafka_consumer_restarts_total', { group })).toEqual(zero);

      for (const outcome of ['dead_lettered', 'set_aside', 'handler_failed'])
        expect(sample(text, 'coin_kafka_consumer_messages_total', { group, outcome })).toEqual(zero);
    }
    expect(sample(gateway, 'coin_kafka_consumer_restarts_total', { group: `${stack.prefix}gateway-balances` })).toEqual(zero);
    for (const reason of ['signature', 'writer'])
      expect(sample(history, 'coin_history_audit_records_refused_total', { reason })).toEqual(zero);
    expect(sample(history, 'coin_history_audit_id_conflicts_total', {})).toEqual(zero);
    // Every outbox relay's set-aside series: the ledger's per shard, another service's alone.
    expect(sample(ledger, 'coin_outbox_set_aside_total', { shard: '0' })).toEqual(zero);
    expect(sample(monitoring, 'coin_outbox_set_aside_total', {})).toEqual(zero);
    // Every rule's pause series, TEST and ACTIVE presets alike (a TEST rule made ACTIVE may pause later).
    for (const rule of ['circular', 'velocity-client'])
      expect(sample(monitoring, 'coin_monitoring_rule_pauses_total', { rule })).toEqual(zero);
  });

  it('when a client requests unknown URLs, then they are counted under route="unmatched", never by their raw path', async () => {
    const response = await http(stack.gatewayUrl, 'GET', '/no/such/path/12345');
    expect(response.status).toBe(404);
    const text = await scrape(stack.metricsUrls.gateway);
    const lines = samples(text, 'coin_http_request_duration_seconds_count');
    expect(lines.some((l) => l.includes('route="unmatched"') && l.includes('status_code="404"'))).toBe(true);
    expect(text).not.toContain('/no/such/path/12345');
  });

  it('when /metrics, /healthz or /readyz is asked on an API port, then it is not served there: 404 at the gateway, 401 at an internal API', async () => {
    for (const path of ['/metrics', '/healthz', '/readyz']) {
      expect([path, (await http(stack.gatewayUrl, 'GET', path)).status]).toEqual([path, 404]);
      for (const url of [stack.userUrl, stack.ledgerUrl, stack.historyUrl]) {
        expect([path, (await http(url, 'GET', path)).status]).toEqual([path, 401]);
      }
    }
  });
});
