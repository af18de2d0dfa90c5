import { clientMayReward, roleAtLeast, type LedgerCommand, type Role } from '@coin/contracts';

/**
 * Whether the verified author of a client command may send it (docs/DESIGN.md "Who asks: proof of
 * authority in every command"). The gateway checked the same before sending; the ledger checks
 * again from the proof it verified itself, so neither a compromised gateway nor a process with
 * its Kafka credentials can move a wallet's coins for someone else, or act above their role.
 * Pure: the consumer asks it after the proof's signature and times have been checked.
 */
export interface VerifiedAuthor {
  kind: 'user' | 'system';
  id: string;
  role: string;
  /** Platform clients: the treasuries they were granted (a token without the claim grants none). */
  treasuries?: string[];
}

function isRole(role: string): role is Role {
  return role === 'USER' || role === 'DEVELOPER' || role === 'ADMIN' || role === 'SUPERADMIN';
}

function userAtLeast(author: VerifiedAuthor, minimum: Role): boolean {
  return author.kind === 'user' && isRole(author.role) && roleAtLeast(author.role, minimum);
}

/** Why this author may not send this command, or null when they may. */
export function authorRefusal(command: LedgerCommand, author: VerifiedAuthor): string | null {
  const is = (userId: number) => author.kind === 'user' && author.id === String(userId);
  switch (command.type) {
    case 'ledger.open-wallet':
    case 'ledger.credit':
    case 'ledger.expire-hold':
    case 'ledger.expire-approval':
      return null;
    case 'ledger.transfer':
    case 'ledger.hold':
      return is(command.data.fromUserId) ? null : "Command refused: only the payer moves or reserves their wallet's coins";
    case 'ledger.reward': {
      if (userAtLeast(author, 'ADMIN')) return null;
      // Rewards are paid from REWARDS: a platform client must have been granted it.
      if (author.kind === 'system' && clientMayReward(author.treasuries)) return null;
      return 'Command refused: the author may not reward from REWARDS';
    }
    case 'ledger.capture-hold':
    case 'ledger.void-hold':
      // A platform client's grant is judged against the hold's recipient where the hold is read (decide).
      return userAtLeast(author, 'ADMIN') || author.kind === 'system'
        ? null
        : 'Command refused: only ADMIN+ and platform clients settle holds';
    case 'ledger.close-wallet':
      return userAtLeast(author, 'SUPERADMIN') ? null : 'Command refused: only a SUPERADMIN closes a wallet';
    case 'ledger.mint':
    case 'ledger.burn':
    case 'ledger.refund':
    case 'ledger.set-limits':
    case 'ledger.request-approval':
    case 'ledger.approve':
    case 'ledger.reject-approval':
      return userAtLeast(author, 'ADMIN') ? null : `Command refused: ${command.type} needs an ADMIN+`;
  }
}

/**
 * What a platform client's token grants, read from the command's proof. The consumer verified the
 * proof's signature before the command reached the apply, so reading its claims here is reading
 * what the user service signed; a command without a proof (tests, the ledger's own) grants nothing.
 */
export function platformGrantsOf(command: Pick<LedgerCommand, 'actor'> & { proof?: string | undefined }): {
  treasuries?: string[];
  rewardCap?: number | null;
} {
  if (command.actor.kind !== 'system' || !command.proof) return {};
  const payload = command.proof.split('.')[1];
  if (!payload) return {};
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const cap = claims['rewardCap'];
    const treasuries = claims['treasuries'];
    return {
      ...(Array.isArray(treasuries) ? { treasuries: treasuries.filter((t): t is string => typeof t === 'string') } : {}),
      ...(typeof cap === 'number' && Number.isSafeInteger(cap) && cap >= 0 ? { rewardCap: cap } : {}),
    };
  } catch {
    return {};
  }
}
