import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { dataRoot, isPidAlive, readStarted, repoRoot, runRoot, startedFile, updateStarted } from './common';
import {
  kafkaLayout,
  kafkaVersion,
  log4j2Properties,
  planForOwnBroker,
  pomXml,
  serverProperties,
  settleOwnBroker,
  storageFormatArgs,
  versionInCommandLine,
  withSasl,
  type KafkaLayout,
} from './kafka';

/** The command line the 3.9.1 broker of this project runs with (as /proc shows it). */
const cmdline391 =
  '/usr/bin/java -Xms256m -Xmx512m -XX:+UseSerialGC -Djava.awt.headless=true -Dlog4j.configuration=file:/work/main/.data/kafka/log4j.properties -cp /root/.cache/coin-ledger/kafka-3.9.1/libs/* kafka.Kafka /work/main/.data/kafka/server.properties ';
const cmdlineWanted = `/usr/bin/java -Xms256m -Dlog4j2.configurationFile=/w/.data/kafka-${kafkaVersion}/log4j2.properties -cp /home/dev/.cache/coin-ledger/kafka-${kafkaVersion}/libs/* kafka.Kafka /w/.data/kafka-${kafkaVersion}/server.properties `;

describe('the Kafka release', () => {
  it('is a 4.x release', () => {
    expect(kafkaVersion).toMatch(/^4\.\d+\.\d+$/);
  });

  it('is fetched with log4j2 and without reload4j', () => {
    const pom = pomXml();
    expect(pom).toContain(`<artifactId>kafka_2.13</artifactId><version>${kafkaVersion}</version>`);
    expect(pom).toMatch(/<groupId>org\.apache\.logging\.log4j<\/groupId><artifactId>log4j-slf4j-impl<\/artifactId>/);
    expect(pom).toMatch(/<groupId>org\.apache\.logging\.log4j<\/groupId><artifactId>log4j-core<\/artifactId>/);
    expect(pom).not.toMatch(/reload4j/);
  });
});

describe('kafkaLayout', () => {
  it('defaults to this checkout: port 9092, controller 9093, a data directory named after the release, .run', () => {
    expect(kafkaLayout({})).toEqual({
      version: kafkaVersion,
      port: 9092,
      controllerPort: 9093,
      dataDir: path.join(dataRoot, `kafka-${kafkaVersion}`),
      runDir: runRoot,
      startedFile,
    });
  });

  it('never uses the unversioned .data/kafka that Kafka 3.9 wrote', () => {
    expect(kafkaLayout({}).dataDir).not.toBe(path.join(dataRoot, 'kafka'));
  });

  it('runs a second broker elsewhere: its own ports, data, run directory and started record', () => {
    const layout = kafkaLayout({ KAFKA_PORT: '29092', KAFKA_DATA_DIR: '/tmp/k4/data', KAFKA_RUN_DIR: '/tmp/k4/run' });
    expect(layout).toEqual({
      version: kafkaVersion,
      port: 29092,
      controllerPort: 29093,
      dataDir: '/tmp/k4/data',
      runDir: '/tmp/k4/run',
      startedFile: '/tmp/k4/run/started.json',
    });
  });

  it('resolves relative directories against the repository root and takes an explicit controller port', () => {
    const layout = kafkaLayout({ KAFKA_CONTROLLER_PORT: '39093', KAFKA_DATA_DIR: 'tmp/data', KAFKA_RUN_DIR: 'tmp/run' });
    expect(layout.port).toBe(9092);
    expect(layout.controllerPort).toBe(39093);
    expect(layout.dataDir).toBe(path.join(repoRoot, 'tmp/data'));
    expect(layout.startedFile).toBe(path.join(repoRoot, 'tmp/run/started.json'));
  });

  it('refuses a port that is not one', () => {
    expect(() => kafkaLayout({ KAFKA_PORT: 'abc' })).toThrow('KAFKA_PORT=abc is not a TCP port');
    expect(() => kafkaLayout({ KAFKA_CONTROLLER_PORT: '70000' })).toThrow('KAFKA_CONTROLLER_PORT=70000');
  });
});

