import {
  type ledgerCommand,
  ledgerCommandNeedsProof,
  ledgerCommandNeedsStepUp,
  serviceCommandRefusal,
  type TopicNames,
} from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { z } from 'zod';
import {
  type BatchingProducer,
  type ConsumerOptions,
  type MessageCheck,
  commandRefusalRecord,
  commandSetAsideRecord,
  refusalIdName,
  sendRefusalRecord,
  setAsideIdName,
} from '@coin/kafka';
import {
  type AuditRecordSigner,
  CommandAuthority,
  KeyProofVerifier,
  ReferralProofVerifier,
  RevocationVerifier,
  revocationRecordKey,
  ServiceCommandVerifier,
  TestUsersProofVerifier,
  uuidV5,
} from '@coin/security';
import type { LedgerConfig } from '../config';
import { loadRevocationFloors, recordRevocationFloor } from '../db/revocation-floors';
import { authorRefusal, testUserWalletRefusal } from '../domain/authority';
import { RevocationFloors } from '../domain/revocation-floors';
import { adminMoneyRefusal } from './admin-money-proof';
import { referralRefusal } from './referral-proof';
import { testUsersRefusal } from './test-users-proof';

type CommandConsumerOptions = ConsumerOptions<typeof ledgerCommand>;
type RefusedCommand = Parameters<typeof commandRefusalRecord>[1];
type ArrivedCommand = Parameters<MessageCheck<z.output<typeof ledgerCommand>>>[0];

export interface CommandJudgeDeps {
  config: Readonly<LedgerConfig>;
  /** The home shard's pool: where the revocation floors are kept. */
  pool: Pool;
  producer: BatchingProducer;
  topics: TopicNames;
  auditSigner: AuditRecordSigner;
  now: () => Date;
}

/**
 * Who may ask (docs/DESIGN.md "Who asks"), as the apply consumer judges it: the proof a command
 * carries, the revocation floors met in ledger.commands (loaded before the first command is
 * judged, kept in the home shard), and every refusal recorded in the admin audit log.
 */
export async function commandJudge(
  deps: CommandJudgeDeps,
): Promise<
  { proofCheck: MessageCheck<z.output<typeof ledgerCommand>> } & Required<
    Pick<CommandConsumerOptions, 'records' | 'onRefused' | 'onSetAside'>
  >
> {
  const { config, topics } = deps;
  const authority = new CommandAuthority({
    keys: config.AUTHORITY_PUBLIC_KEYS,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    maxCommandAgeMs: config.COMMAND_MAX_AGE_S * 1000,
    stepUpMaxAgeMs: config.STEP_UP_MAX_AGE_S * 1000,
  });
  // A service's own commands (the monitoring service's freezes), proven by the service's own key.
  const services = new ServiceCommandVerifier({
    keys: config.MONITORING_COMMAND_PUBLIC_KEYS ? { monitoring: config.MONITORING_COMMAND_PUBLIC_KEYS } : {},
    maxCommandAgeMs: config.COMMAND_MAX_AGE_S * 1000,
  });
  // Revocations met in ledger.commands, by partition and offset.
  const floors = new RevocationFloors(await loadRevocationFloors(deps.pool));
  // The proofs of API keys the user service signs with the same keys (docs/DESIGN.md "API keys").
  const keyProofs = new KeyProofVerifier({ keys: config.AUTHORITY_PUBLIC_KEYS, issuer: config.JWT_ISSUER });
  // And the referrals of purchases naming an affiliate (docs/CONTRACT.md "Affiliate splits").
  const referrals = new ReferralProofVerifier({ keys: config.AUTHORITY_PUBLIC_KEYS, issuer: config.JWT_ISSUER });
  // Every refusal is recorded in the admin audit log (rejected, actor unverified), besides the
  // dead letter and the answer: a forged command is an attempt on authority.
  const audit = (refused: RefusedCommand) =>
    sendRefusalRecord(
      deps.producer,
      topics.adminAudit,
      commandRefusalRecord('ledger', refused, deps.auditSigner.recordId(refusalIdName(refused)), deps.now()),
    );
  // And, in the sandbox, the users a test-mode client names (docs/decisions/0018-sandbox.md "Whose users a test client names").
  const testUsers = new TestUsersProofVerifier({ keys: config.AUTHORITY_PUBLIC_KEYS, issuer: config.JWT_ISSUER });
  const verifiers = { authority, keyProofs, referrals, testUsers };
  return {
    // A command that moves coins, approves, changes limits or closes a wallet must prove who
    // asked (the caller's own signed token, checked here against the actor and the time the
    // broker appended the command): a process with only the gateway's Kafka credentials cannot
    // name an actor, nor choose the time its proof is judged at.
    proofCheck: async ({ value: command, topic, record }) => {
      // Judged first, as it needs no proof: a test user's wallet exists in the sandbox alone.
      const walletRefusal = testUserWalletRefusal(command, config.LEDGER_SPACE);
      if (walletRefusal) return walletRefusal;
      if (!ledgerCommandNeedsProof(topic === topics.ledgerInternal ? 'ledger.internal' : 'ledger.commands', command.type)) return null;
      // A service proves itself with its own key, and may send only what the contract lists for it.
      if (command.actor.kind === 'service') {
        const refusal = serviceCommandRefusal(command.actor.id, command.type);
        if (refusal) return refusal;
        const checked = await services.check(command, new Date(record.timestampMs), deps.now());
        if (!checked.ok) return checked.reason;
        return authorRefusal(command, { kind: 'service', id: checked.service, role: 'SERVICE' });
      }
      return callerRefusal(verifiers, floors, config, command, record);
    },
    records: revocationRecords(deps, floors, audit),
    onRefused: audit,
    // A command no apply could take is recorded too: an operator finds it by its request id.
    onSetAside: (setAside) =>
      sendRefusalRecord(
        deps.producer,
        topics.adminAudit,
        commandSetAsideRecord('ledger', setAside, deps.auditSigner.recordId(setAsideIdName(setAside)), deps.now()),
      ),
  };
}

