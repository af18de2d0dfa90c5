// A single combined (broker + controller) Apache Kafka 4 node in KRaft mode, run from the jars
// on Maven Central. docs/LOCAL_INFRA.md "Kafka settings" says why each setting is what it is.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
// The project's kafkajs fixes (the idle timer loop, which Node 24 warns about as a negative timeout).
import '@coin/kafka';
import { Kafka, logLevel } from 'kafkajs';
import {
  dataRoot,
  ensureDir,
  isPidAlive,
  pidCommandLine,
  readPidFile,
  readStarted,
  rel,
  repoRoot,
  run,
  runRoot,
  startedFile,
  tail,
  terminate,
  updateStarted,
  waitFor,
  which,
  type Log,
} from './common';

// kafkajs prints a partitioner warning on every producer; the project has read it.
process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

/**
 * The newest release on Maven Central whose jars and dependencies all resolve there (4.0.0 …
 * 4.4.0 are published; 4.4.0's class files target Java 17, the version the machines have).
 * Kafka 4 has no ZooKeeper and no reload4j: it logs through log4j2.
 */
export const kafkaVersion = '4.4.0';
const scalaVersion = '2.13';
/**
 * log4j2 with its binding for slf4j 1.7 (what Kafka 4 logs through: slf4j-api 1.7.36 comes with
 * kafka_2.13). The broker declares no logging backend; without one it would log nothing.
 */
const log4j2Version = '2.25.4';
/** Pinned: Maven 3.8 would otherwise resolve an old 2.x plugin, and builds should not drift. */
const dependencyPluginVersion = '3.6.1';

/**
 * docs/LOCAL_INFRA.md "Kafka settings": a wait for a condition, bounded so a broker that never
 * answers fails the start. A warm JVM answers in ~5 s; a cold one on two cores beside a test
 * suite needs tens of seconds, and on a box running two threads at half speed the short bank
 * test's private broker had not answered after 60 s.
 */
const readyTimeoutMs = 180_000;
const probeIntervalMs = 500;
/** Controlled shutdown of one node writes a snapshot and closes the log; seconds, not minutes. */
const stopGraceMs = 30_000;
/** A download of ~45 MB of jars; generous for slow mirrors, bounded so CI does not hang. */
const mavenTimeoutMs = 15 * 60_000;

/**
 * The broker's maximum heap. Each partition it hosts keeps about 19 KB live (its log, segment and
 * index objects, and their JMX metrics): at 512 MB, 120 test stacks' topics filled the old
 * generation (341 MB, the log cleaner's 128 MB buffer in it), and the broker spent its time in
 * full collections while new partitions waited for a leader (docs/LOCAL_INFRA.md "Kafka
 * settings"). A test run hosts its open stacks' topics only; the heap leaves room for a dev
 * stack beside a bench run and an interrupted run's leftovers.
 */
export const brokerMaxHeap = '1g';

/**
 * Serial GC: one broker on two shared cores gains nothing from parallel collector threads.
 * Full tiered compilation (C2 included): stopping at C1 starts a second faster but leaves the
 * broker's steady-state request handling slower, and under load every request costs CPU that
 * the services on the same two cores need.
 */
const jvmFlags = ['-Xms256m', `-Xmx${brokerMaxHeap}`, '-XX:+UseSerialGC', '-Djava.awt.headless=true'];

/**
 * Where one broker keeps its state. The defaults are this checkout's broker: 127.0.0.1:9092
 * (controller 9093), data in `.data/kafka-<version>`, pid, log and started record in `.run`.
 * KAFKA_PORT, KAFKA_CONTROLLER_PORT, KAFKA_DATA_DIR and KAFKA_RUN_DIR run a second one beside
 * it (another version, a test of this file) without touching the first.
 *
 * The data directory is named after the version, so a new release starts on a fresh directory
 * instead of state another release wrote (an older release cannot read a newer one's metadata,
 * and nothing in it is worth carrying over: tests create their topics per run).
 */
export interface KafkaLayout {
  version: string;
  port: number;
  controllerPort: number;
  dataDir: string;
  runDir: string;
  /** The record `npm run stop` reads: this checkout's `.run/started.json` unless KAFKA_RUN_DIR is set. */
  startedFile: string;
  /**
   * A broker with authentication and ACLs (withSasl): its client listener is SASL_PLAINTEXT with
   * SCRAM-SHA-512 only, the StandardAuthorizer denies what no ACL allows, and `superUser` (also
   * the inter-broker principal) may do everything. Never this checkout's default broker.
   */
  sasl?: KafkaSaslSettings;
  /**
   * A broker whose client listener speaks TLS (withTls): SSL alone, or SASL_SSL with `sasl`
   * (production's SCRAM over TLS). The controller listener stays PLAINTEXT on the loopback.
   * Never this checkout's default broker.
   */
  tls?: KafkaTlsSettings;
}

