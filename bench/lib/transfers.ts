/** The bench's requests: random transfers between seeded users (bench/run.ts, bench/scale-out.ts). */
import { randomUUID } from 'node:crypto';
import type { SeededUser } from '../../scripts/stack/seed';
import type { GeneratedRequest } from './load';

export function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/** 0.01 to 1.00 coins: small enough that no funded user runs dry during a run. */
export function randomAmount(): number {
  return (1 + Math.floor(Math.random() * 100)) / 100;
}

export function transferGenerator(users: SeededUser[], idempotency: boolean): () => GeneratedRequest {
  return () => {
    const from = pick(users);
    let to = pick(users);
    while (to.userId === from.userId) to = pick(users);
    const headers: Record<string, string> = { authorization: `Bearer ${from.accessToken}` };
    if (idempotency) headers['idempotency-key'] = randomUUID();
    return {
      path: '/api/coins/transfer',
      headers,
      body: JSON.stringify({ toUserId: to.userId, amount: randomAmount(), reason: 'bench transfer' }),
    };
  };
}
