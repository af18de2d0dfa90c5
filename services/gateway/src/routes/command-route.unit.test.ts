import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { ledgerDraft, topicNames, type Reply } from '@coin/contracts';
import { AppError } from '@coin/errors';
import { installProblemHandler } from '@coin/http';
import type { RequestOptions, RequestReplyClient } from '@coin/kafka';
import { CommandBus } from '../clients/commands';
import type { Idempotency } from '../plugins/idempotency';
import { appliedOrPending, sendLedgerCommand } from './command-route';
import { exampleApprovalPending, exampleMoneyResult } from './examples';

/**
 * One keyed route on a bare fastify app (its problem handler, no gateway plugins): the request's
 * idempotency and caller as the gateway's plugins would set them, the ledger behind a request/reply
 * client that answers what `answer` says.
 */
async function appWith(answer: (options: RequestOptions) => Promise<Reply>) {
  const sent: RequestOptions[] = [];
  const idempotency: Idempotency = { commandId: randomUUID(), requestHash: 'a'.repeat(64) };
  const client = {
    request: (options: RequestOptions) => {
      sent.push(options);
      return answer(options);
    },
  } as unknown as RequestReplyClient;
  const commands = new CommandBus(client, topicNames('command_route_'), 1000);
  const app: FastifyInstance = Fastify();
  installProblemHandler(app);
  app.addHook('onRequest', async (request) => {
    request.idempotency = idempotency;
    request.principal = { kind: 'user', subject: '2', userId: 2, role: 'ADMIN', tokenVersion: 0 };
    // As plugins/api-key.ts sets it once the caller's key was checked.
    request.apiKeyProof = 'the.key.proof';
  });
  app.post('/mint', async (request, reply) =>
    sendLedgerCommand(
      commands,
      request,
      reply,
      (requestHash) => ledgerDraft('ledger.mint', { to: { kind: 'user', userId: 7 }, amount: 500, reason: 'grant', requestHash }),
      appliedOrPending,
    ),
  );
  await app.ready();
  const call = () => app.inject({ method: 'POST', url: '/mint', headers: { authorization: 'Bearer the-token' } });
  return { app, sent, idempotency, call };
}

const accepted = (options: RequestOptions, result: unknown): Reply => ({
  correlationId: randomUUID(),
  commandId: options.command.commandId,
  ok: true,
  result,
});

describe('sendLedgerCommand: one keyed ledger command of one request', () => {
  it("when the ledger applies it, then 201 with the result; the draft carries the request's hash and the command its key's id and the caller", async () => {
    const { app, sent, idempotency, call } = await appWith(async (options) => accepted(options, exampleMoneyResult));
    try {
      const response = await call();
      expect([response.statusCode, response.json()]).toEqual([201, exampleMoneyResult]);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        key: 'user:7',
        command: {
          commandId: idempotency.commandId,
          type: 'ledger.mint',
          actor: { kind: 'user', id: '2', role: 'ADMIN' },
          proof: 'the-token',
          keyProof: 'the.key.proof',
          data: { amount: 500, requestHash: idempotency.requestHash },
        },
      });
      expect(idempotency.commandAnswered).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('when the ledger holds it back for a second approver, then 202 with the approval request', async () => {
    const { app, call } = await appWith(async (options) => accepted(options, exampleApprovalPending));
    try {
      const response = await call();
      expect([response.statusCode, response.json()]).toEqual([202, exampleApprovalPending]);
    } finally {
      await app.close();
    }
  });

  it("when the ledger refuses it, then the ledger's problem, recorded as the command's answer", async () => {
    const { app, idempotency, call } = await appWith(async (options) => ({
      correlationId: randomUUID(),
      commandId: options.command.commandId,
      ok: false,
      error: { code: 'INSUFFICIENT_FUNDS', detail: 'Balance 3.00 is below 5.00' },
    }));
    try {
      const response = await call();
      expect([response.statusCode, response.json()]).toMatchObject([
        422,
        { code: 'INSUFFICIENT_FUNDS', detail: 'Balance 3.00 is below 5.00' },
      ]);
      expect(idempotency.commandAnswered).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('when the ledger does not answer in time, then 504 and the key has no answer yet (the outcome is not known)', async () => {
    const { app, idempotency, call } = await appWith(async () => {
      throw new AppError('TIMEOUT', 'The command was accepted but not confirmed in time');
    });
    try {
      const response = await call();
      expect(response.statusCode).toBe(504);
      expect(idempotency.commandAnswered).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
