import { coPartitionedAssignment } from './co-partitioned-assigner';

const six = [0, 1, 2, 3, 4, 5];

describe('coPartitionedAssignment', () => {
  it.each([1, 2, 3, 4, 5, 6, 7])(
    'when %i members share two six-partition topics, then each partition number has one owner in both',
    (count) => {
      const members = Array.from({ length: count }, (_, i) => `member-${i}`);
      const assignment = coPartitionedAssignment(members, { 'ledger.commands': six, 'ledger.internal': [...six].reverse() });
      const ownerOf = (topic: string, partition: number) =>
        [...assignment.entries()].filter(([, byTopic]) => byTopic[topic]?.includes(partition)).map(([id]) => id);
      for (const partition of six) {
        const owners = ownerOf('ledger.commands', partition);
        expect(owners).toHaveLength(1);
        expect(ownerOf('ledger.internal', partition)).toEqual(owners);
      }
      // Spread evenly: no member has two more numbers than another.
      const loads = [...assignment.values()].map((byTopic) => byTopic['ledger.commands']?.length ?? 0);
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    },
  );

  it('when the members come in another order, then the assignment is the same (every member computes the same plan)', () => {
    const a = coPartitionedAssignment(['b', 'a', 'c'], { t: six, u: six });
    const b = coPartitionedAssignment(['c', 'b', 'a'], { u: six, t: six });
    expect([...a.entries()].sort()).toEqual([...b.entries()].sort());
  });

  it('when topics differ in count (never created so), then every partition still has exactly one owner', () => {
    const assignment = coPartitionedAssignment(['a', 'b'], { t: six, u: [0, 1, 2] });
    const all = [...assignment.values()].flatMap((byTopic) =>
      Object.entries(byTopic).flatMap(([topic, ps]) => ps.map((p) => `${topic}:${p}`)),
    );
    expect(all.sort()).toEqual([...six.map((p) => `t:${p}`), 'u:0', 'u:1', 'u:2'].sort());
  });

  it('when there are no members, then nobody is assigned anything', () => {
    expect(coPartitionedAssignment([], { t: six }).size).toBe(0);
  });
});
