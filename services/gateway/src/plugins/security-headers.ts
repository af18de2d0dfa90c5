import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * API responses must never be cached (tokens, balances, personal data) nor render as a document;
 * the problem pages (/problems) are documents, but static ones: no script, style or frame either.
 */
const apiHeaders = { 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };

const lockedDownDocument = /^\/problems(?:[/?]|$)/;

/**
 * The admin console (/admin, routes/admin-console.ts): its own scripts, styles and API calls, from
 * this origin only; no inline script or style, no eval, no plugins, no framing, no <base>.
 */
const consoleCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
const adminConsole = /^\/admin(?:[/?]|$)/;

/** Sets the headers below on an answer about to be sent. */
export type SecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The response headers every answer gets: helmet's generic ones (nosniff, HSTS, frame options,
 * referrer policy, COOP/CORP; no X-Powered-By), the request id, and for /api/ the no-store and
 * lock-down CSP above, also for the /problems pages; the admin console its own strict CSP. The docs page keeps helmet's defaults only,
 * as it runs scripts.
 *
 * helmet is built once here; @fastify/helmet rebuilt helmet's whole middleware chain on every
 * request, in two async hooks (4 % of the gateway's allocations under load, by heap profile).
 */
export function securityHeaders(): SecurityHeaders {
  const applyHelmet = helmet({ contentSecurityPolicy: false });
  const rethrow = (err?: unknown) => {
    if (err) throw err;
  };
  return (request, reply) => {
    applyHelmet(request.raw, reply.raw, rethrow);
    reply.header('x-request-id', String(request.id));
    if (request.url.startsWith('/api/') || lockedDownDocument.test(request.url)) reply.headers(apiHeaders);
    else if (adminConsole.test(request.url)) reply.header('content-security-policy', consoleCsp);
  };
}

/**
 * One synchronous onSend hook (no promise per request) for every answer that goes through the
 * hooks; the answers fastify gives before routing (a malformed URL) call the same setter from
 * `frameworkErrors` (app.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, setHeaders: SecurityHeaders): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    setHeaders(request, reply);
    done(null, payload);
  });
}
