import { posix, resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { uiCatalogParts } from './renderer/build/ui-catalog-parts.ts';
import { META_CONTENT_SECURITY_POLICY } from './shared/content-security-policy.ts';

/** The store reader's worker: an entry of its own, at out/main/store-read-worker.js. */
const STORE_READ_WORKER = 'store-read-worker';

/**
 * store-reader.ts names its worker as the sources have it, `./store-read-worker.ts` beside it;
 * in the bundle that code lands in some chunk, so the path becomes the worker entry's, relative
 * to that chunk.
 */
function storeReadWorkerPath(): Plugin {
  const source = new RegExp(`(["'])\\./${STORE_READ_WORKER}\\.ts\\1`, 'g');
  return {
    name: 'store-read-worker-path',
    renderChunk(code, chunk) {
      const path = posix.relative(posix.dirname(chunk.fileName), `${STORE_READ_WORKER}.js`);
      const target = JSON.stringify(path.startsWith('.') ? path : `./${path}`);
      const rewritten = code.replace(source, target);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/**
 * The built page's Content-Security-Policy, from the one definition the headers use: a page
 * loaded from files has no headers, so this meta tag is its only policy. Build only: the dev
 * server's pages get the header (electron/main/csp.ts).
 */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'content-security-policy-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: META_CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin(), storeReadWorkerPath()],
    build: {
      rollupOptions: {
        // cli: the headless CLI as plain JS, so `npm start` without Electron runs no type
        // stripping (about 40 MB less resident; bench/FINDINGS.md #3).
        input: {
          index: resolve('electron/main/index.ts'),
          cli: resolve('bin/model-gateway.ts'),
          [STORE_READ_WORKER]: resolve(`electron/store/${STORE_READ_WORKER}.ts`),
        },
      },
    },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    // A sandboxed preload cannot be an ES module.
    build: {
      rollupOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react(), contentSecurityPolicyMeta(), uiCatalogParts()],
    // electron-vite leaves the renderer unminified by default; minified, each page's first load
    // stays under 500 KB of JavaScript (npm run bench:ui).
    build: { minify: true, rollupOptions: { input: { index: resolve('renderer/index.html') } } },
  },
});
