import { describe, expect, it } from 'vitest';
import { errorText } from '../../shared/error-text.ts';
import { AppError } from '../services/app-services-api.ts';
import { InvalidInputError } from '../store/index.ts';
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

  it('carries the catalog text of an AppError, its key and values, beside the message', () => {
    const error = new AppError('conflict', "Route 'fast' would loop.", {
      i18n: errorText('routes.errors.loop', { name: 'fast', path: 'fast → slow → fast' }),
    });
    expect(decodeRpcError(encodeRpcError(error).message)).toEqual({
      code: 'conflict',
      message: "Route 'fast' would loop.",
      i18n: { key: 'routes.errors.loop', params: { name: 'fast', path: 'fast → slow → fast' } },
    });
  });

  it('takes the catalog text from the cause a service wrapped', () => {
    const cause = new InvalidInputError(
      'A profile needs a name.',
      errorText('settings.errors.profiles.nameRequired'),
    );
    const error = new AppError('bad_request', cause.message, { cause });
    expect(decodeRpcError(encodeRpcError(error).message)?.i18n).toEqual({
      key: 'settings.errors.profiles.nameRequired',
    });
  });

  it('drops a catalog text that is not one', () => {
    const body =
      '{"error":{"code":"x","message":"m","i18n":{"key":"settings.title","params":[1]}}}';
    expect(decodeRpcError(body)).toEqual({ code: 'x', message: 'm' });
  });

  it('marks anything else internal', () => {
    expect(decodeRpcError(encodeRpcError(new TypeError('x is undefined')).message)).toEqual({
      code: 'internal',
      message: 'Internal error: x is undefined',
      i18n: { key: 'errors.app.internal', params: { detail: 'x is undefined' } },
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
