/**
 * The bench children's side of the IPC: announce the port, then answer each `rss` with the peak
 * and current RSS and the live JS heap (after a full GC when the process runs with --expose-gc),
 * in MiB.
 */
export function reportRssOnRequest(port: number): void {
  process.send?.({ port });
  const mib = (bytes: number) => +(bytes / 2 ** 20).toFixed(1);
  process.on('message', (message) => {
    if (message !== 'rss') return;
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    process.send?.({
      peakRssMiB: +(process.resourceUsage().maxRSS / 1024).toFixed(1),
      rssMiB: mib(usage.rss),
      liveHeapMiB: mib(usage.heapUsed),
      externalMiB: mib(usage.external),
    });
  });
  process.on('disconnect', () => process.exit(0));
}
