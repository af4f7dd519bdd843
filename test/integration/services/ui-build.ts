import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const INDEX_HTML =
  '<!doctype html><title>Model Gateway</title><script src="/assets/app-1234.js"></script>';
export const APP_JS = 'console.log("the renderer");';

/** A stand-in for `out/renderer`: what `npm run build` leaves there, in miniature. */
export function fakeRendererBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mg-renderer-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'app-1234.js'), APP_JS);
  writeFileSync(join(dir, 'assets', 'style.css'), 'body{}');
  return dir;
}
