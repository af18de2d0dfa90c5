import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isKafkajsFrame, summariseProfile } from './profile';

describe('the CPU profile summary', () => {
  it('when a profile has kafkajs frames, then their self time is reported as a share of the busy time, idle left out', () => {
    const frame = (id: number, functionName: string, url: string) => ({ id, callFrame: { functionName, url, lineNumber: 0 } });
    const profile = {
      nodes: [
        frame(1, '(idle)', ''),
        frame(2, 'crc32C', 'file:///app/node_modules/kafkajs/src/protocol/recordBatch/crc32C/crc32C.js'),
        frame(3, 'applyCommands', 'file:///app/services/ledger/src/apply/apply-commands.ts'),
      ],
      samples: [1, 1, 2, 3, 3, 3],
      timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000],
      startTime: 0,
      endTime: 6000,
    };
    const file = join(mkdtempSync(join(tmpdir(), 'profile-')), 'ledger.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    expect(summariseProfile(file).split('\n')[0]).toMatch(/0\.0 s profiled, 0\.0 s not idle, 25\.0 % of it in kafkajs \(self time\)$/);
    expect(isKafkajsFrame('file:///app/node_modules/kafkajs/src/producer/index.js')).toBe(true);
    expect(isKafkajsFrame('file:///app/libs/kafka/src/kafkajs-idle-loop-fix.ts')).toBe(false);
  });
});