/** A broker's TLS material (generateKafkaTls makes a throwaway set for a test). */
export interface KafkaTlsSettings {
  /** PKCS12 keystore with the broker's key and certificate (its SAN covers 127.0.0.1 and localhost). */
  keystoreFile: string;
  keystorePassword: string;
  /** PEM file of the CA that signed the broker's certificate: what the clients (and the broker itself, inter-broker) trust. */
  caFile: string;
}

export interface KafkaScramUser {
  name: string;
  password: string;
}

export interface KafkaSaslSettings {
  superUser: KafkaScramUser;
  /** SCRAM-SHA-512 users written into the metadata when the directory is formatted. */
  users: KafkaScramUser[];
}

/** A layout for a broker with SASL (a test's own, beside the default one: give it its own port and directories). */
export function withSasl(layout: KafkaLayout, sasl: KafkaSaslSettings): KafkaLayout {
  for (const user of [sasl.superUser, ...sasl.users]) {
    // The names and passwords go into server.properties and a format argument: keep them plain.
    if (!/^[A-Za-z0-9._-]+$/.test(user.name) || !/^[A-Za-z0-9._~-]+$/.test(user.password))
      throw new Error(`Kafka: SCRAM user ${user.name}: names and passwords are limited to [A-Za-z0-9._-] here`);
  }
  return { ...layout, sasl };
}

/** A layout for a broker whose client listener speaks TLS (SASL_SSL when the layout has `sasl` too, else SSL). */
export function withTls(layout: KafkaLayout, tls: KafkaTlsSettings): KafkaLayout {
  // The password goes into server.properties: keep it plain.
  if (!/^[A-Za-z0-9._~-]+$/.test(tls.keystorePassword)) throw new Error('Kafka: the keystore password is limited to [A-Za-z0-9._~-] here');
  for (const file of [tls.keystoreFile, tls.caFile]) {
    if (/[\s\\]/.test(file)) throw new Error(`Kafka: ${file}: TLS file paths with spaces or backslashes are not supported here`);
  }
  return { ...layout, tls };
}

/** The client listener's security protocol (and listener name) of a layout. */
export function clientListenerOf(layout: KafkaLayout): 'PLAINTEXT' | 'SSL' | 'SASL_PLAINTEXT' | 'SASL_SSL' {
  if (layout.tls) return layout.sasl ? 'SASL_SSL' : 'SSL';
  return layout.sasl ? 'SASL_PLAINTEXT' : 'PLAINTEXT';
}

/** The kafkajs TLS option that trusts the layout's CA (probes, a test's admin), or undefined without TLS. */
export function clientSslOf(layout: KafkaLayout): { ca: string[] } | undefined {
  return layout.tls ? { ca: [fs.readFileSync(layout.tls.caFile, 'utf8')] } : undefined;
}

/**
 * Throwaway TLS material for a test's broker, made with openssl in `dir` (created 0700): a CA of
 * its own (its key deleted once it has signed), a broker certificate for 127.0.0.1 and localhost
 * valid for two days, and a PKCS12 keystore with a random password. Nothing here is meant to
 * outlive the test that removes `dir`.
 */
