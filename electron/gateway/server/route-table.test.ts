import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-table.ts';

const q = (s = '') => new URLSearchParams(s);

describe('matchRoute', () => {
  it('maps the OpenAI generation paths', () => {
    expect(matchRoute('POST', '/v1/chat/completions', q())).toMatchObject({
      kind: 'generate',
      format: 'chat',
    });
    expect(matchRoute('POST', '/v1/responses', q())).toMatchObject({
      kind: 'generate',
      format: 'responses',
    });
  });

  it('maps native paths under v1beta and v1, with the model from the path', () => {
    expect(matchRoute('POST', '/v1beta/models/gemini-2.5-flash:generateContent', q())).toEqual({
      kind: 'generate',
      format: 'gemini',
      errorFormat: 'gemini',
      model: 'gemini-2.5-flash',
      stream: false,
    });
    expect(
      matchRoute('POST', '/v1/models/a%2Fb:streamGenerateContent', q('alt=sse')),
    ).toMatchObject({
      model: 'a/b',
      stream: true,
    });
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
    const openai = matchRoute('POST', '/v1/completions', q());
    const native = matchRoute('GET', '/v1beta/tunedModels', q());
    expect(openai).toMatchObject({ kind: 'error', errorFormat: 'chat' });
    expect(native).toMatchObject({ kind: 'error', errorFormat: 'gemini' });
  });

  it('resolves list styles', () => {
    expect(matchRoute('GET', '/v1/models', q())).toMatchObject({
      kind: 'list-models',
      style: 'auto',
    });
    expect(matchRoute('GET', '/v1beta/models', q())).toMatchObject({
      kind: 'list-models',
      style: 'gemini',
    });
    expect(matchRoute('GET', '/v1beta/models/x', q())).toMatchObject({
      kind: 'get-model',
      model: 'x',
    });
  });
});
