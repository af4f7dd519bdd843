import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentFile, runAgent } from './agent-cli.ts';
import type { AgentRun } from './agent-cli.ts';
import { writeClaudeHome } from './claude-home.ts';
import type { ClaudeAuth } from './claude-home.ts';

/**
 * The npm package's Node launcher: it finds the native binary in the optional platform
 * package (`@anthropic-ai/claude-code-linux-x64` and so on) and runs it. The package's
 * postinstall, which would copy that binary over `bin/claude.exe`, is denied in
 * test/agents (allowScripts), so the launcher is the way in on every platform.
 */
export const CLAUDE = agentFile('@anthropic-ai/claude-code/cli-wrapper.cjs');

/** Where one run points Claude Code. */
export interface ClaudeCodeTarget {
  /** Without `/v1`, e.g. the simulator's or the gateway's URL. */
  baseUrl: string;
  token: string;
  model: string;
  auth: ClaudeAuth;
  /** More of Claude Code's settings, e.g. `ANTHROPIC_DEFAULT_HAIKU_MODEL` for the haiku slot. */
  env?: Record<string, string>;
}

/** One `--output-format stream-json` line; only the fields the tests read. */
interface ClaudeEvent {
  type: string;
  subtype?: string;
  message?: { role?: string; content?: unknown };
  result?: string;
  is_error?: boolean;
  num_turns?: number;
  tools?: string[];
}

interface ClaudeToolUse {
  id: string;
  name: string;
  input: unknown;
}

/** An image block of a tool result, by what it says it is and the bytes it holds. */
interface ClaudeResultImage {
  mediaType: string;
  bytes: number;
}

interface ClaudeToolResult {
  toolUseId: string;
  content: string;
  isError: boolean;
  /** The result's image blocks (Read on an image file returns one). */
  images: ClaudeResultImage[];
}

/** A finished run in which the model had Claude Code read one file, and answered. */
interface ClaudeReadRun {
  run: AgentRun;
  /** The transcript: every stream-json event, in order. */
  events: ClaudeEvent[];
  toolUses: ClaudeToolUse[];
  toolResults: ClaudeToolResult[];
  /** The closing `result` event. */
  result: ClaudeEvent | undefined;
  /** Hosts the CLI tried to reach other than the target (through the egress trap): none expected. */
  egress: string[];
}

/** A finished tool loop: what the CLI printed, and what the test wrote for it to find. */
export interface ClaudeToolLoop extends ClaudeReadRun {
  /** Only in note.txt, never in the prompt: an answer quoting it proves the Read ran. */
  secret: string;
  notePath: string;
}

/** A finished image read: the PNG the test wrote, which Read returns as an image block. */
export interface ClaudeImageRead extends ClaudeReadRun {
  imagePath: string;
}

/** The file a run writes into the workspace, and the prompt that makes the model read it. */
interface ReadSpec {
  name: string;
  content: string | Buffer;
  prompt: (trigger: string) => string;
}

const RUN_TIMEOUT_MS = 60_000;
const LOOPBACK = '127.0.0.1,localhost,::1';

/**
 * Runs `claude -p` once in a temporary HOME against `target`: the prompt makes the model call
 * Read on a file only this run wrote, Claude Code reads it and sends the result back, and the
 * model answers quoting it (two Messages requests). Every non-loopback request goes to a local
 * proxy that refuses it and writes down the host, so the run stays offline and says if it tried.
 */
export async function runClaudeCodeToolLoop(
  target: ClaudeCodeTarget,
  timeoutMs = RUN_TIMEOUT_MS,
): Promise<ClaudeToolLoop> {
  const secret = `on-disk-${randomUUID()}`;
  const { filePath, ...run } = await runClaudeCodeRead(
    target,
    {
      name: 'note.txt',
      content: `${secret}\n`,
      prompt: (trigger) => `Show me note.txt. ${trigger}`,
    },
    timeoutMs,
  );
  return { ...run, secret, notePath: filePath };
}

/**
 * As `runClaudeCodeToolLoop`, with a PNG the run writes (`png`): Claude Code's Read returns an
 * image file as an image block inside the tool result, which the model answers.
 */
