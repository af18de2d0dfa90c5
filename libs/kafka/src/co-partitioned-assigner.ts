import { AssignerProtocol, type PartitionAssigner } from 'kafkajs';

/**
 * Which partitions of which topics each member of a group gets, when partition n of every topic
 * holds the same keys (ledger.commands and ledger.internal: a wallet's commands from the gateway
 * and the ledger's own commands about it). Partition numbers are dealt round robin over the
 * members in id order, and a member gets its numbers in every topic, so one process applies all
 * of a wallet's commands and no two processes race for it. A number that only some topics have
 * (counts that differ, which the set-up never creates) still goes to exactly one member.
 *
 * Pure: the kafkajs assigner below only feeds it the members and the partition ids.
 */
export function coPartitionedAssignment(
  memberIds: readonly string[],
  partitionsOf: Readonly<Record<string, readonly number[]>>,
): Map<string, Record<string, number[]>> {
  const members = [...memberIds].sort();
  const assignment = new Map<string, Record<string, number[]>>(members.map((id) => [id, {}]));
  if (members.length === 0) return assignment;
  for (const topic of Object.keys(partitionsOf).sort()) {
    // own-key: topics of the group's own subscriptions (Object.keys)
    for (const partition of [...(partitionsOf[topic] ?? [])].sort((a, b) => a - b)) {
      const owner = assignment.get(members[partition % members.length]!)!;
      // own-key: topics of the group's own subscriptions
      owner[topic] = [...(owner[topic] ?? []), partition];
    }
  }
  return assignment;
}

/** coPartitionedAssignment as a kafkajs partition assigner (same protocol shape as its RoundRobinAssigner). */
export const coPartitionedAssigner: PartitionAssigner = ({ cluster }) => ({
  name: 'CoPartitionedAssigner',
  version: 0,
  async assign({ members, topics }) {
    const partitionsOf: Record<string, number[]> = {};
    // own-key: topics of the group's own subscriptions
    for (const topic of topics) partitionsOf[topic] = cluster.findTopicPartitionMetadata(topic).map((m) => m.partitionId);
    const assignment = coPartitionedAssignment(
      members.map((m) => m.memberId),
      partitionsOf,
    );
    return [...assignment.entries()].map(([memberId, byTopic]) => ({
      memberId,
      memberAssignment: AssignerProtocol.MemberAssignment.encode({ version: 0, assignment: byTopic, userData: Buffer.alloc(0) }),
    }));
  },
  protocol({ topics }) {
    return {
      name: 'CoPartitionedAssigner',
      metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }),
    };
  },
});
