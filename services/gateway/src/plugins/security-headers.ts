import type { FastifyInstance } from 'fastify';

/**
 * Helmet sets the generic headers (nosniff, HSTS, frame options, referrer policy, COOP/CORP).
 * API responses additionally must never be cached (they carry tokens, balances, personal data)
 * and never render as a document. The docs page keeps helmet's defaults only, as it runs scripts.
 */
export function registerApiSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('cache-control', 'no-store');
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  });
}
