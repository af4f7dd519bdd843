/**
 * Requests for the output conformance tests: one per kind of answer the gateway writes (text,
 * echoed parameters, tool calls, structured output, reasoning, a cut-off answer, cached usage,
 * upstream and gateway errors), in each client format, without `model` and `stream`. Inputs
 * come from the translation matrix.
 */
import type { WireFormat } from '../../../shared/wire-formats.ts';
import { KIT_LIST, KITS } from '../../format-kits/kits.ts';
import {
  ANSWER_SCHEMA,
  HISTORY,
  SYSTEM_TEXT,
  TINY_PNG,
  TINY_PNG_URL,
  WEATHER_SCHEMA,
} from '../matrix/scenarios.ts';

/** The simulator model that speaks every format. */
const ALL_FORMATS_MODEL = 'sim-all';

/** Every simulator model with one upstream format (one per kit), and the one that speaks them all. */
export const OUTPUT_MODELS: readonly string[] = [
  ...KIT_LIST.map((kit) => kit.nativeModel),
  ALL_FORMATS_MODEL,
];

/** The models whose upstream speaks the client's format: the gateway passes their answer through. */
export const passthroughModels = (format: WireFormat): readonly string[] => [
  KITS[format].nativeModel,
  ALL_FORMATS_MODEL,
];

export interface OutputCase {
  name: string;
  body: Record<string, unknown>;
}

/** A second tool, for parallel calls. */
const TIME_TOOL = 'get_time';

const ERROR_PROMPTS: [string, string][] = [
  ['upstream 500', '[[sim:500]] x'],
  ['upstream 429', '[[sim:429]] x'],
  ['insufficient balance', '[[sim:balance]] x'],
  ['error in the middle of the stream', '[[sim:error-mid-stream]] go'],
  ['upstream connection cut', '[[sim:cut-after=3]] go'],
];

const chatTool = (name: string, strict?: boolean) => ({
  type: 'function',
  function: {
    name,
    description: 'Current weather',
    parameters: WEATHER_SCHEMA,
    ...(strict === undefined ? {} : { strict }),
  },
});

const user = (content: unknown) => ({ messages: [{ role: 'user', content }] });

export const CHAT_CASES: OutputCase[] = [
  { name: 'text', body: user('Say hello') },
  {
    name: 'text with stream usage',
    body: { ...user('Say hello'), stream_options: { include_usage: true } },
  },
  {
    name: 'system prompt, history and sampling',
    body: {
      messages: [
        { role: 'system', content: SYSTEM_TEXT },
        { role: 'user', content: HISTORY.first },
        { role: 'assistant', content: HISTORY.firstAnswer },
        { role: 'user', content: HISTORY.second },
      ],
      temperature: 0.5,
      top_p: 0.9,
      max_completion_tokens: 500,
    },
  },
  { name: 'tool call', body: { ...user('Weather in Paris?'), tools: [chatTool('get_weather')] } },
  {
    name: 'parallel tool calls',
    body: {
      ...user('[[sim:parallel-tools]] Weather and time?'),
      tools: [chatTool('get_weather', true), chatTool(TIME_TOOL)],
      stream_options: { include_usage: true },
    },
  },
  {
    name: 'forced tool',
    body: {
      ...user('Weather in Paris?'),
      tools: [chatTool('get_weather')],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    },
  },
  {
    name: 'JSON-schema output',
    body: {
      ...user('A city and its population'),
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'answer', schema: ANSWER_SCHEMA, strict: true },
      },
    },
  },
  {
    name: 'JSON object output',
    body: { ...user('A city'), response_format: { type: 'json_object' } },
  },
  {
    name: 'reasoning effort',
    body: {
      ...user('Think about it'),
      reasoning_effort: 'low',
      stream_options: { include_usage: true },
    },
  },
  {
    name: 'cut off by max tokens',
    body: { ...user('[[sim:long=40]] go'), max_completion_tokens: 16 },
  },
  {
    name: 'cached prompt tokens',
    body: { ...user('[[sim:cached=4]] Say hello'), stream_options: { include_usage: true } },
  },
  {
    name: 'image input',
    body: user([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: TINY_PNG_URL } },
    ]),
  },
  ...ERROR_PROMPTS.map(([name, prompt]) => ({ name, body: user(prompt) })),
  { name: 'refused field', body: { ...user('x'), logit_bias: { '50256': -100 } } },
  { name: 'malformed message', body: { messages: [{ role: 'wizard', content: 'x' }] } },
];

const responsesTool = (name: string, strict?: boolean) => ({
  type: 'function',
  name,
  description: 'Current weather',
  parameters: WEATHER_SCHEMA,
  ...(strict === undefined ? {} : { strict }),
});

