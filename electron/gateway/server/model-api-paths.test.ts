import { describe, expect, it } from 'vitest';
import { APP_PATH_PREFIX, EVENTS_PATH, RPC_PATH } from '../../../shared/contract.ts';
import { CODEC_LIST } from '../formats/codecs.ts';
import { isModelApiPath, isUnder, prefixProblems } from './model-api-paths.ts';

describe('isModelApiPath', () => {
  it("takes every format's paths, and the bare prefixes", () => {
    for (const path of [
      '/v1',
      '/v1/',
      '/v1/chat/completions',
      '/v1/models/x',
      '/v1beta',
      '/v1beta/models/m:generateContent',
      '/v1/unknown',
    ])
      expect(isModelApiPath(path), path).toBe(true);
  });

  it("leaves the app's files and routes to the app", () => {
    for (const path of ['/', '/index.html', '/assets/index-1.js', RPC_PATH, EVENTS_PATH, '/v1x'])
      expect(isModelApiPath(path), path).toBe(false);
  });

  it('asks each codec: a path under any of its prefixes is the model API', () => {
    for (const codec of CODEC_LIST)
      for (const prefix of codec.pathPrefixes)
        expect(isModelApiPath(`${prefix}anything`)).toBe(true);
  });
});

describe('the app prefix and the model API prefixes', () => {
  it('never collide: no format serves under the app prefix, and the app prefix holds none', () => {
    const prefixes = CODEC_LIST.flatMap((codec) => codec.pathPrefixes);
    expect(prefixProblems(prefixes, APP_PATH_PREFIX)).toEqual([]);
    expect(isUnder(RPC_PATH, prefixes)).toBe(false);
    expect(isUnder(EVENTS_PATH, prefixes)).toBe(false);
    expect(RPC_PATH.startsWith(APP_PATH_PREFIX) && EVENTS_PATH.startsWith(APP_PATH_PREFIX)).toBe(
      true,
    );
  });

  it("leaves /api/ to the model API (Ollama's): the app's routes are elsewhere", () => {
    expect(prefixProblems(['/api/'], APP_PATH_PREFIX)).toEqual([]);
    expect(isUnder(RPC_PATH, ['/api/'])).toBe(false);
  });

  it('names a prefix that would take the app’s paths, or give the app its own', () => {
    expect(prefixProblems(['/v1/', '/_app/'], '/_app/')).toEqual([
      "'/_app/' overlaps the app's '/_app/'",
    ]);
    expect(prefixProblems(['/_app/rpc/'], '/_app/')).toHaveLength(1);
    expect(prefixProblems(['/x/_app/'], '/x/')).toHaveLength(1);
  });

  it('refuses a prefix that is not whole segments, `/` above all', () => {
    for (const prefix of ['/', '/v1', 'v1/', '//', '/a//'])
      expect(prefixProblems([prefix], '/_app/'), prefix).toHaveLength(1);
    expect(prefixProblems(['/v1/', '/v1beta/', '/a/b/'], '/_app/')).toEqual([]);
  });
});
