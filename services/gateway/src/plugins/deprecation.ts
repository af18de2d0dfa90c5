import type { FastifyInstance } from 'fastify';

/**
 * The headers of a deprecated operation's answers (docs/VERSIONING.md "Deprecation"), so a client
 * learns it from every call, not only from the changelog:
 * - `Deprecation: @<unix seconds>` (RFC 9745): since when the operation is deprecated;
 * - `Sunset: <HTTP-date>` (RFC 8594): from when it may be gone;
 * - `Link: </openapi.json>; rel="deprecation"` (RFC 9745 §3): where to read what replaces it (the
 *   operation's description).
 * An operation is deprecated by its route schema: `deprecated: true` with `x-deprecated` (the day
 * of the release that deprecated it) and `x-sunset` (at least 90 days later, which the contract
 * check enforces), both `YYYY-MM-DD`; the OpenAPI document carries the same marks. A deprecated
 * route without both dates, or with a sunset before the deprecation, is refused when it is added.
 */
export interface DeprecationMarks {
  deprecated?: boolean;
  'x-deprecated'?: unknown;
  'x-sunset'?: unknown;
}

const day = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a YYYY-MM-DD day in UTC, in ms; undefined if it is not one. */
function dayStartMs(value: unknown): number | undefined {
  if (typeof value !== 'string' || !day.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? undefined : ms;
}

/** The answer headers of an operation with these marks: none when it is not deprecated; throws when the marks are incomplete. */
export function deprecationHeadersOf(marks: DeprecationMarks | undefined, where: string): Record<string, string> | null {
  if (!marks?.deprecated) return null;
  const since = dayStartMs(marks['x-deprecated']);
  const sunset = dayStartMs(marks['x-sunset']);
  if (since === undefined || sunset === undefined) {
    throw new Error(`${where} is deprecated without x-deprecated and x-sunset days (YYYY-MM-DD)`);
  }
  if (sunset <= since) throw new Error(`${where}: its x-sunset is not after its x-deprecated day`);
  return {
    deprecation: `@${since / 1000}`,
    sunset: new Date(sunset).toUTCString(),
    link: '</openapi.json>; rel="deprecation"; type="application/json"',
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set when the route is added: the answer headers of a deprecated operation. */
    deprecationHeaders?: Record<string, string> | null;
  }
}

/** Every answer of a deprecated operation (errors included) carries its deprecation headers. */
export function registerDeprecationHeaders(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const headers = deprecationHeadersOf(route.schema as DeprecationMarks | undefined, `route ${route.method} ${route.url}`);
    if (headers) route.config = { ...(route.config ?? {}), deprecationHeaders: headers };
  });
  // Callback style: no promise per answer of the (many) routes that are not deprecated.
  app.addHook('onSend', (request, reply, payload, done) => {
    const headers = request.routeOptions.config?.deprecationHeaders;
    if (headers) for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    done(null, payload);
  });
}
