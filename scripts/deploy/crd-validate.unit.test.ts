import Ajv from 'ajv';
import { type CompiledSchema, type Crd, compiledCheck, crdsOf, strictSchemaOf, validateCustomResources } from './crd-validate';

// A small CRD in the shape Strimzi's generator and controller-gen write: one served version, one
// deprecated, one not served any more.
const widgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Widget', plural: 'widgets' },
    versions: ['v1', 'v1beta1', 'v1alpha1'].map((name) => ({
      name,
      served: name !== 'v1alpha1',
      storage: name === 'v1',
      ...(name === 'v1beta1' ? { deprecated: true, deprecationWarning: 'example.com/v1beta1 Widget is deprecated; use v1' } : {}),
      schema: {
        openAPIV3Schema: {
          type: 'object',
          properties: {
            apiVersion: { type: 'string' },
            kind: { type: 'string' },
            metadata: { type: 'object' },
            spec: {
              type: 'object',
              required: ['size'],
              properties: {
                size: { type: 'integer', minimum: 1, description: 'How big' },
                colour: { type: 'string', enum: ['red', 'blue'] },
                port: { 'x-kubernetes-int-or-string': true },
                config: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                labels: { type: 'object', additionalProperties: { type: 'string' } },
                // A field named like a schema keyword is a field all the same.
                description: { type: 'string' },
              },
            },
          },
        },
      },
    })),
  },
};
const crds = crdsOf([widgetCrd, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'not-a-crd' } }]);

const widget = (change: (w: Record<string, any>) => void = () => {}) => {
  const w: Record<string, any> = {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w1', labels: { team: 'payments' } },
    spec: { size: 2, colour: 'red', port: 'http', config: { 'any.key': '1' }, labels: { a: 'b' }, description: 'a widget' },
  };
  change(w);
  return w;
};

describe('custom resources against their CRD schema (strict, as kubectl apply)', () => {
  it('when the documents are read, then only the CRD is taken, with its served and deprecated versions', () => {
    expect(crds.map((c) => [c.name, c.group, c.kind, c.versions.map((v) => `${v.name}:${v.served}:${v.deprecated}`)])).toEqual([
      ['widgets.example.com', 'example.com', 'Widget', ['v1:true:false', 'v1beta1:true:true', 'v1alpha1:false:false']],
    ]);
  });

  it('when a resource matches the schema, then it passes; one of another group is left to the caller', () => {
    const other = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' } };
    const result = validateCustomResources([widget(), widget((w) => (w.spec.port = 8080)), other], crds);
    expect(result).toEqual({ passed: ['Widget/w1', 'Widget/w1'], problems: [], unmatched: [other] });
  });

  it('when a field is unknown (spec, a nested object, metadata), then each is named; under preserve-unknown-fields it is not', () => {
    const result = validateCustomResources(
      [
        widget((w) => {
          w.spec.colur = 'red';
          w.metadata.lables = {};
          w.spec.config.anything = { goes: true };
        }),
      ],
      crds,
    );
    expect(result.problems.sort()).toEqual(['Widget/w1: /metadata: unknown field "lables"', 'Widget/w1: /spec: unknown field "colur"']);
  });

  it('when types, enums, bounds or required fields are wrong, then each is named with its path', () => {
    const result = validateCustomResources(
      [
        widget((w) => {
          w.spec.size = 0;
          w.spec.colour = 'green';
          w.spec.port = true;
          w.spec.labels.a = 1;
        }),
        widget((w) => {
          delete w.spec.size;
          delete w.metadata.name;
        }),
      ],
      crds,
    );
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'Widget/w1: /spec/size: must be >= 1',
        'Widget/w1: /spec/colour: must be equal to one of the allowed values (red, blue)',
        'Widget/w1: /spec/port: must be integer',
        'Widget/w1: /spec/labels/a: must be string',
        "Widget/undefined: /metadata: must have required property 'name'",
        "Widget/undefined: /spec: must have required property 'size'",
      ]),
    );
    expect(result.passed).toEqual([]);
  });

  it('when the apiVersion is not served, deprecated, or the kind unknown in the group, then it is a problem', () => {
    const result = validateCustomResources(
      [
        widget((w) => (w.apiVersion = 'example.com/v1alpha1')),
        widget((w) => (w.apiVersion = 'example.com/v1beta1')),
        widget((w) => (w.kind = 'Gadget')),
      ],
      crds,
    );
    expect(result.problems).toEqual([
      'Widget/w1: example.com/v1alpha1 is not served by the CRD widgets.example.com (it serves v1, v1beta1)',
      'Widget/w1: example.com/v1beta1 is deprecated: example.com/v1beta1 Widget is deprecated; use v1',
      'Gadget/w1: no kind Gadget in API group example.com (kinds: Widget)',
    ]);
    expect(result.passed).toEqual([]);
  });

  it('when the schema is made strict, then descriptions and x-kubernetes keywords are gone and objects are closed', () => {
    const schema = strictSchemaOf(widgetCrd.spec.versions[0]!.schema.openAPIV3Schema);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.spec.additionalProperties).toBe(false);
    expect(schema.properties.spec.properties.size).toEqual({ type: 'integer', minimum: 1 });
    expect(schema.properties.spec.properties.config).toEqual({ type: 'object' });
    expect(schema.properties.spec.properties.labels).toEqual({ type: 'object', additionalProperties: { type: 'string' } });
    expect(schema.properties.spec.properties.description).toEqual({ type: 'string' });
  });
});

