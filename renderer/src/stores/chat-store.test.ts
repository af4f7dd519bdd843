import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../shared/contract.ts';
import { chatMessage } from '../../../test/doubles/chat/chat-message.ts';

const call = vi.fn();
vi.mock('../api/index.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  getApi: () => ({ call }),
}));

const { useChatStore } = await import('./chat-store.ts');

const conversation = (id: string, model: string | null): Conversation => ({
  id,
  title: 'New chat',
  model,
  systemPrompt: null,
  params: {},
  createdAt: 1,
  updatedAt: 1,
});

/** A promise and the function that settles it, to answer an API call when the test says. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the chat store', () => {
  beforeEach(() => {
    call.mockReset();
    const old = conversation('old', 'sim-chat');
    useChatStore.setState({
      conversations: [old],
      activeId: 'old',
      active: { ...old, messages: [], versions: {} },
      activeStatus: 'ready',
    });
  });

  it('applies a model picked right after "New chat" to the new conversation', async () => {
    const created = later<Conversation>();
    call.mockImplementation((method: string, params: { id?: string; model?: string }) => {
      if (method === 'chat.create') return created.promise;
      if (method === 'chat.update')
        return Promise.resolve(conversation(params.id ?? '', params.model ?? null));
      throw new Error(`unexpected ${method}`);
    });
    const store = useChatStore.getState();
    // "New chat" is pressed; before the app answers, the user picks a model in the picker,
    // which still shows the old conversation.
    const creating = store.create('sim-chat');
    const picking = store.update({ model: 'sim-gemini' });
    created.resolve(conversation('new', 'sim-chat'));
    await Promise.all([creating, picking]);

    const updates = call.mock.calls.filter(([method]) => method === 'chat.update');
    expect(updates).toEqual([['chat.update', { id: 'new', model: 'sim-gemini' }]]);
    const state = useChatStore.getState();
    expect(state.activeId).toBe('new');
    expect(state.active?.model).toBe('sim-gemini');
    expect(state.conversations.find((c) => c.id === 'old')?.model).toBe('sim-chat');
  });

  it('still changes the open conversation when no "New chat" is under way, and after a failed one', async () => {
    call.mockImplementation((method: string, params: { id?: string; model?: string }) => {
      if (method === 'chat.create') return Promise.reject(new Error('store is closed'));
      return Promise.resolve(conversation(params.id ?? '', params.model ?? null));
    });
    const store = useChatStore.getState();
    await expect(store.create('sim-chat')).rejects.toThrow('store is closed');
    await store.update({ model: 'sim-gemini' });
    expect(call).toHaveBeenLastCalledWith('chat.update', { id: 'old', model: 'sim-gemini' });
    expect(useChatStore.getState().active?.model).toBe('sim-gemini');
  });

  it('sends attached files with the text, and only when there are some', async () => {
    call.mockImplementation(() =>
      Promise.resolve({
        user: { id: 'u', role: 'user' },
        assistant: { id: 'a', role: 'assistant' },
      }),
    );
    const store = useChatStore.getState();
    const png = {
      kind: 'image',
      name: 'a.png',
      mimeType: 'image/png',
      data: 'AA==',
      size: 1,
    } as const;
    expect(await store.send('Look', [png])).toBe(true);
    await store.send('Plain');
    // (The first message also re-reads the list for the new title: only the sends matter.)
    const sends = call.mock.calls.filter(([method]) => method === 'chat.send');
    expect(sends).toEqual([
      ['chat.send', { conversationId: 'old', content: 'Look', attachments: [png] }],
      ['chat.send', { conversationId: 'old', content: 'Plain' }],
    ]);
  });

  it('opens a conversation made from a logged request and says what it left out', async () => {
    const replayed = conversation('replayed', 'sim-anthropic');
    call.mockImplementation((method: string) => {
      if (method === 'chat.fromLog')
        return Promise.resolve({ conversation: replayed, omitted: ['1 tool call'] });
      if (method === 'chat.get')
        return Promise.resolve({ ...replayed, messages: [], versions: {} });
      throw new Error(`unexpected ${method}`);
    });
    expect(await useChatStore.getState().openFromLog('req_1')).toEqual(['1 tool call']);
    expect(call).toHaveBeenCalledWith('chat.fromLog', { requestId: 'req_1' });
    const state = useChatStore.getState();
    expect(state.activeId).toBe('replayed');
    expect(state.active?.model).toBe('sim-anthropic');
    expect(state.conversations[0]?.id).toBe('replayed');
  });

  it('shows the path a regenerate answers with, and another version when asked', async () => {
    const old = conversation('old', 'sim-chat');
    const message = (id: string, role: 'user' | 'assistant', parentId: string | null) => ({
      ...chatMessage(role, id, { id, conversationId: 'old', parentId }),
    });
    const [q, a1, a2] = [
      message('q', 'user', null),
      message('a1', 'assistant', 'q'),
      message('a2', 'assistant', 'q'),
    ];
    useChatStore.setState({ active: { ...old, messages: [q, a1], versions: {} }, streaming: {} });
    const versions = { a1: ['a1', 'a2'], a2: ['a1', 'a2'] };
    call.mockImplementation((method: string) => {
      if (method === 'chat.regenerate')
        return Promise.resolve({
          assistant: a2,
          conversation: { ...old, messages: [q, a2], versions: { a2: versions.a2 } },
        });
      if (method === 'chat.showVersion')
        return Promise.resolve({ ...old, messages: [q, a1], versions: { a1: versions.a1 } });
      throw new Error(`unexpected ${method}`);
    });
    const store = useChatStore.getState();
    await store.regenerate();
    let state = useChatStore.getState();
    expect(state.active?.messages.map((m) => m.id)).toEqual(['q', 'a2']);
    expect(state.active?.versions).toEqual({ a2: ['a1', 'a2'] });
    expect(state.streaming).toEqual({ a2: 'old' });
    useChatStore.setState({ streaming: {} });
    await store.showVersion('a1');
    expect(call).toHaveBeenLastCalledWith('chat.showVersion', { messageId: 'a1' });
    state = useChatStore.getState();
    expect(state.active?.messages.map((m) => m.id)).toEqual(['q', 'a1']);
    expect(state.active?.versions).toEqual({ a1: ['a1', 'a2'] });
  });
});
