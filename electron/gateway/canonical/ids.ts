import { randomBytes } from 'node:crypto';

const ID_BYTES = 12;
const IDS_PER_REFILL = 512;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * 12 random bytes as 24 hex digits. Entropy is drawn 512 ids at a time: `randomBytes` per id
 * made a system call each and cost about 14 % of the gateway's CPU per request under load
 * (bench/FINDINGS.md #4).
 */
function randomHex(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * IDS_PER_REFILL);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return hex;
}

/** A fresh id with a format's prefix (`call_`, `fc_`, `msg_`, `resp_`, `chatcmpl-`, `req_`). */
export const newId = (prefix: string): string => `${prefix}${randomHex()}`;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
