/**
 * The one contract between the renderer and the app.
 * `electron/services/` implements it; two transports carry it: Electron IPC (preload +
 * `ipcMain.handle`) and HTTP for headless mode (`POST /_app/rpc`, `GET /_app/events`). The pages
 * import only `renderer/src/api`, which speaks this contract over either.
 *
 * The upstream key never crosses it: the renderer can set it, test it and see where it comes
 * from, never read it. A local token's secret crosses it once, in the answer to `tokens.create`.
 */

import type { ChatAttachment } from './chat-attachments.ts';
import type { ErrorText } from './error-text.ts';
import type { WireFormat } from './wire-formats.ts';
export type { ChatAttachment, WireFormat };

// What the main process receives is defined once, as zod schemas it checks every call with
// (contract-schemas.ts, tariff.ts); the types here are inferred from them. Imported as types
// only, so the renderer's bundle (and the preload's) carries no zod.
import type {
  AppSettings,
  ChatCreateParams,
  ChatSendParams,
  ChatEditParams,
  ChatSearchParams,
  ChatParams,
  ChatUpdateParams,
  ConversationIdParams,
  IdParams,
  KeySetParams,
  LogExportFormat,
  LogCursor,
  LogExportParams,
  LogFilter,
  LogSearchParams,
  LimitsSetParams,
  MessageIdParams,
  ModelIdParams,
  ModelOverrideInput,
  ModelOverrideParams,
  ModelsListParams,
  ProfileIdParams,
  ProfileSaveParams,
  RequestIdParams,
  RouteNameParams,
  RouteSaveParams,
  SettingsPatch,
  TokenCreateParams,
  TokenIdParams,
  TokenLimits,
  ToolConnectParams,
  ToolIdName,
  ToolIdParams,
  UpstreamTestParams,
  UsageBucket,
  UsageByParams,
  UsageDimension,
  UsageRange,
  UsageSeriesParams,
} from './contract-schemas.ts';
import type { Tariff } from './tariff.ts';

export type {
  ChatParams,
  AppSettings,
  ChatCreateParams,
  ChatUpdateParams,
  LogCursor,
  LogExportFormat,
  LogFilter,
  ModelOverrideInput,
  ProfileSaveParams,
  RouteSaveParams,
  SettingsPatch,
  TokenLimits,
  ToolConnectParams,
  UsageBucket,
  UsageByParams,
  UsageDimension,
  UsageRange,
  UsageSeriesParams,
};
export type { Tariff } from './tariff.ts';

/** The places in Settings other views send the user to, to fix what they report. */
export type SettingsTarget = 'key' | 'upstream' | 'gateway';

/** Where the upstream key in use comes from, for status display. Never the key itself. */
export type KeySource = 'keychain' | 'environment' | 'none';

export interface GatewayStatus {
  running: boolean;
  url: string | null;
  port: number;
  /** Why it is not running (e.g. the port is taken), in words for the user. */
  error: string | null;
  errorCode: 'port_in_use' | 'no_upstream' | 'no_key' | 'keychain_unavailable' | 'failed' | null;
}

export interface AppStatus {
  gateway: GatewayStatus;
  activeProfile: UpstreamProfile | null;
  keySource: KeySource;
  /** No profile or no key yet: the UI opens the first-run flow. */
  firstRun: boolean;
  /** Why the keychain cannot be used, when it cannot. */
  keychainProblem: string | null;
  /** The same in the UI's language (the catalog's text for it). */
  keychainProblemText?: ErrorText;
  /** `desktop` (Electron) or `headless` (browser over HTTP). */
  shell: 'desktop' | 'headless';
  version: string;
}

/**
 * Where the upstream is. Its key is not here: it lives in the OS keychain, filed under the
 * profile's id.
 */
export interface UpstreamProfile {
  id: string;
  name: string;
  baseUrl: string;
  pricingUrl: string | null;
  active: boolean;
  createdAt: number;
}

/**
 * The packaged desktop app's own updates (electron-updater, from the GitHub releases). Never
 * installed without the user: `ready` waits for "Restart to update".
 */
