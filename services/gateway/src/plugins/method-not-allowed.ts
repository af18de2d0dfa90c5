import { AppError } from '@coin/errors';
import type { FastifyInstance } from 'fastify';

/** A route URL as fastify writes it (`/api/admin/users/:id`, `/docs/*`) as a matcher of request paths. */
function matcherOf(url: string): RegExp {
  const pattern = url
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`);
}

/**
 * RFC 9110 §15.5.6: a path the gateway serves, asked with a method it does not serve there, is
 * 405 METHOD_NOT_ALLOWED with the methods it does serve in `Allow`, not 404 (the path exists).
 * Decided in onRequest, before anything reads a body: a QUERY or other body method without a
 * Content-Type would otherwise fail in fastify's body handling first. Register before any route.
 */
export function registerMethodNotAllowed(app: FastifyInstance): void {
  const routes: Array<{ method: string; matches: RegExp }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method: String(method).toUpperCase(), matches: matcherOf(route.url) });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    const path = request.url.split('?')[0] ?? '';
    const allowed = [...new Set(routes.filter((route) => route.matches.test(path)).map((route) => route.method))].sort();
    if (allowed.length === 0) return;
    reply.header('allow', allowed.join(', '));
    throw new AppError('METHOD_NOT_ALLOWED', `${request.method} is not served at ${path}; allowed: ${allowed.join(', ')}`);
  });
}
