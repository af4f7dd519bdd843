import { i18n } from '../../i18n/i18n.ts';
import { currentLocale } from '../../i18n/locale.ts';
import type {
  ModelInfo,
  ToolConnectResult,
  ToolDisconnectResult,
  ToolInfo,
  WireFormat,
} from '../../../../shared/contract.ts';
import { FORMAT_NAME } from '../../../../shared/wire-formats.ts';
import { formatCost } from '../../format/cost.ts';

/** How a tool's connection is shown: a badge, what it means, and what to do about it. */
export interface StatusView {
  label: string;
  badge: 'success' | 'warning' | 'neutral' | 'translated';
  /** What the state means, in a sentence. */
  detail: string;
  /** What to do, when something needs doing. */
  action: string | null;
}

/** Paths as a list in the UI's language ("a and b"). */
const joinFiles = (files: readonly string[]): string =>
  new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(files);

function connectedDetail(tool: ToolInfo): string {
  const token = tool.tokenName;
  if (tool.files.length === 0)
    return token
      ? i18n.t('tools.view.snippetLiveNamed', { token })
      : i18n.t('tools.view.snippetLive');
  const files = joinFiles(tool.files);
  const count = tool.files.length;
  return token
    ? i18n.t('tools.view.usesNamed', { files, count, token })
    : i18n.t('tools.view.uses', { files, count });
}

function changedDetail(tool: ToolInfo): string {
  const files = tool.changedFiles.length > 0 ? joinFiles(tool.changedFiles) : null;
  const token = tool.tokenName;
  if (files)
    return token
      ? i18n.t('tools.view.changedNamed', { files, token })
      : i18n.t('tools.view.changed', { files });
  return token
    ? i18n.t('tools.view.configChangedNamed', { token })
    : i18n.t('tools.view.configChanged');
}

export function statusView(tool: ToolInfo): StatusView {
  switch (tool.status) {
    case 'connected':
      return {
        label: i18n.t('tools.view.connected'),
        badge: 'success',
        detail: connectedDetail(tool),
        action: null,
      };
    case 'changed':
      return {
        label: i18n.t('tools.view.changedLabel'),
        badge: 'warning',
        detail: changedDetail(tool),
        action: i18n.t('tools.view.changedAction'),
      };
    case 'elsewhere':
      return {
        label: i18n.t('tools.view.elsewhere'),
        badge: 'translated',
        detail: i18n.t('tools.view.elsewhereDetail'),
        action: i18n.t('tools.view.elsewhereAction'),
      };
    case 'disconnected':
      return {
        label: i18n.t('tools.view.notConnected'),
        badge: 'neutral',
        detail:
          tool.id === 'shell'
            ? i18n.t('tools.view.shellDetail')
            : i18n.t('tools.view.disconnectedDetail'),
        action: null,
      };
  }
}

/** Whether the tool's program was found, in words. */
export function installText(tool: ToolInfo): string {
  if (tool.id === 'shell') return i18n.t('tools.view.shellInstall');
  if (tool.installed) return i18n.t('tools.view.detected');
  return tool.configDirExists ? i18n.t('tools.view.configOnly') : i18n.t('tools.view.notInstalled');
}

/** "3 requests · $0.0123 today". */
export function todayText(today: ToolInfo['today']): string {
  return i18n.t('tools.view.today', { count: today.requests, cost: formatCost(today.costUsd) });
}

/** How a catalog model reaches a tool speaking `format`: passed through, translated, or not. */
export function formatFit(
  model: Pick<ModelInfo, 'formats' | 'translatedFormats'>,
  format: WireFormat,
): 'native' | 'translated' | 'none' {
  if (model.formats.includes(format)) return 'native';
  if (model.translatedFormats.includes(format)) return 'translated';
  return 'none';
}

/** Why a model cannot be a tool's: no format of its reaches the one the tool speaks. */
export function unreachableText(toolName: string, format: WireFormat): string {
  return i18n.t('tools.view.unreachable', { tool: toolName, format: FORMAT_NAME[format] });
}

/** The main slot: every connector that has slots has this one; the others fall back to it. */
export const MAIN_SLOT = 'model';

/**
 * The pickers' starting values: what the tool was connected with, else for the main slot the
 * first model that speaks the tool's format natively (then one reached by translation), and for
 * the other slots nothing ("same as the main model").
 */
