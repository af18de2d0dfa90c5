import { z } from 'zod';
import type { Random } from './random';

/**
 * Values for a zod (v4) schema, found by walking its definition (docs/RELIABILITY.md "The
 * whole-ledger simulation"): objects, strings and their formats, numbers and their bounds, enums,
 * literals, unions, optional and nullable members, arrays, records, pipes. Pure. The generator
 * walks each command's contract schema with it, so a command type added to the table is generated
 * without a line here; what the world model knows (ids seen in replies, opened users) it gives
 * through `ValueHints.known` before the schema is consulted.
 */

export type Path = ReadonlyArray<string | number>;
type Schema = z.core.$ZodType;

/**
 * A leaf the walker filled (a string or a number): where it sits and the schema that judges it;
 * `key`: the keys of the record at `path` (a hostile value there is a key of its own).
 */
export interface Leaf {
  path: Path;
  schema: Schema;
  kind: 'string' | 'number' | 'key';
}

/**
 * A field the world model may know a value for. `related`: what the fields generated before it in
 * the same value said about the rest (a hold named its payer, a purchase its treasury): one
 * record per generated value, so a nested member sees what an earlier one said.
 */
export interface FieldQuestion {
  path: Path;
  name: string;
  schema: Schema;
  related: Readonly<Record<string, unknown>>;
}

/** A known value, and what it tells the fields around it (a hold names its payer: `{ fromUserId }`). */
export interface KnownValue {
  value: unknown;
  related?: Record<string, unknown>;
}

export interface ValueHints {
  random: Random;
  known(field: FieldQuestion): KnownValue | undefined;
  /** Members generated first in an object: the ids whose entity names its siblings. */
  anchors: ReadonlySet<string>;
  /** How often an optional member nobody asked for is left out. */
  omitRate(field: FieldQuestion): number;
  /** A date-time near the simulation's clock (ISO 8601). */
  dateTime(field: FieldQuestion): string;
  /** Which option of a union to walk (a purchase pays a treasury); undefined: any. */
  option?(field: FieldQuestion, options: readonly Schema[]): number | undefined;
}

export interface Generated {
  value: unknown;
  leaves: Leaf[];
}

const omitted = Symbol('omitted');
type Value = unknown | typeof omitted;

interface CheckDef {
  check: string;
  value?: number | bigint | Date;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  format?: string;
}

function defOf(schema: Schema): z.core.$ZodTypeDef {
  return schema._zod.def;
}

function checksOf(schema: Schema): CheckDef[] {
  return (defOf(schema).checks ?? []).map((check) => (check as unknown as { _zod: { def: CheckDef } })._zod.def);
}

/** Whether the schema accepts the value: the one judge of every candidate the walker tries. */
export function accepts(schema: Schema, value: unknown): boolean {
  return z.core.safeParse(schema, value).success;
}

/** A value for `schema`, and the leaves it filled (what a hostile value may replace). */
export function generateValue(schema: Schema, hints: ValueHints, path: Path = [], related: Record<string, unknown> = {}): Generated {
  const leaves: Leaf[] = [];
  const value = walk(schema, { hints, leaves }, path, related);
  return { value: value === omitted ? undefined : value, leaves };
}

interface Walk {
  hints: ValueHints;
  leaves: Leaf[];
}

function nameOf(path: Path): string {
  const last = [...path].reverse().find((part) => typeof part === 'string');
  return typeof last === 'string' ? last : '';
}

function walk(schema: Schema, w: Walk, path: Path, related: Record<string, unknown>): Value {
  const question: FieldQuestion = { path, name: nameOf(path), schema, related };
  const def = defOf(schema);
  // Wrappers first: the world model answers for the field, not for its optional shell.
  if (def.type === 'optional') return optionalValue(schema, w, path, related);
  if (def.type === 'nullable') {
    if (w.hints.random.chance(0.15) && !(question.name in related)) return null;
    return walk((def as z.core.$ZodNullableDef).innerType, w, path, related);
  }
  const known = w.hints.known(question);
  if (known) {
    Object.assign(related, known.related ?? {});
    recordLeaf(schema, w, path);
    return known.value;
  }
  return walkType(schema, w, path, related, question);
}

