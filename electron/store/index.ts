export { openStore, type Store } from './open-store.ts';
export type { LogRow } from './log-row.ts';
export { type LogFilter } from './log-filter.ts';
export { startRetention } from './retention.ts';
export { tokenAuthenticator } from './token-authenticator.ts';
export { UNTITLED } from './conversation-repo.ts';
export { DuplicateNameError, InvalidInputError } from './store-errors.ts';
export { storePolicy } from './store-policy.ts';
