import {
  ledgerCommand,
  ledgerCommandNeedsProof,
  ledgerTopicRefusal,
  partitionKeyOf,
  serviceCommandRefusal,
  type LedgerCommand,
  type LedgerCommandTopic,
} from '@coin/contracts';
import { authorRefusal } from '../domain/authority';
import { authorOf } from './actors';

/**
 * What the ledger's consumer judges before any apply (libs/kafka consumer.ts `parseMessage`, then
 * the consumer's `checks`: `keyCheck`, the topic's rule, kafka/command-judge.ts `proofCheck`), for the simulation: the contract's
 * schema (`ledgerCommand.safeParse`), the topic a command may travel on, the key it belongs
 * under, and whether its author may send it (the module's rule, a service's list). Signatures are
 * taken as checked (actors.ts). A refusal here is a typed one: the caller is answered, nothing is
 * applied.
 */

export type Refusal = 'schema' | 'route' | 'key' | 'author';

export type Judged = { ok: true; command: LedgerCommand } | { ok: false; refusal: Refusal; reason: string };

export function judge(raw: unknown, topic: LedgerCommandTopic, key: string): Judged {
  const parsed = ledgerCommand.safeParse(raw);
  if (!parsed.success) {
    const reason = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    return { ok: false, refusal: 'schema', reason };
  }
  const command = parsed.data;
  const route = ledgerTopicRefusal(topic, command.type);
  if (route) return { ok: false, refusal: 'route', reason: route };
  const expected = keyOf(command);
  if (expected !== key) return { ok: false, refusal: 'key', reason: `travelled under ${key}, belongs under ${expected}` };
  if (!ledgerCommandNeedsProof(topic, command.type)) return { ok: true, command };
  const author = authorOf(command);
  const refusal =
    author === null
      ? `Command refused: no proof names a ${command.actor.kind}`
      : author.kind === 'service'
        ? (serviceCommandRefusal(author.id, command.type) ?? authorRefusal(command, author))
        : authorRefusal(command, author);
  return refusal === null ? { ok: true, command } : { ok: false, refusal: 'author', reason: refusal };
}

/** The key a message travels under, as its sender computes it (partitionKeyOf); a message no rule keys goes under its type. */
export function keyOf(raw: unknown): string {
  try {
    return partitionKeyOf(raw as LedgerCommand);
  } catch {
    return `unkeyed:${String((raw as { type?: unknown } | null)?.type)}`;
  }
}
