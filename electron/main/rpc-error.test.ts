import { describe, expect, it } from 'vitest';
import { AppError } from '../services/app-services-api.ts';
import { decodeRpcError, encodeRpcError } from './rpc-error.ts';

describe('rpc error encoding', () => {
  it('puts an AppError body, as JSON, in the message', () => {
    const error = encodeRpcError(new AppError('port_in_use', 'Port 8787 is "taken".'));
    expect(error.message).toBe(
      '{"error":{"code":"port_in_use","message":"Port 8787 is \\"taken\\"."}}',
    );
  });

  it('recognises an AppError from another copy of the module by its shape', () => {
    const foreign = Object.assign(new Error('No key.'), { name: 'AppError', code: 'no_key' });
    expect(decodeRpcError(encodeRpcError(foreign).message)).toEqual({
      code: 'no_key',
      message: 'No key.',
    });
  });

  it('marks anything else internal', () => {
    expect(decodeRpcError(encodeRpcError(new TypeError('x is undefined')).message)).toEqual({
      code: 'internal',
      message: 'Internal error: x is undefined',
    });
    expect(decodeRpcError(encodeRpcError('boom').message)?.code).toBe('internal');
  });

  it('decodes through Electron’s prefix, and refuses what is not the format', () => {
    const message = encodeRpcError(new AppError('bad_request', 'Unknown method.')).message;
    expect(decodeRpcError(`Error invoking remote method 'app:rpc': Error: ${message}`)).toEqual({
      code: 'bad_request',
      message: 'Unknown method.',
    });
    expect(decodeRpcError('Error invoking remote method')).toBeNull();
    expect(decodeRpcError('{"error":{"code":1}}')).toBeNull();
    expect(decodeRpcError('{"error": broken')).toBeNull();
  });
});
