import OpenAI from 'openai';
import type { KitRecorded, Reading, ReferenceReading } from '../format-kit.ts';
import { num, obj, parseArgs } from '../json.ts';

/**
 * What a recorded chat-completions stream says, read directly from its JSON with the documented
 * rules (OpenAI's convention for usage), independently of the gateway's decoders.
 */
function readChatReference(payloads: string[]): ReferenceReading {
  let text = '';
  const calls = new Map<number, { name: string; args: string }>();
  let usage: ReferenceReading['usage'];
  let failed = false;
  for (const payload of payloads) {
    const chunk = obj(JSON.parse(payload));
    if (chunk.error) failed = true;
    for (const choice of (chunk.choices as unknown[] | undefined) ?? []) {
      const delta = obj(obj(choice).delta);
      if (typeof delta.content === 'string') text += delta.content;
      // Mistral sends content as an array of typed items; only `text` items are answer text.
      if (Array.isArray(delta.content)) {
        for (const item of delta.content)
          if (obj(item).type === 'text' && typeof obj(item).text === 'string')
            text += String(obj(item).text);
      }
      for (const call of (delta.tool_calls as unknown[] | undefined) ?? []) {
        const c = obj(call);
        const index = num(c.index);
        const entry = calls.get(index) ?? { name: '', args: '' };
        const fn = obj(c.function);
        if (typeof fn.name === 'string') entry.name += fn.name;
        if (typeof fn.arguments === 'string') entry.args += fn.arguments;
        calls.set(index, entry);
      }
    }
    const u = obj(chunk.usage);
    if (chunk.usage) {
      const input = num(u.prompt_tokens);
      const reasoning = num(obj(u.completion_tokens_details).reasoning_tokens);
      let output = num(u.completion_tokens);
      // xAI counts reasoning outside completion_tokens (total = prompt + completion + reasoning);
      // in OpenAI's convention output includes reasoning (README "Translation rules").
      if (reasoning > 0 && input + output + reasoning === num(u.total_tokens)) output += reasoning;
      usage = { input, output, total: num(u.total_tokens) };
    }
  }
  return {
    text,
    calls: [...calls.values()].map((c) => ({ name: c.name, args: parseArgs(c.args) })),
    ...(usage ? { usage } : {}),
    failed,
  };
}

/** The `openai` SDK's chat stream helper, as a chat-completions client reads a streamed answer. */
async function readChatStream(model: string, baseUrl: string, token: string): Promise<Reading> {
  const client = new OpenAI({ apiKey: token, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
  const final = await client.chat.completions
    .stream({
      model,
      messages: [{ role: 'user', content: 'replay' }],
      stream_options: { include_usage: true },
    })
    .finalChatCompletion();
  const message = final.choices[0]?.message;
  const calls = (message?.tool_calls ?? []).flatMap((c) =>
    c.type === 'function'
      ? [{ name: c.function.name, args: JSON.parse(c.function.arguments || '{}') as unknown }]
      : [],
  );
  const u = final.usage;
  return {
    text: message?.content ?? '',
    calls,
    ...(u
      ? { usage: { input: u.prompt_tokens, output: u.completion_tokens, total: u.total_tokens } }
      : {}),
  };
}

export const chatRecorded: KitRecorded = {
  folder: 'chat',
  counts: { streams: 6, bodies: 5 },
  streams: (payloads) => [payloads],
  // The recording holds no `[DONE]`: the live API ends every stream with one.
  frame: (payloads) => `${payloads.map((p) => `data: ${p}\n\n`).join('')}data: [DONE]\n\n`,
  reference: readChatReference,
  readStream: readChatStream,
};
