import type { CatalogModel } from '../catalog/catalog-model.ts';
import { FORMAT_MARKER } from '../catalog/markers.ts';
import { servableFormats } from '../catalog/servable-formats.ts';
import { clip } from './clip.ts';
import { GatewayError } from './gateway-error.ts';

/**
 * OpenAI list entry, with the upstream's markers kept so marker-aware tools still work. A model
 * listed without markers is served in the format the catalog falls back to, and says so, rather
 * than listing none while every route answers.
 */
export function openAiModel(model: CatalogModel): Record<string, unknown> {
  return {
    id: model.id,
    object: 'model',
    created: model.created,
    owned_by: model.ownedBy,
    supported_endpoint_types: model.markersKnown
      ? model.markers
      : model.formats.map((format) => FORMAT_MARKER[format]),
  };
}

/** Gemini `Model` resource; only models servable in the native format are offered to Gemini clients. */
export function geminiModel(model: CatalogModel): Record<string, unknown> {
  return {
    name: `models/${model.id}`,
    baseModelId: model.id,
    version: '001',
    displayName: model.id,
    description: `${model.id} through the local gateway`,
    supportedGenerationMethods: ['generateContent', 'streamGenerateContent'],
  };
}

const servesNative = (model: CatalogModel): boolean => servableFormats(model).includes('gemini');

export function modelListBody(models: CatalogModel[], style: 'openai' | 'gemini'): unknown {
  if (style === 'gemini') return { models: models.filter(servesNative).map(geminiModel) };
  return { object: 'list', data: models.map(openAiModel) };
}

export function singleModelBody(
  model: CatalogModel | undefined,
  id: string,
  style: 'openai' | 'gemini',
): unknown {
  if (!model || (style === 'gemini' && !servesNative(model))) {
    throw new GatewayError(404, `Model '${clip(id)}' not found for this key.`, {
      code: 'model_not_found',
      param: 'model',
    });
  }
  return style === 'gemini' ? geminiModel(model) : openAiModel(model);
}
