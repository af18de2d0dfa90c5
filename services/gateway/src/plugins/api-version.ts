import { apiVersionText, currentApiVersion } from '@coin/contracts';
import { validationError } from '@coin/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Versions a caller can pin (docs/VERSIONING.md "Pinning a version"): the `Coin-Version` request
 * header names the API version (X.Y.Z, an `info.version` of the document) whose answers the caller
 * expects; absent, the version the platform client was created with (its token's `coin_version`,
 * signed by the user service) or, for everyone else, the newest. The version used is echoed in
 * the `Coin-Version` response header. An answer whose shape differs between versions is shaped by
 * the version's row of a table (`ResponseShapes`): for each named operation (its `operationId`),
 * a transform of the newest answer's body into that version's.
 */

export const coinVersionHeader = 'coin-version';

/** A JSON answer body of the newest version, made into another version's. */
export type ResponseShaper = (body: unknown) => unknown;

/** Per version, the operations whose answers it shapes (`'*'`: any other); a version with no row, or an empty one, answers as the newest. */
export type ResponseShapes = Readonly<Record<string, Readonly<Record<string, ResponseShaper>>>>;

/**
 * What 3.1.0 added to answers a 3.0.0 client already knew, taken out again: `frozen` of a wallet
 * (an object with a `balance`), `splitOf` of a transaction (an object with a `type` and an
 * `amount`), and `commission` beside a purchase's `transaction`. Walks the whole answer, so one
 * rule serves every operation that carries a wallet or a transaction; new operations of 3.1.0 have
 * no 3.0.0 client to shape for.
 */
export function answerAs300(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(answerAs300);
  if (body === null || typeof body !== 'object') return body;
  const entries = Object.entries(body as Record<string, unknown>);
  const has = (key: string) => entries.some(([k]) => k === key);
  const dropped = new Set<string>();
  if (has('balance')) dropped.add('frozen');
  if (has('type') && has('amount')) dropped.add('splitOf');
  if (has('transaction')) dropped.add('commission');
  return Object.fromEntries(entries.filter(([k]) => !dropped.has(k)).map(([k, v]) => [k, answerAs300(v)]));
}

/**
 * The versions this gateway serves, newest first, with what each shapes (`'*'`: every operation
 * the row does not name). 3.0.0 is the oldest: the versions before it (1.0.0, 2.0.0) differ from it
 * in behaviour, not in the shape of an answer (docs/API_CHANGELOG.md: 202 and a second SUPERADMIN
 * where 2.0.0 answered 201), which no transform of an answer can give back.
 */
export const responseShapes: ResponseShapes = { [currentApiVersion]: {}, '3.0.0': { '*': answerAs300 } };

const isVersion = (text: string) => apiVersionText.safeParse(text).success;

/** The supported versions, newest first (by semantic version, not by the table's order). */
export function supportedVersions(shapes: ResponseShapes): string[] {
  const parts = (version: string) => version.split('.').map(Number);
  return Object.keys(shapes).sort((a, b) => {
    const [x, y] = [parts(a), parts(b)];
    for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return (y[i] ?? 0) - (x[i] ?? 0);
    return 0;
  });
}

/**
 * The version a request asks for: the header if given (one value, X.Y.Z, served here), else the
 * caller's pinned one if served here, else the newest. A header that is not one served version
 * is a 400 naming the supported ones; a pinned version no longer served answers as the newest.
 */
export function versionOf(header: unknown, pinned: string | undefined, shapes: ResponseShapes): string {
  const supported = supportedVersions(shapes);
  const newest = supported[0] ?? currentApiVersion;
  if (header === undefined) return pinned !== undefined && supported.includes(pinned) ? pinned : newest;
  const given = typeof header === 'string' ? header.trim() : undefined;
  if (given === undefined || !isVersion(given) || !supported.includes(given)) {
    const what = given !== undefined && isVersion(given) ? 'is not a version this API serves' : 'must be one version X.Y.Z';
    throw validationError(
      [{ path: `headers.${coinVersionHeader}`, message: `Coin-Version ${what}; supported: ${supported.join(', ')}` }],
      `Unsupported Coin-Version; supported versions: ${supported.join(', ')}`,
    );
  }
  return given;
}

function shaperOf(shapes: ResponseShapes, version: string, operation: string | undefined): ResponseShaper | undefined {
  const row = Object.hasOwn(shapes, version) ? shapes[version] : undefined;
  if (operation === undefined || row === undefined) return undefined;
  return (Object.hasOwn(row, operation) ? row[operation] : undefined) ?? row['*'];
}

/** The body of an answer of `operation` as `version` shapes it (the body itself when the version shapes nothing there). */
export function shapedBody(shapes: ResponseShapes, version: string, operation: string | undefined, body: unknown): unknown {
  const shaper = shaperOf(shapes, version, operation);
  return shaper ? shaper(body) : body;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API version the answer is shaped for (plugins/api-version.ts). */
    apiVersion?: string;
  }
}

/**
 * Reads and checks `Coin-Version` on every /api request (after authentication, so a platform
 * client's pinned version is known) and echoes the version used; shapes a JSON success answer
 * when its version's row names the operation.
 */
export function registerApiVersion(app: FastifyInstance, shapes: ResponseShapes = responseShapes): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const version = versionOf(request.headers[coinVersionHeader], request.principal?.apiVersion, shapes);
    request.apiVersion = version;
    reply.header('coin-version', version);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const version = request.apiVersion;
    const operation = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (version === undefined || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    if (shaperOf(shapes, version, operation) === undefined) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    return JSON.stringify(shapedBody(shapes, version, operation, JSON.parse(payload)));
  });
}
