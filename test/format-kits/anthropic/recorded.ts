import Anthropic, { APIError } from '@anthropic-ai/sdk';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { expect } from 'vitest';
import type {
  CanonicalResponse,
  FinishReason,
} from '../../../electron/gateway/canonical/canonical-response.ts';
import {
  anthropicRedacted,
  anthropicSignature,
} from '../../../electron/gateway/formats/anthropic/anthropic-state.ts';
import {
  anthropicTypeErrors,
  type AnthropicValue,
} from '../../doubles/formats/anthropic-typecheck.ts';
import { sseRecords } from '../../doubles/formats/anthropic-test-support.ts';
import type { KitRecorded, Reading, ReferenceReading, WrittenValue } from '../format-kit.ts';
import { num, type Json } from '../json.ts';

/**
 * What a Messages client sees of an answer, in Messages' own terms: the reading the recorded
 * streams and bodies are checked on through the codec and @anthropic-ai/sdk (its own SSE parser
 * and MessageStream accumulator).
 */
interface MessagesReading {
  text: string;
  calls: { id: string; name: string; input: unknown }[];
  thinking: { thinking: string; signature: string }[];
  stopReason: string | null;
  usage: { input: number; output: number };
  explanation?: string;
}

/** Stop reasons a client of another format cannot tell apart read as what they map to. */
const referenceStop = (reason: unknown): string | null =>
  reason === 'stop_sequence' || reason === 'pause_turn' ? 'end_turn' : (reason as string | null);

function reading(
  blocks: Json[],
  stop: unknown,
  usage: Json,
  explanation?: string,
): MessagesReading {
  return {
    text: blocks.flatMap((b) => (b.type === 'text' ? [b.text as string] : [])).join(''),
    calls: blocks.flatMap((b) =>
      b.type === 'tool_use' ? [{ id: b.id as string, name: b.name as string, input: b.input }] : [],
    ),
    thinking: blocks.flatMap((b) =>
      b.type === 'thinking'
        ? [{ thinking: b.thinking as string, signature: (b.signature as string | undefined) ?? '' }]
        : [],
    ),
    stopReason: referenceStop(stop),
    usage: {
      input:
        num(usage.input_tokens) +
        num(usage.cache_read_input_tokens) +
        num(usage.cache_creation_input_tokens),
      output: num(usage.output_tokens),
    },
    ...(explanation ? { explanation } : {}),
  };
}

/**
 * The reference reading of a recorded stream, straight from its JSON lines; 'error' for a
 * stream a client must fail on (a second `message_start` of another message).
 */
function referenceOfStream(lines: string[]): MessagesReading | 'error' {
  const events = lines.map((line) => JSON.parse(line) as Json);
  let messageId: string | undefined;
  const blocks: Json[] = [];
  const json: string[] = [];
  const usage: Json = {};
  let stop: unknown = null;
  let explanation: string | undefined;
  for (const event of events) {
    if (event.type === 'message_start') {
      const message = event.message as Json;
      if (messageId !== undefined) {
        if (message.id === messageId) continue;
        return 'error';
      }
      messageId = message.id as string;
      Object.assign(usage, message.usage);
    } else if (event.type === 'content_block_start') {
      blocks[event.index as number] = { ...(event.content_block as Json) };
      json[event.index as number] = '';
    } else if (event.type === 'content_block_delta') {
      const block = blocks[event.index as number]!;
      const delta = event.delta as Json;
      if (delta.type === 'text_delta')
        block.text = `${block.text as string}${delta.text as string}`;
      if (delta.type === 'thinking_delta')
        block.thinking = `${block.thinking as string}${delta.thinking as string}`;
      if (delta.type === 'signature_delta') block.signature = delta.signature;
      if (delta.type === 'input_json_delta')
        json[event.index as number] =
          `${json[event.index as number] ?? ''}${delta.partial_json as string}`;
    } else if (event.type === 'message_delta') {
      for (const [key, value] of Object.entries(event.usage as Json))
        if (value !== null && value !== undefined) usage[key] = value;
      const delta = event.delta as Json;
      stop = delta.stop_reason;
      const details = delta.stop_details as Json | null | undefined;
      if (typeof details?.explanation === 'string') explanation = details.explanation;
    }
  }
  return reading(
    blocks.map((block, i) =>
      block.type === 'tool_use' ? { ...block, input: JSON.parse(json[i] || '{}') } : block,
    ),
    stop,
    usage,
    explanation,
  );
}

function referenceOfBody(body: Json): MessagesReading {
  const details = body.stop_details as Json | null | undefined;
  return reading(
    body.content as Json[],
    body.stop_reason,
    body.usage as Json,
    typeof details?.explanation === 'string' ? details.explanation : undefined,
  );
}

/** Canonical finish reasons as the Anthropic stop reason a client gets for them. */
const STOP_OF: Record<FinishReason, string> = {
  stop: 'end_turn',
  tool_calls: 'tool_use',
  length: 'max_tokens',
  content_filter: 'refusal',
  error: 'end_turn',
};

