import { parseArgs } from 'node:util';
import { describeKeySource } from '../../secrets/key-source.ts';
import { createKeychain } from '../../secrets/keychain.ts';
import { UpstreamKeyStore } from '../../secrets/upstream-key.ts';
import { openStore, type Store } from '../../store/index.ts';
import { defaultDataDir } from '../data-dir.ts';
import { readSecret } from '../read-secret.ts';
import { UsageError } from '../usage-error.ts';

function profileFor(store: Store, name: string | undefined) {
  const profile = name
    ? store.profiles.list().find((p) => p.name === name)
    : store.profiles.getActive();
  return profile ?? null;
}

/**
 * `model-gateway key set|clear|status`: the upstream key of a profile, in the OS keychain.
 * The key is read from stdin and never printed, logged or written to the data dir.
 */
export async function keyCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      profile: { type: 'string' },
      upstream: { type: 'string' },
      'pricing-url': { type: 'string' },
    },
  });
  const [action] = positionals;
  const store = openStore(values['data-dir'] ?? defaultDataDir());
  const keys = new UpstreamKeyStore(createKeychain());
  try {
    if (action === 'set') {
      let profile = profileFor(store, values.profile);
      if (!profile) {
        if (!values.upstream)
          throw new UsageError('No profile yet: give the upstream base URL with --upstream URL.');
        profile = store.profiles.create({
          name: values.profile ?? 'default',
          baseUrl: values.upstream,
          pricingUrl: values['pricing-url'] ?? null,
        });
      } else if (values.upstream || values['pricing-url']) {
        profile =
          store.profiles.update(profile.id, {
            ...(values.upstream ? { baseUrl: values.upstream } : {}),
            ...(values['pricing-url'] ? { pricingUrl: values['pricing-url'] } : {}),
          }) ?? profile;
      }
      const key = await readSecret(
        `Upstream key for '${profile.name}' (${profile.baseUrl}), then Enter: `,
      );
      await keys.setKey(profile.id, key);
      process.stdout.write(`Key stored in the OS keychain for profile '${profile.name}'.\n`);
    } else if (action === 'clear') {
      const profile = profileFor(store, values.profile);
      if (!profile) throw new UsageError('No such profile.');
      const removed = await keys.clearKey(profile.id);
      process.stdout.write(
        removed
          ? `Key removed for profile '${profile.name}'.\n`
          : `No key was stored for '${profile.name}'.\n`,
      );
    } else if (action === 'status') {
      const profile = profileFor(store, values.profile);
      if (!profile) {
        const env = process.env.MODEL_GATEWAY_UPSTREAM_KEY ? 'set' : 'not set';
        process.stdout.write(`No profile. MODEL_GATEWAY_UPSTREAM_KEY is ${env}.\n`);
        return;
      }
      const source = await describeKeySource(keys, profile.id);
      const where = source === 'none' ? 'no key stored' : `key from the ${source}`;
      process.stdout.write(`Profile '${profile.name}': ${profile.baseUrl}; ${where}.\n`);
    } else {
      throw new UsageError('key set [--upstream URL] [--profile NAME] | key clear | key status');
    }
  } finally {
    store.close();
  }
}