export const RESPONSES_CASES: OutputCase[] = [
  { name: 'text', body: { input: 'Say hello' } },
  {
    name: 'instructions, history and echoed parameters',
    body: {
      instructions: SYSTEM_TEXT,
      input: [
        { role: 'user', content: HISTORY.first },
        { role: 'assistant', content: HISTORY.firstAnswer },
        { role: 'user', content: HISTORY.second },
      ],
      temperature: 0.5,
      top_p: 0.9,
      max_output_tokens: 500,
      metadata: { purpose: 'schema test' },
      parallel_tool_calls: false,
      store: false,
    },
  },
  {
    name: 'tool call',
    body: { input: 'Weather in Paris?', tools: [responsesTool('get_weather')] },
  },
  {
    name: 'parallel tool calls',
    body: {
      input: '[[sim:parallel-tools]] Weather and time?',
      tools: [responsesTool('get_weather', true), responsesTool(TIME_TOOL, false)],
    },
  },
  {
    name: 'custom tool call (Codex apply_patch)',
    body: {
      input: 'Patch the file.',
      tools: [
        {
          type: 'custom',
          name: 'apply_patch',
          description: 'Edit files.',
          format: { type: 'grammar', syntax: 'lark', definition: 'start: /.+/' },
        },
      ],
    },
  },
  {
    name: 'namespaced function call, beside hosted tools the upstream cannot run',
    body: {
      input: 'Look up the weather.',
      tools: [
        { type: 'web_search' },
        {
          type: 'namespace',
          name: 'weather',
          description: 'Weather tools.',
          tools: [responsesTool('get_weather')],
        },
      ],
    },
  },
  {
    name: 'forced tool',
    body: {
      input: 'Weather in Paris?',
      tools: [responsesTool('get_weather', true)],
      tool_choice: { type: 'function', name: 'get_weather' },
    },
  },
  {
    name: 'JSON-schema output',
    body: {
      input: 'A city and its population',
      text: {
        format: { type: 'json_schema', name: 'answer', schema: ANSWER_SCHEMA, strict: true },
      },
    },
  },
  {
    name: 'reasoning with summary',
    body: { input: 'Think about it', reasoning: { effort: 'low', summary: 'auto' } },
  },
  { name: 'cut off by max tokens', body: { input: '[[sim:long=40]] go', max_output_tokens: 16 } },
  { name: 'cached prompt tokens', body: { input: '[[sim:cached=4]] Say hello' } },
  {
    name: 'image input',
    body: {
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'What is this?' },
            { type: 'input_image', image_url: TINY_PNG_URL, detail: 'auto' },
          ],
        },
      ],
    },
  },
  ...ERROR_PROMPTS.map(([name, prompt]) => ({ name, body: { input: prompt } })),
  { name: 'unknown previous response', body: { input: 'x', previous_response_id: 'resp_unknown' } },
  { name: 'built-in tool', body: { input: 'x', tools: [{ type: 'web_search' }] } },
];

const geminiUser = (parts: unknown[]) => ({ contents: [{ role: 'user', parts }] });
const geminiTools = [
  {
    functionDeclarations: [
      { name: 'get_weather', description: 'Current weather', parametersJsonSchema: WEATHER_SCHEMA },
      {
        name: TIME_TOOL,
        description: 'Current time',
        parametersJsonSchema: WEATHER_SCHEMA,
      },
    ],
  },
];

export const GEMINI_CASES: OutputCase[] = [
  { name: 'text', body: geminiUser([{ text: 'Say hello' }]) },
  {
    name: 'system instruction, history and sampling',
    body: {
      contents: [
        { role: 'user', parts: [{ text: HISTORY.first }] },
        { role: 'model', parts: [{ text: HISTORY.firstAnswer }] },
        { role: 'user', parts: [{ text: HISTORY.second }] },
      ],
      systemInstruction: { parts: [{ text: SYSTEM_TEXT }] },
      generationConfig: { temperature: 0.5, topP: 0.9, maxOutputTokens: 500 },
    },
  },
  {
    name: 'function call',
    body: { ...geminiUser([{ text: 'Weather in Paris?' }]), tools: geminiTools },
  },
  {
    name: 'parallel function calls',
    body: {
      ...geminiUser([{ text: '[[sim:parallel-tools]] Weather and time?' }]),
      tools: geminiTools,
    },
  },
  {
    name: 'JSON-schema output',
    body: {
      ...geminiUser([{ text: 'A city and its population' }]),
      generationConfig: { responseMimeType: 'application/json', responseJsonSchema: ANSWER_SCHEMA },
    },
  },
  {
    name: 'thoughts',
    body: {
      ...geminiUser([{ text: 'Think about it' }]),
      generationConfig: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
    },
  },
  {
    name: 'cut off by max tokens',
    body: {
      ...geminiUser([{ text: '[[sim:long=40]] go' }]),
      generationConfig: { maxOutputTokens: 16 },
    },
  },
  { name: 'cached prompt tokens', body: geminiUser([{ text: '[[sim:cached=4]] Say hello' }]) },
  {
    name: 'inline image',
    body: geminiUser([
      { text: 'What is this?' },
      { inlineData: { mimeType: 'image/png', data: TINY_PNG } },
    ]),
  },
  ...ERROR_PROMPTS.map(([name, prompt]) => ({ name, body: geminiUser([{ text: prompt }]) })),
  { name: 'malformed contents', body: { contents: 'not a list' } },
];
