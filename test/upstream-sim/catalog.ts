import { FORMAT_MARKER } from '../../shared/wire-formats.ts';
import { SIM_FORMAT_LIST } from '../format-kits/sim-formats.ts';
import type { KeyScope } from './keys.ts';

/**
 * Values of `supported_endpoint_types` the simulator uses (new-api's names): each generation
 * format's marker (`FORMAT_MARKER`), and `embeddings`.
 */
type EndpointType = string;

export interface SimModel {
  id: string;
  /** As listed in the catalog; undefined = the field is absent from the entry. */
  endpointTypes: readonly EndpointType[] | undefined;
  /** What the generation routes accept; differs from endpointTypes only for sim-no-markers. */
  accepts: readonly EndpointType[];
  /**
   * Reported as thoughtsTokenCount / reasoning_tokens on every answer; on the Messages path
   * only when the request turns thinking on (as output_tokens_details.thinking_tokens).
   */
  thinkingTokens: number;
  /**
   * The reasoning state the model hands out must come back unchanged: Gemini 3 functionCall
   * parts with their thoughtSignature (native path), Claude thinking blocks with their
   * signature (Messages path).
   */
  requiresThoughtSignatures: boolean;
  /**
   * False for a model that reads text only: an image in its request is the provider's 400, as
   * OpenAI answers for its text-only models. The catalog does not say so (new-api lists no input
   * types), so clients learn it only from that answer.
   */
  acceptsImages: boolean;
}

/** Fixed so catalog snapshots stay stable. */
const SIM_MODEL_CREATED = 1_700_000_000;
const SIM_MODEL_OWNER = 'sim';

function model(
  id: string,
  endpointTypes: readonly EndpointType[] | undefined,
  extra: Partial<SimModel> = {},
): SimModel {
  return {
    id,
    endpointTypes,
    accepts: endpointTypes ?? ['openai'],
    thinkingTokens: 0,
    requiresThoughtSignatures: false,
    acceptsImages: true,
    ...extra,
  };
}

const MARKERS = SIM_FORMAT_LIST.map((f) => FORMAT_MARKER[f.format]);

/**
 * One model native to each format (from its simulator part, in the formats' order), one that
 * speaks them all, and models for particular cases.
 */
export const SIM_MODELS: readonly SimModel[] = [
  ...SIM_FORMAT_LIST.map(({ format, nativeModel: { id, ...extra } }) =>
    model(id, [FORMAT_MARKER[format]], extra),
  ),
  model('sim-all', MARKERS),
  model('sim-gemini-chat', [FORMAT_MARKER.gemini, FORMAT_MARKER.chat]),
  model('sim-per-call', [FORMAT_MARKER.chat], { acceptsImages: false }),
  model('sim-embed', ['embeddings']),
  model('sim-no-markers', undefined),
];

const BY_ID: ReadonlyMap<string, SimModel> = new Map(SIM_MODELS.map((m) => [m.id, m]));

function visibleModels(scope: KeyScope): SimModel[] {
  const allowed = scope.models;
  return allowed === null ? [...SIM_MODELS] : SIM_MODELS.filter((m) => allowed.has(m.id));
}

export function findModel(scope: KeyScope, id: string): SimModel | undefined {
  if (scope.models !== null && !scope.models.has(id)) return undefined;
  return BY_ID.get(id);
}

export function catalogEntry(m: SimModel): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    id: m.id,
    object: 'model',
    created: SIM_MODEL_CREATED,
    owned_by: SIM_MODEL_OWNER,
  };
  if (m.endpointTypes !== undefined) entry.supported_endpoint_types = [...m.endpointTypes];
  return entry;
}

export function catalogDocument(scope: KeyScope): Record<string, unknown> {
  return { success: true, object: 'list', data: visibleModels(scope).map(catalogEntry) };
}
