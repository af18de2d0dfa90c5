import type { IHeaders } from 'kafkajs';

/** Kafka headers arrive as Buffers (or arrays of them); we only ever use single strings. */
export function readHeaders(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    // own-key: a string written under "__proto__" is ignored by its setter; readers look up our own header names
    if (first !== undefined) out[name] = first.toString();
  }
  return out;
}
