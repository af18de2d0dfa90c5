// `npm run image:test [-- <e2e test files>]`: the image, built and run here (docs/operations/deployment.md
// "Building and testing the image here"). Needs root (apt-get, dockerd) and minutes; not part of
// `npm test`.
//   1. the local Kafka, PostgreSQL and Redis (scripts/infra: reused when running);
//   2. a Docker engine of this project's own (./engine), the base image (./base, once), the image (./build);
//   3. the image's promises: uid 1000, tini as PID 1, Node 24, a read-only root with /tmp writable;
//   4. e2e files against the image: every test file starts `migrate` and the four services as
//      containers (--network host, --read-only, --tmpfs /tmp, --user 1000:1000, its own ports and
//      prefix: test/harness/image-stack.ts), test/e2e/image-ops.test.ts runs audit, rebuild,
//      redrive and admin from the image;
//   5. the image's size, printed and written to docs/operations/deployment.md;
//   6. every container of the run removed, also when something failed or it was interrupted.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { argsOrExit, parseCliArgs } from '../cli-args';
import { repoRoot, type Log } from '../infra/common';
import { ensureInfra } from '../infra/index';
import { buildImage, megabytes, type BuiltImage } from './build';
import { docker, dockerOk, imageRunLabel } from './engine';

/** What runs by default: the walking skeleton, money and holds, and the operator commands. */
export const defaultE2eFiles = [
  'test/e2e/walking-skeleton.test.ts',
  'test/e2e/money.test.ts',
  'test/e2e/holds-and-limits.test.ts',
  'test/e2e/image-ops.test.ts',
];

/** The page of docs/operations/ that states the image's size (docs/OPERATIONS.md's index links to it). */
const deploymentDoc = path.join(repoRoot, 'docs', 'operations', 'deployment.md');
const sizeMarker = /<!-- image-size -->[\s\S]*?<!-- \/image-size -->/;

const log: Log = (message) => console.log(`[image:test] ${message}`);

/** The measured size between the markers of docs/operations/deployment.md; the document unchanged without them. */
export function withImageSize(doc: string, built: Pick<BuiltImage, 'image' | 'base' | 'sizeBytes'>, date: string): string {
  const line = `<!-- image-size -->\`${built.image}\` on \`${built.base}\`: **${megabytes(built.sizeBytes)}** (${built.sizeBytes} bytes, \`docker image inspect --format '{{.Size}}'\`), measured by \`npm run image:test\` on ${date}.<!-- /image-size -->`;
  return doc.replace(sizeMarker, line);
}

/** The image's guarantees, checked on the image itself rather than read from the Dockerfile. */
async function checkImage(image: string): Promise<void> {
  const config = JSON.parse(await dockerOk(['image', 'inspect', '--format', '{{json .Config}}', image])) as {
    User: string;
    Entrypoint: string[];
  };
  if (config.User !== '1000:1000') throw new Error(`image user is '${config.User}', expected 1000:1000`);
  if (config.Entrypoint[0] !== '/usr/bin/tini') throw new Error(`image entrypoint is ${config.Entrypoint.join(' ')}, expected tini first`);
  const locked = [
    '--rm',
    '--network',
    'host',
    '--read-only',
    '--tmpfs',
    '/tmp',
    '--user',
    '1000:1000',
    '--entrypoint',
    '/bin/sh',
    image,
    '-c',
  ];
  const probe = await dockerOk([
    ...['run', ...locked],
    'id -u; node --version; touch /tmp/ok && echo tmp-writable; touch /app/x 2>/dev/null && echo app-writable || echo root-read-only',
  ]);
  const [uid, nodeVersion, tmp, root] = probe.trim().split('\n');
  if (uid !== '1000' || !nodeVersion?.startsWith('v24.') || tmp !== 'tmp-writable' || root !== 'root-read-only')
    throw new Error(`image check failed: ${probe.trim().replaceAll('\n', ', ')}`);
  log(`image checks: user 1000:1000, tini as PID 1, Node ${nodeVersion}, root filesystem read-only, /tmp writable`);
}

function runJest(files: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    // One file at a time: each starts five containers, and the machine has two cores.
    const child = spawn('npx', ['jest', ...files, '--selectProjects', 'e2e', '--runInBand'], { cwd: repoRoot, env, stdio: 'inherit' });
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Removes every container this run started (the harness removes its own; this catches the rest). */
async function removeContainers(runId: string): Promise<void> {
  const ids = (await docker(['ps', '--all', '--quiet', '--filter', `label=${imageRunLabel}=${runId}`])).stdout.split('\n').filter(Boolean);
  if (ids.length === 0) return;
  await docker(['rm', '--force', ...ids]);
  log(`removed ${ids.length} leftover container(s)`);
}

async function main(): Promise<number> {
  const { positionals } = argsOrExit(() =>
    parseCliArgs({ args: process.argv.slice(2), options: {}, allowPositionals: true }, 'usage: npm run image:test [-- <e2e test files>]'),
  );
  const files = positionals.length > 0 ? positionals : defaultE2eFiles;
  const runId = `img${Date.now().toString(36)}`;
  const started = Date.now();
  const seconds = (from: number) => Math.round((Date.now() - from) / 1000);
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    log('interrupted: removing the containers of this run');
  };
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  try {
    const infra = await ensureInfra(log);
    log(`infrastructure: Kafka ${infra.kafkaBrokers.join(',')}, PostgreSQL and Redis on this machine`);
    const built = await buildImage(log);
    await checkImage(built.image);
    fs.writeFileSync(deploymentDoc, withImageSize(fs.readFileSync(deploymentDoc, 'utf8'), built, new Date().toISOString().slice(0, 10)));
    const e2eStarted = Date.now();
    log(`e2e against the image's containers: ${files.join(' ')}`);
    const code = interrupted
      ? 130
      : await runJest(files, {
          ...process.env,
          COIN_TEST_IMAGE: built.image,
          COIN_TEST_IMAGE_RUN: runId,
          // The engine answers only on its own socket, but never let the harness pick Testcontainers.
          COIN_TEST_INFRA: 'local',
        });
    log(
      `image ${built.image}: ${megabytes(built.sizeBytes)}; build ${built.buildSeconds} s, e2e ${seconds(e2eStarted)} s, ` +
        `all ${seconds(started)} s; e2e ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`,
    );
    return code;
  } finally {
    await removeContainers(runId);
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(`[image:test] ${err.message}`);
      process.exit(1);
    },
  );
}