describe('server.properties', () => {
  const layout = kafkaLayout({ KAFKA_PORT: '29092', KAFKA_DATA_DIR: '/tmp/k4/data', KAFKA_RUN_DIR: '/tmp/k4/run' });
  const props = new Map(
    serverProperties(layout)
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split('=', 2) as [string, string]),
  );

  it('is one KRaft node, broker and controller, on the layout ports with static voters', () => {
    expect(props.get('process.roles')).toBe('broker,controller');
    expect(props.get('controller.quorum.voters')).toBe('1@127.0.0.1:29093');
    expect(props.get('listeners')).toBe('PLAINTEXT://127.0.0.1:29092,CONTROLLER://127.0.0.1:29093');
    expect(props.get('advertised.listeners')).toBe('PLAINTEXT://127.0.0.1:29092');
    expect(props.get('log.dirs')).toBe('/tmp/k4/data/logs');
    expect(props.get('auto.create.topics.enable')).toBe('false');
  });

  it('sizes every internal topic for one broker, the share-group state topic of Kafka 4 included', () => {
    for (const key of [
      'offsets.topic.replication.factor',
      'transaction.state.log.replication.factor',
      'transaction.state.log.min.isr',
      'share.coordinator.state.topic.replication.factor',
      'share.coordinator.state.topic.min.isr',
    ]) {
      expect([key, props.get(key)]).toEqual([key, '1']);
    }
  });

  it('has no setting Kafka 4 removed (ZooKeeper, message format versions, the old group coordinator switch)', () => {
    const removed = [
      /^zookeeper\./,
      /^log\.message\.format\.version$/,
      /^inter\.broker\.protocol\.version$/,
      /^group\.coordinator\.new\.enable$/,
    ];
    for (const key of props.keys()) {
      expect(removed.filter((r) => r.test(key)).map(() => key)).toEqual([]);
    }
  });
});

describe('log4j2.properties', () => {
  const lines = log4j2Properties.split('\n');
  const levelOf = (logger: string) => {
    const id = lines.find((l) => l.endsWith(`.name = ${logger}`))?.split('.')[1];
    return id ? lines.find((l) => l.startsWith(`logger.${id}.level = `))?.split(' = ')[1] : undefined;
  };

  it('logs INFO to stderr, which the launcher sends to .run/kafka.log', () => {
    expect(lines).toContain('rootLogger.level = INFO');
    expect(lines).toContain('appender.stderr.target = SYSTEM_ERR');
    expect(lines).toContain('rootLogger.appenderRef.stderr.ref = STDERR');
  });

  it('keeps the WARN levels the 3.9 broker had', () => {
    for (const logger of [
      'kafka.request.logger',
      'state.change.logger',
      'org.apache.kafka.clients.NetworkClient',
      'org.apache.kafka.controller.ReplicationControlManager',
      'kafka.cluster.Partition',
      'kafka.log',
      'org.apache.kafka.storage.internals.log',
      'kafka.server.ReplicaFetcherManager',
      'kafka.server.ReplicaAlterLogDirsManager',
    ]) {
      expect([logger, levelOf(logger)]).toEqual([logger, 'WARN']);
    }
  });

  it('is log4j2 syntax, not log4j 1', () => {
    expect(log4j2Properties).not.toMatch(/^log4j\./m);
  });
});

describe('storage format', () => {
  it('uses kafka.tools.StorageTool format with the cluster id and config, and no --standalone (static voters)', () => {
    const layout = kafkaLayout({ KAFKA_DATA_DIR: '/tmp/k4/data' });
    const args = storageFormatArgs(layout, 'abc');
    expect(args).toEqual(['kafka.tools.StorageTool', 'format', '-t', 'abc', '-c', '/tmp/k4/data/server.properties', '--ignore-formatted']);
    expect(args).not.toContain('--standalone');
  });
});

describe('versionInCommandLine', () => {
  it('reads the release from the class path', () => {
    expect(versionInCommandLine(cmdline391)).toBe('3.9.1');
    expect(versionInCommandLine(cmdlineWanted)).toBe(kafkaVersion);
  });

  it('says nothing when the class path names no release', () => {
    expect(versionInCommandLine('/usr/bin/java -cp /opt/kafka/libs/* kafka.Kafka /opt/kafka/server.properties')).toBeUndefined();
  });
});

