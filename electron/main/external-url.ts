/**
 * Links the renderer asks to open (new-window requests, clicked links) go to the user's browser,
 * never into the app. Only plain http(s) URLs qualify: `file:`, `javascript:`, custom schemes
 * (which launch other apps) and URLs carrying credentials are refused.
 */
export function isSafeExternalUrl(value: string): boolean {
  if (value.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return url.hostname !== '';
}

/** Opens a validated URL externally; returns whether it did. */
export function openExternalSafely(
  shell: { openExternal(url: string): Promise<void> },
  url: string,
  log: (line: string) => void,
): boolean {
  if (!isSafeExternalUrl(url)) {
    log(`refused to open ${JSON.stringify(url.slice(0, 200))}: not an http(s) link`);
    return false;
  }
  shell.openExternal(url).catch((error: unknown) => log(`could not open ${url}: ${String(error)}`));
  return true;
}
