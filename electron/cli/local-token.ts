import { randomBytes } from 'node:crypto';

/** A new local access token; the prefix makes it recognisable in a tool's settings. */
export const generateLocalToken = (): string => `mgw_${randomBytes(24).toString('base64url')}`;
