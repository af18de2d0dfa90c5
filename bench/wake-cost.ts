/**
 * What one message between two processes costs in CPU when the receiver was idle, against the
 * same message sent back to back: the machine's price of a wake-up, which the pipeline pays at
 * every hop of a transfer at low rates (docs/PERFORMANCE.md "Where we stand"). A child process
 * echoes over loopback TCP (no Nagle); the parent sends 200-byte messages, each after the answer
 * to the last, either at once or after a pause (the child and the parent then idle between
 * messages, as the services do at 10 % of the peak). CPU from `process.cpuUsage()` of both, over
 * the round trips only. `npm run bench:wake [-- --trips N (2000)]`; writes
 * bench/results/wake-cost.json.
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { argsOrExit, integerArg, parseCliArgs } from '../scripts/cli-args';

const usage = 'usage: npm run bench:wake [-- --trips N (2000)]';
const pausesMs = [0, 1, 2, 5, 10];
const messageBytes = 200;

interface Step {
  pauseMs: number;
  trips: number;
  /** CPU µs a round trip: the echoing child (woken by each message) and the sender (woken by each answer, and by its timer when pausing). */
  echoUs: number;
  senderUs: number;
  wallUs: number;
}

/** The child: echoes every chunk; tells its CPU since the parent's mark. */
function runEcho(): void {
  let mark = process.cpuUsage();
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => socket.write(chunk));
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', (message: string) => {
    if (message === 'mark') {
      mark = process.cpuUsage();
      process.send?.('marked');
    }
    if (message === 'cpu') process.send?.(process.cpuUsage(mark));
  });
}

function ask<T>(child: ReturnType<typeof fork>, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(message);
  });
}

/** `trips` round trips, each sent `pauseMs` after the last answer (0: at once). */
function roundTrips(socket: Socket, trips: number, pauseMs: number): Promise<void> {
  const message = Buffer.alloc(messageBytes, 1);
  return new Promise((resolve) => {
    let done = 0;
    const send = () => socket.write(message);
    const onData = () => {
      done += 1;
      if (done >= trips) {
        socket.off('data', onData);
        resolve();
      } else if (pauseMs > 0) setTimeout(send, pauseMs);
      else send();
    };
    socket.on('data', onData);
    send();
  });
}

async function measure(child: ReturnType<typeof fork>, socket: Socket, pauseMs: number, trips: number): Promise<Step> {
  await ask(child, 'mark');
  const start = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  await roundTrips(socket, trips, pauseMs);
  const wallUs = Number(process.hrtime.bigint() - startedAt) / 1000 / trips;
  const sender = process.cpuUsage(start);
  const echo = await ask<NodeJS.CpuUsage>(child, 'cpu');
  const perTrip = (usage: NodeJS.CpuUsage) => Math.round(((usage.user + usage.system) / trips) * 10) / 10;
  return { pauseMs, trips, echoUs: perTrip(echo), senderUs: perTrip(sender), wallUs: Math.round(wallUs) };
}

async function main(): Promise<void> {
  const { values } = argsOrExit(() => parseCliArgs({ args: process.argv.slice(2), options: { trips: { type: 'string' } } }, usage));
  const trips = argsOrExit(() => integerArg(values.trips, '--trips', 2000, usage));
  const child = fork(__filename, ['--echo'], { execArgv: process.execArgv });
  const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', (m) => resolve(m as { port: number })));
  const socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise((resolve) => socket.once('connect', resolve));
  await roundTrips(socket, 500, 0); // warm-up: both sides' code compiled before anything is counted
  const steps: Step[] = [];
  for (const pauseMs of pausesMs) {
    // Paused steps are 10 times shorter in count: each takes trips × pause of wall time.
    const step = await measure(child, socket, pauseMs, pauseMs === 0 ? trips * 10 : trips);
    steps.push(step);
    console.log(
      `pause ${pauseMs} ms: ${step.echoUs} µs of the echo's CPU and ${step.senderUs} µs of the sender's a round trip (${step.trips} trips, ${step.wallUs} µs of wall each)`,
    );
  }
  const busy = steps[0]!;
  const idle = steps.filter((s) => s.pauseMs >= 2);
  const woken = idle.reduce((sum, s) => sum + s.echoUs, 0) / idle.length;
  console.log(
    `the echo woken from idle: ${(woken / busy.echoUs).toFixed(1)}× its CPU a message kept busy (${woken.toFixed(0)} µs against ${busy.echoUs})`,
  );
  writeFileSync(
    join(__dirname, 'results', 'wake-cost.json'),
    `${JSON.stringify({ at: new Date().toISOString(), messageBytes, steps }, null, 2)}\n`,
  );
  socket.destroy();
  child.kill();
}

if (process.argv.includes('--echo')) runEcho();
else void main();
