import { describe, expect, it } from 'vitest';
import { takesFunctionResponseParts } from './function-response-images.ts';

describe('takesFunctionResponseParts', () => {
  it('is true for Gemini 3 and later, and for names it cannot place', () => {
    for (const model of [
      'gemini-3-pro-preview',
      'gemini-3.1-pro-preview',
      'models/gemini-3-flash',
      'gemini-flash-latest',
      'sim-gemini',
      undefined,
    ])
      expect(takesFunctionResponseParts(model), String(model)).toBe(true);
  });

  it('is false for Gemini 1.x and 2.x, their unversioned names, Gemma and LearnLM', () => {
    for (const model of [
      'gemini-2.5-flash',
      'models/gemini-2.0-flash-001',
      'publishers/google/models/gemini-1.5-pro',
      'gemini-pro',
      'gemini-pro-vision',
      'gemini-exp-1206',
      'gemma-3-27b-it',
      'learnlm-2.0-flash-experimental',
      'Gemini-2.5-Pro',
    ])
      expect(takesFunctionResponseParts(model), model).toBe(false);
  });
});
