import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { catalogDocument, catalogEntry, findModel, simCatalog } from './catalog.ts';
import { methodNotAllowed, modelNotFound, unauthorized, unknownPath } from './errors.ts';
import { Exchange } from './exchange.ts';
import { AttemptCounter } from './faults.ts';
import { handleGeneration, routeRefusal } from './generation.ts';
import { flattenHeaders, parseJson, readBody, splitUrl } from './http-input.ts';
import { Journal } from './journal.ts';
import type { JournalEntry } from './journal.ts';
import { SIM_KEYS, requestKey, scopeForKey } from './keys.ts';
import { pricingDocument } from './pricing.ts';
import { ResponseStore } from './response-store.ts';
import { formatOwning, matchRoute } from './router.ts';
import type { SimState } from './sim-state.ts';

export interface SimulatorOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: delay between stream chunks. */
  chunkDelayMs?: number;
  /** Default 0: delay before the response headers of generation requests. */
  firstByteDelayMs?: number;
  /** Default 1000 entries kept (a ring), for long benchmark runs. */
  journalLimit?: number;
  /** Fault markers applied to every generation request; see index.ts. */
  faults?: string;
  /** Fault markers per model id, applied to every generation request for that model. */
  modelFaults?: Record<string, string>;
  /**
   * Default 0: more models listed after SIM_MODELS, `model-1`…`model-N` by vendors of a hundred
   * (`vendor-1`…), as a relay that aggregates many channels lists them. They answer like the
   * others; each speaks one format.
   */
  relayModels?: number;
}

export interface RunningSimulator {
  /** e.g. http://127.0.0.1:54321 */
  url: string;
  port: number;
  /** Newest last. */
  journal: JournalEntry[];
  keys: typeof SIM_KEYS;
  /** Mutable: markers applied to every generation request from now on ('' = none). */
  faults: string;
  /** Mutable: markers applied to every generation request for a model (delete to clear). */
  modelFaults: Map<string, string>;
  clearJournal(): void;
  /** Resolves when an entry matching `pred` exists (re-checked on each change). */
  waitFor(pred: (e: JournalEntry) => boolean, timeoutMs?: number): Promise<JournalEntry>;
  /** Closes the server and every socket, in-flight streams included. */
  close(): Promise<void>;
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const state: SimState = {
    catalog: simCatalog(opts.relayModels ?? 0),
    journal: new Journal(opts.journalLimit ?? 1000),
    faults: opts.faults ?? '',
    modelFaults: new Map(Object.entries(opts.modelFaults ?? {})),
    chunkDelayMs: opts.chunkDelayMs ?? 0,
    firstByteDelayMs: opts.firstByteDelayMs ?? 0,
    attempts: new AttemptCounter(),
    responses: new ResponseStore(),
  };
  const server = createServer((req, res) => {
    handle(state, req, res).catch((err: unknown) => {
      // A simulator bug must not take the test process down: report it, cut the client.
      process.stderr.write(`upstream-sim: internal error: ${String(err)}\n`);
      res.destroy();
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (opts.port ?? 0);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const journal = state.journal;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    journal: journal.entries,
    keys: SIM_KEYS,
    get faults() {
      return state.faults;
    },
    set faults(value: string) {
      state.faults = value;
    },
    modelFaults: state.modelFaults,
    clearJournal: () => journal.clear(),
    waitFor: (pred, timeoutMs) => journal.waitFor(pred, timeoutMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handle(state: SimState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const time = Date.now();
  const rawBody = await readBody(req);
  const method = req.method ?? 'GET';
  const { path, query } = splitUrl(req.url ?? '/');
  const headers = flattenHeaders(req.headers);
  const owner = formatOwning(path);
  const key = requestKey(headers, owner?.keyHeader);
  const entry = state.journal.add({
    time,
    method,
    path,
    query,
    headers,
    rawBody,
    body: parseJson(rawBody),
    key,
  });
  const ex = new Exchange(res, entry, state.journal);
  const scope = scopeForKey(key);
  if (scope === undefined) return ex.fail(owner, unauthorized());
  const match = matchRoute(method, path);
  if (!match.ok) {
    const failure =
      match.status === 404
        ? unknownPath(method, path)
        : methodNotAllowed(method, path, match.allow);
    return ex.fail(owner, failure);
  }
  // A format's own header checks come before the body (Anthropic's required version).
  const headerProblem = owner?.checkHeaders?.(headers) ?? null;
  if (headerProblem !== null) return ex.fail(owner, headerProblem);
  const route = match.route;
  switch (route.kind) {
    case 'models':
      return ex.sendJson(200, catalogDocument(state.catalog, scope));
    case 'model': {
      const model = findModel(state.catalog, scope, route.id);
      if (model === undefined) return ex.fail(owner, modelNotFound(route.id));
      return ex.sendJson(200, catalogEntry(model));
    }
    case 'pricing':
      return ex.sendJson(200, pricingDocument(state.catalog));
    case 'generate':
      return handleGeneration(ex, state, scope, route.format, route.path);
    case 'other': {
      const format = route.format;
      const refuseModel = (id: string) => {
        const model = findModel(state.catalog, scope, id);
        return model === undefined ? modelNotFound(id) : routeRefusal(format, model);
      };
      return route.handle({ ex, format, refuseModel });
    }
  }
}
