/**
 * `--allowed-host NAME` (repeatable) adds to `MODEL_GATEWAY_ALLOWED_HOSTS`: the Host names the
 * gateway answers besides loopback ones, for a gateway reached over the network.
 */
export function withAllowedHosts(env: NodeJS.ProcessEnv, names: string[]): NodeJS.ProcessEnv {
  if (names.length === 0) return env;
  const all = [env.MODEL_GATEWAY_ALLOWED_HOSTS ?? '', ...names].filter((n) => n.trim() !== '');
  return { ...env, MODEL_GATEWAY_ALLOWED_HOSTS: all.join(',') };
}
