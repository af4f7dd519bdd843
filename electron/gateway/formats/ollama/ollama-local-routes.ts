import type { LocalRoute, RequestEnvelope } from '../../canonical/format-codec.ts';
import {
  OLLAMA_PS_PATH,
  OLLAMA_SHOW_PATH,
  OLLAMA_VERSION_PATH,
  ollamaModelNotFound,
  ollamaPsBody,
  ollamaShowBody,
  ollamaVersionBody,
  readOllamaShowRequest,
} from './ollama-discovery.ts';
import { ollamaLoadAnswer, ollamaLoadRequest } from './ollama-load-request.ts';
import { ollamaEndpointOf } from './ollama-wire.ts';

/**
 * What Ollama clients ask besides generating and listing, answered from the catalog: a model's
 * details (`POST /api/show`, which editors read before they offer a model), the server's version
 * (clients check a minimum) and the models in memory (none: nothing is loaded behind the gateway).
 */
export const OLLAMA_LOCAL_ROUTES: readonly LocalRoute[] = [
  {
    method: 'POST',
    path: OLLAMA_SHOW_PATH,
    answer(models, body) {
      const name = readOllamaShowRequest(body);
      const model = models.find((candidate) => candidate.id === name);
      const shown = model && ollamaShowBody(model);
      if (shown === undefined) throw ollamaModelNotFound(name);
      return shown;
    },
  },
  { method: 'GET', path: OLLAMA_VERSION_PATH, answer: () => ollamaVersionBody() },
  { method: 'GET', path: OLLAMA_PS_PATH, answer: () => ollamaPsBody() },
];

/** A load or unload request (`ollama run` sends one first) is answered without generating. */
export function answerOllamaLoad(envelope: RequestEnvelope): unknown {
  const endpoint = ollamaEndpointOf(envelope);
  const reason = ollamaLoadRequest(endpoint, envelope.body);
  return reason === undefined ? undefined : ollamaLoadAnswer(endpoint, envelope.model, reason);
}
