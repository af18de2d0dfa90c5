import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asyncApiFile, asyncApiText } from './generate-asyncapi';
import { repoRoot } from './generate-client';

/*
 * The AsyncAPI document is committed (libs/events/asyncapi.json) so that consumers read the event
 * contract of a version without running the gateway, and a change of it shows in review. This
 * test generates it again from the zod schemas and fails when the committed file differs.
 */
describe('the committed AsyncAPI document (libs/events/asyncapi.json)', () => {
  it('then it is the document the event schemas generate', () => {
    const committed = readFileSync(join(repoRoot, asyncApiFile), 'utf8');
    if (committed !== asyncApiText()) {
      throw new Error(`${asyncApiFile} is stale: the event schemas changed; run npm run events:asyncapi and commit the result`);
    }
  });
});