/**
 * Why a person's or a platform client's command may not be applied, or null: its token (the
 * actor, valid when the command was appended, a fresh second factor where it needs one), its
 * author, and the proofs it carries besides. Revoked before this command was written (a floor at
 * an earlier offset of its partition): a map lookup, no I/O. A person's admin money command also
 * needs a second factor and the proof of the person's own API key, valid at the same time, of a
 * key not revoked before it (a floor too); a purchase naming an affiliate, a referral the user
 * service signed, valid then, of a client not revoked before it; a test-mode client's sandbox
 * command naming users, the user service's proof that they are its own.
 */
async function callerRefusal(
  verifiers: {
    authority: CommandAuthority;
    keyProofs: KeyProofVerifier;
    referrals: ReferralProofVerifier;
    testUsers: TestUsersProofVerifier;
  },
  floors: RevocationFloors,
  config: Readonly<LedgerConfig>,
  command: ArrivedCommand['value'],
  record: ArrivedCommand['record'],
): Promise<string | null> {
  const judgedAt = new Date(record.timestampMs);
  // Deciding a four-eyes request, or asking for a command that needs it, takes a fresh second factor.
  const check = await verifiers.authority.check(command, judgedAt, { stepUp: needsStepUp(config, command) });
  if (!check.ok) return check.reason;
  const offset = Number(record.offset);
  return (
    floors.refusal(record.partition, offset, check.authority) ??
    authorRefusal(command, check.authority, config.LEDGER_SPACE) ??
    (await adminMoneyRefusal(verifiers.keyProofs, command, judgedAt, (keyId) => floors.keyRefusal(record.partition, offset, keyId))) ??
    (await referralRefusal(verifiers.referrals, command, judgedAt, (clientId) =>
      floors.clientRefusal(record.partition, offset, clientId),
    )) ??
    // In the sandbox only test-mode clients pass authorRefusal: each names its own users only.
    (config.LEDGER_SPACE === 'test' ? await testUsersRefusal(verifiers.testUsers, command, judgedAt, check.authority) : null)
  );
}

/**
 * Whether a command's proof must carry a fresh second factor: a person's, so never in the sandbox,
 * where only test-mode platform clients act (domain/authority.ts) and no person has one to give.
 */
function needsStepUp(config: Pick<LedgerConfig, 'LEDGER_SPACE'>, command: Parameters<typeof ledgerCommandNeedsStepUp>[0]): boolean {
  return config.LEDGER_SPACE === 'live' && ledgerCommandNeedsStepUp(command);
}

/**
 * The user service's revocation records: not commands, so neither the schema nor the wallet key
 * check applies (they travel under their own key, written to each partition explicitly). Taken in
 * offset order, before the commands after them are judged; recorded before the batch's offsets can
 * commit. One that does not verify is dead-lettered, audited, and changes nothing.
 */
function revocationRecords(
  deps: CommandJudgeDeps,
  floors: RevocationFloors,
  audit: (refused: RefusedCommand) => Promise<void>,
): CommandConsumerOptions['records'] & {} {
  const { topics } = deps;
  const revocations = new RevocationVerifier(deps.config.AUTHORITY_PUBLIC_KEYS, deps.config.JWT_ISSUER);
  const revocationKey = Buffer.from(revocationRecordKey);
  return {
    matches: (message) => message.key !== null && revocationKey.equals(message.key),
    take: async (message, record) => {
      const verified =
        record.topic === topics.ledgerCommands
          ? await revocations.verify(message.value?.toString('utf8') ?? '')
          : { ok: false as const, reason: 'only the user service writes revocations, and only to ledger.commands' };
      if (!verified.ok) {
        const refused = {
          value: { commandId: uuidV5(refusalIdName(record)), type: revocationRecordKey, actor: { kind: 'service' as const, id: 'user' } },
          topic: record.topic,
          partition: record.partition,
          offset: record.offset,
          reason: `Revocation record refused: ${verified.reason}`,
          headers: {},
        };
        await audit(refused);
        return refused.reason;
      }
      const { subject, minTokenVersion, at } = verified.revocation;
      const floor = { partition: record.partition, offset: Number(record.offset), subject, minTokenVersion: minTokenVersion ?? null };
      await recordRevocationFloor(deps.pool, floor, at);
      floors.raise(floor);
      return null;
    },
  };
}
