/**
 * Why Electron could not open a window here, or null when it can. On Linux and the BSDs a window
 * needs an X server (DISPLAY) or a Wayland compositor (WAYLAND_DISPLAY); macOS and Windows always
 * have a desktop for a logged-in user.
 */
export function missingDisplay(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
): string | null {
  if (platform === 'darwin' || platform === 'win32') return null;
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return null;
  return 'no display (neither DISPLAY nor WAYLAND_DISPLAY is set)';
}
