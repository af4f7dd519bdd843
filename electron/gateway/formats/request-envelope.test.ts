import { describe, expect, it } from 'vitest';
import { errorOf } from '../test-support/gateway-error-of.ts';
import { readEnvelope } from './request-envelope.ts';

describe('readEnvelope', () => {
  it('reads model and stream of a chat request', () => {
    const envelope = readEnvelope('chat', {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    expect(envelope).toMatchObject({ model: 'm', stream: true });
  });

  it('names a missing required field', () => {
    const error = errorOf(() => readEnvelope('chat', { model: 'm' }));
    expect(error.status).toBe(400);
    expect(error.param).toBe('messages');
    expect(error.message).toBe("Missing required field 'messages'.");
  });

  it('names a field of the wrong type', () => {
    const error = errorOf(() => readEnvelope('responses', { model: 3, input: 'x' }));
    expect(error.param).toBe('model');
    expect(error.message).toMatch(/^Invalid field 'model'/);
  });

  it('accepts responses input as a string or an item list', () => {
    expect(readEnvelope('responses', { model: 'm', input: 'hi' }).stream).toBe(false);
    expect(readEnvelope('responses', { model: 'm', input: [] }).model).toBe('m');
  });

  it('takes the native model and stream flag from the path', () => {
    const envelope = readEnvelope('gemini', { contents: [] }, { model: 'g', stream: true });
    expect(envelope).toMatchObject({ model: 'g', stream: true });
  });

  it('refuses a body that is not an object', () => {
    expect(errorOf(() => readEnvelope('chat', [1, 2])).message).toBe(
      'Request body must be a JSON object.',
    );
  });
});