export type UpdateStatus =
  /** Headless, or a desktop app not installed from a release (`npm start`, a package manager). */
  | { state: 'unavailable'; reason: 'headless' | 'not_packaged' }
  /** The user switched updates off in Settings: nothing is asked of the release feed. */
  | { state: 'disabled' }
  /** Up to date as of `checkedAt` (null: not checked yet); `latest`, the feed's newest version. */
  | { state: 'idle'; checkedAt: number | null; latest: string | null }
  | { state: 'checking' }
  | { state: 'downloading'; version: string; percent: number }
  /** Downloaded and its checksum verified: installed when the user restarts to update. */
  | { state: 'ready'; version: string }
  /** A check, download or verification failed (a failed download is deleted); "Try again". */
  | { state: 'error'; message: string; i18n?: ErrorText };

export interface ConnectionTest {
  ok: boolean;
  /** What kind of failure it was (`ok` when it worked), to word the result. */
  state: Exclude<UpstreamHealthState, 'checking'>;
  /** Models the key can see, when ok. */
  modelCount: number;
  latencyMs: number;
  /** The upstream's own words on failure (e.g. invalid key), or a summary on success. */
  message: string;
}

/**
 * How the active upstream answered the app's background check of its model list:
 * `checking` until the first answer (and again after the profile or key changed),
 * `unreachable` for a refused connection, a failed DNS lookup, TLS or a timeout, `key_rejected`
 * for a 401/403, `rate_limited` for a 429, `upstream_error` for a 5xx or an answer that is no
 * model list, `not_configured` when there is no profile or key to check with.
 */
export type UpstreamHealthState =
  | 'checking'
  | 'ok'
  | 'unreachable'
  | 'key_rejected'
  | 'rate_limited'
  | 'upstream_error'
  | 'not_configured';

export interface UpstreamHealth {
  state: UpstreamHealthState;
  /** The upstream's own words, or what kept the check from being made. Never the key. */
  detail: string | null;
  /** The status of the upstream's answer, when there was one. */
  httpStatus: number | null;
  /** From the upstream's `Retry-After`, when it is rate limited. */
  retryAfterSeconds: number | null;
  /** The base URL that was checked. */
  baseUrl: string | null;
  /** When the last check finished (epoch ms); null before the first. */
  checkedAt: number | null;
}

/**
 * What the app's environment says about the upstream, as `serve` reads it, to pre-fill the
 * first-run form. The key never crosses the contract: only whether one is set.
 */
export interface UpstreamDefaults {
  /** `MODEL_GATEWAY_UPSTREAM`. */
  baseUrl: string | null;
  /** `MODEL_GATEWAY_PRICING_URL`. */
  pricingUrl: string | null;
  /** `MODEL_GATEWAY_UPSTREAM_KEY` is set. */
  keyInEnvironment: boolean;
}

export interface TokenInfo {
  id: string;
  name: string;
  /** The token's first characters, to recognise it in a tool's settings. */
  prefix: string;
  createdAt: number;
  /** Updated at most once a minute, so it may lag by that much. */
  lastUsedAt: number | null;
  revokedAt: number | null;
  /**
   * The row stands for a format's requests sent without a token (Settings lets them in): it has
   * no token to copy or revoke, but budgets and usage as any other.
   */
  withoutToken?: true;
}

export interface ModelInfo {
  id: string;
  ownedBy: string;
  /** The upstream's markers (or the user's override). */
  markers: string[];
  /** Formats the model supports upstream, preferred first. */
  formats: WireFormat[];
  /** Client formats that reach this model only through translation. */
  translatedFormats: WireFormat[];
  tariff: Tariff | null;
  /** Dollars per million tokens for token tariffs (group ratio applied), null otherwise. */
  inputPerMillion: number | null;
  outputPerMillion: number | null;
  /** Dollars per call for per-call tariffs. */
  perCall: number | null;
  overridden: { markers: boolean; tariff: boolean };
}

/** An agent CLI the app can point at the gateway (the Tools page, `model-gateway tools`). */
export interface ToolInfo {
  id: ToolIdName;
  name: string;
  /** The format the tool speaks (for its model pickers' badges). */
  format: WireFormat;
  installed: boolean;
  configDirExists: boolean;
  /** `changed`: connected by the app, then a file was edited by something else; `elsewhere`: pointed at a gateway by hand. */
  status: 'connected' | 'changed' | 'elsewhere' | 'disconnected';
  files: string[];
  changedFiles: string[];
  slots: { key: string; label: string }[];
  models: Record<string, string> | null;
  tokenName: string | null;
  connectedAt: number | null;
  /** Requests and estimated cost under the tool's token since local midnight. */
  today: { requests: number; costUsd: number };
}

