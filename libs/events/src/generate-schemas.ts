/**
 * `npm run events:schemas`: writes the JSON Schema of each topic to libs/events/schemas/ from
 * the zod schemas. It refuses a change that would break consumers of the committed schema
 * (see compatibility.ts); `-- --allow-breaking` writes it anyway, for the day a breaking change
 * is made on purpose under the versioning policy of docs/EVENTS.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareEventSchemas, describeChanges } from './compatibility';
import { eventJsonSchemaFiles, formatJsonSchema, type JsonSchema, sameJson } from './json-schema';

export const schemasDir = join(__dirname, '..', 'schemas');

function main(): void {
  const allowBreaking = process.argv.includes('--allow-breaking');
  mkdirSync(schemasDir, { recursive: true });
  let refused = false;
  const written: string[] = [];
  for (const [file, schema] of Object.entries(eventJsonSchemaFiles())) {
    const path = join(schemasDir, file);
    const text = formatJsonSchema(schema);
    if (existsSync(path)) {
      const committed = JSON.parse(readFileSync(path, 'utf8')) as JsonSchema;
      if (sameJson(committed, schema)) {
        console.log(`${file}: unchanged`);
        continue;
      }
      const report = compareEventSchemas(committed, schema);
      if (report.breaking.length > 0 && !allowBreaking) {
        console.error(`${file}: NOT written, the change breaks consumers:\n${describeChanges(report.breaking)}`);
        refused = true;
        continue;
      }
      if (report.compatible.length > 0) console.log(`${file}: compatible changes:\n${describeChanges(report.compatible)}`);
    }
    writeFileSync(path, text);
    written.push(path);
    console.log(`${file}: written`);
  }
  // In the repository's format, so `biome ci` accepts the files as written.
  if (written.length > 0) {
    const biome = require.resolve('@biomejs/biome/bin/biome');
    const formatted = spawnSync(process.execPath, [biome, 'format', '--write', ...written], { stdio: 'inherit' });
    if (formatted.status !== 0) process.exitCode = 1;
  }
  if (refused) {
    console.error('See docs/EVENTS.md "Versioning policy"; pass --allow-breaking only for a deliberate breaking change.');
    process.exitCode = 1;
  }
}

if (require.main === module) main();
