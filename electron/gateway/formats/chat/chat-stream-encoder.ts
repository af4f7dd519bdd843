import type { CanonicalUsage } from '../../canonical/canonical-response.ts';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import type { ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import type { StreamEncoder } from '../../canonical/format-codec.ts';
import { newId, nowSeconds } from '../../canonical/ids.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { chatStreamError } from './chat-stream-error.ts';
import { canonicalUsageToChat } from './chat-usage.ts';
import { canonicalFinishToChat } from './map-chat-finish-reason.ts';
import { sseRecord } from '../../canonical/sse-record.ts';

/**
 * Canonical events as the client's chat SSE: `data:` records only,
 * a role delta first, one chunk per delta as it arrives, a `finish_reason` chunk, the usage
 * chunk only when the client asked for it, then `[DONE]`. The only thing held back is the
 * usage, because chat sends it after the finish chunk and upstreams may report it earlier.
 * After an `error` event the in-stream error record is the last thing written: openai-node
 * throws on it, and `end()` adds nothing (no finish chunk, no `[DONE]`).
 */
export function createChatStreamEncoder(ctx: ResponseEncodeContext): StreamEncoder {
  let created: number | undefined;
  let roleSent = false;
  let finishSent = false;
  let over = false;
  let usage: CanonicalUsage | undefined;
  const chatIndex = new Map<number, number>();
  const record = (payload: Record<string, unknown>) => sseRecord(payload);
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => {
    created ??= nowSeconds();
    return record({
      id: ctx.responseId,
      object: 'chat.completion.chunk',
      created,
      model: ctx.request.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      usage: null,
    });
  };
  const role = () => {
    if (roleSent) return '';
    roleSent = true;
    return chunk({ role: 'assistant', content: '' });
  };

  const startCall = (index: number, id: string, name: string) => {
    const k = chatIndex.size;
    chatIndex.set(index, k);
    return (
      role() +
      chunk({ tool_calls: [{ index: k, id, type: 'function', function: { name, arguments: '' } }] })
    );
  };

  return {
    encode(event: CanonicalStreamEvent): string {
      if (over) return '';
      switch (event.type) {
        case 'start':
          if (created === undefined && event.created > 0) created = event.created;
          return role();
        case 'text-delta':
          return event.text ? role() + chunk({ content: event.text }) : '';
        case 'refusal-delta':
          return event.text ? role() + chunk({ refusal: event.text }) : '';
        case 'reasoning-delta':
          return event.text ? role() + chunk({ reasoning_content: event.text }) : '';
        case 'tool-call-start':
          return startCall(event.index, event.id, event.name);
        case 'tool-call-delta': {
          // A delta without its start breaks the contract; open the call rather than lose it.
          const opened = chatIndex.has(event.index)
            ? ''
            : startCall(event.index, newId('call_'), '');
          if (!event.argumentsDelta) return opened;
          const index = chatIndex.get(event.index);
          return (
            opened +
            chunk({ tool_calls: [{ index, function: { arguments: event.argumentsDelta } }] })
          );
        }
        case 'tool-call-end':
          // Chat has no place for a call's opaque state; the upstream's codec keeps it by call id.
          return '';
        case 'finish': {
          if (finishSent) return '';
          finishSent = true;
          const reason = canonicalFinishToChat(event.reason, chatIndex.size > 0, ctx);
          return role() + chunk({}, reason);
        }
        case 'usage':
          usage = event.usage;
          return '';
        case 'error':
          over = true;
          return chatStreamError(
            new GatewayError(event.status, event.message, {
              ...(event.code === undefined ? {} : { code: event.code }),
            }),
          );
      }
    },

    end(): string {
      if (over) return '';
      over = true;
      let out = role();
      if (!finishSent) out += chunk({}, chatIndex.size > 0 ? 'tool_calls' : 'stop');
      if (ctx.request.streamIncludeUsage && usage)
        out += record({
          id: ctx.responseId,
          object: 'chat.completion.chunk',
          created,
          model: ctx.request.model,
          choices: [],
          usage: canonicalUsageToChat(usage),
        });
      return out + 'data: [DONE]\n\n';
    },
  };
}