/** The change connecting makes: a unified diff per file; for the shell, what to paste. */
export interface ToolPlanInfo {
  id: ToolIdName;
  changes: { path: string; diff: string }[];
  snippet: string | null;
}

export interface ToolConnectResult extends ToolPlanInfo {
  tokenName: string;
  /** Shown once (the shell snippet holds it; the other tools have it in their files). */
  token: string;
}

export interface ToolDisconnectResult {
  id: ToolIdName;
  /** Put back byte for byte. */
  restored: string[];
  /** Changed by someone else since: only the gateway's keys were taken out. */
  edited: string[];
}

export interface Conversation {
  id: string;
  title: string;
  model: string | null;
  systemPrompt: string | null;
  /** Temperature, max tokens, reasoning effort: sent with every request of the conversation. */
  params: ChatParams;
  createdAt: number;
  updatedAt: number;
}

/** The failures the app tells apart, because each has a different fix (describe-upstream-problem.ts). */
export type ChatErrorKind =
  | 'unreachable'
  | 'key_rejected'
  | 'no_key'
  | 'model_cannot_chat'
  | 'rate_limited'
  | 'account_limit'
  | 'upstream_error'
  | 'model_error'
  | 'gateway_down';

export interface ChatMessage {
  id: string;
  conversationId: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  model: string | null;
  /** e.g. `chat→gemini (translated)`. */
  route: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  /** The upstream's own error message, shown inline. */
  error: string | null;
  /** What kind of failure `error` is, as the app tells them apart; null for older messages. */
  errorKind: ChatErrorKind | null;
  /** The HTTP status the gateway answered the failed request with, when it answered with one. */
  errorStatus: number | null;
  /** The answer was stopped before it finished (Stop or Escape): its text is partial. */
  stopped: boolean;
  /** Images and text files sent with a user message (empty for answers). */
  attachments: ChatAttachment[];
  createdAt: number;
  /**
   * The message it follows; null for a first message. Its siblings are its other versions (an
   * answer regenerated, a question edited).
   */
  parentId: string | null;
}

/** A conversation as shown: the path of versions chosen, from the first message down. */
export interface ConversationWithMessages extends Conversation {
  messages: ChatMessage[];
  /**
   * For each message shown that has other versions: the ids of all of them, oldest first
   * (the message's own is among them). Messages with one version are left out.
   */
  versions: Record<string, string[]>;
}

/** A conversation with every version of every message, for the JSON export. */
export interface ConversationTree extends Conversation {
  /** All of them in the order they were written; `parentId` links them into a tree. */
  messages: ChatMessage[];
  /** The ids of the messages shown, from the first down. */
  shownPath: string[];
}

/** Token counts and cost are the gateway's estimates, never the upstream's billing. */
export interface UsageTotals {
  requests: number;
  errors: number;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  reasoningTokens: number;
  costUsd: number;
  /** Requests whose tokens were estimated because the upstream reported none. */
  estimatedRequests: number;
}

