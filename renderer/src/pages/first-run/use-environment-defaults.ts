import { useEffect, useState } from 'react';
import type { UpstreamDefaults } from '../../../../shared/contract.ts';
import { getApi } from '../../api/index.ts';

/**
 * The upstream the app's environment names (`MODEL_GATEWAY_UPSTREAM`, as `serve` honours it),
 * asked once when `enabled`; null until it answers, or when it cannot. Never the key.
 */
export function useEnvironmentDefaults(enabled: boolean): UpstreamDefaults | null {
  const [defaults, setDefaults] = useState<UpstreamDefaults | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    getApi()
      .call('upstream.defaults')
      .then(
        (found) => {
          if (current) setDefaults(found);
        },
        // Only a convenience: the form works empty.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [enabled]);
  return defaults;
}
