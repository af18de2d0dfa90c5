import { z } from 'zod';

/** RFC 9457 body every error response has (SPEC §7). */
export const problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string(),
    requestId: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    commandId: z.string().optional(),
  })
  .describe('RFC 9457 problem details (application/problem+json)');
