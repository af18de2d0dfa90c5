import { generateKeyPairSync } from 'node:crypto';
import { ledgerConfigSchema } from './config';
import { ShardMap } from './shards';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const base = {
  LEDGER_DATABASE_URL: 'postgres://ledger@localhost/coin',
  SERVICE_TOKEN_PUBLIC_KEYS: JSON.stringify({ gateway: publicKeyPem }),
  SERVICE_TOKEN_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  AUTHORITY_PUBLIC_KEYS: JSON.stringify([{ kid: 'k1', publicKeyPem }]),
};
const secretA = 'postgres://coin_ledger_app:s3cret-a@db-a:5432/coin';
const secretB = 'postgres://coin_ledger_app:s3cret-b@db-b:5432/coin';

function shardsOf(text: string) {
  return ledgerConfigSchema.parse({ ...base, LEDGER_SHARDS_DATABASE_URL: text }).LEDGER_SHARDS_DATABASE_URL!;
}

function refusalOf(text: string): string {
  const result = ledgerConfigSchema.safeParse({ ...base, LEDGER_SHARDS_DATABASE_URL: text });
  expect(result.success).toBe(false);
  return JSON.stringify(result.error?.issues);
}

describe('ledger shard map (LEDGER_SHARDS_DATABASE_URL)', () => {
  it('when it is unset, then there is no shard map and the ledger keeps its one database', () => {
    expect(ledgerConfigSchema.parse(base).LEDGER_SHARDS_DATABASE_URL).toBeUndefined();
    const single = ShardMap.single(base.LEDGER_DATABASE_URL, 3);
    expect(single.shards).toEqual([{ index: 0, partitions: [0, 1, 2], url: base.LEDGER_DATABASE_URL }]);
    expect([0, 1, 2].map((p) => single.shardOfPartition(p))).toEqual([0, 0, 0]);
  });

  it('when ranges and lists name each partition once, then each partition has its one shard', () => {
    const shards = shardsOf(`0-2,6=${secretA}; 3-5 = ${secretB}`);
    expect(shards).toEqual([
      { index: 0, partitions: [0, 1, 2, 6], url: secretA },
      { index: 1, partitions: [3, 4, 5], url: secretB },
    ]);
    const map = ShardMap.of(shards, 7);
    expect([0, 1, 2, 3, 4, 5, 6].map((p) => map.shardOfPartition(p))).toEqual([0, 0, 0, 1, 1, 1, 0]);
  });

  it.each([
    ['a partition owned twice', `0-3=${secretA};3-5=${secretB}`, 'partition 3 is owned by shard 0 and shard 1'],
    ['no URL', '0-2=', 'shard 0'],
    ['not a PostgreSQL URL', `0-2=${secretA};3-5=redis://x:s3cret-b@h/0`, 'shard 1'],
    ['a range backwards', `2-0=${secretA}`, 'shard 0'],
    ['nothing', ' ; ', 'shards'],
  ])('when it has %s, then the configuration is refused without printing a password', (_, text, reason) => {
    const refusal = refusalOf(text);
    expect(refusal).toContain(reason);
    expect(refusal).toContain('LEDGER_SHARDS_DATABASE_URL');
    expect(refusal).not.toContain('s3cret');
  });

  it('when the topic has a partition no shard owns, or a shard owns one the topic lacks, then start-up is refused', () => {
    const shards = shardsOf(`0-2=${secretA};3-4=${secretB}`);
    expect(() => ShardMap.of(shards, 6)).toThrow('no shard owns partition(s) 5 of 6');
    expect(() => ShardMap.of(shards, 4)).toThrow('shard 1 owns partition 4, but ledger.commands has 4');
    for (const count of [4, 6]) {
      try {
        ShardMap.of(shards, count);
      } catch (err) {
        expect((err as Error).message).not.toContain('s3cret');
      }
    }
  });
});
