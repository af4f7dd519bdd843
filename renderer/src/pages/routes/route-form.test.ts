import { describe, expect, it } from 'vitest';
import { routeSaveParamsSchema } from '../../../../shared/contract-schemas.ts';
import type { ModelRouteInfo } from '../../../../shared/contract.ts';
import {
  checkRouteForm,
  defaultWaitText,
  formFromRoute,
  missingText,
  moveItem,
  parseWait,
  waitsText,
} from './route-form.ts';

const ROUTE: ModelRouteInfo = {
  name: 'coding',
  models: ['sim-anthropic', 'sim-chat'],
  shadow: false,
  firstByteTimeoutMs: 15_000,
  maxRetryAfterMs: null,
  createdAt: 0,
  updatedAt: 0,
  formats: ['anthropic'],
  missing: [],
  shadowsModel: false,
};
const DEFAULTS = { firstByteTimeoutMs: 60_000, maxRetryAfterMs: 2_000 };

describe('the route form', () => {
  it('moves a model one place, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('reads waits in seconds, empty for the default', () => {
    expect(parseWait('')).toEqual({ ms: null });
    expect(parseWait(' 2.5 s')).toEqual({ ms: 2500 });
    expect(parseWait('0.05')).toEqual({ error: 'At least 0.1 s.' });
    expect(parseWait('9000')).toEqual({ error: 'At most 600 s (10 minutes).' });
    expect(parseWait('soon')).toHaveProperty('error');
  });

  it('builds what routes.save takes, renaming when the name changed', () => {
    const form = { ...formFromRoute(ROUTE), name: ' code ' };
    const checked = checkRouteForm(form);
    expect(checked.params).toEqual({
      name: 'code',
      previousName: 'coding',
      models: ['sim-anthropic', 'sim-chat'],
      shadow: false,
      firstByteTimeoutMs: 15_000,
      maxRetryAfterMs: null,
    });
    expect(routeSaveParamsSchema.safeParse(checked.params).success).toBe(true);
    expect(checkRouteForm(formFromRoute(ROUTE)).params).not.toHaveProperty('previousName');
  });

  it('names what is wrong with a field; an empty route is the app’s to refuse', () => {
    const checked = checkRouteForm({
      ...formFromRoute(null),
      name: 'my route',
      firstByteSeconds: 'x',
    });
    expect(checked.params).toBeNull();
    expect(checked.errors?.name).toMatch(/No spaces/);
    expect(checked.errors?.firstByteSeconds).toMatch(/seconds/);
    expect(checkRouteForm({ ...formFromRoute(null), name: '' }).errors?.name).toMatch(
      /Name the route/,
    );
    expect(checkRouteForm({ ...formFromRoute(null), name: 'empty' }).params?.models).toEqual([]);
  });

  it('says which waits a route uses, defaults included', () => {
    expect(waitsText(ROUTE, DEFAULTS)).toBe(
      'First byte within 15 s · waits out a Retry-After up to 2 s (default)',
    );
    expect(defaultWaitText(DEFAULTS, 'firstByteTimeoutMs')).toBe('60 (default)');
    expect(defaultWaitText(null, 'maxRetryAfterMs')).toBe('the default');
  });

  it('flags a missing model with the app’s own warning when it gave one', () => {
    expect(missingText('sim-gone', ['sim-gone is not in the catalog'])).toBe(
      'sim-gone is not in the catalog',
    );
    expect(missingText('sim-gone', undefined)).toMatch(/skipped until the catalog lists it/);
  });
});