describe('planForOwnBroker', () => {
  it('starts one when the pid file names no live broker', () => {
    expect(planForOwnBroker(undefined, kafkaVersion)).toEqual({ action: 'start' });
  });

  it('reuses a broker of the wanted release', () => {
    expect(planForOwnBroker({ pid: 7, cmdline: cmdlineWanted }, kafkaVersion)).toEqual({ action: 'reuse', pid: 7 });
  });

  it('replaces the 3.9.1 broker an earlier checkout started (its record has no version)', () => {
    expect(planForOwnBroker({ pid: 18433, cmdline: cmdline391 }, kafkaVersion)).toEqual({
      action: 'replace',
      pid: 18433,
      runningVersion: '3.9.1',
    });
  });

  it('believes the command line over the record', () => {
    expect(planForOwnBroker({ pid: 7, cmdline: cmdline391, recordedVersion: kafkaVersion }, kafkaVersion)).toMatchObject({
      action: 'replace',
      runningVersion: '3.9.1',
    });
  });

  it('replaces a broker of the wanted release started with another maximum heap', () => {
    const small = cmdlineWanted.replace('-Xms256m', '-Xms256m -Xmx512m');
    expect(planForOwnBroker({ pid: 7, cmdline: small }, kafkaVersion, '1g')).toEqual({
      action: 'replace',
      pid: 7,
      runningVersion: kafkaVersion,
      runningHeap: '512m',
    });
    expect(planForOwnBroker({ pid: 7, cmdline: small.replace('-Xmx512m', '-Xmx1g') }, kafkaVersion, '1g')).toEqual({
      action: 'reuse',
      pid: 7,
    });
  });

  it('falls back on the record, and replaces a broker whose release cannot be told', () => {
    const bare = '/usr/bin/java -cp /opt/libs/* kafka.Kafka /x/server.properties';
    expect(planForOwnBroker({ pid: 7, cmdline: bare, recordedVersion: kafkaVersion }, kafkaVersion)).toEqual({ action: 'reuse', pid: 7 });
    expect(planForOwnBroker({ pid: 7, cmdline: bare }, kafkaVersion)).toEqual({ action: 'replace', pid: 7, runningVersion: undefined });
  });
});

describe('settleOwnBroker (with stand-in processes, in a scratch run directory)', () => {
  let dir: string;
  let layout: KafkaLayout;
  const children: ChildProcess[] = [];
  const logs: string[] = [];
  const log = (m: string) => logs.push(m);

  /**
   * A process whose command line looks like a broker's: the class path names `release`. It ends
   * by itself after 20 s, so nothing outlives the test even if something else signals it.
   */
  function standIn(release: string, main = 'kafka.Kafka'): Promise<number> {
    const child = spawn(
      process.execPath,
      ['-e', 'setTimeout(() => {}, 20000)', '--', '-cp', `/c/kafka-${release}/libs/*`, main, '/x/server.properties'],
      {
        stdio: 'ignore',
      },
    );
    children.push(child);
    return new Promise((resolve, reject) => {
      child.once('spawn', () => resolve(child.pid!));
      child.once('error', reject);
    });
  }

  function record(pid: number, version?: string): void {
    fs.writeFileSync(path.join(dir, 'run', 'kafka.pid'), `${pid}\n`);
    updateStarted((r) => {
      r.kafka = { pid, port: 29092, ...(version ? { version } : {}) };
      r.redis = { pid: 1, port: 6379 };
    }, layout.startedFile);
  }

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-kafka-unit-'));
    fs.mkdirSync(path.join(dir, 'run'));
    layout = kafkaLayout({ KAFKA_PORT: '29092', KAFKA_DATA_DIR: path.join(dir, 'data'), KAFKA_RUN_DIR: path.join(dir, 'run') });
    logs.length = 0;
  });

  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops a broker of another release that this project started, and forgets it (nothing else)', async () => {
    const pid = await standIn('3.9.1');
    record(pid);
    const plan = await settleOwnBroker(layout, log);
    expect(plan).toEqual({ action: 'replace', pid, runningVersion: '3.9.1' });
    expect(isPidAlive(pid)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'run', 'kafka.pid'))).toBe(false);
    expect(readStarted(layout.startedFile)).toEqual({ redis: { pid: 1, port: 6379 } });
    expect(logs.join('\n')).toContain(`runs Kafka 3.9.1; stopping it to start Kafka ${kafkaVersion}`);
  });

  it('leaves a broker of the wanted release running', async () => {
    const pid = await standIn(kafkaVersion);
    record(pid, kafkaVersion);
    expect(await settleOwnBroker(layout, log)).toEqual({ action: 'reuse', pid });
    expect(isPidAlive(pid)).toBe(true);
    expect(readStarted(layout.startedFile).kafka).toEqual({ pid, port: 29092, version: kafkaVersion });
  });

  it('never stops a process that is not a broker, even when the pid file names it', async () => {
    const pid = await standIn('3.9.1', 'not.a.Broker');
    record(pid);
    expect(await settleOwnBroker(layout, log)).toEqual({ action: 'start' });
    expect(isPidAlive(pid)).toBe(true);
  });

  it('starts one when there is no pid file', async () => {
    expect(await settleOwnBroker(layout, log)).toEqual({ action: 'start' });
    expect(logs).toEqual([]);
  });
});

