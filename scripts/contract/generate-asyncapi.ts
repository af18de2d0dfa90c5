/**
 * Writes the AsyncAPI 3.0 document of the published topics, libs/events/asyncapi.json (shipped
 * as `@coin/events/asyncapi.json`), from the zod event schemas (buildAsyncApiDocument in
 * libs/contracts): `npm run events:asyncapi`. The gateway serves the same document at
 * /asyncapi.json. scripts/contract/generate-asyncapi.unit.test.ts fails while the committed file
 * is stale, as the client's test does for libs/client/openapi.json.
 */
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildAsyncApiDocument } from '@coin/contracts';
import { argsOrExit, parseCliArgs } from '../cli-args';
import { formatWithBiome, repoRoot } from './generate-client';

export const asyncApiFile = 'libs/events/asyncapi.json';

/** The document as committed: the default server host, in the repository's JSON format. */
export function asyncApiText(): string {
  return formatWithBiome(asyncApiFile, `${JSON.stringify(buildAsyncApiDocument(), null, 2)}\n`);
}

if (require.main === module) {
  // No flags: `--help` answers the usage line, anything else is refused, before anything is written.
  argsOrExit(() => parseCliArgs({ args: process.argv.slice(2), options: {} }, 'usage: npm run events:asyncapi'));
  const target = join(repoRoot, asyncApiFile);
  const text = asyncApiText();
  writeFileSync(target, text);
  console.log(`wrote ${relative(process.cwd(), target)} (${text.length} characters)`);
  process.exit(0);
}
