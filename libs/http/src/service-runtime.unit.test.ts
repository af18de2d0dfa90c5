import { createLogger } from '@coin/logger';
import { ServiceRuntime, startService } from './service-runtime';

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('runtime-test', 'info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('the service runtime', () => {
  it('when a service closes, then its components close in the reverse order they were opened', async () => {
    const { logger } = recordingLogger();
    const events: string[] = [];
    const service = await startService(logger, async (runtime) => {
      for (const name of ['postgres', 'kafka producer', 'consumer', 'api']) {
        await runtime.open(
          name,
          async () => events.push(`open ${name}`),
          async () => void events.push(`close ${name}`),
        );
      }
      return { url: 'api', metricsUrl: 'metrics' };
    });
    expect(service.url).toBe('api');
    await service.close();
    expect(events).toEqual([
      'open postgres',
      'open kafka producer',
      'open consumer',
      'open api',
      'close api',
      'close consumer',
      'close kafka producer',
      'close postgres',
    ]);
  });

  it('when a component fails to close, then the failure is logged, the rest are still closed, and close rejects naming it', async () => {
    const { logger, lines } = recordingLogger();
    const closed: string[] = [];
    const runtime = new ServiceRuntime(logger);
    runtime.onClose('postgres', () => void closed.push('postgres'));
    runtime.onClose('consumer', () => {
      throw new Error('broker gone');
    });
    runtime.onClose('api', async () => void closed.push('api'));
    await expect(runtime.close()).rejects.toThrow(/consumer/);
    expect(closed).toEqual(['api', 'postgres']);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, component: 'consumer', err: expect.objectContaining({ message: 'broker gone' }) }),
    );
  });

  it('when close is asked twice (a second signal, a test and the signal), then each component closes once', async () => {
    const { logger } = recordingLogger();
    let closes = 0;
    const runtime = new ServiceRuntime(logger);
    runtime.onClose('api', async () => {
      closes += 1;
    });
    await Promise.all([runtime.close(), runtime.close()]);
    await runtime.close();
    expect(closes).toBe(1);
  });

  it('when start-up fails part way, then what was opened is closed in reverse order and the start-up error is thrown', async () => {
    const { logger } = recordingLogger();
    const closed: string[] = [];
    const started = startService(logger, async (runtime) => {
      runtime.onClose('postgres', () => void closed.push('postgres'));
      runtime.onClose('kafka producer', () => void closed.push('kafka producer'));
      throw new Error('ledger.internal has 4 partitions and ledger.commands 8');
    });
    await expect(started).rejects.toThrow('ledger.internal has 4 partitions');
    expect(closed).toEqual(['kafka producer', 'postgres']);
  });

  it('then it is ready only once every component is up, and no longer from the moment it begins to close', async () => {
    const { logger } = recordingLogger();
    const seen: boolean[] = [];
    let runtimeOf: ServiceRuntime | undefined;
    const service = await startService(logger, async (runtime) => {
      runtimeOf = runtime;
      seen.push(runtime.isReady());
      runtime.onClose('api', () => void seen.push(runtime.isReady()));
      return { url: 'api', metricsUrl: 'metrics' };
    });
    seen.push(runtimeOf!.isReady());
    await service.close();
    seen.push(runtimeOf!.isReady());
    expect(seen).toEqual([false, true, false, false]);
  });
});