export interface UsagePoint {
  /** Start of the UTC hour or day, epoch ms. */
  bucketStart: number;
  requests: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export interface UsageGroup {
  key: string;
  requests: number;
  errors: number;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  reasoningTokens: number;
  costUsd: number;
}

export interface LogEntry {
  id: number;
  requestId: string;
  startedAt: number;
  client: string | null;
  method: string;
  path: string;
  clientFormat: WireFormat | null;
  upstreamFormat: WireFormat | null;
  route: 'passthrough' | 'translated' | 'local' | 'rejected';
  /** The model the client asked for (a route's name, when it asked for a route). */
  model: string | null;
  /** The model route the request went through, when it asked for one (or a budget sent it to one). */
  modelRoute: string | null;
  /** The model whose answer the client got (the last one tried when every one failed). */
  servedModel: string | null;
  /** Each model a route tried, in order, with why it moved on; empty without a route. */
  modelAttempts: ModelAttempt[];
  stream: boolean;
  status: number;
  errorKind: string | null;
  errorMessage: string | null;
  latencyMs: number;
  ttfbMs: number | null;
  attempts: number;
  cancelled: boolean;
  rules: string[];
  /** Request fields the gateway dropped while translating (they do not change the answer). */
  dropped: string[];
  usage: {
    inputTokens: number;
    outputTokens: number;
    totalTokens: number;
    cachedInputTokens: number;
    cacheWriteTokens: number;
    reasoningTokens: number;
  } | null;
  usageEstimated: boolean;
  costUsd: number | null;
  tariff: Tariff | null;
  /** Only when body capture was on; headers already redacted. */
  capture: {
    requestHeaders: Record<string, string>;
    requestBody: string | null;
    responseBody: string | null;
  } | null;
}

/** How many requests match a search, as far as it was worth counting. */
export interface LogTotal {
  count: number;
  /** There are more: `count` is where counting stopped (the page shows it as "10,000+"). */
  atLeast: boolean;
}

/**
 * One call of `logs.search`. A call reads a bounded number of rows, so with a filter no index
 * answers (a text search, some combinations) it may come back with fewer rows than asked for
 * although older ones match: `searchedTo` then says how far back it looked, and `next` goes on.
 */
export interface LogSearchResult {
  rows: LogEntry[];
  /** Where the next page starts; null once no older row can match. */
  next: LogCursor | null;
  /** Only on the first page (no `after`), and null when counting would take too long. */
  total: LogTotal | null;
  /** The call stopped looking at requests that started at this time, short of a full page. */
  searchedTo: number | null;
}

/** One model a route tried for a request. */
export interface ModelAttempt {
  model: string;
  /** The status of that model's answer; null when none came (a refused connection, a timeout). */
  status: number | null;
  /**
   * `answered` for the model whose answer the client got; otherwise why the route moved on
   * (`rate_limited`, `upstream_error`, `upstream_unreachable`, `first_byte_timeout`,
   * `model_not_found`, …) or, for the last one, why the request failed.
   */
  outcome: string;
  /** The upstream's or the gateway's words, for people. */
  message: string | null;
  latencyMs: number;
}

/**
 * A model route: a name clients send as their model, standing for an ordered list of catalog
 * models. A request goes to the first; it moves on only while no byte of the answer has reached
 * the client, and only for failures another model can fix.
 */
export interface ModelRouteInfo {
  name: string;
  models: string[];
  /** The route takes its name even where the catalog has a model of that name. */
  shadow: boolean;
  /** The first-byte limit of streams, as set (null: the default, `defaults.firstByteTimeoutMs`). */
  firstByteTimeoutMs: number | null;
  /** The longest Retry-After waited for before moving on (null: the default). */
  maxRetryAfterMs: number | null;
  createdAt: number;
  updatedAt: number;
  /** The formats of its first model (what discovery shows for it); empty when that is unknown. */
  formats: WireFormat[];
  /** Its models the current catalog does not list (they are skipped until it does). */
  missing: string[];
  /** A catalog model has the route's name: without `shadow`, that model answers, not the route. */
  shadowsModel: boolean;
}

/** The waits a route uses when it sets none. */
export interface RouteDefaults {
  firstByteTimeoutMs: number;
  maxRetryAfterMs: number;
}

/** One model of a route tried with a short request (`routes.test`). */
export interface RouteModelTest {
  model: string;
  ok: boolean;
  status: number | null;
  latencyMs: number;
  /** The model's answer when ok, else its error in the upstream's or gateway's words. */
  text: string;
}

/** A token's budget in one period: what is spent (metered, estimated) and held by requests in flight. */
export interface BudgetStatus {
  tokenId: string;
  tokenName: string;
  period: 'day' | 'week' | 'month';
  limitUsd: number;
  spentUsd: number;
  /** Held by requests still in flight (their worst case), across every gateway on the data dir. */
  reservedUsd: number;
  /** When the period starts, and when it ends (the budget resets), epoch ms. */
  startsAt: number;
  resetsAt: number;
  /** Where requests go once it is spent (null: they are refused). */
  thenRoute: string | null;
}

/** Request/response methods: name → params and result. */
interface AppMethods {
  'app.status': { params: void; result: AppStatus };

  'profiles.list': { params: void; result: UpstreamProfile[] };
  'profiles.save': {
    params: ProfileSaveParams;
    result: UpstreamProfile;
  };
  'profiles.activate': { params: IdParams; result: AppStatus };
  'profiles.delete': { params: IdParams; result: void };
  /** Stores the key in the keychain for the profile and (re)starts the gateway with it. */
  'key.set': { params: KeySetParams; result: AppStatus };
  'key.clear': { params: ProfileIdParams; result: AppStatus };
  /** Calls the upstream's model list with the active profile's key. */
  'upstream.test': { params: UpstreamTestParams; result: ConnectionTest };
  /**
   * The active upstream's health as last checked. Asking keeps the background checks going for
   * a minute (a UI that is open asks again before then); changes come as `upstream.health`.
   */
  'upstream.health': { params: void; result: UpstreamHealth };
  /** Checks the active upstream now ("Retry now"). */
  'upstream.recheck': { params: void; result: UpstreamHealth };
  /** The upstream settings the environment gives (`MODEL_GATEWAY_UPSTREAM`, …). */
  'upstream.defaults': { params: void; result: UpstreamDefaults };

