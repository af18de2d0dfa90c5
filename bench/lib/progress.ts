/** The progress display of long runs: one rewritten line on a terminal, plain lines otherwise. */
const isTty = process.stderr.isTTY === true;
let live = false;
const started = Date.now();

function stamp(): string {
  const s = Math.round((Date.now() - started) / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A finished fact: always its own line. */
export function say(message: string): void {
  if (live) process.stderr.write('\n');
  live = false;
  process.stderr.write(`[${stamp()}] ${message}\n`);
}

/** A passing state: rewritten in place on a terminal, printed at most as a plain line otherwise. */
export function status(message: string): void {
  if (isTty) {
    process.stderr.write(`\r\x1b[2K[${stamp()}] ${message}`);
    live = true;
  } else {
    process.stderr.write(`[${stamp()}] ${message}\n`);
  }
}