export function initialMapping(tool: ToolInfo, models: ModelInfo[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const slot of tool.slots) {
    const saved = tool.models?.[slot.key];
    if (saved) mapping[slot.key] = saved;
    else if (slot.key === MAIN_SLOT) {
      const pick =
        models.find((m) => formatFit(m, tool.format) === 'native') ??
        models.find((m) => formatFit(m, tool.format) === 'translated') ??
        models[0];
      mapping[slot.key] = pick?.id ?? '';
    } else mapping[slot.key] = '';
  }
  return mapping;
}

/** The mapping as `tools.plan`/`tools.connect` take it: empty slots left out (they follow the main one). */
export function connectModels(mapping: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(mapping)
      .map(([slot, model]) => [slot, model.trim()] as const)
      .filter(([, model]) => model !== ''),
  );
}

/** Why the tool cannot be connected with this mapping yet, or null. */
export function mappingProblem(tool: ToolInfo, mapping: Record<string, string>): string | null {
  if (tool.slots.some((s) => s.key === MAIN_SLOT) && !mapping[MAIN_SLOT]?.trim())
    return i18n.t('tools.view.chooseModel', { tool: tool.name });
  return null;
}

/**
 * Where in a file the parser stopped, in words: "line 3" from the JSON parser's message, or
 * "line 11, column 8" from the TOML parser's "(11, 8)".
 */
export function problemLocation(message: string): string | null {
  const line = /\bline (\d+)(?:,? col(?:umn)? (\d+))?/i.exec(message);
  if (line)
    return line[2]
      ? i18n.t('tools.view.lineColumn', { line: line[1], column: line[2] })
      : i18n.t('tools.view.line', { line: line[1] });
  const pair = /\((\d+), (\d+)\)/.exec(message);
  return pair ? i18n.t('tools.view.lineColumn', { line: pair[1], column: pair[2] }) : null;
}

/** A failed call on a tool, with the action that fixes it. */
export interface ToolErrorView {
  title: string;
  message: string;
  action: string | null;
  /** The fix is on the Settings page (a token of the same name exists). */
  settingsLink: boolean;
}

export function toolErrorView(
  what: 'plan' | 'connect' | 'disconnect',
  code: string,
  message: string,
): ToolErrorView {
  const title =
    what === 'plan'
      ? i18n.t('tools.error.plan')
      : what === 'connect'
        ? i18n.t('tools.error.connect')
        : i18n.t('tools.error.disconnect');
  if (/ is not valid: /.test(message)) {
    const file = message.slice(0, message.indexOf(' is not valid: '));
    const where = problemLocation(message);
    return {
      title: i18n.t('tools.error.unreadable', { title }),
      message,
      action: where
        ? i18n.t('tools.error.fixFileAt', { file, where })
        : i18n.t('tools.error.fixFile', { file }),
      settingsLink: false,
    };
  }
  if (code === 'conflict' && /token|name/i.test(message) && !/changed since/.test(message))
    return {
      title,
      message,
      action: i18n.t('tools.error.tokenClash'),
      settingsLink: true,
    };
  if (code === 'conflict')
    return {
      title,
      message,
      action: i18n.t('tools.error.disconnectFirst'),
      settingsLink: false,
    };
  if (code === 'not_found')
    return {
      title,
      message,
      action: i18n.t('tools.error.refresh'),
      settingsLink: false,
    };
  return { title, message, action: null, settingsLink: false };
}

/** What connecting did, for the confirmation. */
export function connectedText(name: string, result: ToolConnectResult): string {
  const files = result.changes.map((c) => c.path);
  return files.length > 0
    ? i18n.t('tools.done.connectedFiles', {
        tool: name,
        files: joinFiles(files),
        token: result.tokenName,
      })
    : i18n.t('tools.done.connected', { tool: name, token: result.tokenName });
}

/** What disconnecting did, for the confirmation. */
export function disconnectedText(
  name: string,
  tokenName: string | null,
  result: ToolDisconnectResult,
): string {
  // Each step is a clause of its own, listed in the order they happened.
  const steps: string[] = [];
  if (result.restored.length > 0)
    steps.push(i18n.t('tools.done.restored', { files: joinFiles(result.restored) }));
  if (result.edited.length > 0)
    steps.push(i18n.t('tools.done.edited', { files: joinFiles(result.edited) }));
  steps.push(
    tokenName
      ? i18n.t('tools.done.revokedNamed', { token: tokenName })
      : i18n.t('tools.done.revoked'),
  );
  const sentence = steps.join(i18n.t('tools.done.separator'));
  return i18n.t('tools.done.disconnected', {
    tool: name,
    steps: `${sentence.charAt(0).toLocaleUpperCase(currentLocale())}${sentence.slice(1)}`,
  });
}