export async function generateKafkaTls(dir: string, name = 'coin-ledger-test'): Promise<KafkaTlsSettings> {
  const openssl = which('openssl');
  if (!openssl) throw new Error('Kafka: openssl is not installed, so no test certificates can be made (apt-get install -y openssl)');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (f: string) => path.join(dir, f);
  const keystorePassword = randomBytes(18).toString('hex');
  const env = { ...process.env, COIN_KAFKA_KEYSTORE_PASSWORD: keystorePassword };
  fs.writeFileSync(
    file('broker.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth,clientAuth\n',
  );
  const steps = opensslSteps(file, name);
  for (const args of steps) {
    const result = await run(openssl, args, { cwd: dir, env });
    if (result.code !== 0) throw new Error(`Kafka: openssl ${args[0]} failed (exit ${result.code}):\n${tail(result.stderr)}`);
  }
  for (const f of ['ca.key', 'broker.key', 'broker.csr', 'broker.ext']) fs.rmSync(file(f), { force: true });
  return { keystoreFile: file('broker.p12'), keystorePassword, caFile: file('ca.pem') };
}

/** The openssl commands making the test CA, the broker's certificate signed by it, and its PKCS#12 keystore. */
function opensslSteps(file: (f: string) => string, name: string): string[][] {
  return [
    // The CA: self-signed, CA:TRUE (OpenSSL, and so Node, trusts no other kind as an anchor).
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.pem'),
      '-days',
      '2',
      '-subj',
      `/CN=${name} CA ${randomBytes(4).toString('hex')}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('broker.key'), '-out', file('broker.csr'), '-subj', `/CN=${name} broker`],
    [
      'x509',
      '-req',
      '-in',
      file('broker.csr'),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-set_serial',
      `0x${randomBytes(8).toString('hex')}`,
      '-days',
      '2',
      '-extfile',
      file('broker.ext'),
      '-out',
      file('broker.pem'),
    ],
    // The password from the environment, not the command line (ps shows arguments).
    [
      'pkcs12',
      '-export',
      '-in',
      file('broker.pem'),
      '-inkey',
      file('broker.key'),
      '-certfile',
      file('ca.pem'),
      '-name',
      'broker',
      '-out',
      file('broker.p12'),
      '-passout',
      'env:COIN_KAFKA_KEYSTORE_PASSWORD',
    ],
  ];
}

/** The kafkajs SASL option of the layout's super user (probes, the admin that creates ACLs). */
export function superUserSasl(layout: KafkaLayout): { mechanism: 'scram-sha-512'; username: string; password: string } | undefined {
  return layout.sasl
    ? { mechanism: 'scram-sha-512', username: layout.sasl.superUser.name, password: layout.sasl.superUser.password }
    : undefined;
}

function portFromEnv(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`Kafka: ${name}=${value} is not a TCP port`);
  return port;
}

export function kafkaLayout(env: NodeJS.ProcessEnv = process.env): KafkaLayout {
  const port = portFromEnv('KAFKA_PORT', env.KAFKA_PORT, 9092);
  const controllerPort = portFromEnv('KAFKA_CONTROLLER_PORT', env.KAFKA_CONTROLLER_PORT, port + 1);
  const dataDir = env.KAFKA_DATA_DIR?.trim()
    ? path.resolve(repoRoot, env.KAFKA_DATA_DIR.trim())
    : path.join(dataRoot, `kafka-${kafkaVersion}`);
  const ownRunDir = env.KAFKA_RUN_DIR?.trim() ? path.resolve(repoRoot, env.KAFKA_RUN_DIR.trim()) : undefined;
  const runDir = ownRunDir ?? runRoot;
  return {
    version: kafkaVersion,
    port,
    controllerPort,
    dataDir,
    runDir,
    startedFile: ownRunDir ? path.join(ownRunDir, 'started.json') : startedFile,
  };
}

const logDirOf = (l: KafkaLayout) => path.join(l.dataDir, 'logs');
const propsFileOf = (l: KafkaLayout) => path.join(l.dataDir, 'server.properties');
const log4j2FileOf = (l: KafkaLayout) => path.join(l.dataDir, 'log4j2.properties');
const clusterIdFileOf = (l: KafkaLayout) => path.join(l.dataDir, 'cluster.id');
/** Written after a successful format: which release formatted this directory. */
const versionFileOf = (l: KafkaLayout) => path.join(l.dataDir, 'kafka.version');
const kafkaLogFileOf = (l: KafkaLayout) => path.join(l.runDir, 'kafka.log');
const pidFileOf = (l: KafkaLayout) => path.join(l.runDir, 'kafka.pid');
const jarsLogFileOf = (l: KafkaLayout) => path.join(l.runDir, 'kafka-jars.log');

export function kafkaPort(): number {
  return kafkaLayout().port;
}

export function defaultKafkaBrokers(): string[] {
  return [`127.0.0.1:${kafkaPort()}`];
}

/** Outside the repository and keyed by version, so every checkout and later runs share it offline. */
export function kafkaCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'coin-ledger', `kafka-${kafkaVersion}`);
}

export function kafkaLibsDir(): string {
  return path.join(kafkaCacheDir(), 'libs');
}

// ---------------------------------------------------------------------------------------------
// Probing

/** True when a Kafka broker answers metadata requests at `brokers`. Never logs, never throws. */
export async function probeKafka(
  brokers: string[],
  timeoutMs = 3_000,
  sasl?: { mechanism: 'scram-sha-512'; username: string; password: string },
  ssl?: { ca: string[] },
): Promise<boolean> {
  const kafka = new Kafka({
    clientId: 'coin-infra-probe',
    brokers,
    ...(sasl ? { sasl } : {}),
    ...(ssl ? { ssl } : {}),
    logLevel: logLevel.NOTHING,
    connectionTimeout: Math.min(timeoutMs, 1_000),
    requestTimeout: timeoutMs,
    retry: { retries: 0 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    await admin.listTopics();
    return true;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Jars

export function pomXml(): string {
  const dep = (g: string, a: string, v: string) =>
    `    <dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version></dependency>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by coin-ledger scripts/infra/kafka.ts to fetch the Kafka broker's jars. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.coin-ledger</groupId>
  <artifactId>kafka-runtime</artifactId>
  <version>${kafkaVersion}</version>
  <packaging>pom</packaging>
  <dependencies>
${dep('org.apache.kafka', `kafka_${scalaVersion}`, kafkaVersion)}
${dep('org.apache.logging.log4j', 'log4j-slf4j-impl', log4j2Version)}
${dep('org.apache.logging.log4j', 'log4j-core', log4j2Version)}
  </dependencies>
</project>
`;
}

/**
 * Downloads the broker's runtime class path once. The jars land in a temporary directory that
 * is renamed into place, and a marker is written last, so an interrupted download is redone
 * rather than trusted, and two checkouts fetching at once cannot mix their files.
 */
export async function ensureKafkaJars(log: Log, layout: KafkaLayout = kafkaLayout()): Promise<string> {
  const cacheDir = kafkaCacheDir();
  const libs = kafkaLibsDir();
  const marker = path.join(cacheDir, 'libs.complete');
  if (fs.existsSync(marker) && fs.existsSync(libs)) return libs;

  const mvn = which('mvn');
  if (!mvn) {
    throw new Error(
      'Kafka: Maven (mvn) is not installed, so the broker jars cannot be fetched; install it (apt-get install -y maven) or set KAFKA_BROKERS',
    );
  }
  const jarsLogFile = jarsLogFileOf(layout);
  ensureDir(cacheDir);
  ensureDir(layout.runDir);
  fs.writeFileSync(path.join(cacheDir, 'pom.xml'), pomXml());
  const staging = path.join(cacheDir, `libs.tmp-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });

  log(`Kafka: fetching Apache Kafka ${kafkaVersion} jars from Maven Central into ${libs}`);
  const started = Date.now();
  const result = await run(
    mvn,
    [
      '-B',
      '-q',
      '-Dstyle.color=never',
      `org.apache.maven.plugins:maven-dependency-plugin:${dependencyPluginVersion}:copy-dependencies`,
      '-DincludeScope=runtime',
      `-DoutputDirectory=${staging}`,
    ],
    { cwd: cacheDir, timeout: mavenTimeoutMs },
  );
  fs.writeFileSync(jarsLogFile, `$ mvn ... copy-dependencies (exit ${result.code})\n${result.stdout}\n${result.stderr}`);
  const required = [
    `kafka_${scalaVersion}-${kafkaVersion}.jar`,
    `log4j-core-${log4j2Version}.jar`,
    `log4j-slf4j-impl-${log4j2Version}.jar`,
  ];
  const missing = required.filter((jar) => !fs.existsSync(path.join(staging, jar)));
  if (result.code !== 0 || missing.length > 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `Kafka: fetching the jars with Maven failed (exit ${result.code}${missing.length > 0 ? `; missing ${missing.join(', ')}` : ''}); see ${rel(jarsLogFile)}\n${tail(result.stdout + result.stderr, 15)}`,
    );
  }

  // A half-finished earlier attempt left libs without a marker: it is not to be trusted.
  if (!fs.existsSync(marker)) fs.rmSync(libs, { recursive: true, force: true });
  try {
    fs.renameSync(staging, libs);
  } catch (err) {
    // Another process finished first; its copy is as good as ours.
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(libs)) throw err;
  }
  fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
  log(`Kafka: ${fs.readdirSync(libs).length} jars cached in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return libs;
}

// ---------------------------------------------------------------------------------------------
// Configuration and storage

/** Every key here is a Kafka 4 broker config (kafka.unit.test.ts keeps removed ones out). */
export function serverProperties(layout: KafkaLayout): string {
  const { port, controllerPort: cport } = layout;
  const listener = clientListenerOf(layout);
  return `# Generated by scripts/infra/kafka.ts on every start; edit that file, not this one.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:${cport}
listeners=${listener}://127.0.0.1:${port},CONTROLLER://127.0.0.1:${cport}
advertised.listeners=${listener}://127.0.0.1:${port}
inter.broker.listener.name=${listener}
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,${listener}:${listener}
${layout.sasl ? saslProperties(layout.sasl, listener) : ''}${layout.tls ? tlsProperties(layout.tls) : ''}log.dirs=${logDirOf(layout)}
num.partitions=1
default.replication.factor=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
# Kafka 4's share groups keep their state in an internal topic whose defaults need 3 brokers.
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
share.coordinator.state.topic.num.partitions=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
# The log cleaner's offset map is one heap buffer (default 128 MB, a quarter of the heap): here it
# compacts only the consumer offsets, a few MB.
log.cleaner.dedupe.buffer.size=16777216
# Two cores: fewer threads than the defaults sized for servers.
num.network.threads=2
num.io.threads=4
num.recovery.threads.per.data.dir=1
# The controller appends a no-op record to the metadata log when it has written nothing for this
# long (default 500 ms), which the broker then reads and applies: on one idle node that was a
# third of the broker's own CPU (19 against 12 ms a second, docs/PERFORMANCE.md "An idle stack").
# One node has no follower whose lag the no-ops would show.
metadata.max.idle.interval.ms=5000
`;
}

/**
 * SCRAM-SHA-512 on the client listener, the broker itself logging in as the super user, and the
 * KRaft StandardAuthorizer. The controller listener stays PLAINTEXT on the loopback (SCRAM
 * credentials live in the metadata the controller serves, so it cannot use them itself), and its
 * principal, ANONYMOUS, is a super user for the broker's registration: a client cannot be
 * ANONYMOUS on the SASL listener.
 */
function saslProperties(sasl: KafkaSaslSettings, listener: string): string {
  const { name, password } = sasl.superUser;
  return `sasl.enabled.mechanisms=SCRAM-SHA-512
sasl.mechanism.inter.broker.protocol=SCRAM-SHA-512
listener.name.${listener.toLowerCase()}.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="${name}" password="${password}";
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
allow.everyone.if.no.acl.found=false
super.users=User:${name};User:ANONYMOUS
`;
}

/**
 * TLS on the client listener: the broker's key and certificate from a PKCS12 keystore, and the
 * CA (PEM) as the truststore the broker uses for its own inter-broker connection, verified by
 * host name (the certificate's SAN). Clients present no certificate (SCRAM authenticates them).
 */
function tlsProperties(tls: KafkaTlsSettings): string {
  return `ssl.keystore.type=PKCS12
ssl.keystore.location=${tls.keystoreFile}
ssl.keystore.password=${tls.keystorePassword}
ssl.key.password=${tls.keystorePassword}
ssl.truststore.type=PEM
ssl.truststore.location=${tls.caFile}
ssl.client.auth=none
ssl.endpoint.identification.algorithm=https
`;
}

/**
 * log4j2 (Kafka 4 has no reload4j). Everything goes to stderr, which the launcher sends to
 * .run/kafka.log, at the levels the 3.9 broker had. No shutdown hook: the broker's own hook logs
 * its controlled shutdown, which log4j2's would otherwise have silenced first.
 */
export const log4j2Properties = `# Generated by scripts/infra/kafka.ts.
status = warn
dest = err
shutdownHook = disable
appender.stderr.type = Console
appender.stderr.name = STDERR
appender.stderr.target = SYSTEM_ERR
appender.stderr.layout.type = PatternLayout
appender.stderr.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = INFO
rootLogger.appenderRef.stderr.ref = STDERR
logger.request.name = kafka.request.logger
logger.request.level = WARN
logger.stateChange.name = state.change.logger
logger.stateChange.level = WARN
logger.networkClient.name = org.apache.kafka.clients.NetworkClient
logger.networkClient.level = WARN
# Test runs create topics by the hundred; per-partition lines would bury everything else.
logger.replicationControl.name = org.apache.kafka.controller.ReplicationControlManager
logger.replicationControl.level = WARN
logger.partition.name = kafka.cluster.Partition
logger.partition.level = WARN
logger.kafkaLog.name = kafka.log
logger.kafkaLog.level = WARN
logger.storageLog.name = org.apache.kafka.storage.internals.log
logger.storageLog.level = WARN
logger.replicaFetcherManager.name = kafka.server.ReplicaFetcherManager
logger.replicaFetcherManager.level = WARN
logger.replicaAlterLogDirsManager.name = kafka.server.ReplicaAlterLogDirsManager
logger.replicaAlterLogDirsManager.level = WARN
`;

/** Kafka's cluster id format: 16 random bytes, base64url, and never a leading '-' (CLI parsers). */
function newClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

function formattedClusterId(layout: KafkaLayout): string | undefined {
  try {
    const meta = fs.readFileSync(path.join(logDirOf(layout), 'meta.properties'), 'utf8');
    return /^cluster\.id=(.+)$/m.exec(meta)?.[1]?.trim();
  } catch {
    return undefined;
  }
}

function javaBin(): string {
  const fromHome = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : undefined;
  if (fromHome && fs.existsSync(fromHome)) return fromHome;
  const java = which('java');
  if (!java) throw new Error('Kafka: Java 17+ is not installed (apt-get install -y openjdk-17-jre-headless) or set KAFKA_BROKERS');
  return java;
}

/** The JVM's arguments before the main class: heap, GC, log4j2 config, class path. */
function javaArgs(layout: KafkaLayout, libs: string): string[] {
  return [...jvmFlags, `-Dlog4j2.configurationFile=${log4j2FileOf(layout)}`, '-cp', `${libs}/*`];
}

/**
 * Kafka 4's `kafka.tools.StorageTool format`: the cluster id, the config, and no `--standalone`
 * or `--initial-controllers` because the config names its voters (controller.quorum.voters);
 * `--ignore-formatted` makes a second format of the same directory a no-op.
 */
export function storageFormatArgs(layout: KafkaLayout, clusterId: string): string[] {
  const scram = layout.sasl
    ? [layout.sasl.superUser, ...layout.sasl.users].flatMap((u) => ['--add-scram', `SCRAM-SHA-512=[name=${u.name},password=${u.password}]`])
    : [];
  return ['kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', propsFileOf(layout), '--ignore-formatted', ...scram];
}

/**
 * Writes the configs and formats the data directory once. The cluster id lives beside the data
 * so a restart never meets a directory formatted for another cluster; if they disagree, the
 * formatted data wins.
 */
async function prepareStorage(layout: KafkaLayout, libs: string, log: Log): Promise<void> {
  ensureDir(layout.dataDir);
  const versionFile = versionFileOf(layout);
  const formattedBy = fs.existsSync(versionFile) ? fs.readFileSync(versionFile, 'utf8').trim() : undefined;
  if (formattedBy && formattedBy !== layout.version) {
    // Only a directory named by KAFKA_DATA_DIR can get here: the default one is named after the version.
    throw new Error(
      `Kafka: ${rel(layout.dataDir)} was formatted by Kafka ${formattedBy}, not ${layout.version}; point KAFKA_DATA_DIR elsewhere or remove it`,
    );
  }
  // 0600: with SASL it holds the super user's password, with TLS the keystore's.
  fs.writeFileSync(propsFileOf(layout), serverProperties(layout), { mode: 0o600 });
  fs.writeFileSync(log4j2FileOf(layout), log4j2Properties);

  const clusterIdFile = clusterIdFileOf(layout);
  const existing = formattedClusterId(layout);
  if (existing) {
    fs.writeFileSync(clusterIdFile, `${existing}\n`);
    return;
  }
  let clusterId = fs.existsSync(clusterIdFile) ? fs.readFileSync(clusterIdFile, 'utf8').trim() : '';
  if (!clusterId) {
    clusterId = newClusterId();
    fs.writeFileSync(clusterIdFile, `${clusterId}\n`);
  }
  log(`Kafka: formatting ${rel(logDirOf(layout))} for cluster ${clusterId} (Kafka ${layout.version})`);
  const started = Date.now();
  const result = await run(javaBin(), [...javaArgs(layout, libs), ...storageFormatArgs(layout, clusterId)], { cwd: repoRoot });
  if (result.code !== 0) {
    throw new Error(`Kafka: formatting storage failed (exit ${result.code}):\n${tail(result.stdout + result.stderr)}`);
  }
  fs.writeFileSync(versionFile, `${layout.version}\n`);
  log(`Kafka: formatted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  noteUnusedDataDirs(layout, log);
}

/** Data directories of earlier releases are left alone (never deleted unasked), but named once. */
function noteUnusedDataDirs(layout: KafkaLayout, log: Log): void {
  if (path.dirname(layout.dataDir) !== dataRoot) return;
  let entries: string[];
  try {
    entries = fs.readdirSync(dataRoot);
  } catch {
    return;
  }
  const unused = entries
    .filter((name) => name === 'kafka' || name.startsWith('kafka-'))
    .map((name) => path.join(dataRoot, name))
    .filter((dir) => dir !== layout.dataDir);
  if (unused.length > 0) {
    log(`Kafka: ${unused.map(rel).join(', ')} hold data of an earlier Kafka release and are no longer used; remove them to free the space`);
  }
}

// ---------------------------------------------------------------------------------------------
// Lifecycle

/** The release a broker's command line runs: its class path is `<cache>/kafka-<version>/libs/*`. */
export function versionInCommandLine(cmdline: string): string | undefined {
  return /\/kafka-(\d+\.\d+\.\d+[^/\s]*)\/libs\//.exec(cmdline)?.[1];
}

/** A live kafka.Kafka process named by this checkout's pid file. */
export interface OwnBroker {
  pid: number;
  cmdline: string;
  /** From the started record, when it names the same pid. */
  recordedVersion?: string;
}

export type OwnBrokerPlan =
  | { action: 'start' }
  | { action: 'reuse'; pid: number }
  | { action: 'replace'; pid: number; runningVersion: string | undefined; runningHeap?: string };

/**
 * What to do about the broker this project started earlier: none running, start one; the wanted
 * release with the wanted heap, reuse it; another release (or one whose release cannot be told,
 * as a broker started before versions were recorded might be) or another maximum heap, stop it
 * and start the wanted one. Brokers this project did not start never get here (they are reused
 * as they are, and KAFKA_BROKERS is only ever checked).
 */
export function planForOwnBroker(own: OwnBroker | undefined, wantedVersion: string, wantedHeap: string = brokerMaxHeap): OwnBrokerPlan {
  if (!own) return { action: 'start' };
  const runningVersion = versionInCommandLine(own.cmdline) ?? own.recordedVersion;
  if (runningVersion !== wantedVersion) return { action: 'replace', pid: own.pid, runningVersion };
  const runningHeap = maxHeapInCommandLine(own.cmdline);
  return runningHeap !== undefined && runningHeap !== wantedHeap
    ? { action: 'replace', pid: own.pid, runningVersion, runningHeap }
    : { action: 'reuse', pid: own.pid };
}

/** The maximum heap a broker's command line names (`-Xmx<size>`), if it names one. */
export function maxHeapInCommandLine(cmdline: string): string | undefined {
  return /(?:^|\s)-Xmx(\S+)/.exec(cmdline)?.[1];
}

function ownBroker(layout: KafkaLayout): OwnBroker | undefined {
  const pid = readPidFile(pidFileOf(layout));
  if (pid === undefined || !isPidAlive(pid)) return undefined;
  const cmdline = pidCommandLine(pid);
  if (!cmdline?.includes('kafka.Kafka')) return undefined;
  const recorded = readStarted(layout.startedFile).kafka;
  return { pid, cmdline, recordedVersion: recorded?.pid === pid ? recorded.version : undefined };
}

/** Stops a broker this project started and forgets it (pid file and started record). */
async function stopOwn(layout: KafkaLayout, pid: number, log: Log): Promise<void> {
  const how = await terminate(pid, stopGraceMs);
  if (how === 'killed') log(`Kafka: did not stop within ${stopGraceMs / 1000} s and was killed`);
  fs.rmSync(pidFileOf(layout), { force: true });
  updateStarted((r) => {
    if (r.kafka?.pid === pid) delete r.kafka;
  }, layout.startedFile);
}

/**
 * Looks at the broker named by the pid file and, when it runs another release, stops it and
 * forgets it, so the caller starts the wanted one. Returns the plan it followed.
 */
export async function settleOwnBroker(layout: KafkaLayout, log: Log): Promise<OwnBrokerPlan> {
  const plan = planForOwnBroker(ownBroker(layout), layout.version);
  if (plan.action === 'replace') {
    log(
      plan.runningHeap
        ? `Kafka: the broker this project started (pid ${plan.pid}) runs with a ${plan.runningHeap} heap; stopping it to start it with ${brokerMaxHeap}`
        : `Kafka: the broker this project started (pid ${plan.pid}) runs Kafka ${plan.runningVersion ?? 'of an unknown release'}; stopping it to start Kafka ${layout.version}`,
    );
    await stopOwn(layout, plan.pid, log);
  }
  return plan;
}

export interface KafkaUp {
  brokers: string[];
  startedHere: boolean;
}

/**
 * Reuses a broker that already answers (ours of this release, or anyone's); replaces ours when
 * it runs another release; otherwise fetches, formats and starts one.
 */
export async function ensureKafka(log: Log, layout: KafkaLayout = kafkaLayout()): Promise<KafkaUp> {
  const brokers = [`127.0.0.1:${layout.port}`];
  const sasl = superUserSasl(layout);
  const ssl = clientSslOf(layout);
  const logFile = kafkaLogFileOf(layout);
  const pidFile = pidFileOf(layout);
  const plan = await settleOwnBroker(layout, log);

  if (plan.action === 'reuse') {
    // Ours, perhaps still starting from a previous call: give it the usual time.
    const ready = await waitFor(async () => ((await probeKafka(brokers, 3_000, sasl, ssl)) ? true : undefined), {
      timeoutMs: readyTimeoutMs,
      intervalMs: probeIntervalMs,
    });
    if (!ready)
      throw new Error(`Kafka (pid ${plan.pid}) is running but did not answer within ${readyTimeoutMs / 1000} s; see ${rel(logFile)}`);
    log(`Kafka: reusing broker at ${brokers.join(',')} (pid ${plan.pid}, Kafka ${layout.version})`);
    return { brokers, startedHere: false };
  }
  if (await probeKafka(brokers, 2_000, sasl, ssl)) {
    log(`Kafka: reusing broker already answering at ${brokers.join(',')} (not started by this project)`);
    return { brokers, startedHere: false };
  }

  const libs = await ensureKafkaJars(log, layout);
  await prepareStorage(layout, libs, log);

  ensureDir(layout.runDir);
  const { pid, exit } = spawnBroker(layout, libs, logFile);
  fs.writeFileSync(pidFile, `${pid}\n`);
  updateStarted((r) => {
    r.kafka = { pid, port: layout.port, version: layout.version };
  }, layout.startedFile);
  log(`Kafka: started Kafka ${layout.version} as pid ${pid} on ${brokers.join(',')}; waiting for it to answer`);

  const startedAt = Date.now();
  let ready: true | undefined;
  try {
    ready = await waitFor(async () => ((await probeKafka(brokers, 3_000, sasl, ssl)) ? true : undefined), {
      timeoutMs: readyTimeoutMs,
      intervalMs: probeIntervalMs,
      abort: exit,
    });
  } catch (err) {
    // It died: nothing of ours is running any more. (A broker that is merely slow stays
    // recorded, so `down` can still stop it.)
    fs.rmSync(pidFile, { force: true });
    updateStarted((r) => {
      delete r.kafka;
    }, layout.startedFile);
    throw err;
  }
  if (!ready) throw new Error(`Kafka did not become ready within ${readyTimeoutMs / 1000} s; see ${rel(logFile)}`);
  log(`Kafka: ready after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return { brokers, startedHere: true };
}

/** Starts the broker detached, its output to `logFile`; `exit` says why it stopped, once it has during the start. */
function spawnBroker(layout: KafkaLayout, libs: string, logFile: string): { pid: number; exit: () => string | undefined } {
  const out = fs.openSync(logFile, 'w');
  let exit: string | undefined;
  const child = spawn(javaBin(), [...javaArgs(layout, libs), 'kafka.Kafka', propsFileOf(layout)], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  child.on('exit', (code, signal) => {
    exit = `Kafka exited during start (${signal ?? `code ${code}`}); see ${rel(logFile)}`;
  });
  child.on('error', (err) => {
    exit = `Kafka could not be launched (${err.message}); see ${rel(logFile)}`;
  });
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Kafka could not be launched; see ${rel(logFile)}`);
  return { pid, exit: () => exit };
}

/** Stops the broker only if this project started it (whichever release it runs). */
export async function stopKafka(log: Log, layout: KafkaLayout = kafkaLayout()): Promise<void> {
  const entry = readStarted(layout.startedFile).kafka;
  if (!entry) return;
  const cmdline = pidCommandLine(entry.pid);
  if (cmdline?.includes('kafka.Kafka')) {
    log(`Kafka: stopping pid ${entry.pid}`);
    const how = await terminate(entry.pid, stopGraceMs);
    if (how === 'killed') log(`Kafka: did not stop within ${stopGraceMs / 1000} s and was killed`);
  } else {
    log('Kafka: recorded process is no longer running');
  }
  fs.rmSync(pidFileOf(layout), { force: true });
  updateStarted((r) => {
    delete r.kafka;
  }, layout.startedFile);
}
