import { z } from 'zod';

/** RFC 9457 body every error response has (docs/CONTRACT.md "Errors"). */
export const problem = z
  .object({
    type: z.string().describe('A relative URI of the page about this code, e.g. /problems/insufficient-funds'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe('What programs branch on (docs/CONTRACT.md "Errors"), e.g. INSUFFICIENT_FUNDS'),
    requestId: z.string().describe('Name it in a report to the operators'),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    commandId: z.string().optional(),
    limit: z
      .object({
        name: z
          .enum(['dailyAmount', 'dailyCount', 'singleAmount', 'clientDailyRewards'])
          .describe("A payer's spending limit, or clientDailyRewards: what a platform client may reward in a rolling day"),
        value: z.number().describe('The limit: coins, or debits for dailyCount'),
        used: z.number().describe('What the rolling 24 hours have used of it'),
        resetsAt: z.string().nullable().describe('When the refused debit would fit; null when waiting will not help'),
      })
      .optional()
      .describe('LIMIT_EXCEEDED: which limit the debit would pass'),
  })
  .describe('RFC 9457 problem details (application/problem+json)')
  // `title` names the schema: the OpenAPI document refers to it as the one Problem component.
  .meta({
    title: 'Problem',
    examples: [
      {
        type: '/problems/validation-failed',
        title: 'Validation failed',
        status: 400,
        detail: 'Invalid body',
        code: 'VALIDATION_FAILED',
        requestId: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
        errors: [{ path: 'body.amount', message: 'must be a number > 0 with at most 2 decimals and at most 1,000,000,000' }],
      },
    ],
  });
