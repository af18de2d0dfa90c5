/** Platform clients for the bank test's actors: bench/lib/platform-client.ts, shared with the payout bench. */
export { createPlatformClient, platformToken, type StackAccess } from '../../../bench/lib/platform-client';
