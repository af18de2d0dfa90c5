/** The bench children's side of the IPC: announce the port, then answer each `rss` with the peak and current RSS in MiB. */
export function reportRssOnRequest(port: number): void {
  process.send?.({ port });
  process.on('message', (message) => {
    if (message === 'rss') {
      process.send?.({
        peakRssMiB: +(process.resourceUsage().maxRSS / 1024).toFixed(1),
        rssMiB: +(process.memoryUsage().rss / 2 ** 20).toFixed(1),
      });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
