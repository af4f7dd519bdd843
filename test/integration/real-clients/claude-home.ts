import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How Claude Code sends the token: `ANTHROPIC_AUTH_TOKEN` as Bearer, `ANTHROPIC_API_KEY` as x-api-key. */
export type ClaudeAuth = 'bearer' | 'x-api-key';

export interface ClaudeHomeOptions {
  /** Without `/v1`: Claude Code posts to `${baseUrl}/v1/messages?beta=true`. */
  baseUrl: string;
  token: string;
  auth: ClaudeAuth;
}

/**
 * What keeps @anthropic-ai/claude-code 2.1.331 to its base URL. Found by running it with no
 * network (a network namespace with loopback only, DNS and egress logged):
 * `CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC` alone stops every other call. Without it, the
 * CLI resolves and connects to api.anthropic.com:443 (metrics and event logging) and sends a
 * `HEAD /api/hello` to the base URL. It covers the other switches below too (the CLI's own
 * list); they are set as well so a future version that splits them up stays quiet.
 */
export const CLAUDE_OFFLINE_ENV: Readonly<Record<string, string>> = {
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_BUG_COMMAND: '1',
};

/**
 * A fresh HOME for Claude Code: `~/.claude/settings.json` allows the Read tool and denies,
 * rather than asks about, anything else (`dontAsk`), with no hooks; `~/.claude.json` says
 * onboarding is done. Returns the whole environment of a run: the HOME, the base URL and the
 * token, and the switches of CLAUDE_OFFLINE_ENV. `--dangerously-skip-permissions` is not an
 * option: as root (CI containers) the CLI refuses it unless IS_SANDBOX=1.
 */
export function writeClaudeHome(home: string, options: ClaudeHomeOptions): Record<string, string> {
  const dir = join(home, '.claude');
  mkdirSync(dir, { recursive: true });
  const settings = {
    permissions: { allow: ['Read'], defaultMode: 'dontAsk' },
    disableAllHooks: true,
  };
  writeFileSync(join(dir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  writeFileSync(
    join(home, '.claude.json'),
    `${JSON.stringify({ hasCompletedOnboarding: true })}\n`,
  );
  const tokenVar = options.auth === 'bearer' ? 'ANTHROPIC_AUTH_TOKEN' : 'ANTHROPIC_API_KEY';
  return {
    HOME: home,
    ANTHROPIC_BASE_URL: options.baseUrl,
    [tokenVar]: options.token,
    ...CLAUDE_OFFLINE_ENV,
    NO_COLOR: '1',
    TERM: 'dumb',
  };
}
