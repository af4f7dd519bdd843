/** SIGINT/SIGTERM: stop accepting, let streams in flight finish within the grace period, exit 0. */
export function closeOnSignals(close: () => Promise<void>, log: (line: string) => void): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log(`${signal}: finishing requests in flight, then exiting.`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
