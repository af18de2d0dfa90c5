import { AssignerProtocol, type PartitionAssigner } from 'kafkajs';

/**
 * How a gateway instance picks the one partition of the reply topic it reads (and names in the
 * `reply-partition` header of its commands). Two instances on one partition stay correct: each
 * drops the other's replies by correlation id; they only read more than they need.
 */
export interface ReplyPartitionClaim {
  /** The partition to read, one of 0 … partitions − 1. */
  claim(partitions: number): Promise<number>;
  /** Gives the partition back (on stop), so the next instance can take it. */
  release(): Promise<void>;
}

/** No coordination: a random partition. For tools and tests with one instance. */
export const randomReplyPartition: ReplyPartitionClaim = {
  claim: async (partitions) => Math.floor(Math.random() * partitions),
  release: async () => undefined,
};

/**
 * kafkajs has no manual partition assignment, so the reply consumer joins a group of its own and
 * this assigner gives every member of it exactly the claimed partition. The group is the
 * instance's alone (its id names the instance); a crashed consumer's replacement may briefly
 * share it with the dead member, so each member gets the partition rather than only the first.
 */
export function fixedPartitionAssigner(topic: string, partition: number): PartitionAssigner {
  const name = 'CoinFixedPartition';
  return () => ({
    name,
    version: 1,
    assign: async ({ members }) =>
      members.map(({ memberId }) => ({
        memberId,
        memberAssignment: AssignerProtocol.MemberAssignment.encode({
          version: 1,
          assignment: { [topic]: [partition] },
          userData: Buffer.alloc(0),
        }),
      })),
    protocol: ({ topics }) => ({
      name,
      metadata: AssignerProtocol.MemberMetadata.encode({ version: 1, topics, userData: Buffer.alloc(0) }),
    }),
  });
}
