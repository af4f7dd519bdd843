import { describe, expect, it, vi } from 'vitest';

// The preload's entry against a stand-in `electron`: the real module cannot load under Node (and
// would try to download Electron). Checks what the page gets: one global, the bridge.
const exposed = vi.hoisted(() => new Map<string, unknown>());
vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api),
  },
  ipcRenderer: {
    invoke: () => Promise.resolve(null),
    on: () => undefined,
    removeListener: () => undefined,
  },
}));

describe('preload', () => {
  it('exposes only the bridge, as window.appBridge', async () => {
    await import('./index.ts');
    expect([...exposed.keys()]).toEqual(['appBridge']);
    const bridge = exposed.get('appBridge') as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'subscribe']);
    expect(typeof bridge.invoke).toBe('function');
    expect(typeof bridge.subscribe).toBe('function');
  });
});
