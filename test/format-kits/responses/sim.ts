import { renderOpenAiFailure } from '../../upstream-sim/errors.ts';
import type { SimFormat } from '../../upstream-sim/sim-format.ts';
import { parseResponsesRequest } from './sim-parse.ts';
import { writeResponsesReply } from './sim-write.ts';

const PATH = '/v1/responses';

/**
 * Responses as the simulator serves it: `POST /v1/responses`, OpenAI's errors, and the answers
 * it keeps so a `previous_response_id` can be checked.
 */
export const responsesSim: SimFormat = {
  format: 'responses',
  nativeModel: { id: 'sim-responses' },
  routeName: 'responses (openai-response)',
  ownsPath: (path) => path === PATH,
  matchPath: (path) => (path === PATH ? {} : undefined),
  balanceStatus: 403,
  renderError: (failure) => renderOpenAiFailure(failure),
  parse: (body, _path, state) => parseResponsesRequest(body, (id) => state.responses.calls(id)),
  write: (ctx, state) => writeResponsesReply(ctx, state.responses),
};
