import type { TFunction } from 'i18next';
import type { GatewayStatus, SettingsTarget, UpstreamHealth } from '../../shared/contract.ts';
import {
  describeHealth,
  healthLabel,
  type ProblemAction,
} from '../../shared/describe-upstream-problem.ts';
import type { MenuItemOptions } from './electron-like.ts';
import { describeGatewayStop } from '../../shared/describe-gateway-stop.ts';

/** What the tray shows: the gateway, the upstream behind it (as the header says it), the spend. */
export interface TrayState {
  gateway: GatewayStatus;
  /** The background check's last verdict; null until the app first had one. */
  upstream: UpstreamHealth | null;
  /** "Retry now" is running. */
  rechecking: boolean;
  /** Today's estimated spend (local day); null until first read. */
  todayCostUsd: number | null;
}

export interface TrayActions {
  open(): void;
  /** Opens the window on Settings, with the focus on `target`. */
  openSettingsAt(target: SettingsTarget): void;
  /** Checks the upstream now. */
  recheck(): void;
  copyUrl(url: string): void;
  quit(): void;
}

/** The user's own formats, in the language of the words: amounts of money, and a time of day. */
export interface TrayFormat {
  cost(usd: number): string;
  time(epochMs: number): string;
}

/** The icon's colour: the gateway stopped, running with the upstream failing, or all well. */
export type TrayIcon = 'running' | 'problem' | 'stopped';

export interface TrayModel {
  icon: TrayIcon;
  toolTip: string;
  menu: MenuItemOptions[];
}

/** Menus show one line; a long message is cut rather than wrapped off-screen. */
const oneLine = (text: string): string => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** The status line: where the gateway listens, or why it does not, in the user's words. */
function gatewayLine(status: GatewayStatus, t: TFunction): string {
  if (status.running && status.url) return t('tray.runningOn', { url: status.url });
  return t('tray.notRunning', {
    why: oneLine(describeGatewayStop(status, t) ?? t('tray.starting')),
  });
}

/** When a rate limit ends, when the upstream said how long it lasts. */
function resetsAt(health: UpstreamHealth): number | null {
  if (health.state !== 'rate_limited') return null;
  if (health.retryAfterSeconds === null || health.checkedAt === null) return null;
  return health.checkedAt + health.retryAfterSeconds * 1000;
}

/** The header's fixing actions (describe-upstream-problem.ts) as menu items. */
function actionItem(
  action: ProblemAction,
  state: TrayState,
  actions: TrayActions,
  t: TFunction,
): MenuItemOptions | null {
  switch (action) {
    case 'open_key_settings':
      return { label: t('tray.fixKey'), click: () => actions.openSettingsAt('key') };
    case 'retry':
      return { label: t('tray.retry'), enabled: !state.rechecking, click: () => actions.recheck() };
    case 'open_upstream_settings':
      return {
        label: t('tray.openUpstreamSettings'),
        click: () => actions.openSettingsAt('upstream'),
      };
    case 'open_gateway_settings':
      return {
        label: t('tray.openGatewaySettings'),
        click: () => actions.openSettingsAt('gateway'),
      };
    case 'pick_model':
      // A chat's problem, never the background check's.
      return null;
  }
}

/**
 * The tray as data: its icon, tooltip and menu for a state, built the same way every time so
 * tests can read every item (the tray itself cannot be drawn under test). The upstream's words
 * and fixes are the header's (UpstreamStatusIndicator), from the same wording functions.
 */
export function trayModel(
  state: TrayState,
  actions: TrayActions,
  format: TrayFormat,
  t: TFunction,
): TrayModel {
  const { gateway, upstream } = state;
  const url = gateway.running ? gateway.url : null;
  const problem = upstream ? describeHealth(upstream, t) : null;

  const status: MenuItemOptions[] = [{ label: gatewayLine(gateway, t), enabled: false }];
  const fixes: MenuItemOptions[] = [];
  if (!gateway.running && gateway.error !== null)
    fixes.push({
      label: t('tray.openGatewaySettings'),
      click: () => actions.openSettingsAt('gateway'),
    });
  if (upstream) {
    status.push({ label: healthLabel(upstream, t), enabled: false });
    const until = resetsAt(upstream);
    if (until !== null)
      status.push({ label: t('tray.resetsAt', { time: format.time(until) }), enabled: false });
    for (const action of problem?.actions ?? []) {
      const item = actionItem(action, state, actions, t);
      if (item) fixes.push(item);
    }
  }
  const spent =
    state.todayCostUsd === null
      ? null
      : t('tray.spentToday', { cost: format.cost(state.todayCostUsd) });
  if (spent) status.push({ label: spent, enabled: false });

  const menu: MenuItemOptions[] = [
    ...status,
    ...(fixes.length > 0 ? [{ type: 'separator' } as const, ...fixes] : []),
    { type: 'separator' },
    { label: t('tray.open'), click: () => actions.open() },
    {
      label: t('tray.copyUrl'),
      enabled: url !== null,
      click: () => {
        if (url) actions.copyUrl(url);
      },
    },
    { type: 'separator' },
    { label: t('tray.quit'), click: () => actions.quit() },
  ];

  const toolTip = [
    url ? t('tray.toolTipRunning', { url }) : t('tray.toolTipStopped'),
    ...(upstream ? [healthLabel(upstream, t)] : []),
    ...(spent ? [spent] : []),
  ].join('\n');

  const icon: TrayIcon = !gateway.running ? 'stopped' : problem ? 'problem' : 'running';
  return { icon, toolTip, menu };
}
