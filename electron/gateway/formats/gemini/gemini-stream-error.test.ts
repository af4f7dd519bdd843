import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { geminiStreamError } from './gemini-stream-error.ts';

describe('geminiStreamError', () => {
  it('is one data record, ended by a blank line, with a numeric code', () => {
    const record = geminiStreamError(new GatewayError(503, 'overloaded'));
    expect(record).toBe(
      'data: {"error":{"code":503,"message":"overloaded","status":"UNAVAILABLE"}}\n\n',
    );
  });
});
