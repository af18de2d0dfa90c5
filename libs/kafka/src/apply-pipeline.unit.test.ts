import { initialPipelineState, nextPipelineState, type ApplyPipelineBounds, type ApplyPipelineState } from './apply-pipeline';

const bounds: ApplyPipelineBounds = { depthMin: 1, depthMax: 4, itemsMin: 250, itemsMax: 4000, lingerMsMax: 2, riseFactor: 1.5 };

/** A state whose smoothed figures are already known: 0.1 ms per item, 20 ms an apply. */
function settled(limits: { depth: number; itemsMax: number }): ApplyPipelineState {
  return { limits: { ...limits, lingerMs: 0 }, msPerItem: 0.1, applyMs: 20 };
}

describe('the adaptive apply pipeline', () => {
  it('when it starts, then it takes the given depth and batch within the bounds and does not linger', () => {
    expect(initialPipelineState(bounds, { depth: 2, itemsMax: 9000 }).limits).toEqual({ depth: 2, itemsMax: 4000, lingerMs: 0 });
    expect(initialPipelineState(bounds).limits).toEqual({ depth: 1, itemsMax: 4000, lingerMs: 0 });
  });

  it('when bounds contradict themselves, then it refuses them', () => {
    expect(() => initialPipelineState({ ...bounds, depthMin: 0 })).toThrow('depth bounds');
    expect(() => initialPipelineState({ ...bounds, itemsMin: 5000 })).toThrow('item bounds');
    expect(() => initialPipelineState({ ...bounds, riseFactor: 1 })).toThrow('riseFactor');
  });

  it('when a full batch still waits and the cost per item is steady, then batches grow first, up to their bound', () => {
    const next = nextPipelineState(settled({ depth: 1, itemsMax: 1000 }), { items: 1000, ms: 100, queuedItems: 1500 }, bounds);
    expect(next.limits).toMatchObject({ depth: 1, itemsMax: 2000 });
    const capped = nextPipelineState(settled({ depth: 1, itemsMax: 3000 }), { items: 3000, ms: 300, queuedItems: 3000 }, bounds);
    expect(capped.limits.itemsMax).toBe(4000);
  });

  it('when a full batch still waits, batches are at their bound and the cost is steady, then one more apply runs at once', () => {
    const next = nextPipelineState(settled({ depth: 2, itemsMax: 4000 }), { items: 4000, ms: 400, queuedItems: 8000 }, bounds);
    expect(next.limits).toMatchObject({ depth: 3, itemsMax: 4000 });
    const atMax = nextPipelineState(settled({ depth: 4, itemsMax: 4000 }), { items: 4000, ms: 400, queuedItems: 8000 }, bounds);
    expect(atMax.limits.depth).toBe(4);
  });

  it('when the cost per item rises past the factor, then the depth halves, and at its floor the batch halves instead', () => {
    const deep = { items: 4000, ms: 4000 * 0.2, queuedItems: 8000 }; // 0.2 ms per item against 0.1
    expect(nextPipelineState(settled({ depth: 4, itemsMax: 4000 }), deep, bounds).limits).toMatchObject({ depth: 2, itemsMax: 4000 });
    expect(nextPipelineState(settled({ depth: 1, itemsMax: 4000 }), deep, bounds).limits).toMatchObject({ depth: 1, itemsMax: 2000 });
    expect(nextPipelineState(settled({ depth: 1, itemsMax: 300 }), { ...deep, items: 300, ms: 60 }, bounds).limits.itemsMax).toBe(250);
  });

  it('when the queue emptied, then the depth steps back by one towards its floor and the batch bound stays', () => {
    const next = nextPipelineState(settled({ depth: 3, itemsMax: 4000 }), { items: 200, ms: 20, queuedItems: 0 }, bounds);
    expect(next.limits).toMatchObject({ depth: 2, itemsMax: 4000 });
  });

  it('when the queue is shallow, then the next apply lingers a tenth of an apply, within its bound; when deep, not at all', () => {
    const shallow = nextPipelineState(settled({ depth: 1, itemsMax: 4000 }), { items: 100, ms: 10, queuedItems: 50 }, bounds);
    // Smoothed apply time 20 + 0.2 × (10 − 20) = 18 ms: a tenth is 1.8 ms.
    expect(shallow.limits.lingerMs).toBeCloseTo(1.8);
    const slow = nextPipelineState(settled({ depth: 1, itemsMax: 4000 }), { items: 100, ms: 200, queuedItems: 50 }, bounds);
    expect(slow.limits.lingerMs).toBe(2);
    const deep = nextPipelineState(settled({ depth: 1, itemsMax: 4000 }), { items: 4000, ms: 400, queuedItems: 4000 }, bounds);
    expect(deep.limits.lingerMs).toBe(0);
    const off = nextPipelineState(
      settled({ depth: 1, itemsMax: 4000 }),
      { items: 100, ms: 10, queuedItems: 50 },
      { ...bounds, lingerMsMax: 0 },
    );
    expect(off.limits.lingerMs).toBe(0);
  });

  it('when an apply is too small to say what an item costs, then its cost neither counts as rising nor moves the baseline', () => {
    // 10 items in 10 ms is 1 ms per item, ten times the baseline: the fixed cost of an apply.
    const next = nextPipelineState(settled({ depth: 2, itemsMax: 4000 }), { items: 10, ms: 10, queuedItems: 4000 }, bounds);
    expect(next.limits).toMatchObject({ depth: 3 });
    expect(next.msPerItem).toBe(0.1);
  });

  it('when a higher cost lasts, then it becomes the baseline after a few applies and the limits stop falling', () => {
    let state = settled({ depth: 4, itemsMax: 4000 });
    const depths: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      state = nextPipelineState(state, { items: 4000, ms: 4000 * 0.3, queuedItems: 8000 }, bounds);
      depths.push(state.limits.depth);
    }
    // Halved while the rise is news, then growing again once 0.3 ms is the normal cost.
    expect(depths.slice(0, 2)).toEqual([2, 1]);
    expect(state.limits.depth).toBeGreaterThan(1);
    expect(state.limits.itemsMax).toBe(4000);
  });
  it('when the cost per item rises without a backlog, then nothing is halved: a small apply costs more per item by its fixed cost alone', () => {
    const next = nextPipelineState(settled({ depth: 3, itemsMax: 4000 }), { items: 30, ms: 30, queuedItems: 20 }, bounds);
    expect(next.limits).toMatchObject({ depth: 3, itemsMax: 4000 });
  });
});