  /** Where the app's own update stands; changes come as `updates.status`. */
  'updates.status': { params: void; result: UpdateStatus };
  /** Checks the release feed now ("Check now", "Try again"); downloads a newer release. */
  'updates.check': { params: void; result: UpdateStatus };
  /** Quits and installs the downloaded release ("Restart to update"); refused unless `ready`. */
  'updates.install': { params: void; result: void };

  'settings.get': { params: void; result: AppSettings };
  /** Saves settings; a port change restarts the gateway and reports how that went. */
  'settings.update': {
    params: SettingsPatch;
    result: { settings: AppSettings; status: AppStatus };
  };

  'tokens.list': { params: void; result: TokenInfo[] };
  /** The token's secret is in this answer only. */
  'tokens.create': { params: TokenCreateParams; result: { token: string; info: TokenInfo } };
  'tokens.revoke': { params: IdParams; result: void };

  'tools.list': { params: void; result: ToolInfo[] };
  /** The diff connecting would make; nothing written, no token issued. */
  'tools.plan': { params: ToolConnectParams; result: ToolPlanInfo };
  'tools.connect': { params: ToolConnectParams; result: ToolConnectResult };
  'tools.disconnect': { params: ToolIdParams; result: ToolDisconnectResult };

  'models.list': { params: ModelsListParams; result: ModelInfo[] };
  'models.setOverride': { params: ModelOverrideParams; result: ModelInfo[] };
  'models.clearOverride': { params: ModelIdParams; result: ModelInfo[] };

  'chat.list': { params: void; result: Conversation[] };
  'chat.get': { params: IdParams; result: ConversationWithMessages | null };
  'chat.create': { params: ChatCreateParams; result: Conversation };
  'chat.update': { params: ChatUpdateParams; result: Conversation };
  'chat.delete': { params: IdParams; result: void };
  /** Conversations whose title or messages contain every word of the query, most recent first. */
  'chat.search': { params: ChatSearchParams; result: Conversation[] };
  /**
   * Appends the user's message and starts the answer, which streams as `chat.delta` events and
   * ends with `chat.done`. Returns at once with both messages as stored so far.
   */
  'chat.send': {
    params: ChatSendParams;
    result: { user: ChatMessage; assistant: ChatMessage };
  };
  /** Stops an answer in progress (cancels the upstream call). */
  'chat.stop': { params: MessageIdParams; result: void };
  /**
   * Sends a user message again with new text as a new version of it (the old one and its
   * answers are kept) and answers it; `conversation`: the path now shown.
   */
  'chat.edit': {
    params: ChatEditParams;
    result: { user: ChatMessage; assistant: ChatMessage; conversation: ConversationWithMessages };
  };
  /** Deletes one message (not while its conversation has an answer in progress). */
  'chat.deleteMessage': { params: MessageIdParams; result: void };
  /**
   * Asks the last question shown again: a new version of its answer (the old ones are kept);
   * `conversation`: the path now shown.
   */
  'chat.regenerate': {
    params: ConversationIdParams;
    result: { assistant: ChatMessage; conversation: ConversationWithMessages };
  };
  /**
   * Shows another version of a message: the path through it down to the newest message after
   * it. Not while an answer is being written in the conversation.
   */
  'chat.showVersion': { params: MessageIdParams; result: ConversationWithMessages };
  /** Every version of every message (for the JSON export); null for an unknown id. */
  'chat.tree': { params: IdParams; result: ConversationTree | null };
  /**
   * A new conversation holding a logged request's system prompt, turns and model (its captured
   * body decoded by the gateway's own format decoders), to continue or send again.
   */
  'chat.fromLog': {
    params: RequestIdParams;
    /** `omitted`: what the chat cannot hold, in words (e.g. `2 tool calls`), for the user. */
    result: { conversation: Conversation; omitted: string[] };
  };

