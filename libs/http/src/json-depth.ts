import { AppError } from '@coin/errors';
import type { FastifyInstance } from 'fastify';

/**
 * How deeply a JSON request body may nest objects and arrays, on every route of every service,
 * with a body schema or without one. No body of this API nests past 4; 32 leaves room. Without
 * a limit, 8,000 nested arrays fit in the gateway's 16 KiB and every recursive walk of the value
 * (the exact-number pass, a schema, JSON.stringify of a Kafka command, a log line) overflows the
 * stack: a 500 for what is a malformed request.
 */
export const jsonDepthMax = 32;

/**
 * The deepest nesting of objects and arrays in a JSON text, counted in one pass without parsing
 * (no recursion, so any depth is measured safely); brackets inside strings do not count. The
 * text need not be valid JSON: the parser judges that afterwards.
 */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}

/** Throws the 400 the caller gets when `text` nests deeper than jsonDepthMax. */
export function refuseDeepJson(text: string): void {
  if (jsonNestingDepth(text) > jsonDepthMax) {
    throw new AppError('VALIDATION_FAILED', `The body nests objects and arrays deeper than ${jsonDepthMax} levels`, {
      errors: [{ path: 'body', message: `must not nest deeper than ${jsonDepthMax} levels` }],
    });
  }
}

/**
 * fastify's own application/json parser (secure-json-parse: `__proto__` and
 * `constructor.prototype` refused) behind the depth limit; for the internal APIs.
 */
// biome-ignore lint/suspicious/noExplicitAny: any Fastify instance, whatever its server, logger and type provider
export function installDepthLimitedJsonParser(app: FastifyInstance<any, any, any, any, any>): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      refuseDeepJson(body as string);
    } catch (err) {
      done(err as Error, undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
