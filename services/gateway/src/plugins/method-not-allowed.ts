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
 * Whether `path` reaches `url` only by taking, for one of its parameters, a segment another route
 * serves as a literal at the same place (`backtest` in `/api/admin/monitoring/rules/backtest` is
 * that path's own resource, not a `:ruleId`): the parameterised route does not serve that resource.
 */
function shadowed(url: string, path: string, literals: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  const segments = url.split('/');
  const parts = path.split('/');
  return segments.some(
    (segment, i) => segment.startsWith(':') && (literals.get(segments.slice(0, i).join('/'))?.has(parts[i] ?? '') ?? false),
  );
}

/**
 * RFC 9110 §15.5.6: a path the gateway serves, asked with a method it does not serve there, is
 * 405 METHOD_NOT_ALLOWED with the methods it does serve in `Allow`, not 404 (the path exists).
 * Decided in onRequest, before anything reads a body: a QUERY or other body method without a
 * Content-Type would otherwise fail in fastify's body handling first. Register before any route.
 */
export function registerMethodNotAllowed(app: FastifyInstance): void {
  const routes: Array<{ method: string; url: string; matches: RegExp }> = [];
  // The literal segments served under each route prefix (as written, parameters and all).
  const literals = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method: String(method).toUpperCase(), url: route.url, matches: matcherOf(route.url) });
    const segments = route.url.split('/');
    segments.forEach((segment, i) => {
      if (i === 0 || segment.startsWith(':') || segment === '*') return;
      const prefix = segments.slice(0, i).join('/');
      literals.set(prefix, (literals.get(prefix) ?? new Set()).add(segment));
    });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    const path = request.url.split('?')[0] ?? '';
    const allowed = [
      ...new Set(routes.filter((route) => route.matches.test(path) && !shadowed(route.url, path, literals)).map((route) => route.method)),
    ].sort();
    if (allowed.length === 0) return;
    reply.header('allow', allowed.join(', '));
    throw new AppError('METHOD_NOT_ALLOWED', `${request.method} is not served at ${path}; allowed: ${allowed.join(', ')}`);
  });
}
