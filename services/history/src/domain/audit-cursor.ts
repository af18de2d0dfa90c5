import { z } from 'zod';
import { cursorCodec } from './cursor-codec';

const cursorVersion = 1;
const codec = cursorCodec(z.strictObject({ v: z.literal(cursorVersion), s: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }));

/** The audit log's keyset cursor (cursorCodec): base64url of `{v, s}`, the seq the next page starts below. */
export function encodeAuditCursor(beforeSeq: number): string {
  return codec.encode({ v: cursorVersion, s: beforeSeq });
}

export function decodeAuditCursor(cursor: string): number {
  return codec.decode(cursor).s;
}
