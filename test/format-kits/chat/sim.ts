import { renderOpenAiFailure } from '../../upstream-sim/errors.ts';
import type { SimFormat } from '../../upstream-sim/sim-format.ts';
import { parseChatRequest } from './sim-parse.ts';
import { writeChatReply } from './sim-write.ts';

const PATH = '/v1/chat/completions';

/** Chat completions as the simulator serves it: `POST /v1/chat/completions`, OpenAI's errors. */
export const chatSim: SimFormat = {
  format: 'chat',
  nativeModel: { id: 'sim-chat' },
  routeName: 'chat completions (openai)',
  ownsPath: (path) => path === PATH,
  matchPath: (path) => (path === PATH ? {} : undefined),
  balanceStatus: 403,
  renderError: (failure) => renderOpenAiFailure(failure),
  parse: (body) => parseChatRequest(body),
  write: (ctx) => writeChatReply(ctx),
};
