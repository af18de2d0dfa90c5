// Kafka over TLS: a broker of its own whose only client listener is SASL_SSL (production's SCRAM
// over TLS), with a throwaway CA and broker certificate made for this run (generateKafkaTls), the
// per-service ACLs, and the ledger and the client stack against it. The model is
// kafka-sasl.int.test.ts, with which it shares ./broker.ts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { kafkaSecurityOf } from '@coin/config';
import { kafkaServices, kafkaUserOf, topicNames, type KafkaService } from '@coin/contracts';
import { createKafka, type KafkaClientSecurity } from '@coin/kafka';
import { loadLedgerConfig, startLedgerService, type RunningService } from '@coin/ledger';
import { createLogger } from '@coin/logger';
import type { Kafka } from 'kafkajs';
import {
  clientListenerOf,
  ensureKafka,
  generateKafkaTls,
  kafkaLayout,
  stopKafka,
  superUserSasl,
  withSasl,
  withTls,
  type KafkaLayout,
  type KafkaTlsSettings,
} from '../../scripts/infra/kafka';
import { serviceEnvs } from '../../scripts/stack/env';
import { generateJwtKey, generateServiceKeys, type JwtKey } from '../../scripts/stack/keys';
import { ProofCache } from '../../scripts/stack/proofs';
import { provision } from '../../scripts/stack/provision';
import { aclEntriesOf, freePort, gatewayCommandSender, transferThroughTheLedger } from './broker';
import { testInfra, uniquePrefix } from '../harness/env';
import { ServiceTokenSigner } from '@coin/http';

/** This file's service keys: its ledger admits the gateway's, and the test reads the ledger as the gateway. */
const serviceKeys = generateServiceKeys();
const asGateway = new ServiceTokenSigner('gateway', serviceKeys.gateway.privateKeyPem).authorizationFor('ledger');

const repoRoot = path.join(__dirname, '..', '..');
const logger = createLogger('kafka-tls-test', (process.env.COIN_TEST_LOG_LEVEL ?? 'error') as 'error');
/** The refused connections below are expected: kafkajs's error log of each retry is not news. */
const quietLogger = createLogger('kafka-tls-test', 'fatal');
const secret = () => randomBytes(18).toString('hex');

