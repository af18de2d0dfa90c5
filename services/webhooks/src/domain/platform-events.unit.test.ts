import { decodeEventCursor, encodeEventCursor } from './platform-events';

describe('the events list cursor', () => {
  it('when a cursor this list made comes back, then it names the same position', () => {
    expect(decodeEventCursor(encodeEventCursor(42))).toEqual({ ok: true, seq: 42 });
  });

  it('when a cursor names another list, then it is other-list (CURSOR_MISMATCH), never a position of this one', () => {
    const other = Buffer.from(JSON.stringify({ v: 2, k: 'audit-log', s: 42 })).toString('base64url');
    expect(decodeEventCursor(other)).toEqual({ ok: false, reason: 'other-list' });
    const position = Buffer.from(JSON.stringify({ v: 2, k: 'listUsers', o: 20 })).toString('base64url');
    expect(decodeEventCursor(position)).toEqual({ ok: false, reason: 'other-list' });
  });

  it('when a cursor is forged, mangled or spelled another way, then it is invalid', () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      '812',
      'not base64 at all!',
      forged({ v: 1, k: 'events', s: -1 }),
      forged({ v: 1, k: 'events', s: 1.5 }),
      forged({ v: 1, k: 'events', s: '7' }),
      forged({ v: 1, s: 7 }),
      forged({ k: 'events', v: 1, s: 7 }),
      forged({ v: 1, k: 'events', s: 7, extra: true }),
      forged([1]),
    ])
      expect({ cursor, decoded: decodeEventCursor(cursor) }).toEqual({ cursor, decoded: { ok: false, reason: 'invalid' } });
  });
});