export async function runClaudeCodeImageRead(
  target: ClaudeCodeTarget,
  png: Buffer,
  timeoutMs = RUN_TIMEOUT_MS,
): Promise<ClaudeImageRead> {
  const { filePath, ...run } = await runClaudeCodeRead(
    target,
    { name: 'diagram.png', content: png, prompt: (trigger) => `Describe diagram.png. ${trigger}` },
    timeoutMs,
  );
  return { ...run, imagePath: filePath };
}

async function runClaudeCodeRead(
  target: ClaudeCodeTarget,
  file: ReadSpec,
  timeoutMs: number,
): Promise<ClaudeReadRun & { filePath: string }> {
  const home = mkdtempSync(join(tmpdir(), 'mg-claude-'));
  const trap = await startEgressTrap();
  try {
    const workspace = join(home, 'workspace');
    mkdirSync(workspace);
    const filePath = join(workspace, file.name);
    writeFileSync(filePath, file.content);
    const env = writeClaudeHome(home, target);
    const trigger = `[[call:Read ${JSON.stringify({ file_path: filePath })}]]`;
    const run = await runAgent({
      bin: CLAUDE,
      args: [
        '-p',
        file.prompt(trigger),
        '--model',
        target.model,
        '--output-format',
        'stream-json',
        '--verbose',
        '--allowedTools',
        'Read',
        '--no-session-persistence',
      ],
      cwd: workspace,
      env: {
        ...env,
        ...target.env,
        HTTPS_PROXY: trap.url,
        HTTP_PROXY: trap.url,
        https_proxy: trap.url,
        http_proxy: trap.url,
        NO_PROXY: LOOPBACK,
        no_proxy: LOOPBACK,
      },
      timeoutMs,
    });
    const events = parseEvents(run.stdout);
    return {
      run,
      events,
      filePath,
      toolUses: blocksOf(events, 'assistant', 'tool_use').map((b) => ({
        id: String(b.id),
        name: String(b.name),
        input: b.input,
      })),
      toolResults: blocksOf(events, 'user', 'tool_result').map((b) => ({
        toolUseId: String(b.tool_use_id),
        content: resultText(b.content),
        isError: b.is_error === true,
        images: resultImages(b.content),
      })),
      result: events.findLast((e) => e.type === 'result'),
      egress: [...trap.attempts],
    };
  } finally {
    await trap.close();
    rmSync(home, { recursive: true, force: true });
  }
}

function parseEvents(stdout: string): ClaudeEvent[] {
  const events: ClaudeEvent[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      events.push(JSON.parse(line) as ClaudeEvent);
    } catch {
      // Not an event line: describeRun shows it.
    }
  }
  return events;
}

function blocksOf(
  events: ClaudeEvent[],
  type: string,
  blockType: string,
): Record<string, unknown>[] {
  return events
    .filter((e) => e.type === type)
    .flatMap((e) => (Array.isArray(e.message?.content) ? (e.message.content as unknown[]) : []))
    .filter(
      (b): b is Record<string, unknown> =>
        typeof b === 'object' && b !== null && (b as { type?: unknown }).type === blockType,
    );
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b) =>
      typeof b === 'object' && b !== null ? String((b as { text?: unknown }).text ?? '') : '',
    )
    .join('\n');
}

function resultImages(content: unknown): ClaudeResultImage[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((b: unknown) => {
    const block = b as { type?: unknown; source?: { media_type?: unknown; data?: unknown } };
    if (block.type !== 'image') return [];
    const data = typeof block.source?.data === 'string' ? block.source.data : '';
    return [
      { mediaType: String(block.source?.media_type), bytes: Buffer.from(data, 'base64').length },
    ];
  });
}

interface EgressTrap {
  url: string;
  /** `host:port` of CONNECTs, or the URL of plain proxied requests. */
  attempts: string[];
  close(): Promise<void>;
}

/** An HTTP proxy on loopback that refuses everything and writes down where it was asked to go. */
async function startEgressTrap(): Promise<EgressTrap> {
  const attempts: string[] = [];
  const server = createServer((req, res) => {
    attempts.push(req.url ?? '');
    res.writeHead(403, { 'content-type': 'text/plain' }).end('egress blocked by the test');
  });
  server.on('connect', (req, socket) => {
    attempts.push(req.url ?? '');
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
