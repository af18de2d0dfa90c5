import { cursorListOf, decodePositionCursor, encodePositionCursor, pageCursorParam } from './paging';

describe('position cursors of the offset and page lists', () => {
  const list = 'listMyHolds';

  it('when a position is encoded, then it decodes to the same position for its kind and list only, and passes the cursor parameter', () => {
    for (const position of [0, 1, 20, 999_999, 1_000_000]) {
      const cursor = encodePositionCursor('offset', position, list);
      expect(pageCursorParam.safeParse(cursor).success).toBe(true);
      expect(decodePositionCursor('offset', cursor, list)).toEqual({ ok: true, position });
      expect(decodePositionCursor('page', cursor, list)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(decodePositionCursor('page', encodePositionCursor('page', 3, list), list)).toEqual({ ok: true, position: 3 });
  });

  it("when another list's cursor is given, then it is told apart from a malformed one: another list", () => {
    const cursor = encodePositionCursor('offset', 20, 'listApprovals');
    expect(cursorListOf(cursor)).toBe('listApprovals');
    expect(decodePositionCursor('offset', cursor, list)).toEqual({ ok: false, reason: 'other-list' });
    // A keyset cursor of the history service names its list the same way.
    const history = Buffer.from(JSON.stringify({ v: 2, k: 'user-transactions', t: '2026-01-01T00:00:00.000000Z', i: 1 })).toString(
      'base64url',
    );
    expect(decodePositionCursor('offset', history, list)).toEqual({ ok: false, reason: 'other-list' });
  });

  it('when a cursor is not one this API returned, then it names no position', () => {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'abc',
      json({ v: 2, k: list, o: -1 }),
      json({ v: 2, k: list, o: 1.5 }),
      json({ v: 2, k: list, o: 1_000_001 }),
      json({ v: 2, k: list, o: '5' }),
      // A cursor of the version before lists were named: not one this API returns any more.
      json({ v: 1, o: 5 }),
      json([1]),
      json(null),
      // The same position written another way: only the canonical text is a cursor.
      json({ k: list, v: 2, o: 5 }),
      `${encodePositionCursor('offset', 5, list)}A`,
    ]) {
      expect({ cursor, offset: decodePositionCursor('offset', cursor, list) }).toEqual({
        cursor,
        offset: { ok: false, reason: 'invalid' },
      });
    }
    expect(decodePositionCursor('page', json({ v: 2, k: list, p: 0 }), list)).toEqual({ ok: false, reason: 'invalid' });
  });
});