function optionalValue(schema: Schema, w: Walk, path: Path, related: Record<string, unknown>): Value {
  const inner = (defOf(schema) as z.core.$ZodOptionalDef).innerType;
  const question: FieldQuestion = { path, name: nameOf(path), schema: inner, related };
  // A member an anchor named (a refund's treasury) is kept; others are left out as often as the hints say.
  if (!(question.name in related) && w.hints.random.chance(w.hints.omitRate(question))) return omitted;
  return walk(inner, w, path, related);
}

function walkType(schema: Schema, w: Walk, path: Path, related: Record<string, unknown>, question: FieldQuestion): Value {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return objectValue(def as z.core.$ZodObjectDef, w, path, related);
    case 'string':
      recordLeaf(schema, w, path);
      return stringValue(schema, w.hints, question);
    case 'number':
    case 'int':
      recordLeaf(schema, w, path);
      return numberValue(schema, w.hints.random);
    case 'boolean':
      return w.hints.random.chance(0.5);
    case 'enum':
      return w.hints.random.pick(Object.values((def as z.core.$ZodEnumDef).entries));
    case 'literal':
      return w.hints.random.pick((def as z.core.$ZodLiteralDef<z.core.util.Literal>).values);
    case 'union': {
      const { options } = def as z.core.$ZodUnionDef;
      const chosen = w.hints.option?.(question, options);
      return walk(chosen === undefined ? w.hints.random.pick(options) : options[chosen]!, w, path, related);
    }
    case 'array':
      return arrayValue(schema, w, path, related);
    case 'record':
      return recordValue(def as z.core.$ZodRecordDef, w, path);
    default:
      return wrappedValue(schema, w, path, related);
  }
}

/** Schemas that wrap another (pipes, defaults, lazies) and the ones that carry nothing. */
function wrappedValue(schema: Schema, w: Walk, path: Path, related: Record<string, unknown>): Value {
  const def = defOf(schema);
  switch (def.type) {
    case 'pipe':
      return walk((def as z.core.$ZodPipeDef).in, w, path, related);
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return walk((def as unknown as { innerType: Schema }).innerType, w, path, related);
    case 'lazy':
      return walk((def as z.core.$ZodLazyDef).getter(), w, path, related);
    case 'null':
      return null;
    case 'never':
    case 'undefined':
    case 'void':
      return omitted;
    default:
      // unknown, any, custom: a small JSON value, which the schema judges.
      return w.hints.random.pick([0, 'x', true, null, {}]);
  }
}

function recordLeaf(schema: Schema, w: Walk, path: Path): void {
  const type = defOf(schema).type;
  if (type === 'string') w.leaves.push({ path, schema, kind: 'string' });
  else if (type === 'number' || type === 'int') w.leaves.push({ path, schema, kind: 'number' });
}

function objectValue(def: z.core.$ZodObjectDef, w: Walk, path: Path, related: Record<string, unknown>): Value {
  // Anchors first, so the members after them see what they named.
  const keys = Object.keys(def.shape);
  const ordered = [...keys.filter((k) => w.hints.anchors.has(k)), ...keys.filter((k) => !w.hints.anchors.has(k))];
  const out: Record<string, unknown> = {};
  for (const key of ordered) {
    // own-key: the members of a schema of our own (Object.keys of its shape)
    const value = walk(def.shape[key]!, w, [...path, key], related);
    // own-key: the same member names
    if (value !== omitted) out[key] = value;
  }
  // The members in the schema's own order: what a sender would write.
  // own-key: the members of a schema of our own
  return Object.fromEntries(keys.filter((k) => k in out).map((k) => [k, out[k]]));
}

function arrayValue(schema: Schema, w: Walk, path: Path, related: Record<string, unknown>): Value {
  const def = defOf(schema) as z.core.$ZodArrayDef;
  const checks = checksOf(schema);
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const max = checks.find((c) => c.check === 'max_length')?.maximum ?? min + 3;
  const length = w.hints.random.int(Math.max(min, 1), Math.max(min, Math.min(max, min + 3)));
  return Array.from({ length }, (_, i) => walk(def.element, w, [...path, i], related));
}

