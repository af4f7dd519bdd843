export { openStore, DATABASE_FILE, type Store, type StoreOptions } from './open-store.ts';
export { MIGRATIONS, runMigrations, schemaVersion, type Migration } from './migrations.ts';
export {
  RequestLogWriter,
  DEFAULT_LOG_BATCH_SIZE,
  type FlushListener,
  type LogErrorHandler,
  type RequestLogWriterOptions,
} from './request-log-writer.ts';
export type { LogRow } from './log-row.ts';
export { ERROR_CONDITION, type LogFilter } from './log-filter.ts';
export {
  RequestLogQueries,
  MAX_PAGE_SIZE,
  type ExportFormat,
  type LogPage,
} from './request-log-queries.ts';
export {
  UsageQueries,
  NO_KEY,
  type SeriesBucket,
  type TimeRange,
  type UsageDimension,
  type UsageGroup,
  type UsagePoint,
  type UsageTotals,
} from './usage-queries.ts';
export { csvField, csvLine, type CsvValue } from './csv.ts';
export {
  pruneLog,
  startRetention,
  type BackgroundRetentionOptions,
  type RetentionOptions,
} from './retention.ts';
export { TokenRepo, TOKEN_PREFIX_LENGTH, type TokenInfo } from './token-repo.ts';
export { tokenAuthenticator } from './token-authenticator.ts';
export {
  ProfileRepo,
  type NewProfile,
  type ProfilePatch,
  type UpstreamProfile,
} from './profile-repo.ts';
export { SettingsRepo } from './settings-repo.ts';
export {
  ConversationRepo,
  DEFAULT_CONVERSATION_TITLE,
  type ChatMessage,
  type Conversation,
  type ConversationPatch,
  type ConversationWithMessages,
  type MessagePatch,
  type MessageRole,
  type NewConversation,
  type NewMessage,
} from './conversation-repo.ts';
export { CatalogSnapshotRepo, type CatalogSnapshot } from './catalog-snapshot-repo.ts';
export {
  ModelOverrideRepo,
  type ModelOverride,
  type ModelOverridePatch,
} from './model-override-repo.ts';
export {
  SqliteOpaqueStateStore,
  SqliteResponseStore,
  DEFAULT_OPAQUE_STATE_LIMIT,
  DEFAULT_RESPONSE_LIMIT,
} from './state-repo.ts';
export { DuplicateNameError, InvalidInputError } from './store-errors.ts';
