import { isDeepStrictEqual } from 'node:util';
import type { JsonSchema } from './json-schema';

/*
 * Is a new version of a topic's JSON Schema safe for the consumers of the old one?
 *
 * Hand-written rather than a json-schema-diff package from npm: the ones there are unmaintained
 * or answer another question (whether the set of accepted documents grew or shrank, which calls
 * a removed event type or a new required field "compatible" in one direction). This checker
 * knows only the subset z.toJSONSchema emits for our event schemas (object / properties /
 * required, oneOf of event types told apart by a `type` const, anyOf for nullable, items, and
 * scalar constraints) and treats anything else that changed as breaking, so it can fail
 * conservatively but never let an unknown kind of change through.
 *
 * The rule (docs/EVENTS.md "Versioning policy"): a consumer must keep reading events of both
 * versions, the old ones still on the topic (redeliveries, replays) and the new ones, so
 *  - compatible: a new optional field, a new event type on the topic (consumers skip unknown
 *    types), a changed description/title/example;
 *  - breaking: a removed event type, a removed (or renamed) field, a new required field, a field
 *    made required or optional, and any change to what a value may be: its type, enum values
 *    (added or removed), const, format, pattern, bounds, nullability.
 */

export type ChangeKind =
  | 'event-type-removed'
  | 'event-type-added'
  | 'field-removed'
  | 'field-added-optional'
  | 'field-added-required'
  | 'field-made-required'
  | 'field-made-optional'
  | 'type-changed'
  | 'enum-changed'
  | 'const-changed'
  | 'constraint-changed'
  | 'union-changed'
  | 'annotation-changed';

export interface SchemaChange {
  kind: ChangeKind;
  /** Where, as a JSON-pointer-like path through the event (`coin.transaction.recorded/transaction/amount`). */
  path: string;
  message: string;
}

export interface CompatibilityReport {
  /** Changes that break a consumer of the old schema: the new schema must not be published as is. */
  breaking: SchemaChange[];
  /** Changes consumers tolerate (additions, documentation). */
  compatible: SchemaChange[];
}

type Node = JsonSchema;

/** Keywords that document but do not constrain: a change to them never breaks a consumer. */
const annotations = new Set(['title', 'description', 'examples', '$comment', 'deprecated', '$schema', '$id']);
/** Keywords this checker walks into; every other keyword must stay exactly as it was. */
const structural = new Set(['properties', 'required', 'oneOf', 'anyOf', 'items', 'type', 'enum', 'const']);

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Key order aside, the same JSON (schemas are JSON data: plain objects, arrays and scalars). */
const same = (a: unknown, b: unknown): boolean => isDeepStrictEqual(a, b);
const join = (path: string, part: string): string => (path ? `${path}/${part}` : part);
const show = (value: unknown): string => JSON.stringify(value);

/** The discriminator value of an event branch: its `type` property's const. */
function eventTypeOf(branch: unknown): string | undefined {
  if (!isNode(branch) || !isNode(branch.properties)) return undefined;
  const type = branch.properties.type;
  return isNode(type) && typeof type.const === 'string' ? type.const : undefined;
}

function asTypes(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String).sort();
}

class Comparison {
  readonly report: CompatibilityReport = { breaking: [], compatible: [] };

  breaking(kind: ChangeKind, path: string, message: string): void {
    this.report.breaking.push({ kind, path, message });
  }

  compatible(kind: ChangeKind, path: string, message: string): void {
    this.report.compatible.push({ kind, path, message });
  }

