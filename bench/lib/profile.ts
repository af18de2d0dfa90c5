/**
 * Summarises V8 .cpuprofile files (node --cpu-prof): self time per function, the top entries
 * per service, so a run says where the CPU went without opening a profiler UI.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../../scripts/stack/services';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const topEntries = 15;

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? relative(repoRoot, url.replace(/^file:\/\//, '')) : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
}

/** A frame of the kafkajs package (its encoders, CRC, protocol): what producing and fetching cost. */
export function isKafkajsFrame(url: string): boolean {
  return /node_modules\/kafkajs\//.test(url);
}

/** A share of the busy time, in per cent to one decimal. */
export function kafkajsShare(kafkajsUs: number, busyUs: number): string {
  return `${((kafkajsUs / Math.max(1, busyUs)) * 100).toFixed(1)} %`;
}

export function summariseProfile(file: string): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<string, number>();
  let totalUs = 0;
  let kafkajsUs = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    totalUs += delta;
    if (isKafkajsFrame(node.callFrame.url)) kafkajsUs += delta;
    const name = frameName(node);
    selfUs.set(name, (selfUs.get(name) ?? 0) + delta);
  });
  const idle = selfUs.get('(idle)') ?? 0;
  const busy = totalUs - idle;
  const lines = [
    `${relative(repoRoot, file)}: ${(totalUs / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s not idle, ${kafkajsShare(kafkajsUs, busy)} of it in kafkajs (self time)`,
  ];
  for (const [name, us] of [...selfUs]
    .filter(([n]) => n !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, topEntries)) {
    lines.push(`  ${((us / Math.max(1, busy)) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
  return lines.join('\n');
}

export function summariseProfiles(dir: string, services: string[]): string {
  const out: string[] = [];
  for (const service of services) {
    const serviceDir = join(dir, service);
    if (!existsSync(serviceDir)) {
      out.push(`${service}: no profile written`);
      continue;
    }
    for (const file of readdirSync(serviceDir).filter((f) => f.endsWith('.cpuprofile'))) {
      out.push(`[${service}] ${summariseProfile(join(serviceDir, file))}`);
    }
  }
  return out.join('\n');
}

/** The ledger's busy time and its kafkajs part over one window of a profile (ms after the profile began). */
export interface WindowShare {
  busyMs: number;
  kafkajsMs: number;
}

/**
 * Busy and kafkajs self time of the samples taken between `fromMs` and `toMs` after the profile
 * began: a profile covers its process's whole life, start-up (module loading, compiling) among it,
 * and what a step costs is read from its own window.
 */
export function windowShare(file: string, fromMs: number, toMs: number): WindowShare {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let atUs = 0;
  let busyUs = 0;
  let kafkajsUs = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    atUs += delta;
    if (atUs < fromMs * 1000 || atUs > toMs * 1000) return;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    busyUs += delta;
    if (isKafkajsFrame(node.callFrame.url)) kafkajsUs += delta;
  });
  return { busyMs: busyUs / 1000, kafkajsMs: kafkajsUs / 1000 };
}

/** Every profile a service wrote under `dir` (one per process it ran). */
export function profileFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => join(dir, f))
    : [];
}
