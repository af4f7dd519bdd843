import { describe, expect, it } from 'vitest';
import { paramsFromForm, paramsSummary } from './chat-params.ts';

describe('the conversation parameters form', () => {
  it('reads blank fields as the model default and the others as numbers', () => {
    expect(paramsFromForm({ temperature: '', maxTokens: ' ', reasoningEffort: '' })).toEqual({});
    expect(
      paramsFromForm({ temperature: '0.3', maxTokens: '256', reasoningEffort: 'low' }),
    ).toEqual({ temperature: 0.3, maxTokens: 256, reasoningEffort: 'low' });
  });

  it('refuses values the gateway would refuse, saying why', () => {
    expect(paramsFromForm({ temperature: '3', maxTokens: '', reasoningEffort: '' })).toMatch(
      /Temperature/,
    );
    expect(paramsFromForm({ temperature: '', maxTokens: '1.5', reasoningEffort: '' })).toMatch(
      /Max tokens/,
    );
  });

  it('summarises what is set', () => {
    expect(paramsSummary({})).toBe('');
    expect(paramsSummary({ temperature: 0, reasoningEffort: 'high' })).toBe(
      'temperature 0 · reasoning high',
    );
  });
});
