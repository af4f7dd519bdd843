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

export function statusView(tool: ToolInfo): StatusView {
  const token = tool.tokenName ? `token '${tool.tokenName}'` : 'its own token';
  switch (tool.status) {
    case 'connected':
      return {
        label: 'Connected',
        badge: 'success',
        detail:
          tool.files.length > 0
            ? `Uses the gateway with ${token}; ${tool.files.join(' and ')} ${tool.files.length > 1 ? 'are' : 'is'} as this app wrote ${tool.files.length > 1 ? 'them' : 'it'}.`
            : `The snippet's ${token} is live.`,
        action: null,
      };
    case 'changed':
      return {
        label: 'Changed outside',
        badge: 'warning',
        detail: `${tool.changedFiles.join(' and ') || 'Its config'} changed since this app wrote it (another program or a hand edit). It still uses ${token} unless that edit removed it.`,
        action:
          'Connect will not overwrite it. Disconnect takes out only the gateway’s keys and keeps the other changes; then connect again if you want to.',
      };
    case 'elsewhere':
      return {
        label: 'Set up by hand',
        badge: 'translated',
        detail: 'Its config already points at a gateway, but not through this app.',
        action:
          'Connect replaces those settings with this app’s (the file is backed up first; Disconnect puts it back).',
      };
    case 'disconnected':
      return {
        label: 'Not connected',
        badge: 'neutral',
        detail:
          tool.id === 'shell'
            ? 'Connect creates a token and shows the lines to paste into a shell.'
            : 'Connect points it at the gateway with a token of its own.',
        action: null,
      };
  }
}

/** Whether the tool's program was found, in words. */
export function installText(tool: ToolInfo): string {
  if (tool.id === 'shell') return 'Any tool that reads the usual variables';
  if (tool.installed) return 'Detected';
  return tool.configDirExists ? 'Not on PATH (config folder found)' : 'Not installed';
}

/** "3 requests · $0.0123 today". */
export function todayText(today: ToolInfo['today']): string {
  const requests = `${today.requests} request${today.requests === 1 ? '' : 's'}`;
  return `${requests} · ${formatCost(today.costUsd)} today`;
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
  return `Cannot serve ${toolName}: nothing it speaks upstream reaches ${FORMAT_NAME[format]}.`;
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
    return `Choose the model ${tool.name} should use.`;
  return null;
}

/**
 * Where in a file the parser stopped, in words: "line 3" from the JSON parser's message, or
 * "line 11, column 8" from the TOML parser's "(11, 8)".
 */
export function problemLocation(message: string): string | null {
  const line = /\bline (\d+)(?:,? col(?:umn)? (\d+))?/i.exec(message);
  if (line) return line[2] ? `line ${line[1]}, column ${line[2]}` : `line ${line[1]}`;
  const pair = /\((\d+), (\d+)\)/.exec(message);
  return pair ? `line ${pair[1]}, column ${pair[2]}` : null;
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
      ? 'The change could not be prepared'
      : what === 'connect'
        ? 'Not connected'
        : 'Not disconnected';
  if (/ is not valid: /.test(message)) {
    const file = message.slice(0, message.indexOf(' is not valid: '));
    const where = problemLocation(message);
    return {
      title: `${title}: a config file cannot be read`,
      message,
      action: `Fix ${file}${where ? ` at ${where}` : ''}, or move it out of the way (the tool will make a new one), then try again. Nothing was written.`,
      settingsLink: false,
    };
  }
  if (code === 'conflict' && /token|name/i.test(message) && !/changed since/.test(message))
    return {
      title,
      message,
      action:
        'A local token already has this tool’s name. Revoke it in Settings → Tokens, then try again.',
      settingsLink: true,
    };
  if (code === 'conflict')
    return {
      title,
      message,
      action: 'Disconnect first (it keeps the other changes), then connect again.',
      settingsLink: false,
    };
  if (code === 'not_found')
    return {
      title,
      message,
      action: 'Refresh the list: the tool’s state changed.',
      settingsLink: false,
    };
  return { title, message, action: null, settingsLink: false };
}

/** What connecting did, for the confirmation. */
export function connectedText(name: string, result: ToolConnectResult): string {
  const files = result.changes.map((c) => c.path);
  const wrote = files.length > 0 ? `Wrote ${files.join(' and ')}` : 'No file needed changing';
  return `${name} is connected. ${wrote}; created the token '${result.tokenName}'${files.length > 0 ? ', which the file now holds' : ''}.`;
}

/** What disconnecting did, for the confirmation. */
export function disconnectedText(
  name: string,
  tokenName: string | null,
  result: ToolDisconnectResult,
): string {
  const parts: string[] = [];
  if (result.restored.length > 0)
    parts.push(`Put ${result.restored.join(' and ')} back exactly as it was`);
  if (result.edited.length > 0)
    parts.push(
      `took only the gateway’s keys out of ${result.edited.join(' and ')} (it had other changes, which were kept)`,
    );
  const files = parts.length > 0 ? `${parts.join('; ')}; ` : '';
  const token = tokenName ? `revoked the token '${tokenName}'` : 'revoked its token';
  const sentence = `${files}${token}.`;
  return `${name} is disconnected. ${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
}
