import { PassThrough, type Readable } from 'node:stream';
import { balanceStreamChangeOf, balanceStreamEvents, balanceStreamMediaType, problem, userIdParam, walletKeyOfUser } from '@coin/contracts';
import { AppError, validationError } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { InternalApi } from '../clients/internal-api';
import { BalanceFanout, streamRefusalRetryAfterS, type Subscription } from '../live-balance/fanout';
import { StreamHolders } from '../live-balance/holders';
import type { Revocations } from '../revocation/revocations';
import { BalanceStreamSession, type BalanceReader, type SessionLimits, type StreamOutput } from '../live-balance/session';
import { lastEventIdOf, sseEvent, sseHeartbeat, sseRetry } from '../live-balance/sse';
import { principalOf, userIdOf } from '../plugins/auth';
import { registerRoutes, routeOf, type RouteDef, streamedText } from './route-def';

export interface LiveBalanceSettings {
  fanout: BalanceFanout;
  /** The streams by the user whose token opened them: ended at the token's expiry or revocation. */
  holders: StreamHolders;
  session: SessionLimits;
  /** Bytes a stream may have waiting for a slow client; past it the stream ends (the client resumes by Last-Event-ID). */
  bufferedBytesMax: number;
  /** The `retry:` the stream sends first: how long a client waits before it reconnects. */
  reconnectMs: number;
}

/** The ledger's balance-changes route pages by at most this many changes. */
export const balanceChangesPageMax = 100;

/** What the streams are limited by when the service's configuration does not say (tests, the document). */
export function defaultLiveBalance(
  fanout = new BalanceFanout({ connectionsMax: 10_000, connectionsPerCallerMax: 5 }),
  replayMax = 1000,
  holders = new StreamHolders(),
): LiveBalanceSettings {
  return {
    fanout,
    holders,
    session: { pageSize: balanceChangesPageMax, replayMax, pendingMax: 1000 },
    bufferedBytesMax: 256 * 1024,
    reconnectMs: 2000,
  };
}

const exampleStream =
  'retry: 2000\n\n' +
  'id: 41\nevent: snapshot\ndata: {"balance":120.5,"sequence":41}\n\n' +
  'id: 42\nevent: balance\ndata: {"sequence":42,"balance":145.5,"previousBalance":120.5,"amount":25,"transactionId":9001,' +
  '"transactionType":"TRANSFER","occurredAt":"2026-11-23T10:00:00.000Z"}\n\n' +
  ': keep-alive\n\n';

const streamDescription =
  "Server-Sent Events, each with `id:` the wallet's balance-change sequence. First `event: snapshot` (data: BalanceStreamSnapshot, " +
  'the balance now), or with a `Last-Event-ID` header the changes after it; then `event: balance` (data: BalanceStreamChange) ' +
  'for each change, in sequence order, each once. A `: keep-alive` comment about every 15 s. The stream ends when the access ' +
  'token it was opened with expires or is revoked (logout everywhere, a role change, a deletion), and when the gateway shuts ' +
  'down. When it ends, reconnect with a valid token and `Last-Event-ID`: nothing is lost or repeated. A resume of more ' +
  'changes than the gateway replays starts over with a snapshot.';

const lastEventIdHeaders = z.object({
  'last-event-id': z
    .string()
    .max(32)
    .optional()
    .describe('The `id` of the last event received: the stream goes on after it (what EventSource sends on reconnect)'),
});

export interface BalanceStreamRouteDeps {
  internal: InternalApi;
  liveBalance: LiveBalanceSettings;
  revocations: Revocations;
}

const route = routeOf<BalanceStreamRouteDeps>();

/**
 * A stream route's schema: its operation, its path's parameters if any, then what every stream
 * route shares. The 200 is the stream itself (streamedText): the handler's answer must be one.
 */
function streamSchema<P extends object>(operation: { tags: string[]; summary: string; operationId: string }, params: P) {
  return {
    tags: operation.tags,
    summary: operation.summary,
    description: streamDescription,
    operationId: operation.operationId,
    ...params,
    headers: lastEventIdHeaders,
    response: {
      200: { description: streamDescription, content: { [balanceStreamMediaType]: { schema: streamedText(exampleStream) } } },
      400: problem,
      401: problem,
      403: problem,
      404: problem,
      429: problem,
      503: problem,
    },
  };
}

/** Whose stream a route opens: the caller's own wallet, or (ADMIN+) a user's. */
const balanceStreamRoutes: RouteDef<BalanceStreamRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/wallets/me/stream',
    config: { access: 'user' },
    schema: streamSchema(
      {
        tags: ['wallets'],
        summary: "The caller's balance, live: a snapshot, then each change within a second of its commit (Server-Sent Events)",
        operationId: 'streamMyBalance',
      },
      {},
    ),
    handler: async (request, reply, deps) => openStream(request, reply, userIdOf(request), deps),
  }),
  route({
    method: 'GET',
    url: '/api/admin/users/:id/wallet/stream',
    config: { access: 'admin' },
    schema: streamSchema(
      {
        tags: ['admin'],
        summary: "A user's balance, live (the console's user page): as GET /api/wallets/me/stream, for any user",
        operationId: 'streamUserBalance',
      },
      { params: z.object({ id: userIdParam }) },
    ),
    handler: async (request, reply, deps) => openStream(request, reply, request.params.id, deps),
  }),
];

