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

/**
 * The API reference (/docs, Redoc; routes/api-reference.ts): its page loads its script and style
 * as files from this origin and the document from /openapi.json, so scripts need nothing inline,
 * no eval and nothing from elsewhere (test/e2e/security/docs-csp.test.ts renders it in chromium
 * under this policy and sees no request leave the origin). Redoc's styled components write their
 * rules into <style> elements as they render, text no hash can name in advance: inline styles
 * alone are admitted, which can restyle the page but run nothing. Its search runs in a worker
 * made from a blob, and it draws icons as data: images. Unlike the console it never submits a form.
 */
const docsCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
const docs = /^\/docs(?:[/?]|$)/;

/** Sets the headers below on an answer about to be sent. */
export type SecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The response headers every answer gets: helmet's generic ones (nosniff, HSTS, frame options,
 * referrer policy, COOP/CORP; no X-Powered-By), the request id, and for /api/ the no-store and
 * lock-down CSP above, also for the /problems pages; the admin console and the docs page their own
 * strict CSPs.
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
    else if (docs.test(request.url)) reply.header('content-security-policy', docsCsp);
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
