import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError } from './client-error.ts';

/** Addresses that bind every interface. */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '::0', '0:0:0:0:0:0:0:0']);

/** Extra Host names to answer (comma-separated), for a gateway reached over the network. */
const ALLOWED_HOSTS_ENV = 'MODEL_GATEWAY_ALLOWED_HOSTS';

/** The names in `MODEL_GATEWAY_ALLOWED_HOSTS`, lower-cased, ports and blanks dropped. */
export function allowedHostsFromEnv(env: NodeJS.ProcessEnv): string[] {
  return (env[ALLOWED_HOSTS_ENV] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.length > 0);
}

export interface ServerDeadlines {
  /** Node's deadline for a whole request (default 120 s), answered with a JSON 408. */
  requestTimeoutMs?: number | undefined;
  /** Node's deadline for a request's headers (default 30 s, at most the request's). */
  headersTimeoutMs?: number | undefined;
}

/**
 * The gateway's HTTP server, not yet listening: Node's own deadlines for every route (the app's
 * included), and a JSON answer in the path's format where Node's parser refuses a request.
 */
export function createGatewayServer(deadlines: ServerDeadlines): Server {
  const requestTimeout = deadlines.requestTimeoutMs ?? 120_000;
  const headersTimeout = Math.min(deadlines.headersTimeoutMs ?? 30_000, requestTimeout);
  const server = createServer({
    requestTimeout,
    headersTimeout,
    // Node checks these deadlines on an interval; short timeouts need a short interval.
    connectionsCheckingInterval: Math.min(30_000, Math.max(100, headersTimeout / 4)),
    // Node's own answer to a Host-less request is a bare 400; the gateway answers it in JSON.
    requireHostHeader: false,
  });
  server.on('clientError', answerClientError);
  return server;
}

export interface Listening {
  /** Where to connect: loopback when the server binds every interface. */
  url: string;
  /** The address bound. */
  host: string;
  port: number;
}

/**
 * Binds the server (port 0 picks any free one). Bound to every interface, it warns that the
 * model API is reachable from the network and which Host names it answers.
 */
export async function listen(
  server: Server,
  port: number,
  host: string,
  allowedHosts: ReadonlySet<string>,
  log: (message: string) => void,
): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const everyInterface = WILDCARD_ADDRESSES.has(address.address);
  // A wildcard address is no place to connect to (and its Host would be refused): show loopback.
  const shownHost = everyInterface
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  if (everyInterface) {
    const names = [...allowedHosts];
    log(
      `WARNING: listening on every interface (${address.address}): the model API is reachable ` +
        `from the network, guarded by local tokens only, over plain http. Host names answered: ` +
        `loopback names${names.length > 0 ? `, ${names.join(', ')}` : ' only (others get 403)'}; ` +
        `allow more with ${ALLOWED_HOSTS_ENV}=name,name.`,
    );
  }
  return { url: `http://${shownHost}:${address.port}`, host: address.address, port: address.port };
}
