import { isIP, connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { Kafka, logLevel, type ISocketFactory, type LogEntry, type SASLOptions } from 'kafkajs';
import type { Logger } from '@coin/logger';
import './kafkajs-idle-loop-fix';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

/** The broker's minimum session timeout: a dead member on the request path is replaced this soon. */
const requestPathSessionMs = 6000;
/** A third of the session: the longest a request-path consumer's heartbeats may be apart. */
export const requestPathFetchWaitMsMax = requestPathSessionMs / 3;

/**
 * The group settings of a consumer on the request path (the ledger's and the user service's
 * commands, the gateways' replies; docs/LOCAL_INFRA.md "Kafka settings"): the broker's minimum
 * session timeout (6 s), so a member that dies is replaced within it, and heartbeats every
 * `waitMs`, the fetch wait. The fetch wait is how long the broker holds a fetch that finds
 * nothing; a record arriving answers it at once (minBytes 1), so a longer wait costs no latency.
 * What it does cost: kafkajs heartbeats from its fetch loop, and the broker answers one request of
 * a connection at a time, so a held fetch delays the member's heartbeat, its offset commit and
 * its leave; a stop or a rebalance waits for the fetch in flight. `waitMs` is
 * KAFKA_REQUEST_PATH_FETCH_WAIT_MS (2 s; test stacks 500 ms): at most a third of the session, so
 * two heartbeats may be late before the member is dropped (docs/PERFORMANCE.md "An idle stack").
 */
export function requestPathGroupSettings(waitMs: number) {
  if (!Number.isInteger(waitMs) || waitMs < 100 || waitMs > requestPathFetchWaitMsMax) {
    throw new Error(`a request-path fetch wait must be 100..${requestPathFetchWaitMsMax} ms, not ${waitMs}`);
  }
  return { sessionTimeout: requestPathSessionMs, heartbeatInterval: waitMs, rebalanceTimeout: 10000, maxWaitTimeInMs: waitMs } as const;
}

/**
 * The request-path settings at a 500 ms wait: what the test stacks run (they stop hundreds of
 * times) and what tools and tests use for consumers of their own.
 */
export const fastGroupSettings = requestPathGroupSettings(500);

/**
 * The group settings of a consumer off the request path: projections, feeds and caches that
 * follow events (history, webhooks, monitoring, the gateways' balance feed and revocations, the
 * ledger's user events). A record still answers their fetch at once; only an idle member fetches
 * and heartbeats less: every `waitMs` (KAFKA_OFF_PATH_FETCH_WAIT_MS, 3 s by default) instead of
 * twice a second. 14 idle consumers cost the broker 37 ms of CPU a second at 500 ms and about 1
 * at 5 s (docs/PERFORMANCE.md "An idle stack"). The session (10 s) outlasts a held fetch and the
 * batch after it; a member's stop waits for its fetch in flight, up to the wait.
 */
export function offPathGroupSettings(waitMs: number) {
  return { sessionTimeout: 10000, heartbeatInterval: waitMs, rebalanceTimeout: 10000, maxWaitTimeInMs: waitMs } as const;
}

/**
 * The tuning of a consumer off the request path: its group settings (offPathGroupSettings) and
 * its batching. After a batch smaller than `offPathLingerBytes` the consumer waits `lingerMs`
 * before its next fetch, so under load a fetch brings what arrived meanwhile (a couple of hundred
 * events instead of a handful, one statement each), while an idle consumer's fetch stays held by
 * the broker for the whole wait and is answered as soon as a record comes. `lingerMs` 0: no
 * linger (a consumer that applies each event as it comes, off the request path all the same).
 */
export function offPathFetch(lingerMs: number, waitMs: number): ReturnType<typeof offPathGroupSettings> & { lingerMs: number } {
  return { ...offPathGroupSettings(waitMs), lingerMs };
}

/** A batch at least this large (its values' bytes) is followed by the next fetch at once: the consumer is behind. */
export const offPathLingerBytes = 64 * 1024;

const pinoLevelOf: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/**
 * kafkajs's own socket factory leaves Nagle's algorithm on: a small request written while an
 * earlier one on the same connection is unacknowledged waits for that ACK, which stretches every
 * produce → fetch → reply hop. Requests are whole buffers already, so they go out at once.
 *
 * Otherwise it does what kafkajs's factory does (patches/README.md, "Runtime patches"): over TLS
 * the broker's host name goes in the hello as SNI (`servername`; Node sends none unless told),
 * which load balancers and managed Kafka route by, and none for an IP address (RFC 6066 allows
 * host names only); an explicit `servername` in the TLS options wins.
 */
const noDelaySocketFactory: ISocketFactory = ({ host, port, ssl, onConnect }) => {
  const socket = ssl
    ? tlsConnect({ host, port, ...(isIP(host) === 0 ? { servername: host } : {}), ...ssl }, onConnect)
    : tcpConnect({ host, port }, onConnect);
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 60_000);
  return socket;
};

/**
 * TLS material and SASL credentials (kafkaSecurityOf in @coin/config reads them from the
 * configuration and its files): absent, the client speaks PLAINTEXT.
 */
export interface KafkaClientSecurity {
  ssl?: { ca?: string; cert?: string; key?: string };
  sasl?: { mechanism: 'scram-sha-512' | 'scram-sha-256'; username: string; password: string };
}

export function createKafka(options: { brokers: string[]; clientId: string; logger: Logger; security?: KafkaClientSecurity }): Kafka {
  const kafkaLogger = options.logger.child({ component: 'kafkajs' });
  const { ssl, sasl } = options.security ?? {};
  return new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    // A client certificate or a CA of our own, or true: TLS verified against the system CAs.
    ...(ssl ? { ssl: Object.keys(ssl).length > 0 ? ssl : true } : {}),
    // kafkajs types each mechanism apart; the union of the two SCRAM ones is the same shape.
    ...(sasl ? { sasl: { ...sasl } as SASLOptions } : {}),
    socketFactory: noDelaySocketFactory,
    connectionTimeout: 3000,
    requestTimeout: 30000,
    retry: { initialRetryTime: 100, retries: 8 },
    // kafkajs INFO is chatty about every join; WARN and above reach our logs.
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log }: LogEntry) => {
        const { message, ...rest } = log;
        kafkaLogger[pinoLevelOf[level] ?? 'info'](rest, message);
      },
  });
}
