import { randomBytes } from 'node:crypto';

/** A fresh id with a format's prefix (`call_`, `fc_`, `msg_`, `resp_`, `chatcmpl-`). */
export const newId = (prefix: string): string => `${prefix}${randomBytes(12).toString('hex')}`;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
