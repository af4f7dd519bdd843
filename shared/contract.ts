/**
 * The one contract between the renderer and the app (DESIGN.md "Renderer and main"). Both
 * transports, Electron IPC and HTTP for headless mode, implement it; pages see only this.
 * It grows with the UI issues; the upstream key never crosses it.
 */
export interface GatewayStatus {
  running: boolean;
  url: string | null;
}

export interface AppApi {
  gatewayStatus(): Promise<GatewayStatus>;
}

/** The name under which the preload script exposes the API on `window`. */
export const API_GLOBAL = 'api';
