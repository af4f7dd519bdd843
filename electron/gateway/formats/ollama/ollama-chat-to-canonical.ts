import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { optionalArray, requiredString } from '../read-field.ts';
import { OLLAMA_CHAT_REQUEST_POLICY } from './ollama-field-policy.ts';
import { ollamaMessagesToCanonical } from './ollama-messages-to-canonical.ts';
import { ollamaSharedFields } from './ollama-shared-fields.ts';
import { ollamaToolChoiceToCanonical } from './ollama-tool-choice-to-canonical.ts';
import { ollamaToolsToCanonical } from './ollama-tools-to-canonical.ts';

/**
 * A `POST /api/chat` body as canonical. A chat without messages is how Ollama clients load a
 * model into memory (`done_reason: "load"`); there is nothing to load here and nothing to
 * translate, so it is a 400 (see ollama-load-request.ts for the answer the server can give).
 */
export function ollamaChatToCanonical(
  body: Record<string, unknown>,
  ctx: ConversionContext,
): CanonicalRequest {
  applyFieldPolicy(body, OLLAMA_CHAT_REQUEST_POLICY, ctx);
  const messages = optionalArray(body.messages, 'messages') ?? [];
  if (messages.length === 0)
    throw badRequest(
      "'messages' is empty: a model reached through another format needs at least one message.",
      'messages',
    );
  const { system, messages: turns } = ollamaMessagesToCanonical(messages, ctx);
  const tools = ollamaToolsToCanonical(body.tools, ctx);
  // A choice among no tools means nothing (and other formats refuse one without tools).
  const toolChoice = tools && ollamaToolChoiceToCanonical(body.tool_choice);
  return {
    model: requiredString(body.model, 'model'),
    ...(system === undefined ? {} : { system }),
    messages: turns,
    ...(tools === undefined ? {} : { tools }),
    ...(toolChoice === undefined ? {} : { toolChoice }),
    ...ollamaSharedFields(body, ctx),
  };
}
