import type { AppServices } from '../services/app-services-api.ts';
import type { AppLike } from './electron-like.ts';

export type ShutdownSignal = 'SIGINT' | 'SIGTERM';

/**
 * Quitting (tray Quit, Cmd+Q, SIGINT, SIGTERM) first closes the services: the gateway stops
 * accepting, streams in flight get `graceMs` to finish, the last log records are written. The
 * first `before-quit` is prevented and every later one too while closing; when the services are
 * closed the app exits (`app.exit` skips `before-quit`). If closing hangs past `forceAfterMs`,
 * the app exits anyway with status 1 so a stuck close never leaves a zombie app.
 */
export function installGracefulShutdown(options: {
  app: Pick<AppLike, 'on' | 'quit' | 'exit'>;
  /** The services once started; null when they never started. */
  services: () => Promise<AppServices | null>;
  graceMs: number;
  forceAfterMs: number;
  onSignal: (signal: ShutdownSignal, handler: () => void) => void;
  log: (line: string) => void;
}): void {
  const { app, log } = options;
  let state: 'running' | 'closing' | 'closed' = 'running';

  const closeThenExit = async (): Promise<void> => {
    const code = await withDeadline(
      (async () => {
        const services = await options.services();
        await services?.close(options.graceMs);
      })(),
      options.forceAfterMs,
      log,
    );
    state = 'closed';
    app.exit(code);
  };

  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    log('quitting: finishing requests in flight, then exiting.');
    void closeThenExit();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    options.onSignal(signal, () => app.quit());
  }
}

/** 0 when `work` settles in time, 1 when it fails or overruns `ms`. */
async function withDeadline(
  work: Promise<void>,
  ms: number,
  log: (line: string) => void,
): Promise<0 | 1> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<1>((resolve) => {
    timer = setTimeout(() => {
      log(`shutdown still not done after ${ms} ms: exiting anyway.`);
      resolve(1);
    }, ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => 0 as const,
        (error: unknown) => {
          log(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
          return 1 as const;
        },
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
