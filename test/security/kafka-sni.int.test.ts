// Kafka over TLS behind an SNI router, as brokers are reached behind a load balancer or in managed
// Kafka: the router reads the server name the client sends in its TLS hello (SNI), routes the
// connection by it, and drops one that names no known host. Here the router terminates TLS with a
// certificate of this run (generateKafkaTls: it names localhost and 127.0.0.1) and forwards to the
// shared plaintext broker, so the client's bootstrap request (ApiVersions, which a connect waits
// for) crosses it. Only the bootstrap: the broker advertises its own plaintext address, which a
// TLS client cannot use, so the test stops at a connected client.
import * as fs from 'node:fs';
import { connect as tcpConnect, type AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createServer as createTlsServer, type Server as TlsServer, type TLSSocket } from 'node:tls';
import { createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { generateKafkaTls } from '../../scripts/infra/kafka';
import { testInfra } from '../harness/env';

const logger = createLogger('kafka-sni-test', (process.env.COIN_TEST_LOG_LEVEL ?? 'fatal') as 'fatal');

interface SniRouter {
  port: number;
  /** The server name of every TLS hello received, false when the hello carried none. */
  serverNames: Array<string | false>;
  close(): Promise<void>;
}

/** A TLS front that forwards a connection to the broker only when its SNI name is `routedName` (any name when null). */
async function startSniRouter(tls: { pfx: Buffer; passphrase: string }, broker: string, routedName: string | null): Promise<SniRouter> {
  const [brokerHost, brokerPort] = broker.split(':') as [string, string];
  const serverNames: Array<string | false> = [];
  const sockets = new Set<TLSSocket>();
  const server: TlsServer = createTlsServer({ pfx: tls.pfx, passphrase: tls.passphrase }, (client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const name = (client as TLSSocket & { servername: string | false }).servername;
    serverNames.push(name);
    if (routedName !== null && name !== routedName) {
      // What an SNI router does with a hello it cannot route: nothing to forward to.
      client.destroy();
      return;
    }
    const upstream = tcpConnect({ host: brokerHost, port: Number(brokerPort) });
    upstream.setNoDelay(true);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    serverNames,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** 'connected' once the broker behind `brokers` answered the client's bootstrap over TLS, or why not. */
async function connectThrough(brokers: string[], ca: string): Promise<string> {
  const admin = createKafka({ brokers, clientId: 'sni-test', logger, security: { ssl: { ca } } }).admin({ retry: { retries: 0 } });
  try {
    await admin.connect();
    return 'connected';
  } catch (err) {
    return `failed: ${(err as Error).message}`;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

describe('Kafka over TLS to a broker reached by host name (SNI)', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-kafka-sni-'));
  let ca: string;
  let tls: { pfx: Buffer; passphrase: string };
  let broker: string;
  const routers: SniRouter[] = [];

  beforeAll(async () => {
    const settings = await generateKafkaTls(path.join(workDir, 'tls'), 'coin-ledger-sni');
    ca = fs.readFileSync(settings.caFile, 'utf8');
    tls = { pfx: fs.readFileSync(settings.keystoreFile), passphrase: settings.keystorePassword };
    broker = testInfra().kafkaBrokers[0]!;
  }, 60_000);

  afterAll(async () => {
    for (const router of routers) await router.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('when a broker is addressed by host name, then the TLS hello names it and a router that routes by SNI lets the client through', async () => {
    const router = await startSniRouter(tls, broker, 'localhost');
    routers.push(router);

    expect(await connectThrough([`localhost:${router.port}`], ca)).toBe('connected');
    expect(router.serverNames.length).toBeGreaterThan(0);
    expect(new Set(router.serverNames)).toEqual(new Set(['localhost']));
  }, 30_000);

  it('when a broker is addressed by IP address, then the TLS hello carries no server name (SNI is for host names only)', async () => {
    const router = await startSniRouter(tls, broker, null);
    routers.push(router);

    expect(await connectThrough([`127.0.0.1:${router.port}`], ca)).toBe('connected');
    expect(router.serverNames.length).toBeGreaterThan(0);
    expect(new Set(router.serverNames)).toEqual(new Set([false]));
  }, 30_000);
});
