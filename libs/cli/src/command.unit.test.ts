import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { coinWebhookEvent, coinWebhookEventTypes, verifyAndParseWebhook } from '@coin/events';
import { runCoinCommand, UsageError } from './command';
import { newForwardSecret } from './forward';
import { sampleEvents } from './samples';

describe('coin (the integrators’ command)', () => {
  let server: Server;
  let url: string;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(request.url === '/down' ? 500 : 204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const lines: string[] = [];
    return runCoinCommand(args, env, (line) => lines.push(line), new AbortController().signal).then(() => lines);
  };

  it('when asked for --help, then it prints its usage as the installed command says it, wherever it is installed', async () => {
    const [help] = await run(['--help']);
    expect(help).toMatch(/^usage: coin listen\|trigger\|sandbox\|events\|callbacks /);
    expect(help).not.toMatch(/npm run|repository/);
  });

  it('has a sample of every webhook event type, each one its schema accepts', () => {
    expect(Object.keys(sampleEvents).sort()).toEqual([...coinWebhookEventTypes].sort());
    for (const make of Object.values(sampleEvents)) expect(coinWebhookEvent.safeParse(make()).success).toBe(true);
  });

  it('when triggered, then the receiver gets the sample signed with COIN_FORWARD_SECRET, which verifyAndParseWebhook accepts', async () => {
    const secret = newForwardSecret();
    const lines = await run(['trigger', 'coin.hold.created', '--forward-to', `${url}/hook`], { COIN_FORWARD_SECRET: secret });
    const got = received.at(-1)!;
    const event = verifyAndParseWebhook(got.body, got.headers, secret);
    expect(event.type).toBe('coin.hold.created');
    expect(lines).toEqual([`coin.hold.created  ${event.eventId}  -> 204`]);
    expect(() => verifyAndParseWebhook(got.body, got.headers, newForwardSecret())).toThrow('No signature matches');
  });

  it('when COIN_FORWARD_SECRET is an endpoint secret of the earlier base64url form, then it signs too', async () => {
    const earlier = `whsec_${Buffer.alloc(32, 0xfb).toString('base64url')}`;
    await run(['trigger', 'coin.hold.created', '--forward-to', `${url}/hook`], { COIN_FORWARD_SECRET: earlier });
    const got = received.at(-1)!;
    expect(verifyAndParseWebhook(got.body, got.headers, earlier).type).toBe('coin.hold.created');
  });

  it('when no secret is given, then a new one is printed and signs; a receiver that refuses makes the command fail', async () => {
    const lines = await run(['trigger', 'coin.webhook-endpoint.disabled', '--forward-to', url]);
    const secret = /(whsec_\S+)/.exec(lines[0] ?? '')?.[1];
    expect(secret).toBeDefined();
    const got = received.at(-1)!;
    expect(verifyAndParseWebhook(got.body, got.headers, secret!).type).toBe('coin.webhook-endpoint.disabled');
    await expect(run(['trigger', 'coin.hold.created', '--forward-to', `${url}/down`])).rejects.toThrow('did not accept');
  });

  it('when a credential is put on the command line, then it is refused before anything is sent (secrets never in process arguments)', async () => {
    const before = received.length;
    for (const flag of ['--client-secret', '--clientSecret', '--token', '--secret=whsec_x', '--api-key']) {
      await expect(run(['listen', '--forward-to', url, flag, 'x'], { COIN_URL: url })).rejects.toThrow(/never the command line/);
    }
    expect(received.length).toBe(before);
  });

  it('when the command line or the environment is wrong, then it is a UsageError naming what', async () => {
    const env = { COIN_URL: url, COIN_CLIENT_ID: 'pc_x', COIN_CLIENT_SECRET: 's' };
    for (const [args, envOf, message] of [
      [['listen'], env, '--forward-to URL is required'],
      [['listen', '--forward-to', 'file:///etc/passwd'], env, 'http:// or https://'],
      [['listen', '--forward-to', url], { COIN_URL: url }, 'COIN_CLIENT_ID'],
      [['listen', '--forward-to', url, '--interval-ms', '5'], env, '--interval-ms'],
      [['listen', '--forward-to', url, '--since', 'yesterday'], env, '--since'],
      [['listen', '--forward-to', url], { ...env, COIN_FORWARD_SECRET: 'hunter2' }, 'COIN_FORWARD_SECRET'],
      // Standard base64 and base64url in one secret: no key of ours is spelled so.
      [
        ['listen', '--forward-to', url],
        { ...env, COIN_FORWARD_SECRET: 'whsec_-/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/s=' },
        'COIN_FORWARD_SECRET',
      ],
      [['trigger', 'coin.transaction.forged', '--forward-to', url], {}, 'trigger needs one event type'],
      [['trigger', 'coin.transaction.forged'], env, 'for another type’s made-up sample, give --forward-to'],
      [['trigger', 'coin.monitoring-case.opened'], env, 'never delivered to a platform'],
      [['trigger'], env, 'trigger needs one event type: coin.transaction.recorded, coin.hold.created'],
      [['sandbox'], env, 'sandbox takes users, clock or reset'],
      [['sandbox', 'users', 'create'], env, 'sandbox users takes create NAME'],
      [['sandbox', 'clock', 'advance', '1.5'], env, 'a whole number of seconds'],
      [['sandbox', 'clock', 'set', 'tomorrow'], env, 'an ISO 8601 time'],
      [['sandbox', 'reset', 'now'], env, 'sandbox reset takes no argument'],
      [['sandbox', 'clock'], {}, 'COIN_URL'],
      [['trigger', 'coin.transaction.recorded'], {}, 'COIN_URL'],
      [['deploy'], {}, 'unknown command deploy'],
    ] as const) {
      const refused = await run([...args], { ...envOf }).catch((err: unknown) => err);
      expect({ args, error: refused instanceof UsageError, message: String((refused as Error).message) }).toEqual({
        args,
        error: true,
        message: expect.stringContaining(message),
      });
    }
  });
});
