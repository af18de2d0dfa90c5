import { encodePositionCursor } from '@coin/contracts';
import type { FastifyRequest } from 'fastify';
import { keysetLinks, offsetLinks, pageLinks, startOf } from './paging';

const list = 'listAllHolds';
const requestTo = (url: string, operationId = list) =>
  ({ url, method: 'GET', routeOptions: { url: url.split('?')[0], schema: { operationId } } }) as unknown as FastifyRequest;

describe('the gateway side of one paging style', () => {
  const request = requestTo('/api/admin/holds');

  it('when an offset page ends before the total, then hasMore and a cursor of this list to the next offset; on the last page neither', () => {
    expect(offsetLinks(request, { offset: 0, total: 45 }, 20)).toEqual({
      hasMore: true,
      nextCursor: encodePositionCursor('offset', 20, list),
    });
    expect(offsetLinks(request, { offset: 40, total: 45 }, 5)).toEqual({ hasMore: false, nextCursor: null });
    expect(offsetLinks(request, { offset: 100, total: 45 }, 0)).toEqual({ hasMore: false, nextCursor: null });
  });

  it('when a numbered page is not the last, then hasMore and a cursor to the next page', () => {
    expect(pageLinks(request, { page: 1, pageSize: 20, total: 21 })).toEqual({
      hasMore: true,
      nextCursor: encodePositionCursor('page', 2, list),
    });
    expect(pageLinks(request, { page: 2, pageSize: 20, total: 40 })).toEqual({ hasMore: false, nextCursor: null });
  });

  it('when a keyset page has a next cursor, then hasMore', () => {
    expect(keysetLinks({ rows: [], nextCursor: 'abc' })).toEqual({ rows: [], nextCursor: 'abc', hasMore: true });
    expect(keysetLinks({ rows: [], nextCursor: null })).toEqual({ rows: [], nextCursor: null, hasMore: false });
  });

  it('when a cursor is given, then the list starts where it says; with offset too, or not ours, it is a 400', () => {
    const cursor = encodePositionCursor('offset', 40, list);
    expect(startOf(requestTo(`/api/admin/holds?cursor=${cursor}&limit=20`), 'offset', 0, cursor)).toBe(40);
    expect(startOf(requestTo('/api/admin/holds?offset=20'), 'offset', 20, undefined)).toBe(20);
    expect(() => startOf(requestTo(`/api/admin/holds?offset=0&cursor=${cursor}`), 'offset', 0, cursor)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    const pageCursor = encodePositionCursor('page', 2, list);
    expect(() => startOf(requestTo(`/api/admin/holds?cursor=${pageCursor}`), 'offset', 0, pageCursor)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', message: 'The cursor is not one this API returned' }),
    );
  });

  it("when another list's cursor is given, then 400 CURSOR_MISMATCH, not a page of this list", () => {
    const cursor = encodePositionCursor('offset', 40, 'listApprovals');
    expect(() => startOf(requestTo(`/api/admin/holds?cursor=${cursor}`), 'offset', 0, cursor)).toThrow(
      expect.objectContaining({ code: 'CURSOR_MISMATCH' }),
    );
  });
});
