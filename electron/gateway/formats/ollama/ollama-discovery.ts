import { createHash } from 'node:crypto';
import type { DiscoveryShape } from '../../canonical/format-codec.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import type { CatalogModel } from '../../catalog/catalog-model.ts';
import { optionalString } from '../read-field.ts';

/** `GET /api/tags`: the list of models. */
const OLLAMA_TAGS_PATH = '/api/tags';
/** `POST /api/show` with `{"model": …}`: one model. */
export const OLLAMA_SHOW_PATH = '/api/show';
/** `GET /api/version`. */
export const OLLAMA_VERSION_PATH = '/api/version';
/** `GET /api/ps`: the models loaded in memory. */
export const OLLAMA_PS_PATH = '/api/ps';

/**
 * The Ollama version the gateway says it is. Clients check a minimum before they go on (VS Code
 * Copilot's Ollama provider wants 0.6.4 or later) and a minimum only, for the features they
 * need. This is v0.32.15 (August 2026), the release whose `/api/chat` and `/api/generate` shapes
 * (tool call ids, `think` levels up to `max`, `done_reason`, the metrics) the codec was checked
 * against in Ollama's source: every chat client's minimum is met, while a later number would tell
 * clients that endpoints of later releases (0.35's decision models on `/v1/systemone`, 0.36's
 * media embeddings) are here, which they are not.
 */
const OLLAMA_VERSION = '0.32.15';

/**
 * The context window claimed for every model. The catalog knows no model's window, and clients
 * size their requests by it: VS Code Copilot reads `model_info["<architecture>.context_length"]`
 * and, without it, assumes 4096 and keeps 4096 of that for the answer, leaving no room for the
 * prompt. 128k is what today's hosted models offer at least (GPT-4o, DeepSeek, Qwen; Claude and
 * Gemini offer more); a model with less answers an over-long request with its own error.
 */
const ASSUMED_CONTEXT_LENGTH = 128_000;

/** `model_info`'s architecture: the dynamic key clients read the window from is `gateway.context_length`. */
const ARCHITECTURE = 'gateway';

/**
 * What `/api/show` claims a model can do. The catalog says nothing of a model's abilities, so
 * the capabilities say what the gateway carries to it:
 * - `completion`: every generation model.
 * - `tools`: tools are translated to every format; without the claim clients (Copilot's agent
 *   mode, Open WebUI's native tools) offer no tools at all. A model that cannot call tools
 *   answers with its upstream's error.
 * - `vision`: images are carried to every format; clients send images only when the user
 *   attaches one, and a model that cannot read them answers with its upstream's error.
 * - not `thinking`: clients that see it send `think` on every request, and non-reasoning models
 *   refuse a reasoning setting. Thinking still comes back in `thinking` whenever the model
 *   gives it, and a `think` the client sends is still carried.
 * - not `insert` (fill-in-the-middle `suffix` is refused), `embedding`, `image`, `audio`.
 */
const OLLAMA_CAPABILITIES: readonly string[] = ['completion', 'tools', 'vision'];

/** Any generation model can be called from an Ollama client (the gateway translates). */
const generates = (model: CatalogModel): boolean => model.formats.length > 0;

const rfc3339 = (seconds: number): string => new Date(seconds * 1000).toISOString();

/** A stable digest per model name, as Ollama lists a sha256 per model (clients key caches by it). */
const digest = (model: CatalogModel): string =>
  createHash('sha256').update(`model-gateway:${model.id}`).digest('hex');

/** Ollama's `ModelDetails`. */
interface OllamaModelDetails {
  parent_model: string;
  format: string;
  family: string;
  families: string[];
  parameter_size: string;
  quantization_level: string;
}

/**
 * What Ollama tells of a model's files, of which there are none here: the format is the
 * gateway, the family the catalog's owner, or `route` for a route (its name in `/api/show` says
 * where it leads); size and quantization are unknown, so empty.
 */
function details(model: CatalogModel): OllamaModelDetails {
  const family = model.routeOf ? 'route' : model.ownedBy || ARCHITECTURE;
  return {
    parent_model: '',
    format: ARCHITECTURE,
    family,
    families: [family],
    parameter_size: '',
    quantization_level: '',
  };
}

const displayName = (model: CatalogModel): string =>
  model.routeOf ? `${model.id} (route: ${model.routeOf.join(' → ')})` : model.id;

/** One entry of `GET /api/tags`: nothing is stored locally, so `size` is 0. */
const ollamaTagsEntry = (model: CatalogModel) => ({
  name: model.id,
  model: model.id,
  modified_at: rfc3339(model.created),
  size: 0,
  digest: digest(model),
  details: details(model),
});

/** `GET /api/tags`: every generation model, routes included. */
export const ollamaTagsBody = (models: readonly CatalogModel[]) => ({
  models: models.filter(generates).map(ollamaTagsEntry),
});

/** `POST /api/show` for one model; undefined when Ollama clients cannot use it. */
export function ollamaShowBody(model: CatalogModel): Record<string, unknown> | undefined {
  if (!generates(model)) return undefined;
  return {
    modelfile: `# ${displayName(model)}, served by the local model gateway\nFROM ${model.id}\n`,
    parameters: '',
    template: '',
    details: details(model),
    model_info: {
      'general.architecture': ARCHITECTURE,
      'general.basename': displayName(model),
      [`${ARCHITECTURE}.context_length`]: ASSUMED_CONTEXT_LENGTH,
    },
    capabilities: OLLAMA_CAPABILITIES,
    modified_at: rfc3339(model.created),
  };
}

/** The model a `POST /api/show` body asks for (`name` is its deprecated spelling). */
export function readOllamaShowRequest(body: unknown): string {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const model =
    optionalString(record.model, 'model') || optionalString(record.name, 'name') || undefined;
  if (model === undefined)
    throw new GatewayError(400, 'model is required', { code: 'invalid_request', param: 'model' });
  return model;
}

/** Ollama's answer for a model it does not have, on `/api/show` and the generation paths. */
export const ollamaModelNotFound = (model: string): GatewayError =>
  new GatewayError(404, `model '${model}' not found`, { code: 'model_not_found' });

/** `GET /api/version`. */
export const ollamaVersionBody = () => ({ version: OLLAMA_VERSION });

/** `GET /api/ps`: the gateway loads no model into memory. */
export const ollamaPsBody = () => ({ models: [] as unknown[] });

/**
 * Ollama clients list on `GET /api/tags`, a path only they use (never `/v1/models`, so they
 * claim no shared request). `one` is the `/api/show` body, which the server serves on `POST`.
 */
export const OLLAMA_DISCOVERY: DiscoveryShape = {
  ownPaths: [OLLAMA_TAGS_PATH],
  claims: () => false,
  list: (models) => ollamaTagsBody(models),
  one: ollamaShowBody,
};
