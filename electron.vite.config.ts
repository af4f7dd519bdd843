import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: {
      rollupOptions: {
        // cli: the headless CLI as plain JS, so `npm start` without Electron runs no type
        // stripping (about 40 MB less resident; bench/FINDINGS.md #3).
        input: { index: resolve('electron/main/index.ts'), cli: resolve('bin/model-gateway.ts') },
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
    plugins: [react()],
    // electron-vite leaves the renderer unminified by default; minified, each page's first load
    // stays under 500 KB of JavaScript (npm run bench:ui).
    build: { minify: true, rollupOptions: { input: { index: resolve('renderer/index.html') } } },
  },
});
