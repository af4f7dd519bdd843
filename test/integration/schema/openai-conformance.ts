import type { Capture } from './capture.ts';
import { responsesEventSchemaName, violationsOf } from './openai-schema.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const at = (where: string, violations: string[]) => violations.map((v) => `${where}: ${v}`);

/** An error answer, as a body or as an in-stream record, is an `ErrorResponse`. */
const isErrorRecord = (data: unknown) => isRecord(data) && 'error' in data && !('object' in data);

/** Every violation of the OpenAI schema in what a chat-completions client received. */
export function chatViolations(result: Capture): string[] {
  if (result.body !== undefined) {
    const schema = result.status >= 400 ? 'ErrorResponse' : 'CreateChatCompletionResponse';
    return at(`body (${schema})`, violationsOf(schema, result.body));
  }
  return (result.events ?? []).flatMap(({ event, data }, i) => {
    const schema = isErrorRecord(data) ? 'ErrorResponse' : 'CreateChatCompletionStreamResponse';
    const framing = event === undefined ? [] : [`record ${i}: chat streams name no events`];
    return [...framing, ...at(`record ${i} (${schema})`, violationsOf(schema, data))];
  });
}

/**
 * On a passthrough route the gateway forwards the upstream's bytes, so what is checked there is
 * the simulator, which writes what recordings of the real API show (test/fixtures/recorded/
 * responses) where the schema is stricter. These are tolerated on passthrough only.
 */
const PASSTHROUGH_LIBERTIES: readonly RegExp[] = [
  // `"user": null` in every recorded response object.
  /\/user must be string/,
  // `"usage": null` until the answer is complete.
  /(Created|InProgress|Failed)Event: \/response\/usage must be object/,
  // No `name` on `function_call_arguments.done`.
  /ArgumentsDoneEvent: \/ must have required property 'name'/,
  // No `cache_write_tokens` in older recordings.
  /must have required property 'cache_write_tokens'/,
  // The simulator echoes `tools` as sent; the real API adds `strict` (the recordings show
  // `"strict": true`). A simulator gap, not a gateway one.
  /\/tools\/\d+/,
];

/**
 * Every violation of the OpenAI schema in what a responses client received. Each stream event is
 * checked against the schema its `type` names; the `event:` line must repeat that type (the SDK
 * throws on `event: error`). Where the gateway writes the events itself, `sequence_number`
 * must count up from 0.
 */
export function responsesViolations(result: Capture, passthrough = false): string[] {
  const violations =
    result.body !== undefined
      ? bodyViolations(result.status >= 400 ? 'ErrorResponse' : 'Response', result.body)
      : (result.events ?? []).flatMap(({ event, data }, i) => {
          const type = isRecord(data) ? data.type : undefined;
          const schema = responsesEventSchemaName(data);
          const out: string[] = [];
          if (schema === undefined) out.push(`event ${i}: no schema for type ${String(type)}`);
          if (event !== type)
            out.push(`event ${i}: event line '${event}' for type '${String(type)}'`);
          if (!passthrough && isRecord(data) && data.sequence_number !== i)
            out.push(`event ${i}: sequence_number ${String(data.sequence_number)}`);
          if (schema !== undefined)
            out.push(...at(`event ${i} ${schema}`, violationsOf(schema, data)));
          return out;
        });
  return passthrough
    ? violations.filter((v) => !PASSTHROUGH_LIBERTIES.some((liberty) => liberty.test(v)))
    : violations;
}

const bodyViolations = (schema: string, body: unknown) =>
  at(`body (${schema})`, violationsOf(schema, body));
