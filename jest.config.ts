/**
 * Jest's configuration: the four projects of `npm test` (docs/reference/development.md "Tests"). Node 24 loads this file
 * with its own type stripping (jest 30 tries that before a TS loader), so it needs no ts-node:
 * only erasable TypeScript here (type annotations and `import type`, no enums or namespaces).
 */
import type { Config } from 'jest';

type ProjectConfig = Exclude<NonNullable<Config['projects']>[number], string>;

/** TypeScript (and the ES modules below) compiled to CommonJS by SWC, as every Node project of the repository is run. */
function swc(parser: { syntax: 'typescript' | 'ecmascript'; tsx?: true }, react?: true) {
  return [
    '@swc/jest',
    {
      jsc: { parser, ...(react ? { transform: { react: { runtime: 'automatic' } } } : {}), target: 'es2022' },
      module: { type: 'commonjs' },
    },
  ] as [string, Record<string, unknown>];
}

/**
 * The packages of node_modules that ship ES modules only, which jest must compile too: cookie
 * (light-my-request's), jose (tokens), and the Kubernetes models with is-cidr and cidr-regex, which
 * @kubernetes-models/validate imports (scripts/deploy/prometheus-operator-crds.ts requires them by path).
 */
const esmOnlyPackages = ['cookie', 'jose', '@kubernetes-models', 'is-cidr', 'cidr-regex'];

/** The one transform of the Node projects (unit, int, e2e). */
const nodeTransform: ProjectConfig['transform'] = {
  '^.+\\.ts$': swc({ syntax: 'typescript' }),
  '^.+/node_modules/(cookie|jose)/.+\\.js$': swc({ syntax: 'typescript' }),
  '^.+/node_modules/(@kubernetes-models|is-cidr|cidr-regex)/.+\\.js$': swc({ syntax: 'ecmascript' }),
};

/**
 * What every project shares. Jest crawls its roots for its file map at every start: the folders
 * of code and tests, not the whole checkout, whose node_modules, Node (.tools) and the local
 * Kafka's and PostgreSQL's data (.data, a file per topic partition and index) are tens of
 * thousands of files more. The benchmarks' work directory holds copies of packages jest must not map.
 */
const everyProject: ProjectConfig = {
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/scripts', '<rootDir>/test', '<rootDir>/bench'],
  modulePathIgnorePatterns: ['<rootDir>/.bench/'],
};

/** The Node projects: one transform, the ESM-only packages compiled, the Kubernetes models mapped to their files. */
const nodeProject: ProjectConfig = {
  ...everyProject,
  transform: nodeTransform,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  moduleNameMapper: {
    '^@kubernetes-models/(base|validate)$': '<rootDir>/node_modules/@kubernetes-models/$1/dist/index.js',
    '^@kubernetes-models/validate/runtime/(.+)$': '<rootDir>/node_modules/@kubernetes-models/validate/dist/runtime/$1.js',
    '^@kubernetes-models/apimachinery/(.+)$': '<rootDir>/node_modules/@kubernetes-models/apimachinery/$1.js',
  },
};

/**
 * The long tier (`npm run test:long`): files long by nature, not slow by accident. Chaos, the
 * history checkers (the linearizability checker's Go tests and builds too), the simulations, the restores, the README's and the guides' runs, the Python and Go clients' runs, the reference's code samples run in each language, `coin trigger` of every event type, a platform's walkthrough of its own money, the browser
 * screens, Schemathesis and the fuzzers, and the brokers of their own (TLS, SASL, SNI). Every other
 * int and e2e file is the gate's (`npm test`); `.ci/run` runs both.
 */
export const longTier = [
  'test/e2e/chaos-short.test.ts',
  'test/chaos/checker.int.test.ts',
  'test/chaos/history/checker.unit.test.ts',
  'test/chaos/checker-bugs.int.test.ts',
  'services/ledger/src/simulation/simulation.int.test.ts',
  'services/ledger/src/simulation/kafka-mode.int.test.ts',
  'test/e2e/abuse-scenario.test.ts',
  'test/ops/restore-downstream.int.test.ts',
  'test/ops/restore-runbook.int.test.ts',
  'test/e2e/readme-commands.test.ts',
  'test/e2e/readme-tour.test.ts',
  'test/e2e/readme-platform-example.test.ts',
  'test/e2e/python-client.test.ts',
  'test/e2e/go-client.test.ts',
  'test/e2e/code-samples-run.test.ts',
  'test/e2e/guides.test.ts',
  'test/e2e/sandbox-economy-guide.test.ts',
  'test/e2e/cli-trigger-every-type.test.ts',
  'test/e2e/platform-walkthrough.test.ts',
  'test/e2e/admin-console.test.ts',
  'test/e2e/admin-console-clients.test.ts',
  'test/e2e/admin-console-screens.test.ts',
  'test/e2e/security/docs-csp.test.ts',
  'test/e2e/contract-schemathesis.test.ts',
  'test/e2e/fuzz-openapi.test.ts',
  'test/e2e/malformed-property.test.ts',
  'test/e2e/hostile-wire.test.ts',
  'test/security/kafka-tls.int.test.ts',
  'test/security/kafka-sasl.int.test.ts',
  'test/security/kafka-sni.int.test.ts',
];
const longTierPaths = longTier.map((file) => `<rootDir>/${file}`);
/** Paths as patterns of testPathIgnorePatterns (their dots literal). */
const pathPatterns = (files: string[]) => files.map((file) => `/${file.replaceAll('.', '\\.')}$`);
const longTierPatterns = pathPatterns(longTier);

