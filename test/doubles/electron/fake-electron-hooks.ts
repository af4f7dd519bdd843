import { registerHooks } from 'node:module';

// `node --import ./electron/main/fake-electron-hooks.ts out/main/index.js`: the built main
// bundle under plain Node, its `electron` import answered by fake-electron-module.ts.
const FAKE = new URL('./fake-electron-module.ts', import.meta.url).href;

registerHooks({
  resolve: (specifier, context, nextResolve) =>
    specifier === 'electron' ? { url: FAKE, shortCircuit: true } : nextResolve(specifier, context),
});
