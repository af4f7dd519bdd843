import { describe, expect, it } from 'vitest';
import { routeLine, ROUTE_DEFAULTS_NOTE } from './route-lines.ts';

const route = {
  name: 'coding',
  models: ['sim-chat', 'fast', 'gone'],
  shadow: false,
  firstByteTimeoutMs: null,
  maxRetryAfterMs: null,
};
const isRoute = (name: string) => name === 'fast';

describe('routeLine', () => {
  it('shows the models in order, member routes and, with a catalog, models it lacks', () => {
    expect(routeLine(route, 8, isRoute, null)).toBe('coding    sim-chat → fast (route) → gone');
    expect(routeLine(route, 6, isRoute, new Set(['sim-chat']))).toBe(
      'coding  sim-chat → fast (route) → gone (not in the catalog)',
    );
  });

  it('adds what the route sets beyond the defaults', () => {
    const shadowing = {
      name: 'sim-chat',
      models: ['sim-gemini'],
      shadow: true,
      firstByteTimeoutMs: 30_000,
      maxRetryAfterMs: 1_500,
    };
    expect(routeLine(shadowing, 0, isRoute, null)).toBe(
      'sim-chat  sim-gemini   (shadows the model of its name; first byte within 30 s; waits out a Retry-After up to 1.5 s)',
    );
    expect(ROUTE_DEFAULTS_NOTE).toMatch(/60 s,\nor at once when a 429 asks to wait more than 2 s/);
  });
});
