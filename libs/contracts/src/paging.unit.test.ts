import { decodePositionCursor, encodePositionCursor, pageCursorParam } from './paging';

describe('position cursors of the offset and page lists (issue 32)', () => {
  it('when a position is encoded, then it decodes to the same position for its kind only, and passes the cursor parameter', () => {
    for (const position of [0, 1, 20, 999_999, 1_000_000]) {
      const cursor = encodePositionCursor('offset', position);
      expect(pageCursorParam.safeParse(cursor).success).toBe(true);
      expect(decodePositionCursor('offset', cursor)).toBe(position);
      expect(decodePositionCursor('page', cursor)).toBeNull();
    }
    expect(decodePositionCursor('page', encodePositionCursor('page', 3))).toBe(3);
  });

  it('when a cursor is not one this API returned, then it names no position', () => {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'abc',
      json({ v: 1, o: -1 }),
      json({ v: 1, o: 1.5 }),
      json({ v: 1, o: 1_000_001 }),
      json({ v: 1, o: '5' }),
      json([1]),
      json(null),
      // The same position written another way: only the canonical text is a cursor.
      json({ o: 5, v: 1 }),
      `${encodePositionCursor('offset', 5)}A`,
    ]) {
      expect({ cursor, offset: decodePositionCursor('offset', cursor) }).toEqual({ cursor, offset: null });
    }
    expect(decodePositionCursor('page', json({ v: 1, p: 0 }))).toBeNull();
  });
});
