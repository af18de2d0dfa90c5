import { createLogger } from '@coin/logger';
import { TestClockReader } from './test-clocks';

/** A stand-in for the sandbox ledger's GET /internal/test-clocks: answers `clocks` (seconds), or fails while `down`. */
function ledger() {
  const state = { down: false, clocks: new Map<string, number>(), asked: [] as string[][] };
  const fetchStub = (async (url: URL) => {
    const asked = (url.searchParams.get('clientIds') ?? '').split(',');
    state.asked.push(asked);
    if (state.down) throw new TypeError('fetch failed');
    const clocks = asked.filter((id) => state.clocks.has(id)).map((clientId) => ({ clientId, offsetSeconds: state.clocks.get(clientId) }));
    return new Response(JSON.stringify({ clocks }), { status: 200 });
  }) as unknown as typeof fetch;
  return { state, fetchStub };
}

describe('TestClockReader (docs/decisions/0018-sandbox.md "The test clock")', () => {
  const reader = (fetchStub: typeof fetch) =>
    new TestClockReader({
      baseUrl: 'http://sandbox-ledger.invalid',
      timeoutMs: 1000,
      signer: { authorizationFor: () => async () => 'Bearer token' },
      logger: createLogger('test', 'silent'),
      fetch: fetchStub,
    });

  it('when clients are asked about, then only test-mode ones are read (in chunks of 50), and their offsets are in milliseconds', async () => {
    const { state, fetchStub } = ledger();
    state.clocks.set('test_a', 120);
    const many = Array.from({ length: 60 }, (_, i) => `test_${i}`);
    const offsets = await reader(fetchStub).offsetsOf(['pc_live', 'test_a', ...many]);
    expect([...offsets]).toEqual([['test_a', 120_000]]);
    expect(state.asked.map((chunk) => chunk.length)).toEqual([50, 11]);
    expect(state.asked.flat()).not.toContain('pc_live');
  });

  it('when the ledger cannot be read, then the offsets last read stand, and a client never read runs on wall time', async () => {
    const { state, fetchStub } = ledger();
    const clocks = reader(fetchStub);
    state.clocks.set('test_a', 3_600);
    expect([...(await clocks.offsetsOf(['test_a']))]).toEqual([['test_a', 3_600_000]]);
    state.down = true;
    expect([...(await clocks.offsetsOf(['test_a', 'test_b']))]).toEqual([['test_a', 3_600_000]]);
  });

  it('when a client’s clock goes back (its reset), then the next read counts it at once and the worker is told by how much, once', async () => {
    const { state, fetchStub } = ledger();
    const clocks = reader(fetchStub);
    state.clocks.set('test_a', 86_400);
    state.clocks.set('test_b', 60);
    await clocks.offsetsOf(['test_a', 'test_b']);
    expect([...clocks.takeWentBack()]).toEqual([]);
    // test_a's reset deletes its clock (wall time); test_b moves forward.
    state.clocks.delete('test_a');
    state.clocks.set('test_b', 120);
    expect([...(await clocks.offsetsOf(['test_a', 'test_b']))]).toEqual([['test_b', 120_000]]);
    expect([...clocks.takeWentBack()]).toEqual([['test_a', 86_400_000]]);
    expect([...clocks.takeWentBack()]).toEqual([]);
    // A clock set back to an offset of its own (not wall time) is told as the difference.
    state.clocks.set('test_b', 30);
    expect([...(await clocks.offsetsOf(['test_b']))]).toEqual([['test_b', 30_000]]);
    expect([...clocks.takeWentBack()]).toEqual([['test_b', 90_000]]);
  });

  it('when a read fails after a reset, then nothing is told to have gone back until a read succeeds', async () => {
    const { state, fetchStub } = ledger();
    const clocks = reader(fetchStub);
    state.clocks.set('test_a', 3_600);
    await clocks.offsetsOf(['test_a']);
    state.clocks.delete('test_a');
    state.down = true;
    expect([...(await clocks.offsetsOf(['test_a']))]).toEqual([['test_a', 3_600_000]]);
    expect([...clocks.takeWentBack()]).toEqual([]);
    state.down = false;
    expect([...(await clocks.offsetsOf(['test_a']))]).toEqual([]);
    expect([...clocks.takeWentBack()]).toEqual([['test_a', 3_600_000]]);
  });
});
