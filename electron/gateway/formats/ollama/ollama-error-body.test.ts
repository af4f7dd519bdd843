import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { ollamaErrorBody, ollamaStreamError } from './ollama-error-body.ts';

describe('Ollama error bodies', () => {
  const error = new GatewayError(404, "model 'nope' not found", { code: 'model_not_found' });

  it('is {"error": message}', () => {
    expect(ollamaErrorBody(error)).toEqual({ error: "model 'nope' not found" });
  });

  it('ends a stream with one {"error"} line', () => {
    expect(ollamaStreamError(error)).toBe('{"error":"model \'nope\' not found"}\n');
  });
});
