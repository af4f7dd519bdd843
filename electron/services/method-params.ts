import { z } from 'zod';
import type { MethodName, Params } from '../../shared/contract.ts';
import {
  chatCreateParamsSchema,
  chatSendParamsSchema,
  chatEditParamsSchema,
  chatSearchParamsSchema,
  chatUpdateParamsSchema,
  conversationIdParamsSchema,
  idParamsSchema,
  keySetParamsSchema,
  limitsSetParamsSchema,
  logExportParamsSchema,
  logSearchParamsSchema,
  messageIdParamsSchema,
  modelIdParamsSchema,
  modelOverrideParamsSchema,
  modelsListParamsSchema,
  profileIdParamsSchema,
  profileSaveParamsSchema,
  requestIdParamsSchema,
  routeNameParamsSchema,
  routeSaveParamsSchema,
  settingsPatchSchema,
  tokenCreateParamsSchema,
  tokenIdParamsSchema,
  toolConnectParamsSchema,
  toolIdParamsSchema,
  upstreamTestParamsSchema,
  usageByParamsSchema,
  usageRangeSchema,
  usageSeriesParamsSchema,
} from '../../shared/contract-schemas.ts';

/**
 * The params of every contract method, checked before a use case sees them: the renderer is
 * trusted no more than any HTTP client (headless, it is one). The schemas are the contract's own
 * (shared/contract-schemas.ts), so what is checked here is what the renderer is typed against.
 */

const none = z.unknown().transform((): void => undefined);

/** Params whose fields are all optional may be left out altogether. */
const optionalObject = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => value ?? {}, schema);

export const METHOD_PARAMS: { [M in MethodName]: z.ZodType<Params<M>> } = {
  'app.status': none,

  'profiles.list': none,
  'profiles.save': profileSaveParamsSchema,
  'profiles.activate': idParamsSchema,
  'profiles.delete': idParamsSchema,
  'key.set': keySetParamsSchema,
  'key.clear': profileIdParamsSchema,
  'upstream.test': optionalObject(upstreamTestParamsSchema),
  'upstream.health': none,
  'upstream.recheck': none,
  'upstream.defaults': none,

  'updates.status': none,
  'updates.check': none,
  'updates.install': none,

  'settings.get': none,
  'settings.update': optionalObject(settingsPatchSchema),

  'tokens.list': none,
  'tokens.create': tokenCreateParamsSchema,
  'tokens.revoke': idParamsSchema,

  'tools.list': none,
  'tools.plan': toolConnectParamsSchema,
  'tools.connect': toolConnectParamsSchema,
  'tools.disconnect': toolIdParamsSchema,

  'models.list': optionalObject(modelsListParamsSchema),
  'models.setOverride': modelOverrideParamsSchema,
  'models.clearOverride': modelIdParamsSchema,

  'chat.list': none,
  'chat.get': idParamsSchema,
  'chat.create': chatCreateParamsSchema,
  'chat.update': chatUpdateParamsSchema,
  'chat.delete': idParamsSchema,
  'chat.send': chatSendParamsSchema,
  'chat.stop': messageIdParamsSchema,
  'chat.edit': chatEditParamsSchema,
  'chat.search': chatSearchParamsSchema,
  'chat.deleteMessage': messageIdParamsSchema,
  'chat.regenerate': conversationIdParamsSchema,
  'chat.showVersion': messageIdParamsSchema,
  'chat.tree': idParamsSchema,
  'chat.fromLog': requestIdParamsSchema,

  'routes.list': none,
  'routes.save': routeSaveParamsSchema,
  'routes.delete': routeNameParamsSchema,
  'routes.test': routeNameParamsSchema,

  'limits.get': tokenIdParamsSchema,
  'limits.set': limitsSetParamsSchema,
  'limits.status': none,

  'usage.totals': optionalObject(usageRangeSchema),
  'usage.series': usageSeriesParamsSchema,
  'usage.by': usageByParamsSchema,

  'logs.search': logSearchParamsSchema,
  'logs.get': requestIdParamsSchema,
  'logs.export': logExportParamsSchema,
};

/** Zod's issues as one line that names each field, e.g. `port: must be from 1 to 65535`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'params'}: ${issue.message}`)
    .join('; ');
}
