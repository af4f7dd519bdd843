import { GatewayError } from '../../electron/gateway/canonical/gateway-error.ts';

/** Runs `fn` and returns the GatewayError it throws; fails the test if it throws none. */
export function errorOf(fn: () => unknown): GatewayError {
  try {
    fn();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError');
}
