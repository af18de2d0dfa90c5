import { eventually } from './eventually';
import { speedFactorVariable } from './machine-speed';

describe('eventually', () => {
  const given = process.env[speedFactorVariable];
  afterEach(() => {
    if (given === undefined) delete process.env[speedFactorVariable];
    else process.env[speedFactorVariable] = given;
  });

  it('when the check holds after a few polls, then its value is returned', async () => {
    let polls = 0;
    await expect(eventually(async () => (++polls >= 3 ? 'done' : undefined), 5000)).resolves.toBe('done');
    expect(polls).toBe(3);
  });

  it("when the check never holds, then it fails after the bound times the run's machine-speed factor, naming what was awaited and the last error", async () => {
    process.env[speedFactorVariable] = '3';
    const started = Date.now();
    await expect(
      eventually(
        async () => {
          throw new Error('not yet');
        },
        40,
        'the thing',
      ),
    ).rejects.toThrow('the thing not reached within 120 ms: Error: not yet');
    expect(Date.now() - started).toBeGreaterThanOrEqual(120);
  });
});