function canonicalReading(response: CanonicalResponse): MessagesReading {
  const refusal = response.parts.flatMap((p) => (p.type === 'refusal' ? [p.text] : [])).join('');
  return {
    text: response.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''),
    calls: response.parts.flatMap((p) =>
      p.type === 'tool-call'
        ? [{ id: p.id, name: p.name, input: JSON.parse(p.arguments || '{}') as unknown }]
        : [],
    ),
    thinking: response.parts.flatMap((p) =>
      p.type === 'reasoning' && anthropicRedacted(p) === undefined
        ? [{ thinking: p.text, signature: anthropicSignature(p) ?? '' }]
        : [],
    ),
    stopReason: STOP_OF[response.finishReason],
    usage: { input: response.usage?.inputTokens ?? 0, output: response.usage?.outputTokens ?? 0 },
    ...(refusal ? { explanation: refusal } : {}),
  };
}

function sdkReading(message: Message): MessagesReading {
  const u = message.usage;
  const explanation = message.stop_details?.explanation;
  return {
    text: message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(''),
    calls: message.content.flatMap((b) =>
      b.type === 'tool_use' ? [{ id: b.id, name: b.name, input: b.input }] : [],
    ),
    thinking: message.content.flatMap((b) =>
      b.type === 'thinking' ? [{ thinking: b.thinking, signature: b.signature }] : [],
    ),
    stopReason: message.stop_reason,
    usage: {
      input:
        u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0),
      output: u.output_tokens,
    },
    ...(explanation ? { explanation } : {}),
  };
}

/** An SDK client whose every request gets `body`: the SDK reads a text offline. */
function offlineClient(body: string, contentType: string): Anthropic {
  return new Anthropic({
    apiKey: 'test-key',
    baseURL: 'http://gateway.test',
    maxRetries: 0,
    fetch: async () =>
      new Response(body, { status: 200, headers: { 'content-type': contentType } }),
  });
}

const PARAMS = {
  model: 'client-model',
  max_tokens: 1024,
  messages: [{ role: 'user' as const, content: 'replay' }],
};

/** The reading every format shares: text, calls by name, usage with its total. */
function shared(own: MessagesReading): Reading {
  const { input, output } = own.usage;
  return {
    text: own.text,
    calls: own.calls.map((c) => ({ name: c.name, args: c.input })),
    usage: { input, output, total: input + output },
  };
}

/** A Messages client reading a streamed answer with the SDK's `.stream()` helper. */
async function readMessagesStream(model: string, baseUrl: string, token: string): Promise<Reading> {
  const client = new Anthropic({ apiKey: token, baseURL: baseUrl, maxRetries: 0 });
  return shared(sdkReading(await client.messages.stream({ ...PARAMS, model }).finalMessage()));
}

function reference(payloads: string[]): ReferenceReading {
  const own = referenceOfStream(payloads);
  if (own === 'error') return { text: '', calls: [], failed: true };
  // A refusal's explanation: a format with no place for it shows it as text.
  return {
    ...shared(own),
    ...(own.explanation ? { refusal: own.explanation } : {}),
    failed: false,
  };
}

export const anthropicRecorded: KitRecorded = {
  folder: 'anthropic',
  counts: { streams: 13, bodies: 11 },
  streams: (payloads) => [payloads],
  // The API names every event after its type; the recordings kept only the data.
  frame: (payloads) =>
    payloads
      .map((p) => `event: ${(JSON.parse(p) as { type: string }).type}\ndata: ${p}\n\n`)
      .join(''),
  reference,
  readStream: readMessagesStream,
  roundTrip: {
    decoderInput: (payload) => ({
      event: (JSON.parse(payload) as Json).type as string,
      data: payload,
    }),
    referenceOfStream,
    referenceOfBody,
    canonical: canonicalReading,
    encodeRequest: { reasoning: { includeThoughts: true } },
    sdkStream: async (sse) =>
      sdkReading(
        await offlineClient(sse, 'text/event-stream').messages.stream(PARAMS).finalMessage(),
      ),
    sdkBody: async (body) =>
      sdkReading(
        await offlineClient(JSON.stringify(body), 'application/json').messages.create(PARAMS),
      ),
    expectFailedStream(lastEvent, failure) {
      expect(lastEvent).toMatchObject({ type: 'error', status: 502 });
      expect(failure).toBeInstanceOf(APIError);
      expect((failure as APIError).message).toContain('before message');
    },
    written: (label, sse) =>
      sseRecords(sse).map((record, i) => ({
        label: `${label} #${i} ${record.event}`,
        shape: record.event === 'error' ? 'error' : 'event',
        value: record.data,
      })),
    writtenBody: (label, body) => ({ label, shape: 'message', value: body }),
    typeErrors: (values: readonly WrittenValue[]) =>
      anthropicTypeErrors(values as readonly AnthropicValue[]),
    canary: { label: 'canary', shape: 'event', value: { type: 'message_stop', extra: 1 } },
    canaryError: /^canary: error TS/,
  },
};
