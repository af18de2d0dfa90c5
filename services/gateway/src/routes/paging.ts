import { decodePositionCursor, encodePositionCursor, type PositionKind } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { FastifyRequest } from 'fastify';

/*
 * The gateway's half of the one paging style (libs/contracts paging.ts): the offset and page
 * lists read a cursor as the position it encodes, and every list's answer gains `hasMore` and
 * `nextCursor`. The services behind keep their own parameters and answers.
 */

/** Rows past this are reached with the keyset reads; the services refuse a larger offset or page. */
const positionMax = 1_000_000;

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'The cursor is not one this API returned', {
    errors: [{ path: 'querystring.cursor', message: 'must be a cursor returned by a previous page' }],
  });
}

function cursorOfAnotherList(): AppError {
  return new AppError('CURSOR_MISMATCH', 'The cursor was returned by another list; pass a nextCursor of this one', {
    errors: [{ path: 'querystring.cursor', message: 'must be a cursor returned by a previous page of this list' }],
  });
}

/** The name of the list a request reads, in its cursors: its route's operationId (else its pattern). */
function listOf(request: FastifyRequest): string {
  const operationId = (request.routeOptions?.schema as { operationId?: unknown } | undefined)?.operationId;
  return typeof operationId === 'string' ? operationId : `${request.method} ${request.routeOptions?.url ?? ''}`;
}

function queryHas(request: FastifyRequest, name: string): boolean {
  const start = request.url.indexOf('?');
  return start >= 0 && new URLSearchParams(request.url.slice(start + 1)).has(name);
}

/**
 * Where an offset or page list starts: the position `cursor` encodes, else the `offset` / `page`
 * given (or its default). Both at once is a 400: which one was meant cannot be told. A cursor of
 * another list is a 400 CURSOR_MISMATCH.
 */
export function startOf(request: FastifyRequest, kind: PositionKind, given: number, cursor: string | undefined): number {
  if (cursor === undefined) return given;
  if (queryHas(request, kind)) {
    throw new AppError('VALIDATION_FAILED', `Give ${kind} or cursor, not both`, {
      errors: [{ path: 'querystring.cursor', message: `must not be given with ${kind}` }],
    });
  }
  const decoded = decodePositionCursor(kind, cursor, listOf(request));
  if (!decoded.ok) throw decoded.reason === 'other-list' ? cursorOfAnotherList() : invalidCursor();
  return decoded.position;
}

/** hasMore and nextCursor of an offset page of the list `request` reads: more follow when the rows shown end before the total. */
export function offsetLinks(request: FastifyRequest, pagination: { offset: number; total: number }, shown: number) {
  const next = pagination.offset + shown;
  const hasMore = shown > 0 && next < pagination.total;
  return { hasMore, nextCursor: hasMore && next <= positionMax ? encodePositionCursor('offset', next, listOf(request)) : null };
}

/** hasMore and nextCursor of a numbered page of the list `request` reads. */
export function pageLinks(request: FastifyRequest, pagination: { page: number; pageSize: number; total: number }) {
  const hasMore = pagination.page * pagination.pageSize < pagination.total;
  return {
    hasMore,
    nextCursor: hasMore && pagination.page < positionMax ? encodePositionCursor('page', pagination.page + 1, listOf(request)) : null,
  };
}

/** hasMore of a keyset page: the services give a next cursor only when another row follows. */
export function keysetLinks<Page extends { nextCursor: string | null }>(page: Page): Page & { hasMore: boolean } {
  return { ...page, hasMore: page.nextCursor !== null };
}
