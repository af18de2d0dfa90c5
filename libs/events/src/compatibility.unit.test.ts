import { type ChangeKind, compareEventSchemas } from './compatibility';
import type { JsonSchema } from './json-schema';

/** A topic schema in the form z.toJSONSchema emits: a oneOf of event objects told apart by `type`. */
function topic(...events: JsonSchema[]): JsonSchema {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', oneOf: events };
}

function event(type: string, properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema {
  return {
    type: 'object',
    properties: { eventId: { type: 'string', format: 'uuid' }, type: { type: 'string', const: type }, ...properties },
    required: ['eventId', 'type', ...required],
  };
}

const base = () =>
  topic(
    event(
      'thing.created',
      {
        id: { type: 'integer', exclusiveMinimum: 0 },
        kind: { type: 'string', enum: ['A', 'B'] },
        note: { type: 'string' },
        parent: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string', maxLength: 10 } },
        owner: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      },
      ['id', 'kind', 'parent', 'tags', 'owner'],
    ),
    event('thing.deleted', { id: { type: 'integer' } }),
  );

/** Applies `change` to a fresh copy of the base schema. */
function changed(change: (schema: any) => void): JsonSchema {
  const schema = base();
  change(schema);
  return schema;
}

const kindsOf = (changes: { kind: ChangeKind }[]) => changes.map((c) => c.kind);

describe('compareEventSchemas, on hand-made old/new pairs', () => {
  it('when nothing changed, then it reports nothing', () => {
    expect(compareEventSchemas(base(), base())).toEqual({ breaking: [], compatible: [] });
  });

  it.each<[string, (s: any) => void, ChangeKind]>([
    ['an event type is removed', (s) => s.oneOf.pop(), 'event-type-removed'],
    ['a required field is removed', (s) => delete s.oneOf[0].properties.id, 'field-removed'],
    ['an optional field is removed', (s) => delete s.oneOf[0].properties.note, 'field-removed'],
    [
      'a field is renamed',
      (s) => {
        s.oneOf[0].properties.identifier = s.oneOf[0].properties.id;
        delete s.oneOf[0].properties.id;
        s.oneOf[0].required = s.oneOf[0].required.map((r: string) => (r === 'id' ? 'identifier' : r));
      },
      'field-removed',
    ],
    ['an optional field becomes required', (s) => s.oneOf[0].required.push('note'), 'field-made-required'],
    ['a required field becomes optional', (s) => s.oneOf[0].required.splice(s.oneOf[0].required.indexOf('kind'), 1), 'field-made-optional'],
    [
      'a new required field is added',
      (s) => {
        s.oneOf[1].properties.at = { type: 'string' };
        s.oneOf[1].required.push('at');
      },
      'field-added-required',
    ],
    ['a type changes', (s) => (s.oneOf[0].properties.id.type = 'string'), 'type-changed'],
    ['a type widens (integer to number)', (s) => (s.oneOf[1].properties.id.type = 'number'), 'type-changed'],
    ['an enum loses a value', (s) => (s.oneOf[0].properties.kind.enum = ['A']), 'enum-changed'],
    ['an enum gains a value', (s) => (s.oneOf[0].properties.kind.enum = ['A', 'B', 'C']), 'enum-changed'],
    ['a const changes', (s) => (s.oneOf[1].properties.type.const = 'thing.removed'), 'event-type-removed'],
    ['a nested const changes', (s) => (s.oneOf[0].properties.owner.properties.id = { type: 'integer', const: 1 }), 'const-changed'],
    ['a bound narrows', (s) => (s.oneOf[0].properties.tags.items.maxLength = 5), 'constraint-changed'],
    ['a bound is added', (s) => (s.oneOf[0].properties.note.maxLength = 5), 'constraint-changed'],
    ['a format is added', (s) => (s.oneOf[0].properties.note.format = 'email'), 'constraint-changed'],
    ['a nullable field stops being nullable', (s) => (s.oneOf[0].properties.parent = { type: 'integer' }), 'union-changed'],
    ['a field becomes nullable', (s) => (s.oneOf[0].properties.note = { anyOf: [{ type: 'string' }, { type: 'null' }] }), 'union-changed'],
    ['a nested field is removed', (s) => delete s.oneOf[0].properties.owner.properties.id, 'field-removed'],
    ['unknown fields become forbidden', (s) => (s.oneOf[0].additionalProperties = false), 'constraint-changed'],
    ['an array item type changes', (s) => (s.oneOf[0].properties.tags.items.type = 'integer'), 'type-changed'],
  ])('when %s, then it is breaking', (_name, change, kind) => {
    const report = compareEventSchemas(base(), changed(change));
    expect(kindsOf(report.breaking)).toContain(kind);
  });

  it('when a field is renamed, then the report names the old field at its path', () => {
    const report = compareEventSchemas(
      base(),
      changed((s) => {
        s.oneOf[1].properties.thingId = s.oneOf[1].properties.id;
        delete s.oneOf[1].properties.id;
      }),
    );
    expect(report.breaking).toContainEqual(expect.objectContaining({ kind: 'field-removed', path: 'thing.deleted/id' }));
  });

  it.each<[string, (s: any) => void, ChangeKind]>([
    ['a new optional field is added', (s) => (s.oneOf[0].properties.color = { type: 'string' }), 'field-added-optional'],
    [
      'a new optional field is added to a nested object',
      (s) => (s.oneOf[0].properties.owner.properties.name = { type: 'string' }),
      'field-added-optional',
    ],
    ['a new event type is added', (s) => s.oneOf.push(event('thing.archived', { id: { type: 'integer' } })), 'event-type-added'],
    ['a description changes', (s) => (s.oneOf[0].properties.note.description = 'free text'), 'annotation-changed'],
  ])('when %s, then it is compatible and reported', (_name, change, kind) => {
    const report = compareEventSchemas(base(), changed(change));
    expect(report.breaking).toEqual([]);
    expect(kindsOf(report.compatible)).toEqual([kind]);
  });

  it('when the event types are reordered or enum values reordered, then nothing is breaking', () => {
    const report = compareEventSchemas(
      base(),
      changed((s) => {
        s.oneOf.reverse();
        s.oneOf[1].properties.kind.enum = ['B', 'A'];
        s.oneOf[1].required.reverse();
      }),
    );
    expect(report).toEqual({ breaking: [], compatible: [] });
  });

  it('when a keyword it does not model changes, then it is breaking (conservative)', () => {
    const report = compareEventSchemas(
      base(),
      changed((s) => (s.oneOf[0].properties.note.not = { const: '' })),
    );
    expect(kindsOf(report.breaking)).toEqual(['constraint-changed']);
  });
});
