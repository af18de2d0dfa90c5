// `npm run image:build`: the Dockerfile built here, on this project's own Docker engine (./engine)
// and its locally made base (./base), as coin-ledger:dev (COIN_IMAGE to change), then its size.
//
// The classic builder (DOCKER_BUILDKIT=0): Debian's docker.io has no buildx, and BuildKit would
// fetch the `# syntax=` frontend from Docker Hub. `--network host`: the daemon runs without a
// bridge, and the install stages need the npm registry and Debian's mirrors.
import { repoRoot, type Log } from '../infra/common';
import { ensureBaseImage } from './base';
import { dockerOk, dockerStreamed, ensureEngine } from './engine';

export const appImage = process.env.COIN_IMAGE?.trim() || 'coin-ledger:dev';

export interface BuiltImage {
  image: string;
  base: string;
  sizeBytes: number;
  buildSeconds: number;
}

/** Bytes to a short figure in MB (10^6), as `docker images` shows sizes. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(0)} MB`;
}

export async function imageSize(image: string): Promise<number> {
  return Number((await dockerOk(['image', 'inspect', '--format', '{{.Size}}', image])).trim());
}

/** Engine, base image, then `docker build` of the repository; the output streams to ours. */
export async function buildImage(log: Log): Promise<BuiltImage> {
  await ensureEngine(log);
  const base = await ensureBaseImage(log);
  log(`docker build -t ${appImage} --build-arg NODE_IMAGE=${base} .`);
  const started = Date.now();
  const code = await dockerStreamed(['build', '--network', 'host', '--build-arg', `NODE_IMAGE=${base}`, '-t', appImage, repoRoot]);
  if (code !== 0) throw new Error(`docker build failed (exit ${code})`);
  const buildSeconds = Math.round((Date.now() - started) / 1000);
  const sizeBytes = await imageSize(appImage);
  log(`image ${appImage}: ${megabytes(sizeBytes)} (${sizeBytes} bytes), built in ${buildSeconds} s`);
  return { image: appImage, base, sizeBytes, buildSeconds };
}

if (require.main === module) {
  buildImage((message) => console.log(`[image] ${message}`)).catch((err: Error) => {
    console.error(`[image] ${err.message}`);
    process.exit(1);
  });
}
