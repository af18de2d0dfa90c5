import type { z } from 'zod';
import { AppError } from '@coin/errors';

/**
 * An opaque page cursor: base64url of a small JSON document checked by `body`. It carries no
 * authority (it only says where to continue inside what the caller may read), so a forged one can
 * reveal nothing new; anything that does not decode to exactly what `encode` makes (another
 * shape, extra keys, another spelling of the same JSON) is a 400, never a query that fails.
 * `body` is a strict object whose keys are in the order `encode` is given them.
 */
export function cursorCodec<Body extends z.ZodType<Record<string, unknown>>>(body: Body) {
  const encode = (value: z.infer<Body>): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const decode = (cursor: string): z.infer<Body> => {
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    const parsed = body.safeParse(json);
    if (!parsed.success || encode(parsed.data) !== cursor) throw invalidCursor();
    return parsed.data;
  };
  return { encode, decode };
}

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'The cursor is not one this API returned', {
    errors: [{ path: 'querystring.cursor', message: 'must be a cursor returned by a previous page' }],
  });
}
