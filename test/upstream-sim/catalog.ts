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
  /** `owned_by` in the catalog: the vendor a picker groups it under. */
  ownedBy: string;
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
    ownedBy: SIM_MODEL_OWNER,
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

/** What one simulator lists: SIM_MODELS, then any relay models it was started with. */
export interface SimCatalog {
  models: readonly SimModel[];
  byId: ReadonlyMap<string, SimModel>;
}

/**
 * The catalog of a simulator: SIM_MODELS, and `relayModels` more (`model-1`…`model-N`), as a
 * relay that aggregates many channels lists hundreds to thousands of models.
 */
export function simCatalog(relayModels = 0): SimCatalog {
  const models = [
    ...SIM_MODELS,
    ...Array.from({ length: relayModels }, (_, i) => relayModel(i + 1)),
  ];
  return { models, byId: new Map(models.map((m) => [m.id, m])) };
}

/** Models of a hundred a vendor (`vendor-1` has model-1…model-100), each speaking one format. */
function relayModel(n: number): SimModel {
  const marker = MARKERS[n % MARKERS.length]!;
  return model(`model-${n}`, [marker], { ownedBy: `vendor-${Math.ceil(n / 100)}` });
}

function visibleModels(catalog: SimCatalog, scope: KeyScope): SimModel[] {
  const allowed = scope.models;
  return allowed === null ? [...catalog.models] : catalog.models.filter((m) => allowed.has(m.id));
}

export function findModel(catalog: SimCatalog, scope: KeyScope, id: string): SimModel | undefined {
  if (scope.models !== null && !scope.models.has(id)) return undefined;
  return catalog.byId.get(id);
}

export function catalogEntry(m: SimModel): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    id: m.id,
    object: 'model',
    created: SIM_MODEL_CREATED,
    owned_by: m.ownedBy,
  };
  if (m.endpointTypes !== undefined) entry.supported_endpoint_types = [...m.endpointTypes];
  return entry;
}

export function catalogDocument(catalog: SimCatalog, scope: KeyScope): Record<string, unknown> {
  return { success: true, object: 'list', data: visibleModels(catalog, scope).map(catalogEntry) };
}
