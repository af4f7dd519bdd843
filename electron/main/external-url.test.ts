import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl, openExternalSafely } from './external-url.ts';

describe('isSafeExternalUrl', () => {
  it.each(['https://example.com/', 'http://localhost:8787/v1/models', 'https://a.b/c?d=e#f'])(
    'accepts %s',
    (url) => expect(isSafeExternalUrl(url)).toBe(true),
  );

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vscode://extension/x',
    'smb://host/share',
    'https://user:secret@example.com/',
    'not a url',
    '',
    `https://example.com/${'a'.repeat(3000)}`,
  ])('refuses %s', (url) => expect(isSafeExternalUrl(url)).toBe(false));
});

describe('openExternalSafely', () => {
  it('opens only what passes the check, and logs a refusal', () => {
    const opened: string[] = [];
    const logs: string[] = [];
    const shell = { openExternal: (url: string) => (opened.push(url), Promise.resolve()) };
    expect(openExternalSafely(shell, 'https://example.com/', (l) => logs.push(l))).toBe(true);
    expect(openExternalSafely(shell, 'file:///x', (l) => logs.push(l))).toBe(false);
    expect(opened).toEqual(['https://example.com/']);
    expect(logs).toEqual(['refused to open "file:///x": not an http(s) link']);
  });
});
