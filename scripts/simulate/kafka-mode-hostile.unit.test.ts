import { type Answered, answerFindings, wrappable } from './kafka-mode';
import { hostileFindings, hostileRecordKinds, type CarriedCommand, type HostileSent } from './kafka-mode-hostile';

/**
 * How the Kafka-mode simulation judges a hostile record that is decided like any command (the
 * "no type header" row): its retry must be answered from the stored outcome, except a dry run's,
 * which is decided afresh every time and stores nothing.
 */
const decidedKind = hostileRecordKinds.find((k) => k.name === 'no type header')!;
const correlationId = '7a4f2f0e-9a1b-4c55-8d7e-3f0f6a0c1b2d';

function sentOf(): HostileSent {
  return {
    kind: decidedKind,
    record: {
      key: 'wallet:u1',
      value: Buffer.from('{}'),
      headers: {},
      commandId: '0b3c8a52-1e1f-4e0c-9a57-5b2f8c8f1d10',
      answers: [{ correlationId, expected: 'decided' }],
    },
    partition: 3,
    offset: '52',
  };
}

const watch = {
  deadLettersOf: () => [],
  answersTo: () => [{ ok: false, code: 'UNAVAILABLE' }],
};

function carried(dryRun: boolean): CarriedCommand {
  return {
    wrapped: true,
    retryFirst: { code: 'UNAVAILABLE', replayed: false },
    retryFirstAcrossKill: false,
    retryCodes: ['UNAVAILABLE'],
    stored: !dryRun,
    dryRun,
  };
}

describe('the judge of a decided hostile record', () => {
  it('when the wrapped command is a dry run, then its retry decided afresh is no finding', () => {
    expect(hostileFindings(sentOf(), carried(true), watch)).toEqual([]);
  });

  it('when the wrapped command is applied for real, then its retry decided afresh is a lost outcome', () => {
    expect(hostileFindings(sentOf(), carried(false), watch).map((f) => f.kind)).toEqual(['hostile-lost']);
  });
});

describe('the judge of a refused hostile record whose retry was answered from a stored outcome', () => {
  const hugeKey = hostileRecordKinds.find((k) => k.name === 'a key of 500,000 characters')!;
  const refused: HostileSent = {
    ...sentOf(),
    kind: hugeKey,
    record: { ...sentOf().record, answers: [{ correlationId, expected: 'refused' }] },
  };
  const deadLettered = {
    deadLettersOf: () => [
      {
        error: `key: travelled under 500000 characters, sha256 ${'0'.repeat(64)}, but this command belongs under wallet:u1`,
        truncated: false,
      },
    ],
    answersTo: () => [{ ok: false, code: 'COMMAND_REFUSED' }],
  };
  const replayedRetry = (acrossKill: boolean): CarriedCommand => ({
    wrapped: true,
    retryFirst: { code: null, replayed: true },
    retryFirstAcrossKill: acrossKill,
    retryCodes: ['ok'],
    stored: true,
    dryRun: false,
  });

  it('when no ledger process ended while the retry waited, then only the refused record could have stored it: the record was applied', () => {
    expect(hostileFindings(refused, replayedRetry(false), deadLettered).map((f) => f.kind)).toEqual(['hostile-applied']);
  });

  it('when a ledger process ended while the retry waited, then the retry itself may have been applied and delivered again: no finding', () => {
    expect(hostileFindings(refused, replayedRetry(true), deadLettered)).toEqual([]);
  });
});

type GeneratedCommand = Parameters<typeof wrappable>[0];

describe('a decided hostile record answered otherwise than its retry', () => {
  const answeredOk = { deadLettersOf: () => [], answersTo: () => [{ ok: true, code: null }] };
  const retriedRefused = (dryRun: boolean): CarriedCommand => ({
    wrapped: true,
    retryFirst: { code: 'INSUFFICIENT_FUNDS', replayed: !dryRun },
    retryFirstAcrossKill: false,
    retryCodes: ['INSUFFICIENT_FUNDS'],
    stored: !dryRun,
    dryRun,
  });

  it('when the command is applied for real, then the two answers are one command decided twice', () => {
    expect(hostileFindings(sentOf(), retriedRefused(false), answeredOk).map((f) => f.kind)).toEqual(['replay']);
  });

  it('when the command is a dry run, then its retry was decided afresh on wallets the other lanes moved: no finding', () => {
    expect(hostileFindings(sentOf(), retriedRefused(true), answeredOk)).toEqual([]);
  });
});

describe('the commands a hostile record may wrap', () => {
  const capture = (bulk?: GeneratedCommand['bulk'], replay: GeneratedCommand['replay'] = null): GeneratedCommand => ({
    raw: {
      type: 'ledger.capture-hold',
      commandId: '0b3c8a52-1e1f-4e0c-9a57-5b2f8c8f1d10',
      data: { holdId: '5d7c1f5e-2a54-4f0e-8a8e-1c0b8f2d3e4a', fromUserId: 7, requestHash: 'a'.repeat(64) },
    },
    type: 'ledger.capture-hold',
    hostile: null,
    replay,
    ...(bulk ? { bulk } : {}),
  });

  it('when a command is fresh (alone, or a bulk call sent the first time), then it may be wrapped', () => {
    expect(wrappable(capture())).toBe(true);
    expect(wrappable(capture({ id: 'call', as: 'first' }))).toBe(true);
  });

  it('when its id was used before (a replay, a bulk call sent again or under another list), then it is not wrapped: its retry is answered from before', () => {
    expect(wrappable(capture(undefined, 'same-body'))).toBe(false);
    expect(wrappable(capture({ id: 'call', as: 'again' }))).toBe(false);
    expect(wrappable(capture({ id: 'call', as: 'other-list' }))).toBe(false);
  });
});

describe('the answers of one command sent twice (a replay with the same id and body)', () => {
  const sent = (code: string | null, at: number): Answered => ({
    generated: {
      raw: {
        type: 'ledger.approve',
        commandId: 'c4c994be-4506-4a9d-9eb6-73aaa727966e',
        data: { approvalId: 'r', holds: 'cashout-rate-change' },
      },
      type: 'ledger.approve',
      hostile: null,
      replay: null,
    },
    answers: [{ ok: code === null, code, replayed: false, attempt: 1, sentAt: at, answeredAt: at + 5 }],
    attempts: 1,
    failures: [],
    firstSentAt: at,
    lastEndedAt: at + 5,
  });
  const where = () => 'nowhere';

  it('when the first was decided and the replay refused before any apply (its second factor stale by then), then no finding: nothing was stored to repeat', () => {
    expect(answerFindings([sent('APPROVAL_NOT_PENDING', 0), sent('COMMAND_REFUSED', 600_000)], where)).toEqual([]);
  });

  it('when the two were both decided, and differently, then the command was decided twice', () => {
    expect(answerFindings([sent('APPROVAL_NOT_PENDING', 0), sent(null, 600_000)], where).map((f) => f.kind)).toEqual(['replay']);
  });
});