/** Why connecting failed (kafkajs wraps the socket's error), or 'connected'. */
async function connectOutcome(security: KafkaClientSecurity | undefined, brokers: string[]): Promise<string> {
  const kafka = createKafka({ brokers, clientId: 'tls-test-probe', logger: quietLogger, ...(security ? { security } : {}) });
  // No retries: what the broker (or the TLS handshake) says first is what the test sees.
  const producer = kafka.producer({ retry: { retries: 0 } });
  try {
    await producer.connect();
    return 'connected';
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`.trim();
  } finally {
    await producer.disconnect().catch(() => undefined);
  }
}

/** Node's verdict on a certificate chain it was not told to trust. */
const untrusted = /self[- ]signed certificate|unable to (verify|get local issuer)/i;

describe('Kafka over TLS (SASL_SSL) with a CA of its own', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-kafka-tls-'));
  const passwords = Object.fromEntries(kafkaServices.map((s) => [s, secret()])) as Record<KafkaService, string>;
  const prefix = uniquePrefix();
  // ACLs name topics without a prefix (production's empty TOPIC_PREFIX): this broker is ours alone.
  const _topics = topicNames('');
  let tls: KafkaTlsSettings;
  /** A CA that signed nothing the broker presents. */
  let otherCaFile: string;
  let layout: KafkaLayout;
  let brokers: string[];
  let admin: ReturnType<Kafka['admin']> | undefined;
  let ledger: RunningService | undefined;
  let ledgerEnv: Record<string, string>;
  let jwtKey: JwtKey;
  const closers: Array<() => Promise<unknown>> = [];

  const passwordFile = (name: string, password: string) => {
    const file = path.join(workDir, `${name}.password`);
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
    return file;
  };
  const saslOf = (service: KafkaService) => ({
    mechanism: 'scram-sha-512' as const,
    username: kafkaUserOf(service),
    password: passwords[service],
  });
  const securityOf = (service: KafkaService): KafkaClientSecurity => ({
    ssl: { ca: fs.readFileSync(tls.caFile, 'utf8') },
    sasl: saslOf(service),
  });

  beforeAll(async () => {
    tls = await generateKafkaTls(path.join(workDir, 'tls'));
    otherCaFile = (await generateKafkaTls(path.join(workDir, 'other-ca'), 'coin-ledger-other')).caFile;
    const port = await freePort();
    const controllerPort = await freePort();
    layout = withTls(
      withSasl(
        kafkaLayout({
          KAFKA_PORT: String(port),
          KAFKA_CONTROLLER_PORT: String(controllerPort),
          KAFKA_DATA_DIR: path.join(workDir, 'data'),
          KAFKA_RUN_DIR: path.join(workDir, 'run'),
        }),
        {
          superUser: { name: 'coin-ledger-admin', password: secret() },
          users: kafkaServices.map((s) => ({ name: kafkaUserOf(s), password: passwords[s] })),
        },
      ),
      tls,
    );
    expect(clientListenerOf(layout)).toBe('SASL_SSL');
    brokers = (await ensureKafka(() => undefined, layout)).brokers;

    admin = createKafka({
      brokers,
      clientId: 'tls-test-admin',
      logger,
      security: { ssl: { ca: fs.readFileSync(tls.caFile, 'utf8') }, sasl: superUserSasl(layout)! },
    }).admin();
    await admin.connect();
    await admin.createAcls({ acl: kafkaServices.flatMap(aclEntriesOf) });
    await provision({
      kafkaBrokers: brokers,
      kafkaSecurity: securityOf('migrate'),
      databaseUrl: testInfra().databaseUrl,
      topicPrefix: '',
      schemaPrefix: prefix,
    });

    jwtKey = generateJwtKey(`tls-${prefix}`);
    ledgerEnv = {
      ...serviceEnvs({
        ...testInfra(),
        kafkaBrokers: brokers,
        topicPrefix: '',
        schemaPrefix: prefix,
        jwtKey,
        serviceKeys,
        logLevel: process.env.COIN_TEST_LOG_LEVEL ?? 'error',
        ports: { gateway: 0, user: 0, ledger: 0, history: 0, webhooks: 0, monitoring: 0 },
      }).ledger,
      KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
      KAFKA_SSL_CA_FILE: tls.caFile,
      KAFKA_SASL_USERNAME: kafkaUserOf('ledger'),
      KAFKA_SASL_PASSWORD_FILE: passwordFile('ledger', passwords.ledger),
    };
  }, 120_000);

  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await ledger?.close().catch(() => undefined);
    await admin?.disconnect().catch(() => undefined);
    if (layout) await stopKafka(() => undefined, layout);
    fs.rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('when the ledger is configured with SASL_SSL and KAFKA_SSL_CA_FILE, then it starts over TLS and applies what the gateway principal sends', async () => {
    const config = loadLedgerConfig(ledgerEnv);
    const security = kafkaSecurityOf(config);
    expect(security.ssl?.ca).toBe(fs.readFileSync(tls.caFile, 'utf8'));
    expect(security.sasl).toMatchObject({ username: 'coin-ledger-ledger' });
    ledger = await startLedgerService(config, logger);

    // The gateway's side of the round trip: BatchingProducer out, the reply consumer in, both over TLS.
    const send = await gatewayCommandSender(brokers, securityOf('gateway'), 'tls-test-gateway', logger, closers, new ProofCache(jwtKey));
    await transferThroughTheLedger(send, ledger.url, 'tls', asGateway);
  }, 60_000);

  it('when the client does not trust the CA (no KAFKA_SSL_CA_FILE, or another CA), then connecting fails on the certificate and never falls back to plaintext', async () => {
    const { KAFKA_SSL_CA_FILE: _dropped, ...withoutCa } = ledgerEnv;
    // No CA file: TLS verified against the system CAs, which do not include this run's CA.
    const systemCas = kafkaSecurityOf(loadLedgerConfig(withoutCa));
    expect(systemCas.ssl).toEqual({});
    expect(await connectOutcome(systemCas, brokers)).toMatch(untrusted);
    // Another CA's file: the broker's chain does not lead to it.
    const otherCa = kafkaSecurityOf(loadLedgerConfig({ ...ledgerEnv, KAFKA_SSL_CA_FILE: otherCaFile }));
    expect(otherCa.ssl?.ca).toBe(fs.readFileSync(otherCaFile, 'utf8'));
    expect(await connectOutcome(otherCa, brokers)).toMatch(untrusted);
    // The right CA with the same credentials connects: the failures above are the trust, nothing else.
    expect(await connectOutcome(kafkaSecurityOf(loadLedgerConfig(ledgerEnv)), brokers)).toBe('connected');
  }, 60_000);

  it('when the ledger process does not trust the CA, then it exits non-zero on the certificate instead of running', async () => {
    // The service's own entry (main.ts), as the image runs it: a failed start exits for the orchestrator.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'services/ledger/src/main.ts')], {
      cwd: repoRoot,
      env: { ...process.env, ...ledgerEnv, KAFKA_SSL_CA_FILE: otherCaFile, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 80_000);
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    clearTimeout(timer);
    expect({ code, signal }).toEqual({ code: 1, signal: null });
    expect(output).toMatch(/service failed to start/);
    expect(output).toMatch(untrusted);
  }, 120_000);

  it('when a client speaks plaintext to the TLS listener (PLAINTEXT or SASL_PLAINTEXT), then it cannot connect', async () => {
    // The broker reads the client's first request as a TLS handshake, fails it and closes the connection.
    const refused = /closed connection|connection error|ECONNRESET|timed? ?out/i;
    expect(await connectOutcome(undefined, brokers)).toMatch(refused);
    expect(await connectOutcome({ sasl: saslOf('gateway') }, brokers)).toMatch(refused);
    const viaConfig = kafkaSecurityOf(loadLedgerConfig({ ...ledgerEnv, KAFKA_SECURITY_PROTOCOL: 'SASL_PLAINTEXT' }));
    expect(viaConfig.ssl).toBeUndefined();
    expect(await connectOutcome(viaConfig, brokers)).toMatch(refused);
  }, 60_000);
});
