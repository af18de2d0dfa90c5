import { z } from 'zod';
import { cursorCodec } from './cursor-codec';

/** The lists read from the chained audit log: the admin actions and refusals, and the services' own actions. */
export type AuditList = 'audit-log' | 'service-actions';
const fields = z.strictObject({ s: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const codecs = { 'audit-log': cursorCodec('audit-log', fields), 'service-actions': cursorCodec('service-actions', fields) };

/** The audit log's keyset cursor of `list` (cursorCodec): the seq the next page starts below. */
export function encodeAuditCursor(list: AuditList, beforeSeq: number): string {
  return codecs[list].encode({ s: beforeSeq });
}

export function decodeAuditCursor(list: AuditList, cursor: string): number {
  return codecs[list].decode(cursor).s;
}
