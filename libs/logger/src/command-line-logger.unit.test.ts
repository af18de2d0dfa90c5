import { spawnSync } from 'node:child_process';

/**
 * A tool that logs its batches and then prints its summary, its stdout a pipe (`| tail -n 1` in a
 * guide): the summary comes last, after every log line. With an asynchronous log write the summary,
 * written at once, overtook the lines still queued.
 */
const child = `
  const { createCommandLineLogger } = require(${JSON.stringify(require.resolve('./index'))});
  const logger = createCommandLineLogger('order-probe', 'info');
  for (let i = 0; i < 200; i++) logger.info({ i }, 'batch');
  process.stdout.write('summary\\n');
`;

describe('createCommandLineLogger', () => {
  it('when a tool logs its batches and then prints its summary to a pipe, then the summary is the last line, after all 200 log lines in order', () => {
    const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), '-e', child], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const seen = lines.map((line) => (line.startsWith('{') ? `batch ${(JSON.parse(line) as { i: number }).i}` : line));
    expect(seen).toEqual([...Array.from({ length: 200 }, (_, i) => `batch ${i}`), 'summary']);
  });
});
