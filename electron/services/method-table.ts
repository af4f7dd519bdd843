import type {
  AppStatus,
  ConnectionTest,
  MethodName,
  Params,
  Result,
  UpstreamDefaults,
} from '../../shared/contract.ts';
import type { ChatService } from './chat-service.ts';
import type { LimitsService } from './limits-service.ts';
import type { LogService } from './log-service.ts';
import type { ModelService } from './model-service.ts';
import type { ProfileService } from './profile-service.ts';
import type { RouteService } from './route-service.ts';
import type { SettingsService } from './settings-service.ts';
import type { TokenService } from './token-service.ts';
import type { UpdateService } from './update-service.ts';
import type { ToolsService } from './tools-service.ts';
import type { UpstreamHealthMonitor } from './upstream-health.ts';
import type { UsageService } from './usage-service.ts';

export interface MethodServices {
  appStatus(): Promise<AppStatus>;
  profiles: ProfileService;
  testUpstream(profileId: string | undefined): Promise<ConnectionTest>;
  health: UpstreamHealthMonitor;
  upstreamDefaults(): UpstreamDefaults;
  settings: SettingsService;
  updates: UpdateService;
  tokens: TokenService;
  tools: ToolsService;
  models: ModelService;
  chat: ChatService;
  routes: RouteService;
  limits: LimitsService;
  usage: UsageService;
  logs: LogService;
}

export type MethodTable = {
  [M in MethodName]: (params: Params<M>) => Result<M> | Promise<Result<M>>;
};

/** Each contract method, bound to the use case that implements it (params already checked). */
export function methodTable(s: MethodServices): MethodTable {
  return {
    'app.status': () => s.appStatus(),

    'profiles.list': () => s.profiles.list(),
    'profiles.save': (p) => s.profiles.save(p),
    'profiles.activate': (p) => s.profiles.activate(p.id),
    'profiles.delete': (p) => s.profiles.delete(p.id),
    'key.set': (p) => s.profiles.setKey(p.profileId, p.key),
    'key.clear': (p) => s.profiles.clearKey(p.profileId),
    'upstream.test': (p) => s.testUpstream(p.profileId),
    'upstream.health': () => s.health.watch(),
    'upstream.recheck': () => s.health.recheck(),
    'upstream.defaults': () => s.upstreamDefaults(),

    'updates.status': () => s.updates.status(),
    'updates.check': () => s.updates.check(),
    'updates.install': () => s.updates.install(),

    'settings.get': () => s.settings.get(),
    'settings.update': (p) => s.settings.update(p),

    'tokens.list': () => s.tokens.list(),
    'tokens.create': (p) => s.tokens.create(p.name),
    'tokens.revoke': (p) => s.tokens.revoke(p.id),

    'tools.list': () => s.tools.list(),
    'tools.plan': (p) => s.tools.plan(p),
    'tools.connect': (p) => s.tools.connect(p),
    'tools.disconnect': (p) => s.tools.disconnect(p.tool),

    'models.list': (p) => s.models.list(p.refresh === true),
    'models.setOverride': (p) => s.models.setOverride(p.modelId, p.override),
    'models.clearOverride': (p) => s.models.clearOverride(p.modelId),

    'chat.list': () => s.chat.list(),
    'chat.get': (p) => s.chat.get(p.id),
    'chat.create': (p) => s.chat.create(p),
    'chat.update': ({ id, ...patch }) => s.chat.update(id, patch),
    'chat.delete': (p) => s.chat.delete(p.id),
    'chat.send': (p) => s.chat.send(p.conversationId, p.content, p.attachments ?? []),
    'chat.stop': (p) => s.chat.stop(p.messageId),
    'chat.edit': (p) => s.chat.edit(p.messageId, p.content),
    'chat.search': (p) => s.chat.search(p.query),
    'chat.deleteMessage': (p) => s.chat.deleteMessage(p.messageId),
    'chat.regenerate': (p) => s.chat.regenerate(p.conversationId),
    'chat.showVersion': (p) => s.chat.showVersion(p.messageId),
    'chat.tree': (p) => s.chat.tree(p.id),
    'chat.fromLog': (p) => s.chat.fromLog(p.requestId),

    'routes.list': () => s.routes.list(),
    'routes.save': (p) => s.routes.save(p),
    'routes.delete': (p) => s.routes.delete(p.name),
    'routes.test': (p) => s.routes.test(p.name),

    'limits.get': (p) => s.limits.get(p.tokenId),
    'limits.set': (p) => s.limits.set(p.tokenId, p.limits),
    'limits.status': () => s.limits.status(),

    'usage.totals': (p) => s.usage.totals(p),
    'usage.series': (p) => s.usage.series(p),
    'usage.by': (p) => s.usage.by(p),

    'logs.search': (p) => s.logs.search(p.filter, p.limit, p.after),
    'logs.get': (p) => s.logs.get(p.requestId),
    'logs.export': (p) => s.logs.export(p.format, p.filter),
  };
}
