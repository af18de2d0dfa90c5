import { scaledBound } from './machine-speed';
import { scaleHook, scaleTestGlobal } from './scaled-timeouts';

/** jest.config.ts's testTimeout: the limit of a test that gives none. */
const defaultTestTimeoutMs = 60_000;

// Before each int and e2e file (jest.config.ts's setupFilesAfterEnv): its limits scaled (./scaled-timeouts).
jest.setTimeout(scaledBound(defaultTestTimeoutMs));
globalThis.it = scaleTestGlobal(globalThis.it, scaledBound);
globalThis.test = scaleTestGlobal(globalThis.test, scaledBound);
globalThis.beforeAll = scaleHook(globalThis.beforeAll, scaledBound);
globalThis.afterAll = scaleHook(globalThis.afterAll, scaledBound);
globalThis.beforeEach = scaleHook(globalThis.beforeEach, scaledBound);
globalThis.afterEach = scaleHook(globalThis.afterEach, scaledBound);
