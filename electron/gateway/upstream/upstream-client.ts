import { createHash } from 'node:crypto';
import { Pool, request, type Dispatcher } from 'undici';
import { parseModelList } from '../catalog/parse-model-list.ts';
import type { CatalogModel } from '../catalog/catalog-model.ts';
import { readableErrorText } from './error-text.ts';
import { keyScrubber, type KeyScrubber } from './key-scrubber.ts';
import { readCapped } from './read-capped.ts';

/** A model list far beyond any real catalog is cut (and then fails to parse) rather than buffered. */
const MAX_CATALOG_BYTES = 64 * 1024 * 1024;

export interface UpstreamOptions {
  /** e.g. `https://gateway.example.com` or one with a path prefix. */
  baseUrl: string;
  /** Where the upstream's key comes from. The key lives in memory here and nowhere else in the gateway. */
  apiKey: () => string | Promise<string>;
  connections?: number | null;
  connectTimeoutMs?: number;
  /** Longest wait for response headers (a non-streamed generation can take minutes). */
  headersTimeoutMs?: number;
  /** Longest silence between two body chunks. */
  bodyTimeoutMs?: number;
  /** The pricing document: a path below the base URL or an absolute URL; null: none. Default `/api/pricing`. */
  pricingUrl?: string | null;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  /** Path below the base URL, with its query, e.g. `/v1/chat/completions`. */
  path: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  requestId: string;
  signal?: AbortSignal;
}

export type UpstreamResponse = Dispatcher.ResponseData;

/** Error codes that mean the request never reached the upstream, so it cannot have been processed. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

export function isConnectFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NOT_CONNECTED.has(code);
}

/** A name or address of this machine, as `URL.hostname` spells it. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}

/** The one HTTP client to the hosted gateway: a keep-alive pool, the key added here only. */
export class UpstreamClient {
  readonly baseUrl: string;
  private readonly pool: Pool;
  /** The profile's origin: the only one the key is sent to. */
  private readonly origin: string;
  private readonly prefix: string;
  private readonly apiKey: () => string | Promise<string>;
  private keyFingerprint: { key: string; id: string } | null = null;
  private readonly pricingUrl: string | null;
  /** The pool's timeouts, for the one request made outside it (a pricing URL elsewhere). */
  private readonly timeouts: { headersTimeout: number; bodyTimeout: number };
  /** The key of the latest request, only to scrub it from what the upstream sends back. */
  private lastKey: string | null = null;
  private scrubber: { key: string; scrub: KeyScrubber } | null = null;

  constructor(options: UpstreamOptions) {
    const url = new URL(options.baseUrl);
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.origin = url.origin;
    this.prefix = url.pathname.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.pricingUrl = options.pricingUrl === undefined ? '/api/pricing' : options.pricingUrl;
    this.pool = new Pool(url.origin, {
      // No cap by default: a long stream holds its connection to the end, so a cap would make
      // streams beyond it wait for others to finish (idle ones are still reused, keep-alive).
      connections: options.connections ?? null,
      keepAliveTimeout: 30_000,
      connect: { timeout: options.connectTimeoutMs ?? 10_000 },
      headersTimeout: options.headersTimeoutMs ?? 300_000,
      bodyTimeout: options.bodyTimeoutMs ?? 300_000,
    });
    this.timeouts = {
      headersTimeout: options.headersTimeoutMs ?? 300_000,
      bodyTimeout: options.bodyTimeoutMs ?? 300_000,
    };
  }

  /**
   * A fingerprint of the current key, so per-key caches can tell keys apart without holding them.
   */
  async keyId(): Promise<string> {
    const key = await this.apiKey();
    // Asked on every request: hash only when the key changes.
    if (this.keyFingerprint?.key !== key) {
      const id = createHash('sha256').update(key).digest('hex').slice(0, 16);
      this.keyFingerprint = { key, id };
    }
    return this.keyFingerprint.id;
  }

  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    const key = await this.apiKey();
    this.lastKey = key;
    return this.pool.request({
      method: req.method,
      path: this.prefix + req.path,
      body: req.body ?? null,
      signal: req.signal ?? null,
      headers: {
        ...req.headers,
        authorization: `Bearer ${key}`,
        'x-request-id': req.requestId,
        ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });
  }

