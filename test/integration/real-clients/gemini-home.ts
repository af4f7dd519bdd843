import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A fresh HOME with a `.gemini/settings.json` in the format of @google/gemini-cli 0.61
 * (its bundled docs/reference/configuration.md): API-key auth (the key and base URL come
 * from GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL), folder trust off so the temporary
 * workspace is trusted, and no usage statistics, telemetry, update check or IDE probing.
 */
export function writeGeminiHome(home: string): void {
  const dir = join(home, '.gemini');
  mkdirSync(dir, { recursive: true });
  const settings = {
    security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    ide: { enabled: false },
  };
  writeFileSync(join(dir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}