describe('a broker with SASL (withSasl): the local stand-in for the Strimzi cluster', () => {
  const layout = withSasl(kafkaLayout({ KAFKA_PORT: '29192', KAFKA_DATA_DIR: '/tmp/ks/data', KAFKA_RUN_DIR: '/tmp/ks/run' }), {
    superUser: { name: 'admin', password: 'admin-pw' },
    users: [{ name: 'coin-ledger-ledger', password: 'ledger-pw' }],
  });
  const props = new Map(
    serverProperties(layout)
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const at = line.indexOf('=');
        return [line.slice(0, at), line.slice(at + 1)] as [string, string];
      }),
  );

  it('listens for clients on SASL_PLAINTEXT with SCRAM-SHA-512 only, and authorizes with the KRaft StandardAuthorizer', () => {
    expect(props.get('listeners')).toBe('SASL_PLAINTEXT://127.0.0.1:29192,CONTROLLER://127.0.0.1:29193');
    expect(props.get('advertised.listeners')).toBe('SASL_PLAINTEXT://127.0.0.1:29192');
    expect(props.get('listener.security.protocol.map')).toBe('CONTROLLER:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT');
    expect(props.get('sasl.enabled.mechanisms')).toBe('SCRAM-SHA-512');
    expect(props.get('authorizer.class.name')).toBe('org.apache.kafka.metadata.authorizer.StandardAuthorizer');
    expect(props.get('allow.everyone.if.no.acl.found')).toBe('false');
    expect(props.get('super.users')).toBe('User:admin;User:ANONYMOUS');
  });

  it('writes every SCRAM user into the metadata when it formats, and the default broker none', () => {
    const args = storageFormatArgs(layout, 'cluster-id');
    expect(args).toEqual(
      expect.arrayContaining([
        '--add-scram',
        'SCRAM-SHA-512=[name=admin,password=admin-pw]',
        'SCRAM-SHA-512=[name=coin-ledger-ledger,password=ledger-pw]',
      ]),
    );
    expect(storageFormatArgs(kafkaLayout({}), 'cluster-id')).not.toContain('--add-scram');
    expect(serverProperties(kafkaLayout({}))).not.toMatch(/sasl|authorizer/);
  });

  it('refuses names or passwords that would need quoting in server.properties or the format argument', () => {
    expect(() => withSasl(kafkaLayout({}), { superUser: { name: 'admin', password: 'a"b' }, users: [] })).toThrow('SCRAM user admin');
    expect(() => withSasl(kafkaLayout({}), { superUser: { name: 'ad,min', password: 'x' }, users: [] })).toThrow('SCRAM user ad,min');
  });
});