  /** Every model route, with what the catalog says of its models. */
  'routes.list': { params: void; result: { routes: ModelRouteInfo[]; defaults: RouteDefaults } };
  /**
   * Creates or changes a route. Refused (nothing changed) when it is empty, names itself, loops
   * through another route, or takes a catalog model's name without `shadow`; models the catalog
   * does not list are allowed with a warning (catalogs change).
   */
  'routes.save': {
    params: RouteSaveParams;
    result: { route: ModelRouteInfo; warnings: string[] };
  };
  'routes.delete': { params: RouteNameParams; result: void };
  /** One short request through each of the route's models, in order, with each answer or error. */
  'routes.test': { params: RouteNameParams; result: RouteModelTest[] };

  /** A token's budgets and limits (all null when it has none). */
  'limits.get': { params: TokenIdParams; result: TokenLimits };
  /** Refused, nothing changed, for an unknown token or a `thenRoute` that is no route. */
  'limits.set': { params: LimitsSetParams; result: TokenLimits };
  /** Every budget of every active token, with what is spent and reserved in its period. */
  'limits.status': { params: void; result: BudgetStatus[] };

  'usage.totals': { params: UsageRange; result: UsageTotals };
  'usage.series': { params: UsageSeriesParams; result: UsagePoint[] };
  'usage.by': { params: UsageByParams; result: UsageGroup[] };

  'logs.search': {
    params: LogSearchParams;
    result: LogSearchResult;
  };
  'logs.get': { params: RequestIdParams; result: LogEntry | null };
  'logs.export': {
    params: LogExportParams;
    result: { filename: string; content: string };
  };
}

/** Events pushed to the renderer: name → payload. */
export interface AppEvents {
  'gateway.status': GatewayStatus;
  /** The active upstream's health, when a background check finds it changed. */
  'upstream.health': UpstreamHealth;
  /** New request-log rows, as they are written. */
  'logs.appended': LogEntry[];
  'chat.delta': { conversationId: string; messageId: string; text: string };
  /** A route moved on from a failing model (said once per route and reason, not per request). */
  'route.fallback': {
    requestId: string;
    modelRoute: string | null;
    asked: string;
    servedModel: string | null;
    attempts: ModelAttempt[];
  };
  /** A token's budget passed 80 % or was spent (once per token, period and level). */
  'budget.alert': BudgetStatus & { level: 'warning' | 'spent' };
  'chat.done': { conversationId: string; message: ChatMessage };
  'updates.status': UpdateStatus;
  /** The settings as saved, after each change (the desktop tray follows the language). */
  'settings.changed': AppSettings;
  /** Desktop only, from the tray: show Settings with the focus on `target`. */
  'window.openSettings': { target: SettingsTarget };
}

export type MethodName = keyof AppMethods;
export type EventName = keyof AppEvents;
export type Params<M extends MethodName> = AppMethods[M]['params'];
export type Result<M extends MethodName> = AppMethods[M]['result'];

/** What both transports offer the renderer. */
export interface AppApi {
  call<M extends MethodName>(
    method: M,
    ...params: Params<M> extends void ? [] : [Params<M>]
  ): Promise<Result<M>>;
  on<E extends EventName>(event: E, listener: (payload: AppEvents[E]) => void): () => void;
}

/**
 * An error answered over either transport: a machine code, the English message (logs, the CLI)
 * and, when the app has worded it in its catalogs, the text's key for the UI's language.
 */
export interface AppErrorBody {
  error: { message: string; code: string; i18n?: ErrorText };
}

/** The name under which the preload script exposes the bridge on `window`. */
export const API_GLOBAL = 'appBridge';

/** What the preload script exposes: the raw transport the renderer's IPC client wraps. */
export interface DesktopBridge {
  invoke(method: string, params: unknown): Promise<unknown>;
  subscribe(listener: (event: string, payload: unknown) => void): () => void;
}

/**
 * Where the app's own HTTP routes live on the gateway's port (headless mode): under a prefix no
 * model API uses (Ollama's is `/api/`; the gateway refuses to start on a format whose path
 * prefixes overlap it). The UI's files are served at `/`.
 */
export const APP_PATH_PREFIX = '/_app/';
/** The HTTP transport's paths on the gateway (headless mode). */
export const RPC_PATH = `${APP_PATH_PREFIX}rpc`;
export const EVENTS_PATH = `${APP_PATH_PREFIX}events`;
/** Header carrying the UI session token over HTTP. */
export const APP_TOKEN_HEADER = 'x-app-token';
