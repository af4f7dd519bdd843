import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../test/doubles/gateway-error-of.ts';
import { chatCodec } from './chat/chat-codec.ts';
import { geminiCodec } from './gemini/gemini-codec.ts';
import { responsesCodec } from './responses/responses-codec.ts';

describe("each format's envelope", () => {
  it('reads model and stream of a chat request', () => {
    const envelope = chatCodec.readEnvelope(
      { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true },
      {},
    );
    expect(envelope).toMatchObject({ model: 'm', stream: true });
  });

  it('names a missing required field', () => {
    const error = errorOf(() => chatCodec.readEnvelope({ model: 'm' }, {}));
    expect(error.status).toBe(400);
    expect(error.param).toBe('messages');
    expect(error.message).toBe("Missing required field 'messages'.");
  });

  it('names a field of the wrong type', () => {
    const error = errorOf(() => responsesCodec.readEnvelope({ model: 3, input: 'x' }, {}));
    expect(error.param).toBe('model');
    expect(error.message).toMatch(/^Invalid field 'model'/);
  });

  it('accepts responses input as a string or an item list', () => {
    expect(responsesCodec.readEnvelope({ model: 'm', input: 'hi' }, {}).stream).toBe(false);
    expect(responsesCodec.readEnvelope({ model: 'm', input: [] }, {}).model).toBe('m');
  });

  it('takes the native model and stream flag from the path', () => {
    const envelope = geminiCodec.readEnvelope({ contents: [] }, { model: 'g', stream: true });
    expect(envelope).toMatchObject({ model: 'g', stream: true });
  });
});
