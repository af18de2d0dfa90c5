import type { Hit, Movement, WalletProfile } from './evaluate';

/** What the score of a flagged transaction leads to (docs/design/monitoring.md "Scores and cases"). */
export interface ScoreThresholds {
  /** At or above it a case opens (or the transaction joins its subject's open case). */
  caseAt: number;
  /** At or above it the case's wallet is frozen (the ledger's freeze command). */
  freezeAt: number;
}

export const defaultThresholds: ScoreThresholds = { caseAt: 50, freezeAt: 90 };

export interface Verdict {
  /** The sum of the ACTIVE hits' scores, at most 100. */
  score: number;
  /** Every hit, TEST ones included (they are recorded, they score nothing). */
  hits: Hit[];
  /** The subject the case is about: the one of the highest-scoring ACTIVE hit (ties: the first rule). */
  subject: string | null;
  opensCase: boolean;
  freezes: boolean;
}

export function verdictOf(hits: Hit[], thresholds: ScoreThresholds): Verdict {
  const active = hits.filter((hit) => hit.mode === 'ACTIVE');
  const score = Math.min(
    100,
    active.reduce((total, hit) => total + hit.score, 0),
  );
  let top: Hit | null = null;
  for (const hit of active) if (!top || hit.score > top.score) top = hit;
  const opensCase = top !== null && score >= thresholds.caseAt;
  // Only a person's wallet can be frozen: a client's excess opens a case for a person to judge.
  const freezes = opensCase && score >= thresholds.freezeAt && top!.subject.startsWith('user:');
  return { score, hits, subject: top?.subject ?? null, opensCase, freezes };
}

/** The wallets' profiles after the movement: first seen (kept) and last seen (now) of both sides. */
export function advanceProfiles(profiles: Map<string, WalletProfile>, movement: Movement): void {
  for (const wallet of [movement.from, movement.to]) {
    if (!wallet) continue;
    const known = profiles.get(wallet);
    profiles.set(wallet, { firstSeenAt: known?.firstSeenAt ?? movement.at, lastSeenAt: Math.max(known?.lastSeenAt ?? 0, movement.at) });
  }
}

/** Coins with 2 decimals (an event's amount) to minor units, exactly. */
export function minorOf(coins: number): number {
  return Math.round(coins * 100);
}

/** The wallet key of a transaction side. */
export function walletKeyOf(userId: number | null, treasury: string | null): string | null {
  if (userId !== null) return `user:${userId}`;
  if (treasury !== null) return `treasury:${treasury}`;
  return null;
}