// The same Widget as a registry package ships it: the schema compiled by Ajv as it is (no
// additionalProperties anywhere, int-or-string as anyOf), only the validator at hand.
const compiledWidget: CompiledSchema = (() => {
  const validate = new Ajv({ strict: false, allErrors: true }).compile({
    type: 'object',
    required: ['apiVersion', 'kind', 'spec'],
    properties: {
      apiVersion: { type: 'string', enum: ['example.com/v1'] },
      kind: { type: 'string', enum: ['Widget'] },
      metadata: { type: 'object' },
      spec: {
        type: 'object',
        required: ['size'],
        properties: {
          size: { type: 'integer', minimum: 1 },
          colour: { type: 'string', enum: ['red', 'blue'] },
          port: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
          config: { type: 'object' },
          labels: { type: 'object', additionalProperties: { type: 'string' } },
          parts: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer' } } } },
          description: { type: 'string' },
          anything: {},
        },
      },
    },
  });
  return (resource) => (validate(resource) ? null : (validate.errors ?? []));
})();
const compiledCrds: Crd[] = [
  {
    group: 'example.com',
    kind: 'Widget',
    name: 'widgets.example.com',
    versions: [{ name: 'v1', served: true, deprecated: false, schema: undefined, compiled: compiledWidget }],
  },
];

describe('custom resources against a compiled CRD schema (strict, as kubectl apply)', () => {
  it('when a resource matches, then it passes: map keys and free-form objects are not unknown fields', () => {
    const result = validateCustomResources([widget((w) => (w.spec.parts = [{ name: 'a', count: 1 }]))], compiledCrds);
    expect(result).toEqual({ passed: ['Widget/w1'], problems: [], unmatched: [] });
  });

  it('when fields are undeclared (spec, an item with no declared field set, an escaped name, metadata), then each is named', () => {
    const result = validateCustomResources(
      [
        widget((w) => {
          w.spec.colur = 'red';
          w.spec.parts = [{ name: 'a' }, { nmae: 'b' }];
          w.spec['a/b~c'] = 1;
          w.spec.config.deep = { any: 'thing' };
          w.metadata.lables = {};
        }),
      ],
      compiledCrds,
    );
    expect(result.problems.sort()).toEqual([
      'Widget/w1: /metadata: unknown field "lables"',
      'Widget/w1: /spec/parts/1: unknown field "nmae"',
      'Widget/w1: /spec: unknown field "a/b~c"',
      'Widget/w1: /spec: unknown field "colur"',
    ]);
    expect(result.passed).toEqual([]);
  });

  it('when types, enums, bounds or required fields are wrong, or the version is not served, then each is named', () => {
    const result = validateCustomResources(
      [
        widget((w) => {
          w.spec.size = 0;
          w.spec.colour = 'green';
          w.spec.port = true;
          w.spec.labels.a = 1;
          w.spec.parts = [{ count: '2' }];
        }),
        widget((w) => delete w.spec.size),
        widget((w) => (w.apiVersion = 'example.com/v1beta1')),
      ],
      compiledCrds,
    );
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'Widget/w1: /spec/size: must be >= 1',
        'Widget/w1: /spec/colour: must be equal to one of the allowed values (red, blue)',
        'Widget/w1: /spec/port: must match a schema in anyOf',
        'Widget/w1: /spec/labels/a: must be string',
        'Widget/w1: /spec/parts/0/count: must be integer',
        "Widget/w1: /spec: must have required property 'size'",
        'Widget/w1: example.com/v1beta1 is not served by the CRD widgets.example.com (it serves v1)',
      ]),
    );
    expect(result.passed).toEqual([]);
  });

  it('when a declared field has a schema that checks nothing, then the compiled code never reads it and it is reported, never passed', () => {
    expect(
      compiledCheck(
        compiledWidget,
        widget((w) => (w.spec.anything = 1)),
      ),
    ).toEqual(['/spec: unknown field "anything"']);
  });
});