/**
 * The live balance streams (docs/DESIGN.md "Live balance"): each connection takes a place in this
 * instance's fan-out, which the instance's coin.balances consumer feeds; the ledger is read only
 * to start, resume or fill a gap, never per event.
 */
export function registerBalanceStreamRoutes(app: App, deps: BalanceStreamRouteDeps): void {
  const { fanout, holders } = deps.liveBalance;
  // A revocation this instance learns (its own command, user.events.v2) ends the streams of the tokens it makes old.
  const unsubscribe = deps.revocations.onUserChanged((userId, state) => holders.revoked(userId, state));
  // Before the server waits for its connections to end: a stream would never end by itself.
  app.addHook('preClose', async () => {
    unsubscribe();
    fanout.endAll();
  });
  registerRoutes(app, balanceStreamRoutes, deps);
}

/** The ledger's reads a stream resumes from: the changes after a sequence, and a snapshot. */
function balanceReaderOf(internal: InternalApi, userId: number, requestId: string): BalanceReader {
  return {
    changesAfter: (afterSequence, limit) => internal.read('ledger.balance-changes', { userId, afterSequence, limit }, requestId),
    // The sequence first, then the balance: a change committed between the two is in the balance
    // and comes again live (same balance), never the other way round (a change lost).
    snapshot: async () => {
      const { sequence } = await internal.read(
        'ledger.balance-changes',
        { userId, afterSequence: Number.MAX_SAFE_INTEGER, limit: 1 },
        requestId,
      );
      const wallet = await internal.read('ledger.wallet', { userId }, requestId);
      return { balance: wallet.balance, sequence };
    },
  };
}

/**
 * The stream lives as long as its token would be accepted: until it expires or is revoked (`end`
 * is called then). Returns the release of that hold, if the token has a lifetime; a token revoked
 * between the check of this request and now ends the stream before it starts (401).
 */
function holdForTokenLifetime(
  request: FastifyRequest,
  settings: LiveBalanceSettings,
  revocations: Revocations,
  end: () => void,
): (() => void) | undefined {
  const principal = principalOf(request);
  if (principal.userId === undefined || principal.expiresAtMs === undefined) return undefined;
  const nowMs = Date.now();
  const release = settings.holders.hold(
    { userId: principal.userId, tokenVersion: principal.tokenVersion, expiresAtMs: principal.expiresAtMs },
    end,
    nowMs,
  );
  if (revocations.userStale(principal.userId, principal.tokenVersion, nowMs)) {
    release();
    end();
    throw new AppError('UNAUTHENTICATED', 'The access token has been revoked');
  }
  return release;
}

/**
 * Opens the stream of `userId`'s balance: the events as a Readable for the route to answer with,
 * its headers set on the reply.
 */
async function openStream(
  request: FastifyRequest & { headers: { 'last-event-id'?: string | undefined } },
  reply: FastifyReply,
  userId: number,
  deps: BalanceStreamRouteDeps,
): Promise<Readable> {
  const settings = deps.liveBalance;
  const lastEventId = lastEventIdOf(request.headers['last-event-id']);
  if (lastEventId === null) {
    throw validationError([{ path: 'Last-Event-ID', message: 'must be the id of an event of this stream (a whole number)' }]);
  }
  const reader = balanceReaderOf(deps.internal, userId, String(request.id));

  const body = new PassThrough();
  let subscription: Subscription | undefined;
  let release: (() => void) | undefined;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    release?.();
    session.close();
    subscription?.close();
    body.end();
  };
  const write = (text: string) => {
    if (ended) return;
    // A client that does not read keeps no unbounded queue here: it is cut off and resumes.
    if (body.writableLength > settings.bufferedBytesMax) end();
    else body.write(text);
  };
  const session = new BalanceStreamSession(
    reader,
    (item) => write(frameOf(item)),
    settings.session,
    (err) => {
      request.log.warn({ err, userId }, 'live balance stream ended: the ledger read of its missed changes failed');
      end();
    },
  );
  try {
    subscription = settings.fanout.subscribe(walletKeyOfUser(userId), callerOf(request), {
      deliver: (event) => session.offer(event),
      heartbeat: () => write(sseHeartbeat),
      end,
    });
  } catch (err) {
    if (err instanceof AppError) reply.header('retry-after', String(streamRefusalRetryAfterS));
    throw err;
  }
  release = holdForTokenLifetime(request, settings, deps.revocations, end);
  write(sseRetry(settings.reconnectMs));
  try {
    await session.start(lastEventId);
  } catch (err) {
    end();
    throw err;
  }
  reply.raw.once('close', end);
  body.once('close', end);
  reply
    .header('cache-control', 'no-store')
    // Proxies that buffer answers (nginx) would hold the events back.
    .header('x-accel-buffering', 'no')
    .type(`${balanceStreamMediaType}; charset=utf-8`);
  return body;
}

function frameOf(item: StreamOutput): string {
  return item.kind === 'snapshot'
    ? sseEvent(balanceStreamEvents.snapshot, item.snapshot.sequence, item.snapshot)
    : sseEvent(balanceStreamEvents.balance, item.change.sequence, balanceStreamChangeOf(item.change));
}

/** Whose places a stream counts against: the person (or client) calling, not the wallet watched. */
function callerOf(request: FastifyRequest): string {
  const principal = principalOf(request);
  return `${principal.kind}:${principal.subject}`;
}