function recordValue(def: z.core.$ZodRecordDef, w: Walk, path: Path): Value {
  const entries = w.hints.random.int(0, 2);
  const out: Record<string, unknown> = {};
  w.leaves.push({ path, schema: def.keyType, kind: 'key' });
  for (let i = 0; i < entries; i += 1) {
    // The key is no leaf of its own: a hostile key is added beside them (the `key` leaf above).
    const key = walk(def.keyType, { hints: w.hints, leaves: [] }, [...path, i], {});
    if (typeof key !== 'string') continue;
    const value = walk(def.valueType, w, [...path, key], {});
    // A generated key may be hostile (`__proto__`): defined as an own member, never through a setter.
    if (value !== omitted) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const letters = 'abcdefghijklmnopqrstuvwxyz';
const alphanumeric = `${letters}ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789`;
const base64url = `${alphanumeric}-_`;

/** Strings of several shapes, each tried against the schema: the first one it accepts is taken. */
function stringValue(schema: Schema, hints: ValueHints, question: FieldQuestion): string {
  const def = defOf(schema) as z.core.$ZodStringDef & { format?: string };
  const { random } = hints;
  if (def.format === 'uuid' || def.format === 'guid') return random.uuid();
  if (def.format === 'datetime') return hints.dateTime(question);
  const checks = checksOf(schema);
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 1;
  const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 40;
  const size = random.int(Math.max(1, min), Math.max(Math.max(1, min), Math.min(max, 24)));
  const words = `sim ${question.name} ${random.text(letters, Math.max(1, size - 5))}`.slice(0, Math.max(min, Math.min(max, 60)));
  const candidates = [
    `${random.pick(['sim', 'pc', 'ord'])}_${random.text(alphanumeric, size)}`.slice(0, max),
    words,
    random.text(base64url, Math.max(min, Math.min(max, 32))),
    `+2376${random.text('0123456789', 8)}`,
    random.hex(64),
    random.text(alphanumeric, Math.max(min, 1)),
  ];
  return candidates.find((candidate) => accepts(schema, candidate)) ?? candidates[0]!;
}

/** The bounds of a number schema: its checks (exclusive ones moved inside), and whether it is a whole number. */
export function numberBounds(schema: Schema): { min: number; max: number; integer: boolean } {
  const checks = checksOf(schema);
  const integer = defOf(schema).type === 'int' || checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''));
  const step = integer ? 1 : 0.01;
  let min = -1_000_000;
  let max = 1_000_000_000;
  for (const c of checks) {
    if (typeof c.value !== 'number') continue;
    if (c.check === 'greater_than') min = c.inclusive ? c.value : c.value + step;
    if (c.check === 'less_than') max = c.inclusive ? c.value : c.value - step;
  }
  return { min, max, integer };
}

function numberValue(schema: Schema, random: Random): number {
  const { min, max, integer } = numberBounds(schema);
  if (max - min <= 1000) return integer ? random.int(Math.ceil(min), Math.floor(max)) : min + random.next() * (max - min);
  const low = Math.max(min, 1);
  return random.logUniform(low, Math.min(max, Math.max(low + 1, 10_000)));
}

/** The value at `path` in a generated value, replaced (copies along the path; the rest is shared). */
export function withValueAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((item, i) => (i === head ? withValueAt(item, rest, value) : item));
  const object = (typeof root === 'object' && root !== null ? root : {}) as Record<string, unknown>;
  const key = String(head);
  return { ...object, [key]: withValueAt(Object.hasOwn(object, key) ? object[key] : undefined, rest, value) };
}

/** The value at `path` in a generated value, or undefined. */
export function valueAt(root: unknown, path: Path): unknown {
  let at: unknown = root;
  for (const step of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    const key = String(step);
    // own-key: the path is one the schema walk generated
    at = Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined;
  }
  return at;
}
