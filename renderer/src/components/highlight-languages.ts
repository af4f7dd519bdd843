import type { HLJSApi, LanguageFn } from 'highlight.js';

type Loader = () => Promise<{ default: LanguageFn }>;

/**
 * The grammars a code block can ask for, each its own chunk: Chat loads only the highlighter's
 * core and then the languages its answers actually contain (one import per language: the
 * bundler needs literal paths to split them).
 */
const LOADERS: Record<string, Loader> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  php: () => import('highlight.js/lib/languages/php'),
  plaintext: () => import('highlight.js/lib/languages/plaintext'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  python: () => import('highlight.js/lib/languages/python'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

/** Names models often write after ``` that are another grammar's alias. */
const ALIASES: Record<string, string> = {
  sh: 'bash',
  zsh: 'bash',
  console: 'shell',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  golang: 'go',
  kt: 'kotlin',
  cs: 'csharp',
  'c#': 'csharp',
  'c++': 'cpp',
  cc: 'cpp',
  h: 'c',
  html: 'xml',
  svg: 'xml',
  yml: 'yaml',
  toml: 'ini',
  md: 'markdown',
  jsonc: 'json',
  patch: 'diff',
  docker: 'dockerfile',
  ps1: 'powershell',
  text: 'plaintext',
  txt: 'plaintext',
};

/**
 * The highlighter's core, loaded with the first grammar a code block asks for: answers without
 * code never load it. An instance of our own, so no other importer of highlight.js shares its
 * grammars or options.
 */
let highlighter: HLJSApi | null = null;
let core: Promise<HLJSApi> | null = null;
const loadCore = (): Promise<HLJSApi> =>
  (core ??= import('highlight.js/lib/core').then(
    ({ default: hljs }) => (highlighter = hljs.newInstance()),
  ));

/** The highlighter when it has this grammar; null while either is not loaded. */
export function highlighterFor(name: string): HLJSApi | null {
  return highlighter?.getLanguage(name) ? highlighter : null;
}

const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

export function grammarName(lang: string): string {
  const lower = lang.toLowerCase();
  return ALIASES[lower] ?? lower;
}

/**
 * Loads the grammars for these fence languages; listeners hear once each one is in. Resolves
 * when all of them are (a grammar that failed to load stays out).
 */
export function loadLanguages(langs: Iterable<string>): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const lang of langs) {
    const name = grammarName(lang);
    const loader = LOADERS[name];
    if (!loader) continue;
    const known = loading.get(name);
    if (known) {
      pending.push(known);
      continue;
    }
    loading.set(
      name,
      Promise.all([loadCore(), loader()]).then(
        ([loaded, grammar]) => {
          loaded.registerLanguage(name, grammar.default);
          version += 1;
          listeners.forEach((listener) => listener());
        },
        // A grammar that fails to load leaves its blocks plain, as an unknown language would.
        () => undefined,
      ),
    );
    pending.push(loading.get(name) ?? Promise.resolve());
  }
  return Promise.all(pending).then(() => undefined);
}

/** For useSyncExternalStore: changes whenever a grammar has been registered. */
export function subscribeLanguages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function languagesVersion(): number {
  return version;
}

const FENCE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*([\w#+.-]+)/gm;

/** The languages named on the code fences of a Markdown text. */
export function fenceLanguages(markdown: string): Set<string> {
  return new Set(Array.from(markdown.matchAll(FENCE), (m) => m[1] ?? '').filter(Boolean));
}
