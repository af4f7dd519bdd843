import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronJsFlags, GATEWAY_V8_FLAGS } from './gateway-v8-flags.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const flags = GATEWAY_V8_FLAGS.join(' ');

// package.json and the bin's shebang cannot import the constant: they must spell it out.
describe('every way of starting the gateway passes its V8 flags', () => {
  it('the npm scripts that run the gateway', () => {
    const { scripts } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const name of ['serve', 'demo']) {
      expect(scripts[name]).toContain(`node ${flags} bin/model-gateway.ts`);
    }
  });

  it('the bin, run as a program', () => {
    const shebang = readFileSync(resolve(ROOT, 'bin/model-gateway.ts'), 'utf8').split('\n')[0];
    expect(shebang).toBe(`#!/usr/bin/env -S node ${flags}`);
  });

  it('Electron, as one --js-flags switch', () => {
    expect(electronJsFlags()).toBe(`--js-flags=${flags}`);
  });
});
