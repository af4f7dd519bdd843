import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy.ts';

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Model Gateway: UI not built</title></head>
<body><h1>The app's UI is not built</h1>
<p>Run <code>npm run build</code> in the project folder, then reload this page.
The gateway itself is running: tools can use it already.</p></body></html>
`;

function sendText(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': type,
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
    ...extra,
  });
  res.end(body);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Where a path really is, links followed; null when it does not exist. */
async function realPathOf(path: string): Promise<string | null> {
  try {
    return await realpath(path);
  } catch {
    return null;
  }
}

const isBelow = (path: string, root: string): boolean => path.startsWith(root + sep);

/**
 * The built renderer's files from `dir`: `/` and any unknown page path get `index.html` (the
 * UI routes on the client), `/assets/*` the hashed bundles. Paths that climb out of `dir` are
 * refused before the file system is asked, and a link under `dir` that leads out of it is not
 * followed: only files really below it are served.
 */
export function staticFiles(
  dir: string,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const root = resolve(dir);
  const index = resolve(root, 'index.html');
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'text/plain; charset=utf-8', 'Method not allowed.\n', {
        allow: 'GET, HEAD',
      });
      return;
    }
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      sendText(res, 400, 'text/plain; charset=utf-8', 'Malformed path.\n');
      return;
    }
    const segments = path.split(/[/\\]/);
    if (path.includes('\0') || segments.includes('..')) {
      sendText(res, 403, 'text/plain; charset=utf-8', 'Path not allowed.\n');
      return;
    }
    if (!(await isFile(index))) {
      sendText(res, 503, 'text/html; charset=utf-8', NOT_BUILT_PAGE);
      return;
    }
    const file = resolve(root, `.${path}`);
    // Belt and braces: whatever the path said, only files below the root are served, where
    // they really are (a symlink to /etc/passwd placed in the folder is not).
    const real = isBelow(file, root) ? await realPathOf(file) : null;
    const realRoot = await realPathOf(root);
    if (real && realRoot && isBelow(real, realRoot) && (await isFile(real))) {
      await sendFile(req, res, real, path.startsWith('/assets/'));
      return;
    }
    if (path.startsWith('/assets/')) {
      sendText(res, 404, 'text/plain; charset=utf-8', 'Not found.\n');
      return;
    }
    await sendFile(req, res, index, false);
  };
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  immutable: boolean,
): Promise<void> {
  const { size } = await stat(file);
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': size,
    // Bundles have content hashes in their names; index.html must be fetched fresh each time.
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-store',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((done) => {
    const stream = createReadStream(file);
    stream.once('error', () => {
      res.destroy();
      done();
    });
    res.once('close', () => {
      stream.destroy();
      done();
    });
    stream.pipe(res);
  });
}
