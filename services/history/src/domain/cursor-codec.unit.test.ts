import { z } from 'zod';
import { cursorCodec } from './cursor-codec';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor';

const codec = cursorCodec(z.strictObject({ v: z.literal(1), n: z.number().int() }));
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('cursorCodec', () => {
  it('when a cursor it made comes back, then it decodes to the same value', () => {
    expect(codec.decode(codec.encode({ v: 1, n: 42 }))).toEqual({ v: 1, n: 42 });
  });

  it.each([
    ['not base64url JSON', '%%%'],
    ['JSON of another shape', b64('{"v":1,"n":"42"}')],
    ['an extra key', b64('{"v":1,"n":42,"x":0}')],
    ['the same value spelled with spaces', b64('{"v": 1, "n": 42}')],
    ['the keys in another order', b64('{"n":42,"v":1}')],
    ['another version', b64('{"v":2,"n":42}')],
  ])('when the cursor is %s, then it is a 400 naming querystring.cursor', (_, cursor) => {
    expect(() => codec.decode(cursor)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it("when the audit log's cursor is forged past the safe integers or below 1, then it is refused", () => {
    expect(decodeAuditCursor(encodeAuditCursor(7))).toBe(7);
    expect(() => decodeAuditCursor(b64('{"v":1,"s":0}'))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => decodeAuditCursor(b64('{"v":1,"s":9007199254740992}'))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});
