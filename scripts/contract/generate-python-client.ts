/**
 * Generates the Python client's low-level package, clients/python/coin_api, from the document
 * @coin/client is generated from (libs/client/openapi.json), with the maintained generator
 * openapi-python-client, pinned here with the ruff it formats with. Both live in a project-local
 * venv, .tools/openapi-python-client-venv (gitignored), installed from PyPI the first time
 * (scripts/infra/python-tool.ts). Its options are in clients/python/generator-config.yaml.
 *
 *   npm run client:generate:python
 *
 * The generator writes into a fresh temporary folder, which then replaces clients/python/coin_api
 * whole: a model or operation gone from the document leaves no file behind.
 * scripts/contract/generate-python-client.unit.test.ts generates the same way and fails when a
 * committed file differs. The hand-written layer, clients/python/coin_client, is not generated.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { argsOrExit, parseCliArgs } from '../cli-args';
import { type Log, repoRoot, run, tail } from '../infra/common';
import { pythonTool } from '../infra/python-tool';

/** The pinned releases (PyPI); change them here only, the venv is rebuilt on the next run. */
export const openapiPythonClientVersion = '0.29.1';
/** The formatter the generator runs on its output (its post_hooks): its version decides the files' layout. */
export const ruffVersion = '0.17.6';

const tool = pythonTool({
  name: 'openapi-python-client',
  version: openapiPythonClientVersion,
  requirements: [`ruff==${ruffVersion}`],
  versionMatches: (out) => out.includes(openapiPythonClientVersion),
});

export const pythonClientDir = join(repoRoot, 'clients', 'python');
/** The generated package (the config's package_name_override), relative to clients/python. */
export const generatedPackage = 'coin_api';
const documentPath = join(repoRoot, 'libs', 'client', 'openapi.json');
const configPath = join(pythonClientDir, 'generator-config.yaml');

type Json = Record<string, any>;

/**
 * The document as the generator is handed it: the committed one, with each inline object member of
 * a component's anyOf or oneOf moved to a component of its own, named as the generator names such
 * a member (`<Component>Type<i>`), and referenced from where it was. openapi-python-client 0.29.1
 * otherwise processes an inline member's own inline objects twice (AuditLogEntry's `actor` and
 * `summary`), refuses the second as a duplicate model and drops AuditLogEntry from the client.
 * Its configuration has no option for this; the same schemas under a name of their own generate
 * the same classes. Nothing else of the document changes.
 */
export function generatorDocument(document: Json): Json {
  const doc = structuredClone(document) as Json;
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Json>;
  for (const name of Object.keys(schemas)) {
    for (const keyword of ['anyOf', 'oneOf']) {
      const members = schemas[name]![keyword] as Json[] | undefined;
      members?.forEach((member, i) => {
        if ('$ref' in member || member.type !== 'object') return;
        const hoisted = `${name}Type${i}`;
        if (hoisted in schemas) throw new Error(`components.schemas.${hoisted} exists: ${name}'s member ${i} cannot be named so`);
        schemas[hoisted] = member;
        members[i] = { $ref: `#/components/schemas/${hoisted}` };
      });
    }
  }
  return doc;
}

/** The pinned generator's command, installing it first when needed. */
export function ensureOpenapiPythonClient(log: Log = () => {}): Promise<string> {
  return tool.ensure(log);
}

/**
 * Generates the package into `<outDir>/coin_api` (outDir is made when missing; coin_api must not
 * exist). Fails on any warning of the generator: a part of the document it could not turn into
 * code would otherwise be left out silently.
 */
export async function generatePythonClient(outDir: string, log: Log = () => {}): Promise<void> {
  const generator = await ensureOpenapiPythonClient(log);
  const work = mkdtempSync(join(tmpdir(), 'coin-python-client-'));
  try {
    const input = join(work, 'openapi.json');
    writeFileSync(input, JSON.stringify(generatorDocument(JSON.parse(readFileSync(documentPath, 'utf8')) as Json)));
    const result = await run(
      generator,
      [
        'generate',
        `--path=${input}`,
        `--config=${configPath}`,
        '--meta=none',
        `--output-path=${join(outDir, generatedPackage)}`,
        '--fail-on-warning',
      ],
      // The post_hooks' ruff is the venv's, beside the generator.
      { cwd: work, env: { ...process.env, PATH: `${dirname(generator)}:${process.env.PATH ?? ''}` } },
    );
    if (result.code !== 0) throw new Error(`openapi-python-client failed (${result.code}):\n${tail(result.stderr || result.stdout)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Every file under `dir`, as paths relative to it, sorted. */
export function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at).sort()) {
      const path = join(at, entry);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(dir, path));
    }
  };
  walk(dir);
  return found;
}

const usage = 'usage: npm run client:generate:python   (regenerates clients/python/coin_api from libs/client/openapi.json)';

async function main(): Promise<void> {
  argsOrExit(() => parseCliArgs({ args: process.argv.slice(2), options: {} }, usage));
  const log: Log = (line) => process.stderr.write(`[python-client] ${line}\n`);
  const out = mkdtempSync(join(tmpdir(), 'coin-python-client-out-'));
  try {
    await generatePythonClient(out, log);
    const target = join(pythonClientDir, generatedPackage);
    rmSync(target, { recursive: true, force: true });
    cpSync(join(out, generatedPackage), target, { recursive: true });
    console.log(`wrote ${relative(process.cwd(), target)} (${filesUnder(target).length} files)`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
