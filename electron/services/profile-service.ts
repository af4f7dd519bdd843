import type { AppStatus, ProfileSaveParams, UpstreamProfile } from '../../shared/contract.ts';
import { KeychainUnavailableError } from '../secrets/keychain-error.ts';
import type { UpstreamKeyStore } from '../secrets/upstream-key.ts';
import type { Store } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import { errorText } from '../../shared/error-text.ts';

export interface ProfileServiceDeps {
  store: Store;
  keys: UpstreamKeyStore;
  /** Re-reads the active profile and key into the gateway. */
  reconfigure(): Promise<void>;
  appStatus(): AppStatus;
  /** True when MODEL_GATEWAY_UPSTREAM_KEY is set: the keychain is then left alone. */
  envKeySet(): boolean;
  log: (line: string) => void;
}

/** Upstream profiles and their keys. The key goes to the keychain only, never to the store. */
export class ProfileService {
  private readonly deps: ProfileServiceDeps;

  constructor(deps: ProfileServiceDeps) {
    this.deps = deps;
  }

  list(): UpstreamProfile[] {
    return this.deps.store.profiles.list();
  }

  /** Creates (the first profile becomes active) or updates; the gateway follows the active one. */
  async save(input: ProfileSaveParams): Promise<UpstreamProfile> {
    const profiles = this.deps.store.profiles;
    const fields = { name: input.name, baseUrl: input.baseUrl, pricingUrl: input.pricingUrl };
    const saved =
      input.id === undefined ? profiles.create(fields) : profiles.update(input.id, fields);
    if (!saved) throw notFound(input.id ?? '');
    if (saved.active) await this.deps.reconfigure();
    return saved;
  }

  async activate(id: string): Promise<AppStatus> {
    if (!this.deps.store.profiles.setActive(id)) throw notFound(id);
    await this.deps.reconfigure();
    return this.deps.appStatus();
  }

  /** Its keychain entry goes with it, so no orphaned key stays behind in the OS keychain. */
  async delete(id: string): Promise<void> {
    const profiles = this.deps.store.profiles;
    const profile = profiles.get(id);
    if (!profile) throw notFound(id);
    profiles.delete(id);
    if (!this.deps.envKeySet()) {
      try {
        await this.deps.keys.clearKey(id);
      } catch (error) {
        if (!(error instanceof KeychainUnavailableError)) throw error;
        this.deps.log(
          `profile '${profile.name}' deleted; its keychain entry could not be removed.`,
        );
      }
    }
    if (profile.active) await this.deps.reconfigure();
  }

  /** Stores the key in the keychain; the gateway picks it up at once if the profile is active. */
  async setKey(profileId: string, key: string): Promise<AppStatus> {
    const profile = this.require(profileId);
    // Surrounding whitespace is a paste accident; the key format check refuses any inside.
    await this.deps.keys.setKey(profile.id, key.trim());
    if (profile.active) await this.deps.reconfigure();
    return this.deps.appStatus();
  }

  async clearKey(profileId: string): Promise<AppStatus> {
    const profile = this.require(profileId);
    await this.deps.keys.clearKey(profile.id);
    if (profile.active) await this.deps.reconfigure();
    return this.deps.appStatus();
  }

  require(id: string): UpstreamProfile {
    const profile = this.deps.store.profiles.get(id);
    if (!profile) throw notFound(id);
    return profile;
  }
}

const notFound = (id: string): AppError =>
  new AppError('not_found', `No upstream profile with id '${id}'.`, {
    i18n: errorText('settings.errors.profiles.notFound', { id }),
  });
