/**
 * Canonical JSON: one text per JSON value, whatever order its object keys were written in. What
 * the stored hashes and signatures are computed over (the gateway's request hash, kept with each
 * command's outcome; the admin audit log's hash chain and its signed checkpoints) and how two
 * values are judged the same (an approval's command, a schema in the OpenAPI document), so there
 * is one implementation: a change to it changes stored hashes.
 *
 * The text is JSON.stringify's, with every object's own enumerable keys sorted by UTF-16 code
 * unit (the order of `<` on strings, not the locale's): strings, numbers (NaN and ±Infinity as
 * null, -0 as 0), booleans and null as JSON.stringify writes them; an undefined member left out
 * and an undefined array element (or a hole) written null, as JSON.stringify does, which is also
 * what a value reads back as once stored as JSON. Values are JSON data (what JSON.parse or a zod
 * schema gives): toJSON methods are not called (a Date is an object without keys).
 */
export function canonicalJson(value: unknown): string {
  const text = encode(value);
  if (text === undefined) throw new TypeError('canonicalJson: the value has no JSON text (undefined, a function or a symbol)');
  return text;
}

function encode(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let i = 0; i < value.length; i += 1) items.push(encode(value[i]) ?? 'null');
    return `[${items.join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members: string[] = [];
    for (const key of Object.keys(value).sort(byCodeUnit)) {
      // own-key: own keys of the value (Object.keys)
      const text = encode((value as Record<string, unknown>)[key]);
      if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
