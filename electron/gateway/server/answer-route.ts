import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenSource } from '../canonical/format-codec.ts';
import { answerDiscovery } from './answer-discovery.ts';
import { answerLocalRoute } from './answer-local-route.ts';
import { handleCountTokens } from './handle-count-tokens.ts';
import { handleGeneration, type GenerationDeps } from './handle-generation.ts';
import { handleReadAnswer } from './handle-read-answer.ts';
import type { RequestContext } from './request-context.ts';
import type { Route } from './route-table.ts';

/** Hands an authenticated request to the handler of its route. */
export async function answerRoute(
  deps: GenerationDeps,
  ctx: RequestContext,
  route: Exclude<Route, { kind: 'error' }>,
  via: TokenSource | 'bearer',
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  switch (route.kind) {
    case 'generate':
      return handleGeneration(deps, ctx, route, req, res);
    case 'count-tokens':
      return handleCountTokens(deps, ctx, route.codec, route.counting, req, res);
    case 'read-answer':
      return handleReadAnswer(deps, ctx, route.codec, route.id, res);
    case 'local':
      return answerLocalRoute(deps, ctx, route.local, req, res);
    case 'list-models':
    case 'get-model':
      return answerDiscovery(deps, ctx, route, via, res);
  }
}
