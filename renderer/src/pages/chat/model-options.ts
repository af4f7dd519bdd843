import type { ModelInfo } from '../../../../shared/contract.ts';

/** One model as the picker lists it: whether the chat can use it, and why not. */
interface ModelOption {
  model: ModelInfo;
  /** Null when the chat can use the model; otherwise what the user is told. */
  unavailable: string | null;
}

export interface ModelGroup {
  owner: string;
  options: ModelOption[];
}

/**
 * The gateway serves the chat by translating into any format the model speaks upstream; a model
 * with none (an embeddings-only model, say) cannot answer a conversation.
 */
export function chatUnavailableReason(model: ModelInfo): string | null {
  return model.formats.length === 0
    ? 'Cannot chat: the upstream lists no chat format for it (e.g. an embeddings model).'
    : null;
}

/** Every word of the query appears in the model's id or owner (case-insensitive). */
function matches(model: ModelInfo, words: string[]): boolean {
  const haystack = `${model.id} ${model.ownedBy}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/**
 * The models matching `query`, grouped by owner (groups and models by name). Models that
 * cannot chat come last in their group, so the keyboard reaches usable ones first.
 */
export function groupModelOptions(models: ModelInfo[], query: string): ModelGroup[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, ModelOption[]>();
  for (const model of models) {
    if (!matches(model, words)) continue;
    const owner = model.ownedBy || 'Other';
    const list = groups.get(owner) ?? [];
    list.push({ model, unavailable: chatUnavailableReason(model) });
    groups.set(owner, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([owner, options]) => ({
      owner,
      options: options.sort(
        (a, b) =>
          Number(a.unavailable !== null) - Number(b.unavailable !== null) ||
          a.model.id.localeCompare(b.model.id),
      ),
    }));
}

/** The options the keyboard moves through, in the order shown. */
export const selectableOptions = (groups: ModelGroup[]): ModelInfo[] =>
  groups.flatMap((g) => g.options.filter((o) => o.unavailable === null).map((o) => o.model));

/**
 * Where the highlight starts for a query: the model whose id is exactly the query, else the
 * current model if it is listed, else the first.
 */
export function initialActive(
  selectable: ModelInfo[],
  query: string,
  current: string | null,
): string | null {
  const typed = query.trim().toLowerCase();
  const exact = selectable.find((m) => m.id.toLowerCase() === typed);
  if (exact) return exact.id;
  if (!typed && current && selectable.some((m) => m.id === current)) return current;
  return selectable[0]?.id ?? null;
}
