import type { SimCatalog, SimModel } from './catalog.ts';

export interface SimTariff {
  /** 0 = billed by tokens, 1 = billed per call. */
  quota_type: 0 | 1;
  model_ratio: number;
  completion_ratio: number;
  cache_ratio: number;
  /** USD per call when quota_type is 1. */
  model_price: number;
  enable_groups: readonly string[];
}

/** Distinct numbers per model so a test can tell which tariff a cost estimate used. */
export const SIM_PRICING: Readonly<Record<string, SimTariff>> = {
  'sim-chat': tokens(0.075, 4, 0.5),
  'sim-responses': tokens(1.25, 8, 0.1),
  'sim-gemini': tokens(0.625, 6, 0.25),
  'sim-anthropic': tokens(1.5, 5, 0.1),
  'sim-ollama': tokens(0.3, 2.5, 0.2),
  'sim-all': tokens(0.5, 3, 0.5, ['default', 'vip']),
  'sim-gemini-chat': tokens(0.05, 4, 0.25),
  'sim-per-call': {
    quota_type: 1,
    model_ratio: 0,
    completion_ratio: 1,
    cache_ratio: 1,
    model_price: 0.02,
    enable_groups: ['default'],
  },
  'sim-embed': tokens(0.01, 1, 1),
  'sim-no-markers': tokens(0.2, 2, 1),
};

export const SIM_GROUP_RATIO: Readonly<Record<string, number>> = { default: 1, vip: 0.8 };

function tokens(
  modelRatio: number,
  completionRatio: number,
  cacheRatio: number,
  groups: readonly string[] = ['default'],
): SimTariff {
  return {
    quota_type: 0,
    model_ratio: modelRatio,
    completion_ratio: completionRatio,
    cache_ratio: cacheRatio,
    model_price: 0,
    enable_groups: groups,
  };
}

/** A relay model's tariff: prices that differ from model to model, so sorting by price shows. */
function relayTariff(m: SimModel): SimTariff {
  const n = Number(/\d+$/.exec(m.id)?.[0] ?? 0);
  return tokens(0.05 + (n % 40) * 0.05, 2 + (n % 3), 0.5);
}

/**
 * The `/api/pricing` document. It lists every model whatever the key's scope, as
 * new-api's public pricing page does; sim-no-markers has no supported_endpoint_types
 * here either, so "unknown markers" is consistent across catalog and pricing.
 */
export function pricingDocument(catalog: SimCatalog): Record<string, unknown> {
  const data = catalog.models.map((m) => {
    const tariff = SIM_PRICING[m.id] ?? relayTariff(m);
    const entry: Record<string, unknown> = {
      model_name: m.id,
      ...tariff,
      enable_groups: [...(tariff?.enable_groups ?? ['default'])],
    };
    if (m.endpointTypes !== undefined) entry.supported_endpoint_types = [...m.endpointTypes];
    return entry;
  });
  return {
    success: true,
    data,
    group_ratio: { ...SIM_GROUP_RATIO },
    usable_group: { default: 'Default' },
  };
}
