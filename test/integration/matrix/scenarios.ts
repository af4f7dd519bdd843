/**
 * Shared inputs and expectations for the translation matrix (client format × model format ×
 * stream), which each kit's matrix driver and the schema cases also use.
 */

/** A 1×1 transparent PNG. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
export const TINY_PNG_URL = `data:image/png;base64,${TINY_PNG}`;

export const SYSTEM_TEXT = 'You are terse and exact.';
export const HISTORY = {
  first: 'Name a colour.',
  firstAnswer: 'Blue, the colour of the sky.',
  second: 'And a fruit please',
};

export const WEATHER_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' } },
  required: ['city'],
  additionalProperties: false,
};
export const WEATHER_RESULT = { temp_c: 18 };
export const TOOL_RESULT_PHRASE = 'Tool get_weather returned {"temp_c":18}';

export const ANSWER_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' }, population: { type: 'integer' } },
  required: ['city', 'population'],
  additionalProperties: false,
};

export function expectAnswerJson(text: string): { city: string; population: number } {
  const value = JSON.parse(text) as { city: unknown; population: unknown };
  if (typeof value.city !== 'string' || typeof value.population !== 'number')
    throw new Error(`not an answer: ${text}`);
  return value as { city: string; population: number };
}
