import { z } from 'zod';
import { cursorCodec } from './cursor-codec';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor';

const codec = cursorCodec('transactions', z.strictObject({ n: z.number().int() }));
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('cursorCodec', () => {
  it('when a cursor it made comes back, then it decodes to the same value', () => {
    expect(codec.decode(codec.encode({ n: 42 }))).toEqual({ n: 42 });
    expect(JSON.parse(Buffer.from(codec.encode({ n: 42 }), 'base64url').toString())).toEqual({ v: 2, k: 'transactions', n: 42 });
  });

  it.each([
    ['not base64url JSON', '%%%'],
    ['JSON of another shape', b64('{"v":2,"k":"transactions","n":"42"}')],
    ['an extra key', b64('{"v":2,"k":"transactions","n":42,"x":0}')],
    ['the same value spelled with spaces', b64('{"v": 2, "k": "transactions", "n": 42}')],
    ['the keys in another order', b64('{"k":"transactions","v":2,"n":42}')],
    ['another version', b64('{"v":1,"k":"transactions","n":42}')],
    ['no list', b64('{"v":2,"n":42}')],
    ['an array', b64('[2,"transactions",42]')],
  ])('when the cursor is %s, then it is a 400 naming querystring.cursor', (_, cursor) => {
    expect(() => codec.decode(cursor)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('when the cursor names another list, then it is a 400 CURSOR_MISMATCH', () => {
    expect(() => codec.decode(b64('{"v":2,"k":"statement","n":42}'))).toThrow(expect.objectContaining({ code: 'CURSOR_MISMATCH' }));
    expect(() => codec.decode(b64('{"v":2,"k":"listMyHolds","o":20}'))).toThrow(expect.objectContaining({ code: 'CURSOR_MISMATCH' }));
  });

  it("when the audit log's cursor is forged past the safe integers or below 1, then it is refused; the services' actions take only theirs", () => {
    expect(decodeAuditCursor('audit-log', encodeAuditCursor('audit-log', 7))).toBe(7);
    const forged = (s: number) => b64(`{"v":2,"k":"audit-log","s":${s}}`);
    expect(() => decodeAuditCursor('audit-log', forged(0))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => decodeAuditCursor('audit-log', forged(9007199254740992))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => decodeAuditCursor('service-actions', encodeAuditCursor('audit-log', 7))).toThrow(
      expect.objectContaining({ code: 'CURSOR_MISMATCH' }),
    );
  });
});
