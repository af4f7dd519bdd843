import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { anthropicCodec } from '../formats/anthropic/anthropic-codec.ts';
import { chatCodec } from '../formats/chat/chat-codec.ts';
import { responsesCodec } from '../formats/responses/responses-codec.ts';
import { answerRoute } from './answer-route.ts';
import type { GenerationDeps } from './handle-generation.ts';
import type { RequestContext } from './request-context.ts';

const called = vi.hoisted(() => [] as string[]);
vi.mock('./handle-generation.ts', () => ({
  handleGeneration: () => Promise.resolve(void called.push('generation')),
}));
vi.mock('./handle-count-tokens.ts', () => ({
  handleCountTokens: () => Promise.resolve(void called.push('count-tokens')),
}));
vi.mock('./handle-read-answer.ts', () => ({
  handleReadAnswer: () => Promise.resolve(void called.push('read-answer')),
}));
vi.mock('./answer-discovery.ts', () => ({
  answerDiscovery: () => Promise.resolve(void called.push('discovery')),
}));

const deps = {} as GenerationDeps;
const ctx = {} as RequestContext;
const req = {} as IncomingMessage;
const res = {} as ServerResponse;

describe('answerRoute', () => {
  it('hands each kind of route to its handler', async () => {
    const counting = anthropicCodec.tokenCounting;
    if (!counting) throw new Error('the Messages format counts tokens');
    await answerRoute(
      deps,
      ctx,
      { kind: 'generate', codec: chatCodec, path: {} },
      'bearer',
      req,
      res,
    );
    await answerRoute(
      deps,
      ctx,
      { kind: 'count-tokens', codec: anthropicCodec, counting },
      'bearer',
      req,
      res,
    );
    await answerRoute(
      deps,
      ctx,
      { kind: 'read-answer', codec: responsesCodec, id: 'r' },
      'bearer',
      req,
      res,
    );
    await answerRoute(deps, ctx, { kind: 'list-models', codec: undefined }, 'bearer', req, res);
    await answerRoute(
      deps,
      ctx,
      { kind: 'get-model', model: 'm', codec: undefined },
      'bearer',
      req,
      res,
    );
    expect(called).toEqual(['generation', 'count-tokens', 'read-answer', 'discovery', 'discovery']);
  });
});
