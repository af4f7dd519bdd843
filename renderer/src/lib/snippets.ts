import { i18n } from '../i18n/i18n.ts';

export interface Snippet {
  id:
    | 'curl'
    | 'openai-js'
    | 'openai-python'
    | 'genai'
    | 'anthropic-js'
    | 'ollama-js'
    | 'claude-code'
    | 'env';
  title: string;
  language: 'bash' | 'javascript' | 'python';
  code: string;
}

export interface SnippetInput {
  /** The gateway's base URL, e.g. http://127.0.0.1:8787 (no trailing slash needed). */
  gatewayUrl: string;
  /** A token to embed (just created); otherwise each snippet reads MODEL_GATEWAY_TOKEN. */
  token: string | null;
  model: string;
}

/** Copy-ready code for the common clients, pointed at this gateway. */
export function buildSnippets({ gatewayUrl, token, model }: SnippetInput): Snippet[] {
  const base = gatewayUrl.replace(/\/+$/, '');
  const m = JSON.stringify(model);
  const shellToken = token ?? '$MODEL_GATEWAY_TOKEN';
  const jsToken = token ? `'${token}'` : 'process.env.MODEL_GATEWAY_TOKEN';
  const pyToken = token ? `"${token}"` : 'os.environ["MODEL_GATEWAY_TOKEN"]';
  const body = JSON.stringify({ model, messages: [{ role: 'user', content: 'Hello' }] });

  return [
    {
      id: 'curl',
      title: 'curl',
      language: 'bash',
      code: [
        `curl ${base}/v1/chat/completions \\`,
        `  -H "Authorization: Bearer ${shellToken}" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '${body}'`,
      ].join('\n'),
    },
    {
      id: 'openai-js',
      title: 'openai (JavaScript)',
      language: 'javascript',
      code: [
        `import OpenAI from 'openai';`,
        ``,
        `const client = new OpenAI({`,
        `  baseURL: '${base}/v1',`,
        `  apiKey: ${jsToken},`,
        `});`,
        `const completion = await client.chat.completions.create({`,
        `  model: ${m.replaceAll('"', "'")},`,
        `  messages: [{ role: 'user', content: 'Hello' }],`,
        `});`,
        `console.log(completion.choices[0].message.content);`,
      ].join('\n'),
    },
    {
      id: 'openai-python',
      title: 'openai (Python)',
      language: 'python',
      code: [
        ...(token ? [] : ['import os', '']),
        `from openai import OpenAI`,
        ``,
        `client = OpenAI(`,
        `    base_url="${base}/v1",`,
        `    api_key=${pyToken},`,
        `)`,
        `completion = client.chat.completions.create(`,
        `    model=${m},`,
        `    messages=[{"role": "user", "content": "Hello"}],`,
        `)`,
        `print(completion.choices[0].message.content)`,
      ].join('\n'),
    },
    {
      id: 'genai',
      title: '@google/genai',
      language: 'javascript',
      code: [
        `import { GoogleGenAI } from '@google/genai';`,
        ``,
        `const ai = new GoogleGenAI({`,
        `  apiKey: ${jsToken},`,
        `  httpOptions: { baseUrl: '${base}' },`,
        `});`,
        `const result = await ai.models.generateContent({`,
        `  model: ${m.replaceAll('"', "'")},`,
        `  contents: 'Hello',`,
        `});`,
        `console.log(result.text);`,
      ].join('\n'),
    },
    {
      id: 'anthropic-js',
      title: '@anthropic-ai/sdk',
      language: 'javascript',
      code: [
        `import Anthropic from '@anthropic-ai/sdk';`,
        ``,
        `const client = new Anthropic({`,
        `  baseURL: '${base}',`,
        `  apiKey: ${jsToken},`,
        `});`,
        `const message = await client.messages.create({`,
        `  model: ${m.replaceAll('"', "'")},`,
        `  max_tokens: 1024,`,
        `  messages: [{ role: 'user', content: 'Hello' }],`,
        `});`,
        `console.log(message.content);`,
      ].join('\n'),
    },
    {
      id: 'ollama-js',
      title: 'ollama (JavaScript)',
      language: 'javascript',
      code: [
        `import { Ollama } from 'ollama';`,
        ``,
        `// Ollama clients take the host alone: the gateway serves /api/chat, /api/tags and the rest.`,
        `const ollama = new Ollama({`,
        `  host: '${base}',`,
        token
          ? `  headers: { Authorization: 'Bearer ${token}' },`
          : '  headers: { Authorization: `Bearer ${process.env.MODEL_GATEWAY_TOKEN}` },',
        `});`,
        `const answer = await ollama.chat({`,
        `  model: ${m.replaceAll('"', "'")},`,
        `  messages: [{ role: 'user', content: 'Hello' }],`,
        `});`,
        `console.log(answer.message.content);`,
      ].join('\n'),
    },
    {
      id: 'claude-code',
      title: 'Claude Code',
      language: 'bash',
      code: [
        `export ANTHROPIC_BASE_URL=${base}`,
        `export ANTHROPIC_AUTH_TOKEN=${shellToken}`,
        `claude --model ${model}`,
      ].join('\n'),
    },
    {
      id: 'env',
      title: i18n.t('snippets.env'),

      language: 'bash',
      code: [
        `export MODEL_GATEWAY_TOKEN=${token ?? '<your local token>'}`,
        `export OPENAI_BASE_URL=${base}/v1`,
        `export OPENAI_API_KEY=$MODEL_GATEWAY_TOKEN`,
        `export GOOGLE_GEMINI_BASE_URL=${base}`,
        `export GEMINI_API_KEY=$MODEL_GATEWAY_TOKEN`,
        `export ANTHROPIC_BASE_URL=${base}`,
        `export ANTHROPIC_AUTH_TOKEN=$MODEL_GATEWAY_TOKEN`,
      ].join('\n'),
    },
  ];
}

/** The URL tools should use: the running gateway's, else where it will listen. */
export function gatewayBaseUrl(url: string | null, port: number): string {
  return url ?? `http://127.0.0.1:${port}`;
}
