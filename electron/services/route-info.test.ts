import { describe, expect, it } from 'vitest';
import { toRouteInfo } from './route-info.ts';

const route = {
  name: 'coding',
  models: ['fast', 'sim-gemini'],
  shadow: false,
  firstByteTimeoutMs: null,
  maxRetryAfterMs: 5_000,
  createdAt: 1,
  updatedAt: 2,
};

describe('toRouteInfo', () => {
  it('takes the formats of the first model the catalog knows, and names the ones it does not', () => {
    const catalog = new Map([
      ['sim-chat', ['chat' as const]],
      ['sim-gemini', ['gemini' as const, 'chat' as const]],
    ]);
    const info = toRouteInfo(route, ['gone-model', 'sim-gemini', 'sim-chat'], catalog);
    expect(info).toEqual({
      ...route,
      formats: ['gemini', 'chat'],
      missing: ['gone-model'],
      shadowsModel: false,
    });
  });

  it('says the route has a catalog model’s name', () => {
    const catalog = new Map([['coding', ['chat' as const]]]);
    expect(toRouteInfo({ ...route, shadow: true }, ['coding'], catalog)).toMatchObject({
      shadowsModel: true,
      formats: ['chat'],
      missing: [],
    });
  });

  it('claims nothing without a catalog', () => {
    expect(toRouteInfo(route, ['sim-chat'], null)).toMatchObject({
      formats: [],
      missing: [],
      shadowsModel: false,
    });
  });
});
