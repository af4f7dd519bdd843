import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createDesktopBridge, type IpcRendererLike } from './desktop-bridge.ts';

/** ipcRenderer as far as the bridge uses it: records invocations, delivers events. */
class FakeIpcRenderer extends EventEmitter implements IpcRendererLike {
  readonly invoked: unknown[][] = [];
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push([channel, ...args]);
    return Promise.resolve({ answered: args[0] });
  }
  /** Plays main's webContents.send: the listener gets an IPC event first. */
  deliver(channel: string, ...args: unknown[]): void {
    this.emit(channel, { sender: this, ports: [] }, ...args);
  }
}

describe('createDesktopBridge', () => {
  it('has invoke and subscribe and nothing else', () => {
    const bridge = createDesktopBridge(new FakeIpcRenderer());
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'subscribe']);
  });

  it('invokes app:rpc with the method and params', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createDesktopBridge(ipc);
    await expect(bridge.invoke('tokens.list', undefined)).resolves.toEqual({
      answered: 'tokens.list',
    });
    await bridge.invoke('chat.get', { id: 'c1' });
    expect(ipc.invoked).toEqual([
      ['app:rpc', 'tokens.list', undefined],
      ['app:rpc', 'chat.get', { id: 'c1' }],
    ]);
  });

  it('passes app:event name and payload, never the IPC event', () => {
    const ipc = new FakeIpcRenderer();
    const seen: unknown[][] = [];
    createDesktopBridge(ipc).subscribe((...args) => seen.push(args));
    ipc.deliver('app:event', 'chat.delta', { text: 'Hi' });
    ipc.deliver('app:event', 42, 'not a name');
    ipc.deliver('other', 'chat.delta', {});
    expect(seen).toEqual([['chat.delta', { text: 'Hi' }]]);
  });

  it('unsubscribes', () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createDesktopBridge(ipc);
    const seen: string[] = [];
    const stop = bridge.subscribe((name) => seen.push(`a:${name}`));
    bridge.subscribe((name) => seen.push(`b:${name}`));
    ipc.deliver('app:event', 'logs.appended', []);
    stop();
    stop();
    ipc.deliver('app:event', 'gateway.status', {});
    expect(seen).toEqual(['a:logs.appended', 'b:logs.appended', 'b:gateway.status']);
    expect(ipc.listenerCount('app:event')).toBe(1);
  });
});
