import { z } from 'zod';
import { captureResult, holdResult } from './holds';
import { moneyResult } from './ledger';
import { problem } from './problem';

/**
 * The answers a DONE shows: a money result, a hold, or the problem the ledger decided (most
 * specific first: a capture's answer also has the members of a money result). Another keyed
 * request's answer (a 202's pending approval, for one) is not among them, and a new branch here
 * would break clients of 3.0.0 (docs/VERSIONING.md): the route answers 409 COMMAND_ANSWER_NOT_SHOWN
 * for it instead.
 */
export const commandAnswerBody = z.union([captureResult, holdResult, moneyResult, problem]);

/**
 * GET /api/commands/{idempotencyKey}: what became of the caller's request sent with that key.
 * DONE carries the answer the request got (201 with the money result, or the 4xx problem the
 * ledger decided); UNKNOWN means no answer is recorded (never seen, expired, or lost to a 504 or
 * 503): send the original request again with the same key, which is safe.
 */
export const commandStatus = z.discriminatedUnion('status', [
  z.object({ status: z.literal('IN_PROGRESS').describe('The request is still being processed; ask again shortly') }),
  z.object({
    status: z.literal('DONE'),
    statusCode: z.number().int().min(200).max(499).describe('The HTTP status the request was answered with'),
    body: commandAnswerBody.describe('The body the request was answered with'),
    request: z.string().describe('The request the key was used for, e.g. "POST /api/coins/transfer"'),
  }),
  z.object({
    status: z.literal('UNKNOWN').describe('No answer recorded: send the original request again with the same Idempotency-Key (safe)'),
  }),
]);
export type CommandStatusView = z.infer<typeof commandStatus>;