/**
 * The unit files that drive an outside tool, which `npm run test:quick` (COIN_TEST_QUICK=1) leaves
 * to the gate: Spectral's lint of the OpenAPI document, oasdiff's comparisons with the released
 * one, the client's generation in a child tsx, the Python client's (openapi-python-client) and its
 * layer's tests, the Go client's (oapi-codegen, then go vet and go test), and the kubectl renders
 * of the manifests and CRDs.
 */
export const toolDrivenUnitFiles = [
  'scripts/contract/spectral.unit.test.ts',
  'scripts/contract/api-versions.unit.test.ts',
  'scripts/contract/generate-client.unit.test.ts',
  'scripts/contract/generate-python-client.unit.test.ts',
  'scripts/contract/generate-go-client.unit.test.ts',
  'test/deploy/manifests.unit.test.ts',
  'scripts/deploy/crd-validate.unit.test.ts',
];
const quickLeavesOut = process.env.COIN_TEST_QUICK === '1' ? pathPatterns(toolDrivenUnitFiles) : [];

/**
 * The tiers that run against the infrastructure: jest's global set-up starts or finds it, its
 * teardown removes the run's prefixes. Their environment keeps the worker's shared test stacks
 * (test/harness/stack.ts).
 */
const withInfrastructure: ProjectConfig = {
  testEnvironment: '<rootDir>/test/harness/shared-stack-environment.cjs',
  globalSetup: '<rootDir>/test/harness/global-setup.ts',
  globalTeardown: '<rootDir>/test/harness/global-teardown.ts',
  // Their time limits scaled by the machine-speed factor the global set-up measured.
  setupFilesAfterEnv: ['<rootDir>/test/harness/scaled-timeouts.setup.ts'],
};

const config: Config = {
  // On the reference machine: the int and e2e tiers scale it (test/harness/scaled-timeouts.setup.ts).
  testTimeout: 60_000,
  // Four files at a time on two cores: the int and e2e files mostly wait (docs/reference/development.md "Tests").
  maxWorkers: 4,
  testSequencer: '<rootDir>/test/harness/sequencer.cjs',
  projects: [
    {
      ...nodeProject,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/libs/**/*.unit.test.ts',
        '<rootDir>/services/**/*.unit.test.ts',
        '<rootDir>/scripts/**/*.unit.test.ts',
        '<rootDir>/test/**/*.unit.test.ts',
        '<rootDir>/bench/**/*.unit.test.ts',
      ],
      testPathIgnorePatterns: ['/node_modules/', ...longTierPatterns, ...quickLeavesOut],
    },
    {
      ...nodeProject,
      ...withInfrastructure,
      displayName: 'int',
      testMatch: ['<rootDir>/libs/**/*.int.test.ts', '<rootDir>/services/**/*.int.test.ts', '<rootDir>/test/**/*.int.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...longTierPatterns],
    },
    {
      ...nodeProject,
      ...withInfrastructure,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...longTierPatterns],
    },
    {
      ...nodeProject,
      ...withInfrastructure,
      displayName: 'long',
      testMatch: longTierPaths,
    },
    {
      ...everyProject,
      // The admin console's component tests: each screen rendered in jsdom, no stack.
      displayName: 'console',
      testEnvironment: 'jsdom',
      testEnvironmentOptions: { url: 'http://localhost/admin/' },
      testMatch: ['<rootDir>/services/admin-console/src/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/services/admin-console/src/testing-library.setup.ts'],
      transform: { '^.+\\.tsx?$': swc({ syntax: 'typescript', tsx: true }, true) },
      moduleFileExtensions: ['tsx', 'ts', 'js', 'json'],
      // The client's source (src/index.ts) instead of its build (package.json main: dist/), and the CSV writer's.
      moduleNameMapper: {
        '^@coin/client$': '<rootDir>/libs/client/src/index.ts',
        '^@coin/contracts/csv$': '<rootDir>/libs/contracts/src/csv.ts',
      },
    },
  ],
};

export default config;
