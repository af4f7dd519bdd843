import type { AppSettings, AppStatus, SettingsPatch } from '../../shared/contract.ts';
import { languageSchema, themeSchema } from '../../shared/contract-schemas.ts';
import { CLIENT_WITHOUT_TOKEN } from '../../shared/wire-formats.ts';
import type { Store } from '../store/index.ts';
import { isStringList, isTokenlessList, SETTINGS } from './start-app-gateway.ts';

const DEFAULT_PORT = 8787;

const KEYS = {
  port: 'port',
  captureBodies: SETTINGS.captureBodies,
  allowedOrigins: SETTINGS.allowedOrigins,
  retentionDays: SETTINGS.retentionDays,
  theme: 'theme',
  language: 'language',
  clientsWithoutToken: SETTINGS.clientsWithoutToken,
  autoUpdate: 'autoUpdate',
} as const satisfies Record<keyof AppSettings, string>;

const isTheme = (value: unknown): value is AppSettings['theme'] =>
  themeSchema.safeParse(value).success;
const isLanguage = (value: unknown): value is AppSettings['language'] =>
  languageSchema.safeParse(value).success;

/** What the settings service needs from the rest of the app to apply a change. */
export interface SettingsEffects {
  /** Moves the gateway to `port`; false when it could not (the status then says why). */
  listenOn(port: number): Promise<boolean>;
  /** The port listened on, or null when no listener is up (a failed port can be retried). */
  listeningOn(): number | null;
  retentionChanged(): void;
  /** The updates switch changed: start or stop checking for the app's own updates. */
  autoUpdateChanged(on: boolean): void;
  /** After every save, with the settings as they now are. */
  saved(settings: AppSettings): void;
  status(): AppStatus;
}

/**
 * The Settings page. Body capture and allowed origins are read by the gateway per request, so
 * saving them is enough; the port restarts the listener and retention restarts its timer.
 */
export class SettingsService {
  private readonly store: Store;
  private readonly effects: SettingsEffects;

  constructor(store: Store, effects: SettingsEffects) {
    this.store = store;
    this.effects = effects;
  }

  get(): AppSettings {
    const settings = this.store.settings;
    return {
      port: settings.get(KEYS.port, DEFAULT_PORT),
      captureBodies: settings.get(KEYS.captureBodies, false),
      allowedOrigins: settings.get(KEYS.allowedOrigins, [], isStringList),
      retentionDays: settings.get(KEYS.retentionDays, 90),
      theme: settings.get(KEYS.theme, 'system', isTheme),
      language: settings.get(KEYS.language, 'system', isLanguage),
      clientsWithoutToken: settings.get(KEYS.clientsWithoutToken, [], isTokenlessList),
      autoUpdate: settings.get(KEYS.autoUpdate, true),
    };
  }

  /** Origins granted CORS, read by the gateway on each request. */
  allowedOrigins(): string[] {
    return this.get().allowedOrigins;
  }

  /**
   * Saves what changed. A port that cannot be taken is not saved: the gateway keeps serving on
   * the old one, and the returned status carries `port_in_use`.
   */
  async update(patch: SettingsPatch): Promise<{ settings: AppSettings; status: AppStatus }> {
    const before = this.get();
    const settings = this.store.settings;
    if (patch.captureBodies !== undefined) settings.set(KEYS.captureBodies, patch.captureBodies);
    if (patch.allowedOrigins !== undefined)
      settings.set(KEYS.allowedOrigins, [...new Set(patch.allowedOrigins)]);
    if (patch.theme !== undefined) settings.set(KEYS.theme, patch.theme);
    if (patch.language !== undefined) settings.set(KEYS.language, patch.language);
    if (patch.clientsWithoutToken !== undefined) {
      const formats = [...new Set(patch.clientsWithoutToken)];
      settings.set(KEYS.clientsWithoutToken, formats);
      // Their client is listed among the tokens from now on, so budgets can be set before it calls.
      for (const format of formats) {
        const name = CLIENT_WITHOUT_TOKEN[format];
        if (name !== undefined) this.store.tokens.withoutToken(format, name);
      }
    }
    if (patch.autoUpdate !== undefined && patch.autoUpdate !== before.autoUpdate) {
      settings.set(KEYS.autoUpdate, patch.autoUpdate);
      this.effects.autoUpdateChanged(patch.autoUpdate);
    }
    if (patch.retentionDays !== undefined && patch.retentionDays !== before.retentionDays) {
      settings.set(KEYS.retentionDays, patch.retentionDays);
      this.effects.retentionChanged();
    }
    // The port given unchanged (the UI may save the whole form) moves nothing: the gateway may
    // run on a port given on the command line instead. Given as the port in use, it is a no-op
    // that clears a complaint about a port that could not be taken.
    const port = patch.port;
    const listening = this.effects.listeningOn();
    if (
      port !== undefined &&
      (port !== before.port || listening === null || listening === port) &&
      (await this.effects.listenOn(port))
    )
      settings.set(KEYS.port, port);
    const saved = this.get();
    this.effects.saved(saved);
    return { settings: saved, status: this.effects.status() };
  }
}
