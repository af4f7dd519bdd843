import { i18n } from '../../i18n/i18n.ts';
import type { ChatParams } from '../../../../shared/contract.ts';

export const REASONING_EFFORTS = ['low', 'medium', 'high'] as const;

/** The form's text fields as parameters: blank means the model's default. */
export function paramsFromForm(form: {
  temperature: string;
  maxTokens: string;
  reasoningEffort: string;
}): ChatParams | string {
  const params: ChatParams = {};
  const temperature = form.temperature.trim();
  if (temperature) {
    const value = Number(temperature);
    if (!Number.isFinite(value) || value < 0 || value > 2)
      return i18n.t('chat.params.temperatureInvalid');
    params.temperature = value;
  }
  const maxTokens = form.maxTokens.trim();
  if (maxTokens) {
    const value = Number(maxTokens);
    if (!Number.isInteger(value) || value < 1 || value > 1_000_000)
      return i18n.t('chat.params.maxTokensInvalid');
    params.maxTokens = value;
  }
  const effort = REASONING_EFFORTS.find((e) => e === form.reasoningEffort);
  if (effort) params.reasoningEffort = effort;
  return params;
}

/** e.g. `temperature 0.3 · max 256 tokens · reasoning low`; empty when all are defaults. */
export function paramsSummary(params: ChatParams): string {
  const parts: string[] = [];
  if (params.temperature != null)
    parts.push(i18n.t('chat.params.summary.temperature', { value: params.temperature }));
  if (params.maxTokens != null)
    parts.push(i18n.t('chat.params.summary.maxTokens', { value: params.maxTokens }));
  if (params.reasoningEffort != null)
    parts.push(
      i18n.t('chat.params.summary.reasoning', {
        value: i18n.t(`chat.params.effort.${params.reasoningEffort}`),
      }),
    );
  return parts.join(' · ');
}
