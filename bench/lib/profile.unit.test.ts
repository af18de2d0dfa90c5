import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kafkajsPercent } from './ledger-profile';
import { isKafkajsFrame, summariseProfile, windowShare } from './profile';

describe('the CPU profile summary', () => {
  const frame = (id: number, functionName: string, url: string) => ({ id, callFrame: { functionName, url, lineNumber: 0 } });
  const kafkajsUrl = 'file:///app/node_modules/kafkajs/src/protocol/encoder.js';
  const ledgerUrl = 'file:///app/services/ledger/src/apply/apply-commands.ts';
  const nodes = [frame(1, '(idle)', ''), frame(2, 'encode', kafkajsUrl), frame(3, 'applyCommands', ledgerUrl)];
  /** A profile of these nodes (1 idle, 2 kafkajs, 3 the ledger) sampled once a millisecond, written to a file. */
  const written = (samples: number[]): string => {
    const profile = { nodes, samples, timeDeltas: samples.map(() => 1000), startTime: 0, endTime: samples.length * 1000 };
    const file = join(mkdtempSync(join(tmpdir(), 'profile-')), 'ledger.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    return file;
  };

  it('when a profile has kafkajs frames, then their self time is reported as a share of the busy time, idle left out', () => {
    const file = written([1, 1, 2, 3, 3, 3]);
    expect(summariseProfile(file).split('\n')[0]).toMatch(/0\.0 s profiled, 0\.0 s not idle, 25\.0 % of it in kafkajs \(self time\)$/);
    expect(isKafkajsFrame('file:///app/node_modules/kafkajs/src/producer/index.js')).toBe(true);
    expect(isKafkajsFrame('file:///app/libs/kafka/src/kafkajs-idle-loop-fix.ts')).toBe(false);
  });

  it('when a step is a window of a longer profile, then only the samples inside it count, idle left out, over every process', () => {
    // Samples at 1 to 8 ms: start-up in kafkajs, then the window 4-7 ms (kafkajs, ledger, ledger, idle), then the stop.
    const file = written([2, 2, 2, 2, 3, 3, 1, 2]);
    const inStep = windowShare(file, 4, 7);
    expect(inStep).toEqual({ busyMs: 3, kafkajsMs: 1 });
    expect(kafkajsPercent([inStep, { busyMs: 1, kafkajsMs: 1 }])).toEqual({ busyMs: 4, percent: 50 });
  });
});
