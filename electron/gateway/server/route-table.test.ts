import { describe, expect, it } from 'vitest';
import { CODEC_LIST } from '../formats/codecs.ts';
import { matchRoute, type Route } from './route-table.ts';

const q = (s = '') => new URLSearchParams(s);

/** The route with its codec named by format, as the assertions read best. */
const summary = (route: Route) => ({ ...route, codec: route.codec?.format });

describe('matchRoute', () => {
  it('maps the OpenAI generation paths', () => {
    expect(summary(matchRoute('POST', '/v1/chat/completions', q()))).toMatchObject({
      kind: 'generate',
      codec: 'chat',
    });
    expect(summary(matchRoute('POST', '/v1/responses', q()))).toMatchObject({
      kind: 'generate',
      codec: 'responses',
    });
  });

  it('maps native paths under v1beta and v1, with the model from the path', () => {
    expect(
      summary(matchRoute('POST', '/v1beta/models/gemini-2.5-flash:generateContent', q())),
    ).toEqual({
      kind: 'generate',
      codec: 'gemini',
      path: { model: 'gemini-2.5-flash', stream: false },
    });
    expect(
      summary(matchRoute('POST', '/v1/models/a%2Fb:streamGenerateContent', q('alt=sse'))),
    ).toMatchObject({ path: { model: 'a/b', stream: true } });
  });

  it('refuses a native stream without alt=sse, naming the parameter', () => {
    const route = matchRoute('POST', '/v1beta/models/m:streamGenerateContent', q());
    expect(route.kind).toBe('error');
    if (route.kind === 'error') expect(route.error.param).toBe('alt');
  });

  it('answers 405 with Allow for a wrong method', () => {
    const route = matchRoute('GET', '/v1/chat/completions', q());
    expect(route.kind).toBe('error');
    if (route.kind === 'error') {
      expect(route.error.status).toBe(405);
      expect(route.error.headers.allow).toBe('POST');
    }
  });

  it('answers 404 for unknown paths in the shape their prefix implies', () => {
    expect(summary(matchRoute('POST', '/v1/completions', q()))).toMatchObject({
      kind: 'error',
      codec: 'chat',
    });
    expect(summary(matchRoute('GET', '/v1beta/tunedModels', q()))).toMatchObject({
      kind: 'error',
      codec: 'gemini',
    });
  });

  it("names in a 404 every format's paths and the model lists, as the codecs declare them", () => {
    const route = matchRoute('POST', '/v2/chat', q());
    const message = route.kind === 'error' ? route.error.message : '';
    expect(message).toMatch(/^Unknown path \/v2\/chat\. This gateway serves \/v1\/models, /);
    for (const codec of CODEC_LIST) {
      const local = (codec.localRoutes ?? []).map((route) => route.path);
      for (const path of [...codec.served, ...codec.discovery.ownPaths, ...local])
        expect(message).toContain(path);
    }
    expect(message).toMatch(/ and \S+\.$/);
  });

  it('leaves the shape of /v1/models to the client, and gives /v1beta/models its own', () => {
    expect(summary(matchRoute('GET', '/v1/models', q()))).toEqual({
      kind: 'list-models',
      codec: undefined,
    });
    expect(summary(matchRoute('GET', '/v1beta/models', q()))).toEqual({
      kind: 'list-models',
      codec: 'gemini',
    });
    expect(summary(matchRoute('GET', '/v1beta/models/x', q()))).toEqual({
      kind: 'get-model',
      model: 'x',
      codec: 'gemini',
    });
    expect(summary(matchRoute('GET', '/v1/models/a%2Fb', q()))).toEqual({
      kind: 'get-model',
      model: 'a/b',
      codec: undefined,
    });
  });

  it('reads a kept answer on GET only', () => {
    expect(summary(matchRoute('GET', '/v1/responses/resp_1', q()))).toEqual({
      kind: 'read-answer',
      codec: 'responses',
      id: 'resp_1',
    });
    const post = matchRoute('POST', '/v1/responses/resp_1', q());
    expect(post.kind === 'error' && post.error.status).toBe(405);
  });

  it('maps the routes a format answers from the catalog, each on its own method', () => {
    const locals = CODEC_LIST.flatMap((codec) =>
      (codec.localRoutes ?? []).map((local) => ({ codec, local })),
    );
    expect(locals.length).toBeGreaterThan(0);
    for (const { codec, local } of locals) {
      const route = matchRoute(local.method, local.path, q());
      expect(route).toEqual({ kind: 'local', codec, local });
      const wrong = matchRoute(local.method === 'GET' ? 'POST' : 'GET', local.path, q());
      expect(wrong.kind === 'error' && wrong.error.status).toBe(405);
      expect(wrong.codec).toBe(codec);
    }
  });
});
