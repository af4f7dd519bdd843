import type { ModelInfo } from '../../shared/contract.ts';
import type { CatalogModel } from '../gateway/catalog/catalog-model.ts';
import { servableFormats } from '../gateway/catalog/servable-formats.ts';

/** a model ratio of 1 costs $2 per million input tokens. */
const DOLLARS_PER_MILLION_AT_RATIO_1 = 2;

/**
 * A catalog entry as the Models page shows it: which client formats reach it only through
 * translation, and its tariff as prices (group ratio applied), per million tokens or per call.
 */
export function toModelInfo(model: CatalogModel): ModelInfo {
  const tariff = model.tariff;
  let inputPerMillion: number | null = null;
  let outputPerMillion: number | null = null;
  let perCall: number | null = null;
  if (tariff?.kind === 'tokens') {
    inputPerMillion = tariff.modelRatio * tariff.groupRatio * DOLLARS_PER_MILLION_AT_RATIO_1;
    outputPerMillion = inputPerMillion * tariff.completionRatio;
  } else if (tariff?.kind === 'per-call') {
    perCall = tariff.modelPrice * tariff.groupRatio;
  }
  return {
    id: model.id,
    ownedBy: model.ownedBy,
    markers: [...model.markers],
    formats: [...model.formats],
    // Non-generation models (embeddings, ...) have no formats and are reached by no client format.
    translatedFormats: servableFormats(model).filter((f) => !model.formats.includes(f)),
    tariff,
    inputPerMillion,
    outputPerMillion,
    perCall,
    overridden: { ...model.overridden },
  };
}
