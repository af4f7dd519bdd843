import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import type { ModelRouteRepo } from './model-route-repo.ts';
import { DuplicateNameError, InvalidInputError } from './store-errors.ts';
import { NO_LIMITS } from '../../shared/no-limits.ts';
import { errorText } from '../../shared/error-text.ts';

describe('ModelRouteRepo', () => {
  let temp: TempStore;
  let routes: ModelRouteRepo;
  beforeEach(() => {
    temp = openTempStore();
    routes = temp.store.modelRoutes;
  });
  afterEach(() => temp.dispose());

  /** The stored routes, to show a refusal changed nothing. */
  const snapshot = (): unknown =>
    temp.store.db.prepare('SELECT * FROM model_routes ORDER BY name').all();

  it('saves a route and lists routes by name, case-sensitively', () => {
    const saved = routes.save({ name: 'coding', models: ['gpt-5', 'claude-sonnet-4-5'] });
    expect(saved).toEqual({
      name: 'coding',
      models: ['gpt-5', 'claude-sonnet-4-5'],
      shadow: false,
      firstByteTimeoutMs: null,
      maxRetryAfterMs: null,
      createdAt: temp.clock.now,
      updatedAt: temp.clock.now,
    });
    routes.save({ name: 'Coding', models: ['x'], shadow: true, firstByteTimeoutMs: 5_000 });
    routes.save({ name: 'cheap', models: ['y'] });
    expect(routes.list().map((r) => r.name)).toEqual(['Coding', 'cheap', 'coding']);
    expect(routes.get('coding')).toEqual(saved);
    expect(routes.get('Coding')).toMatchObject({ shadow: true, firstByteTimeoutMs: 5_000 });
    expect(routes.get('CODING')).toBeUndefined();
  });

  it('trims names and models and keeps each model once', () => {
    const saved = routes.save({ name: ' fast ', models: [' a ', 'b', 'a'] });
    expect(saved).toMatchObject({ name: 'fast', models: ['a', 'b'] });
  });

  it('resolves a route from memory, expanding member routes depth first, each model once', () => {
    routes.save({ name: 'c', models: ['w', 'x'] });
    routes.save({ name: 'b', models: ['y', 'z', 'c'] });
    routes.save({ name: 'a', models: ['x', 'b', 'y', 'v'], maxRetryAfterMs: 1_000 });
    expect(routes.resolve('a')).toEqual({
      name: 'a',
      models: ['x', 'y', 'z', 'w', 'v'],
      shadow: false,
      firstByteTimeoutMs: null,
      maxRetryAfterMs: 1_000,
    });
    expect(routes.get('a')?.models).toEqual(['x', 'b', 'y', 'v']);
    expect(routes.resolve('gpt-5')).toBeUndefined();
    // From memory: a change behind the repository's back (on its own connection) is not seen.
    temp.store.db.prepare('DELETE FROM model_routes').run();
    expect(routes.resolve('a')?.models).toHaveLength(5);
  });

  it('follows a member route changed later', () => {
    routes.save({ name: 'inner', models: ['x'] });
    routes.save({ name: 'outer', models: ['inner', 'y'] });
    routes.save({ name: 'inner', previousName: 'inner', models: ['z', 'x'] });
    expect(routes.resolve('outer')?.models).toEqual(['z', 'x', 'y']);
  });

  it('keeps the options a change leaves out, and creation time', () => {
    routes.save({ name: 'r', models: ['a'], shadow: true, firstByteTimeoutMs: 3_000 });
    temp.clock.now += 60_000;
    const changed = routes.save({ name: 'r', previousName: 'r', models: ['b'] });
    expect(changed).toMatchObject({ models: ['b'], shadow: true, firstByteTimeoutMs: 3_000 });
    expect(changed.updatedAt - changed.createdAt).toBe(60_000);
    expect(
      routes.save({ name: 'r', previousName: 'r', models: ['b'], firstByteTimeoutMs: null }),
    ).toMatchObject({ firstByteTimeoutMs: null, shadow: true });
  });

  it('refuses, changing nothing, what would break routing', () => {
    routes.save({ name: 'a', models: ['b'] });
    routes.save({ name: 'b', models: ['c'] });
    const before = snapshot();
    const refused = (input: Parameters<ModelRouteRepo['save']>[0], message: string): void => {
      expect(() => routes.save(input)).toThrow(
        expect.objectContaining({ name: 'InvalidInputError', message }),
      );
      expect(snapshot()).toEqual(before);
    };
    refused({ name: 'x', models: [] }, 'A route needs at least one model.');
    refused({ name: 'x', models: ['m', ' '] }, "A route's models must not be empty names.");
    refused(
      { name: ' ', models: ['m'] },
      'A route needs a name: what clients send as their model.',
    );
    refused(
      { name: 'x', models: ['m', 'x'] },
      "Route 'x' names itself. To try the catalog model of that name first, let the route shadow it.",
    );
    refused({ name: 'c', models: ['a'] }, "Route 'c' would loop: c → a → b → c.");
    refused({ name: 'b', previousName: 'b', models: ['a'] }, "Route 'b' would loop: b → a → b.");
    refused({ name: 'x'.repeat(201), models: ['m'] }, 'A route name is at most 200 characters.');
    refused(
      { name: 'x', models: ['m'], firstByteTimeoutMs: 1.5 },
      "A route's first-byte timeout is a whole number of milliseconds above 0.",
    );
    refused(
      { name: 'x', previousName: 'gone', models: ['m'] },
      "There is no route named 'gone' to change.",
    );
    expect(routes.save({ name: 'x'.repeat(200), models: ['m'] }).name).toHaveLength(200);
  });

  it('a route that shadows a model may name it: that member is the model, first or later', () => {
    routes.save({ name: 'claude-haiku-4-5', models: ['claude-haiku-4-5', 'cheap'], shadow: true });
    routes.save({ name: 'cheap', models: ['m1', 'm2'] });
    routes.save({ name: 'coding', models: ['claude-haiku-4-5', 'm3'] });
    expect(routes.resolve('claude-haiku-4-5')?.models).toEqual(['claude-haiku-4-5', 'm1', 'm2']);
    // Through another route, the shadowing route is expanded and its own name is still the model.
    expect(routes.resolve('coding')?.models).toEqual(['claude-haiku-4-5', 'm1', 'm2', 'm3']);
    // No longer shadowing, the name would stand for the route itself: refused.
    expect(() =>
      routes.save({
        name: 'claude-haiku-4-5',
        previousName: 'claude-haiku-4-5',
        models: ['claude-haiku-4-5', 'cheap'],
        shadow: false,
      }),
    ).toThrow(/names itself/);
  });

  it('refuses a second route of a name, and a rename onto one', () => {
    routes.save({ name: 'a', models: ['m'] });
    routes.save({ name: 'b', models: ['m'] });
    expect(() => routes.save({ name: 'a', models: ['n'] })).toThrow(DuplicateNameError);
    expect(() => routes.save({ name: 'b', previousName: 'a', models: ['n'] })).toThrow(
      "A route named 'b' already exists.",
    );
    expect(routes.get('a')?.models).toEqual(['m']);
  });

  it('renames a route everywhere it is named, in one go', () => {
    const { info } = temp.store.tokens.create('cursor');
    routes.save({ name: 'old', models: ['m'] });
    routes.save({ name: 'user', models: ['x', 'old'] });
    temp.store.tokenLimits.set(info.id, {
      ...NO_LIMITS,
      dailyUsd: 5,
      models: ['old', 'gpt-5'],
      thenRoute: 'old',
    });
    const created = routes.get('old')?.createdAt;
    temp.clock.now += 1_000;
    const renamed = routes.save({ name: 'new', previousName: 'old', models: ['m', 'n'] });
    expect(renamed).toMatchObject({ name: 'new', models: ['m', 'n'], createdAt: created });
    expect(routes.get('old')).toBeUndefined();
    expect(routes.get('user')?.models).toEqual(['x', 'new']);
    expect(routes.resolve('user')?.models).toEqual(['x', 'm', 'n']);
    // Seen at once through the store's limits, though no other connection wrote.
    expect(temp.store.tokenLimits.get(info.id)).toMatchObject({
      thenRoute: 'new',
      models: ['new', 'gpt-5'],
    });
  });

  it('deletes a route nothing depends on', () => {
    routes.save({ name: 'a', models: ['m'] });
    expect(routes.delete('a')).toBe(true);
    expect(routes.get('a')).toBeUndefined();
    expect(routes.resolve('a')).toBeUndefined();
    expect(routes.delete('a')).toBe(false);
  });

  it('refuses to delete a route another route includes, or a budget sends requests to', () => {
    const { info } = temp.store.tokens.create('cursor');
    routes.save({ name: 'fallback', models: ['m'] });
    routes.save({ name: 'one', models: ['fallback'] });
    routes.save({ name: 'two', models: ['x', 'fallback'] });
    expect(() => routes.delete('fallback')).toThrow(
      new InvalidInputError(
        "Route 'fallback' is part of routes 'one', 'two'; take it out of them first.",
        errorText('routes.errors.inUseByRoutes', {
          name: 'fallback',
          routes: "'one', 'two'",
          count: 2,
        }),
      ),
    );
    routes.delete('one');
    routes.delete('two');
    temp.store.tokenLimits.set(info.id, { ...NO_LIMITS, dailyUsd: 1, thenRoute: 'fallback' });
    expect(() => routes.delete('fallback')).toThrow(
      new InvalidInputError(
        "Route 'fallback' is where token 'cursor' sends requests once a budget is spent; change its limits first.",
        errorText('routes.errors.inUseByBudgets', {
          name: 'fallback',
          tokens: "'cursor'",
          count: 1,
        }),
      ),
    );
    expect(routes.get('fallback')).toBeDefined();
  });
});
