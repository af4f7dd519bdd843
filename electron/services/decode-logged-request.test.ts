import { describe, expect, it } from 'vitest';
import type { StoredConversation } from '../gateway/canonical/conversion-context.ts';
import { canonicalToChat } from './canonical-to-chat.ts';
import { decodeLoggedRequest } from './decode-logged-request.ts';

const PNG = 'iVBORw0KGgo=';
const noResponses = { get: (_id: string): StoredConversation | undefined => undefined };

/** The chat a logged body opens as: its settings and [role, content, attachment names]. */
function replay(path: string, body: unknown, responses = noResponses) {
  const logged = { path, body: JSON.stringify(body), model: null, stream: false };
  const chat = canonicalToChat(decodeLoggedRequest(logged, responses));
  return {
    model: chat.model,
    systemPrompt: chat.systemPrompt,
    params: chat.params,
    omitted: chat.omitted,
    messages: chat.messages.map((m) => [
      m.role,
      m.content,
      ...(m.attachments ?? []).map((a) => a.name),
    ]),
  };
}

describe('a logged request opened in chat, decoded by its format’s own codec', () => {
  it('reads chat-completions: system, turns, an image, parameters', () => {
    expect(
      replay('/v1/chat/completions', {
        model: 'sim-chat',
        temperature: 0.4,
        max_completion_tokens: 300,
        reasoning_effort: 'high',
        messages: [
          { role: 'system', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
            ],
          },
          { role: 'assistant', content: 'A dot.' },
          { role: 'user', content: 'Sure?' },
        ],
      }),
    ).toEqual({
      model: 'sim-chat',
      systemPrompt: 'Be brief.',
      params: { temperature: 0.4, maxTokens: 300, reasoningEffort: 'high' },
      omitted: [],
      messages: [
        ['user', 'What is this?', 'image-1.png'],
        ['assistant', 'A dot.'],
        ['user', 'Sure?'],
      ],
    });
  });

  it('reads responses, with the history of previous_response_id from the app’s store', () => {
    const stored: StoredConversation = {
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'First' }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'One' }] },
      ],
    };
    const responses = { get: (id: string) => (id === 'resp_1' ? stored : undefined) };
    expect(
      replay(
        '/v1/responses',
        {
          model: 'sim-responses',
          instructions: 'Answer in French.',
          previous_response_id: 'resp_1',
          input: [{ role: 'user', content: [{ type: 'input_text', text: 'Second' }] }],
        },
        responses,
      ),
    ).toMatchObject({
      model: 'sim-responses',
      systemPrompt: 'Answer in French.',
      messages: [
        ['user', 'First'],
        ['assistant', 'One'],
        ['user', 'Second'],
      ],
    });
  });

  it('reads native generateContent, the model from the path', () => {
    expect(
      replay('/v1beta/models/sim-gemini:generateContent', {
        systemInstruction: { parts: [{ text: 'Be kind.' }] },
        generationConfig: { maxOutputTokens: 64 },
        contents: [
          {
            role: 'user',
            parts: [{ text: 'Hi' }, { inlineData: { mimeType: 'image/jpeg', data: PNG } }],
          },
          { role: 'model', parts: [{ text: 'Hello' }] },
        ],
      }),
    ).toMatchObject({
      model: 'sim-gemini',
      systemPrompt: 'Be kind.',
      params: { maxTokens: 64 },
      messages: [
        ['user', 'Hi', 'image-1.jpg'],
        ['assistant', 'Hello'],
      ],
    });
  });

  it('reads a path whose query the log left out from what the gateway logged of it', () => {
    const body = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });
    const path = '/v1beta/models/sim-gemini:streamGenerateContent';
    const logged = { path, body, model: 'sim-gemini', stream: true };
    expect(decodeLoggedRequest(logged, noResponses)).toMatchObject({
      model: 'sim-gemini',
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
    });
  });

  it('reads Messages, and counts the tool turns the chat has no place for', () => {
    expect(
      replay('/v1/messages', {
        model: 'sim-anthropic',
        max_tokens: 1024,
        system: 'Use tools.',
        tools: [{ name: 'weather', input_schema: { type: 'object' } }],
        messages: [
          { role: 'user', content: 'Weather in Oslo?' },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Checking.' },
              { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Oslo' } },
            ],
          },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Rain' }],
          },
        ],
      }),
    ).toEqual({
      model: 'sim-anthropic',
      systemPrompt: 'Use tools.',
      params: { maxTokens: 1024 },
      omitted: ['1 tool call', '1 tool result'],
      messages: [
        ['user', 'Weather in Oslo?'],
        ['assistant', 'Checking.'],
      ],
    });
  });

  it('turns a file the chat inlined back into an attachment', () => {
    const file = 'Attached file: notes.md\n```\n# Notes\n```';
    const chat = canonicalToChat(
      decodeLoggedRequest(
        {
          path: '/v1/chat/completions',
          body: JSON.stringify({
            model: 'm',
            messages: [{ role: 'user', content: [{ type: 'text', text: file }] }],
          }),
          model: 'm',
          stream: false,
        },
        noResponses,
      ),
    );
    expect(chat.messages[0]).toEqual({
      role: 'user',
      content: '',
      attachments: [{ kind: 'text', name: 'notes.md', text: '# Notes', size: 7 }],
    });
  });

  it('says why a request cannot be opened', () => {
    const decode = (path: string, body: string | null) => () =>
      decodeLoggedRequest({ path, body, model: null, stream: false }, noResponses);
    expect(decode('/v1/chat/completions', null)).toThrow(/body was not captured/);
    expect(decode('/v1/models', '{}')).toThrow(/not a generation request/);
    expect(decode('/v1/chat/completions', '{"model":"m","messages":[{"ro… [truncated]')).toThrow(
      /cut at the capture size limit/,
    );
    expect(decode('/v1/chat/completions', '{"model":"m"}')).toThrow(
      /cannot be opened in chat: .*messages/,
    );
    expect(
      decode(
        '/v1/responses',
        JSON.stringify({ model: 'm', input: 'x', previous_response_id: 'r' }),
      ),
    ).toThrow(/Previous response with id 'r' not found/);
  });
});