  /**
   * What scrubs the upstream key from what the upstream sends back, in all its forms: some
   * upstreams quote the key they were sent ("invalid key sk-…"), and nothing the upstream says
   * may carry it on to a client, a log line, the request log or the store.
   */
  keyScrubber(): KeyScrubber {
    const key = this.lastKey ?? '';
    if (this.scrubber?.key !== key) this.scrubber = { key, scrub: keyScrubber(key) };
    return this.scrubber.scrub;
  }

  /** The text with the upstream key removed (see `keyScrubber`). */
  scrub(text: string): string {
    return this.keyScrubber().text(text);
  }

  /** `scrub` for raw bytes; the same Buffer back when the key is not among them. */
  scrubBytes(bytes: Buffer): Buffer {
    return this.keyScrubber().bytes(bytes);
  }

  /** `GET /v1/models` for this key. Throws an UpstreamStatusError on a non-2xx answer. */
  async listModels(requestId: string, signal?: AbortSignal): Promise<CatalogModel[]> {
    const response = await this.request({
      method: 'GET',
      path: '/v1/models',
      requestId,
      ...(signal ? { signal } : {}),
    });
    const { bytes } = await readCapped(response.body, MAX_CATALOG_BYTES);
    const text = this.scrub(bytes.toString('utf8'));
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new UpstreamStatusError(response.statusCode, text);
    }
    let list: unknown;
    try {
      list = JSON.parse(text);
    } catch {
      // Not the parser's message: it quotes the body.
      throw new UpstreamStatusError(
        response.statusCode,
        readableErrorText(response.statusCode, text),
      );
    }
    return parseModelList(list);
  }

  /**
   * The pricing document, or null when there is none or it cannot be read: prices are optional
   * (costs are then not estimated), discovery is not.
   */
  async fetchPricing(requestId: string, signal?: AbortSignal): Promise<unknown> {
    if (this.pricingUrl === null) return null;
    try {
      if (/^https?:\/\//i.test(this.pricingUrl)) {
        const target = new URL(this.pricingUrl);
        // The key goes to the profile's own origin only; a pricing document elsewhere is
        // fetched without it, and never over plain http to a host off this machine.
        const own = target.origin === this.origin;
        if (!own && target.protocol === 'http:' && !isLoopbackHost(target.hostname)) return null;
        const headers: Record<string, string> = { 'x-request-id': requestId };
        if (own) {
          const key = await this.apiKey();
          this.lastKey = key;
          headers.authorization = `Bearer ${key}`;
        }
        const response = await request(target, {
          headers,
          signal: signal ?? null,
          ...this.timeouts,
        });
        return response.statusCode === 200
          ? await response.body.json()
          : (await response.body.dump(), null);
      }
      const response = await this.request({
        method: 'GET',
        path: this.pricingUrl,
        requestId,
        ...(signal ? { signal } : {}),
      });
      if (response.statusCode !== 200) {
        await response.body.dump();
        return null;
      }
      return await response.body.json();
    } catch {
      return null;
    }
  }

  /** The pool's connection counts, to see that nothing is left open after faults. */
  stats(): { connected: number; free: number; pending: number; running: number; size: number } {
    const { connected, free, pending, running, size } = this.pool.stats;
    return { connected, free, pending, running, size };
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}

/** A non-2xx answer to a call the gateway makes for itself (discovery, pricing). */
export class UpstreamStatusError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string) {
    super(`Upstream answered ${status}`);
    this.name = 'UpstreamStatusError';
    this.status = status;
    this.body = body;
  }
}
