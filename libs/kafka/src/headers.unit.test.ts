import { createHash, randomUUID } from 'node:crypto';
import { headerNames } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import { describedValue, headerRefusal } from './headers';
import { loggerForHeaders } from './metrics';
import { replyAddressOf } from './replies';

const replyTopic = 'run.gateway.replies';

/** What the gateway sends with a command (RequestReplyClient). */
const gatewayHeaders = (): Record<string, string> => ({
  [headerNames.commandId]: randomUUID(),
  [headerNames.type]: 'ledger.transfer',
  [headerNames.correlationId]: randomUUID(),
  [headerNames.replyTo]: replyTopic,
  [headerNames.replyPack]: '1',
  [headerNames.replyPartition]: '3',
  [headerNames.requestId]: 'req-4k2m9x_Z',
  [headerNames.traceparent]: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
});

const huge = 'c'.repeat(400_000);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the headers a consumer reads, bounded where they are read', () => {
  it('when a command carries what the gateway sends, then nothing is refused and it is answered where it asks', () => {
    const headers = gatewayHeaders();
    expect(headerRefusal(headers, replyTopic)).toBeNull();
    expect(replyAddressOf(headers, replyTopic)).toMatchObject({ replyTo: replyTopic, correlationId: headers[headerNames.correlationId] });
  });

  it.each([
    [
      'a 400,000-character correlation-id',
      headerNames.correlationId,
      huge,
      /^header correlation-id must be a UUID; it holds 400000 characters, sha256 [0-9a-f]{64}$/,
    ],
    [
      'a correlation-id that is not a UUID',
      headerNames.correlationId,
      'corr-1',
      /^header correlation-id must be a UUID; it holds "corr-1"$/,
    ],
    ['a command-id that is not a UUID', headerNames.commandId, 'x'.repeat(65), /^header command-id must be a UUID; it holds 65 characters/],
    ['a request-id of 201 characters', headerNames.requestId, 'r'.repeat(201), /^header request-id must be 1 to 200 visible ASCII/],
    [
      'a request-id with a line break',
      headerNames.requestId,
      'req\nforged log line',
      /^header request-id .* it holds "req\\nforged log line"$/,
    ],
    ['an empty request-id', headerNames.requestId, '', /^header request-id must be/],
    ['a type of 101 characters', headerNames.type, 't'.repeat(101), /^header type must be 1 to 100/],
    ['a traceparent of 513 characters', headerNames.traceparent, 'f'.repeat(513), /^header traceparent must be/],
    ['a tracestate of 513 characters', 'tracestate', 'k=v'.repeat(171), /^header tracestate must be/],
    [
      'a reply-to naming another topic',
      headerNames.replyTo,
      'someone-elses.topic',
      /^header reply-to must name this deployment's reply topic; it names "someone-elses.topic"$/,
    ],
  ])(
    'when a command carries %s, then it is refused, the reason shows no more than 64 characters of it, and it is answered to no one',
    (_, name, value, reason) => {
      const headers = { ...gatewayHeaders(), [name]: value };
      const refusal = headerRefusal(headers, replyTopic);
      expect(refusal).toMatch(reason);
      expect(refusal!.length).toBeLessThan(200);
      if (name === headerNames.correlationId || name === headerNames.replyTo) expect(replyAddressOf(headers, replyTopic)).toBeNull();
    },
  );

  it('when a consumer answers no one (no reply topic), then it reads no reply-to, but still refuses an id outside its rule', () => {
    expect(headerRefusal({ ...gatewayHeaders(), [headerNames.replyTo]: 'anything' })).toBeNull();
    expect(headerRefusal({ ...gatewayHeaders(), [headerNames.correlationId]: huge })).toMatch(/correlation-id must be a UUID/);
  });

  it('when a value is long, then it is described by its length and sha256, never shown', () => {
    expect(describedValue(huge)).toBe(`400000 characters, sha256 ${sha256(huge)}`);
    expect(describedValue('short')).toBe('"short"');
  });

  it('when a message with a 400,000-character correlation-id is logged about, then the line carries its length and digest, not the value', () => {
    const lines: string[] = [];
    const logger = createLogger('headers-unit', 'info', { write: (line: string) => void lines.push(line) });
    loggerForHeaders(logger, { ...gatewayHeaders(), [headerNames.correlationId]: huge }).warn('dead-lettering invalid message');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(1_000);
    expect(JSON.parse(lines[0]!)).toMatchObject({ correlationId: `400000 characters, sha256 ${sha256(huge)}`, requestId: 'req-4k2m9x_Z' });
  });
});