  compare(before: unknown, after: unknown, path: string): void {
    if (!isNode(before) || !isNode(after)) {
      if (!same(before, after)) this.breaking('constraint-changed', path, `schema changed from ${show(before)} to ${show(after)}`);
      return;
    }
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      // own-key: own keys of two JSON schemas of our own (build-time tooling)
      const [was, is] = [before[key], after[key]];
      if (annotations.has(key)) {
        if (!same(was, is)) this.compatible('annotation-changed', path, `${key} changed`);
      } else if (!structural.has(key) && !same(was, is)) {
        this.breaking('constraint-changed', path, `${key} changed from ${show(was)} to ${show(is)}`);
      }
    }
    const typesBefore = asTypes(before.type);
    const typesAfter = asTypes(after.type);
    if (!same(typesBefore, typesAfter)) {
      this.breaking('type-changed', path, `type changed from ${show(before.type ?? 'any')} to ${show(after.type ?? 'any')}`);
    }
    if (!same(before.const, after.const)) {
      this.breaking('const-changed', path, `const changed from ${show(before.const)} to ${show(after.const)}`);
    }
    this.compareEnum(before.enum, after.enum, path);
    this.compareObject(before, after, path);
    if ('items' in before || 'items' in after) this.compare(before.items, after.items, join(path, '[]'));
    if ('oneOf' in before || 'oneOf' in after) this.compareUnion(before.oneOf, after.oneOf, path, 'oneOf');
    if ('anyOf' in before || 'anyOf' in after) this.compareUnion(before.anyOf, after.anyOf, path, 'anyOf');
  }

  compareEnum(before: unknown, after: unknown, path: string): void {
    if (same(before, after)) return;
    if (!Array.isArray(before) || !Array.isArray(after)) {
      this.breaking('enum-changed', path, `enum changed from ${show(before)} to ${show(after)}`);
      return;
    }
    const removed = before.filter((v) => !after.some((w) => same(v, w)));
    const added = after.filter((v) => !before.some((w) => same(v, w)));
    if (removed.length === 0 && added.length === 0) return; // reordered only
    const parts = [removed.length ? `removed ${show(removed)}` : '', added.length ? `added ${show(added)}` : ''].filter(Boolean);
    this.breaking('enum-changed', path, `enum values ${parts.join(', ')}`);
  }

  compareObject(before: Node, after: Node, path: string): void {
    const propsBefore = isNode(before.properties) ? before.properties : {};
    const propsAfter = isNode(after.properties) ? after.properties : {};
    const requiredBefore = new Set(Array.isArray(before.required) ? before.required.map(String) : []);
    const requiredAfter = new Set(Array.isArray(after.required) ? after.required.map(String) : []);
    for (const name of Object.keys(propsBefore)) {
      const where = join(path, name);
      if (!(name in propsAfter)) {
        this.breaking('field-removed', where, `field ${name} was removed (or renamed)`);
        continue;
      }
      if (!requiredBefore.has(name) && requiredAfter.has(name)) {
        this.breaking('field-made-required', where, `field ${name} became required: events already published may lack it`);
      }
      if (requiredBefore.has(name) && !requiredAfter.has(name)) {
        this.breaking('field-made-optional', where, `field ${name} became optional: consumers rely on it being there`);
      }
      // own-key: property names of two JSON schemas of our own (build-time tooling)
      this.compare(propsBefore[name], propsAfter[name], where);
    }
    for (const name of Object.keys(propsAfter)) {
      if (name in propsBefore) continue;
      const where = join(path, name);
      if (requiredAfter.has(name)) {
        this.breaking('field-added-required', where, `new field ${name} is required: events already published lack it`);
      } else {
        this.compatible('field-added-optional', where, `new optional field ${name}`);
      }
    }
    // A name in `required` without a property schema (not emitted by zod, but possible by hand).
    for (const name of requiredBefore) {
      if (!(name in propsBefore) && !requiredAfter.has(name))
        this.breaking('field-made-optional', join(path, name), `${name} no longer required`);
    }
    for (const name of requiredAfter) {
      if (!(name in propsAfter) && !requiredBefore.has(name))
        this.breaking('field-made-required', join(path, name), `${name} became required`);
    }
  }

  compareUnion(before: unknown, after: unknown, path: string, keyword: string): void {
    if (!Array.isArray(before) || !Array.isArray(after)) {
      this.breaking('union-changed', path, `${keyword} ${before === undefined ? 'added' : after === undefined ? 'removed' : 'changed'}`);
      return;
    }
    const typesBefore = before.map(eventTypeOf);
    const typesAfter = after.map(eventTypeOf);
    const discriminated =
      typesBefore.every((t) => t !== undefined) &&
      typesAfter.every((t) => t !== undefined) &&
      new Set(typesBefore).size === typesBefore.length &&
      new Set(typesAfter).size === typesAfter.length;
    if (discriminated) {
      // The event types of a topic, matched by their `type` const.
      before.forEach((branch, i) => {
        const type = typesBefore[i]!;
        const j = typesAfter.indexOf(type);
        if (j < 0) this.breaking('event-type-removed', join(path, type), `event type ${type} was removed`);
        else this.compare(branch, after[j], join(path, type));
      });
      for (const type of typesAfter) {
        if (!typesBefore.includes(type)) this.compatible('event-type-added', join(path, type!), `new event type ${type}`);
      }
      return;
    }
    // Any other union (nullable values): the same alternatives, in order.
    if (before.length !== after.length) {
      this.breaking('union-changed', path, `${keyword} went from ${before.length} to ${after.length} alternatives`);
      return;
    }
    for (const [i, branch] of before.entries()) this.compare(branch, after[i], join(path, `${keyword}[${i}]`));
  }
}

/** What changed between the committed schema of a topic and a new one, sorted into breaking and compatible. */
export function compareEventSchemas(before: JsonSchema, after: JsonSchema): CompatibilityReport {
  const comparison = new Comparison();
  comparison.compare(before, after, '');
  return comparison.report;
}

/** The report as lines for a test failure or the generator's output. */
export function describeChanges(changes: readonly SchemaChange[]): string {
  return changes.map((c) => `  - ${c.path || '(root)'}: ${c.message}`).join('\n');
}
