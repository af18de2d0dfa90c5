import { webhooksConfigSchema } from './config';

/** The issues a value of one key raises, whatever the other (required) keys lack. */
function issuesOf(key: string, value: string | undefined): string[] {
  const result = webhooksConfigSchema.safeParse(value === undefined ? {} : { [key]: value });
  return (result.error?.issues ?? []).map((i) => i.path.join('.')).filter((path) => path === key);
}

describe("webhooks configuration: the live worker's longest sleep", () => {
  it('when WEBHOOKS_IDLE_SWEEP_INTERVAL_MS is not set, then it is 30 s', () => {
    expect(webhooksConfigSchema.shape.WEBHOOKS_IDLE_SWEEP_INTERVAL_MS.parse(undefined)).toBe(30_000);
  });

  it.each(['1000', '600000'])('when WEBHOOKS_IDLE_SWEEP_INTERVAL_MS is %s, then it is taken', (value) => {
    expect(issuesOf('WEBHOOKS_IDLE_SWEEP_INTERVAL_MS', value)).toEqual([]);
  });

  it.each(['999', '600001', '1.5', '-1', 'a minute'])('when WEBHOOKS_IDLE_SWEEP_INTERVAL_MS is %s, then it is refused', (value) => {
    expect(issuesOf('WEBHOOKS_IDLE_SWEEP_INTERVAL_MS', value)).toEqual(['WEBHOOKS_IDLE_SWEEP_INTERVAL_MS']);
  });
});
