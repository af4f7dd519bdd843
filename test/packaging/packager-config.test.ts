// The installer configuration (electron-builder.yml), checked with electron-builder's own code:
// its config loader and schema validation, and the file matchers it packs the app with. Nothing
// here packages or starts Electron.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { existsSync, statSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

// electron-builder's internals, resolved the way electron-builder itself resolves them.
const builderRequire = createRequire(createRequire(import.meta.url).resolve('electron-builder'));

type Config = Record<string, unknown> & {
  files?: unknown;
  asarUnpack?: unknown;
  extraMetadata?: Record<string, unknown>;
};
type Filter = (file: string, stat: Pick<Stats, 'isDirectory'>) => boolean;
interface FileMatcher {
  patterns: string[];
  createFilter(): Filter;
}
interface DebugLogger {
  isEnabled: boolean;
  add(key: string, value: unknown): void;
}
interface PackagerInfo {
  projectDir: string;
  buildResourcesDir: string;
  isPrepackedAppAsar: boolean;
  config: Config;
  debugLogger: DebugLogger;
}
type MacroExpander = (pattern: string) => string;

const configModule = builderRequire('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<Config>;
  validateConfiguration(config: Config, debugLogger: DebugLogger): Promise<void>;
};
const fileMatcher = builderRequire('app-builder-lib/out/fileMatcher.js') as {
  getMainFileMatchers(
    appDir: string,
    destination: string,
    macroExpander: MacroExpander,
    platformOptions: object,
    platformPackager: { info: PackagerInfo },
    outDir: string,
    isElectronCompile: boolean,
  ): FileMatcher[];
  getNodeModuleFileMatcher(
    appDir: string,
    destination: string,
    macroExpander: MacroExpander,
    platformOptions: object,
    packager: PackagerInfo,
  ): FileMatcher;
  getFileMatchers(
    config: Config,
    name: 'asarUnpack',
    destination: string,
    options: {
      macroExpander: MacroExpander;
      customBuildOptions: object;
      globalOutDir: string;
      defaultSrc: string;
    },
  ): FileMatcher[] | null;
};
const builderUtil = builderRequire('builder-util') as {
  walk(dir: string, filter: Filter): Promise<string[]>;
};
const SCHEMA = JSON.parse(
  readFileSync(builderRequire.resolve('app-builder-lib/scheme.json'), 'utf8'),
) as object;

const quietLogger: DebugLogger = { isEnabled: false, add: () => undefined };
const DEST = join(tmpdir(), 'packaged-app');
const noMacros: MacroExpander = (pattern) => pattern;
const fileStat = { isDirectory: () => false };

function info(config: Config, projectDir: string): PackagerInfo {
  return {
    projectDir,
    buildResourcesDir: 'build',
    isPrepackedAppAsar: false,
    config,
    debugLogger: quietLogger,
  };
}

/** The app's own files (node_modules aside) electron-builder would pack, relative, sorted. */
async function packedAppFiles(config: Config, projectDir: string): Promise<string[]> {
  // getMainFileMatchers adds its default patterns to the matcher: give it a copy of the config.
  const copy = structuredClone(config);
  const [matcher] = fileMatcher.getMainFileMatchers(
    projectDir,
    DEST,
    noMacros,
    {},
    { info: info(copy, projectDir) },
    join(projectDir, 'dist'),
    false,
  );
  const files = await builderUtil.walk(projectDir, matcher!.createFilter());
  return files.map((file) => relative(projectDir, file).split(sep).join('/')).sort();
}

/** Files of a packed app that are not the built app, or are test, source map or secret files. */
function strayFiles(files: string[]): string[] {
  return files.filter(
    (file) =>
      !(file === 'package.json' || file.startsWith('out/')) ||
      /(^|\/)(test|node_modules)\//.test(file) ||
      /\.(test|spec)\.[^/]+$/.test(file) ||
      file.endsWith('.map') ||
      /(^|\/)\.env/.test(file),
  );
}

function unpackFilter(config: Config, projectDir = ROOT): Filter {
  const matchers = fileMatcher.getFileMatchers(config, 'asarUnpack', DEST, {
    macroExpander: noMacros,
    customBuildOptions: {},
    globalOutDir: join(projectDir, 'dist'),
    defaultSrc: projectDir,
  });
  return matchers?.[0]?.createFilter() ?? (() => false);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

interface PackageJson {
  main?: string;
  type?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

let config: Config;
beforeAll(async () => {
  config = await configModule.getConfig(ROOT, null, null);
});

describe('electron-builder.yml', () => {
  it('is the configuration electron-builder loads, and it passes electron-builder’s validation', async () => {
    expect(config.appId).toBe('dev.model-gateway.app');
    expect(config.productName).toBe('Model Gateway');
    await expect(configModule.validateConfiguration(config, quietLogger)).resolves.toBeUndefined();
  });

  it('validates against electron-builder’s JSON schema (scheme.json) with ajv', () => {
    // The options electron-builder compiles its schema with (app-builder-lib schemaValidator).
    const ajv = new Ajv({ allErrors: true, coerceTypes: true, strict: false });
    const validate = ajv.compile(SCHEMA);
    expect(validate(structuredClone(config)), JSON.stringify(validate.errors)).toBe(true);

    // The check can fail: an unknown key, a misplaced option, a wrong type.
    expect(validate({ ...structuredClone(config), asarUnpacked: ['x'] })).toBe(false);
    expect(validate({ ...structuredClone(config), linux: { targets: ['deb'] } })).toBe(false);
    expect(validate({ ...structuredClone(config), nsis: { oneClick: { yes: 1 } } })).toBe(false);
  });

  it('rejects variants with a bad key through electron-builder’s own validation', async () => {
    await expect(
      configModule.validateConfiguration({ ...config, asarUnpacked: ['x'] }, quietLogger),
    ).rejects.toThrow(/unknown property 'asarUnpacked'/);
    await expect(
      configModule.validateConfiguration(
        { ...config, mac: { target: 'dmg', dmgTitle: 'x' } },
        quietLogger,
      ),
    ).rejects.toThrow(/configuration\.mac /);
  });

  it('publishes to the GitHub releases the workflow drafts, which the app updates from', () => {
    // No owner or repository: electron-builder takes the build's own, so the app's feed is
    // the repository the release workflow runs in.
    expect(config.publish).toEqual({ provider: 'github' });
    const workflow = readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8');
    // The update descriptions, the macOS updater's zip and the blockmaps go up with the installers.
    for (const upload of ['dist/latest*.yml', 'dist/*.zip', 'dist/*.blockmap'])
      expect(workflow).toContain(upload);
  });

  it('builds AppImage and .deb on Linux, .dmg (and the updater’s zip) on macOS, NSIS on Windows', () => {
    const targets = (platform: string): unknown =>
      (config[platform] as { target?: unknown }).target;
    expect(targets('linux')).toEqual(['AppImage', 'deb']);
    expect(targets('mac')).toEqual(['dmg', 'zip']);
    expect(targets('win')).toBe('nsis');
  });

  it('has `npm run dist`: the build, then electron-builder without publishing', () => {
    const pkg = readJson<PackageJson>(join(ROOT, 'package.json'));
    expect(pkg.scripts?.dist).toMatch(/^npm run build && electron-builder\b/);
    expect(pkg.scripts?.dist).toContain('--publish never');
  });
});

describe('the icon', () => {
  // Width and height from a PNG's IHDR chunk.
  function pngSize(file: string): [number, number] {
    const bytes = readFileSync(file);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  }

  it('exists in every size, and the config points at it', () => {
    expect(pngSize(join(ROOT, 'build/icon.png'))).toEqual([1024, 1024]);
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      expect(pngSize(join(ROOT, `build/icons/${size}x${size}.png`))).toEqual([size, size]);
    }
    const icon = (platform: string): string => (config[platform] as { icon: string }).icon;
    expect(icon('linux')).toBe('build/icons');
    expect(
      readFileSync(join(ROOT, icon('mac')))
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('icns');
    // ICONDIR: reserved 0, type 1 (icon), then the image count.
    const ico = readFileSync(join(ROOT, icon('win')));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 7]);
  });
});

describe('the files electron-builder packs', () => {
  let fixture: string;
  beforeAll(() => {
    // A project laid out like this one: built output, sources, tests, secrets, build leftovers.
    fixture = mkdtempSync(join(tmpdir(), 'packager-fixture-'));
    const files = [
      'package.json',
      'out/main/index.js',
      'out/main/cli.js',
      'out/main/chunks/app-services-abc.js',
      'out/main/index.js.map',
      'out/main/gateway.test.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'out/renderer/assets/index-abc.js',
      'out/renderer/assets/index-abc.js.map',
      'out/.env',
      'electron/main/index.ts',
      'electron/gateway/server/route-table.test.ts',
      'renderer/src/App.tsx',
      'shared/contract.ts',
      'bin/model-gateway.ts',
      'test/packaging/packager-config.test.ts',
      'test/agents/package.json',
      'test/agents/node_modules/some-agent/index.js',
      'test/fixtures/recorded/chat/stream.json',
      'bench/run-bench.ts',
      'docs/architecture.md',
      '.env',
      '.env.local',
      'README.md',
      'tsconfig.json',
      'vitest.config.ts',
      'electron-builder.yml',
      'build/icon.png',
      'dist/linux-unpacked/model-gateway',
      'node_modules/zod/index.js',
    ];
    for (const file of files) {
      mkdirSync(dirname(join(fixture, file)), { recursive: true });
      writeFileSync(join(fixture, file), '{}');
    }
  });
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('are the built out/ and package.json only: no sources, tests, source maps, .env', async () => {
    const files = await packedAppFiles(config, fixture);
    expect(files).toEqual([
      'out/main/chunks/app-services-abc.js',
      'out/main/cli.js',
      'out/main/index.js',
      'out/preload/index.cjs',
      'out/renderer/assets/index-abc.js',
      'out/renderer/index.html',
      'package.json',
    ]);
    expect(strayFiles(files)).toEqual([]);
  });

  it('catch a config that packs the whole project', async () => {
    const files = await packedAppFiles({ ...config, files: ['**/*'] }, fixture);
    expect(strayFiles(files)).toEqual(
      expect.arrayContaining([
        '.env',
        'test/packaging/packager-config.test.ts',
        'out/main/index.js.map',
        'electron/main/index.ts',
      ]),
    );
  });

  it.skipIf(!existsSync(join(ROOT, 'out/main/index.js')))(
    'are, for the real build, every file of out/ but source maps, and package.json',
    async () => {
      const packed = await packedAppFiles(config, ROOT);
      const built = listFiles(join(ROOT, 'out'))
        .map((file) => relative(ROOT, file).split(sep).join('/'))
        .filter((file) => !file.endsWith('.map'));
      expect(packed).toEqual([...built, 'package.json'].sort());
      expect(packed).toContain('out/main/index.js');
      expect(packed).toContain('out/preload/index.cjs');
      expect(packed).toContain('out/renderer/index.html');
    },
  );

  it('plus production dependencies: every package the bundles import, and no dev tool', () => {
    const pkg = readJson<PackageJson>(join(ROOT, 'package.json'));
    const lock = readJson<{ packages: Record<string, { dev?: boolean; devOptional?: boolean }> }>(
      join(ROOT, 'package-lock.json'),
    );
    // What `npm install --omit=dev` installs, which is what electron-builder collects.
    const production = new Set(
      Object.entries(lock.packages)
        .filter(
          ([path, entry]) => path.startsWith('node_modules/') && !entry.dev && !entry.devOptional,
        )
        .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
    );
    for (const name of Object.keys(pkg.dependencies ?? {})) expect(production).toContain(name);
    for (const name of [
      'electron',
      'electron-builder',
      'electron-vite',
      'vitest',
      'react',
      'typescript',
    ]) {
      expect(production).not.toContain(name);
    }

    // The bundles externalize only production dependencies (besides Node built-ins and electron).
    if (!existsSync(join(ROOT, 'out/main/index.js'))) return;
    const bundles = [...listFiles(join(ROOT, 'out/main')), ...listFiles(join(ROOT, 'out/preload'))];
    const imported = new Set<string>();
    for (const bundle of bundles.filter((file) => /\.c?js$/.test(file))) {
      const code = readFileSync(bundle, 'utf8');
      // Module-level imports, dynamic imports and require() calls of bare specifiers.
      const specifiers =
        /^import\b[^;'"]*?(?:\bfrom\s*)?["']([^"'.][^"']*)["'];|\b(?:import|require)\(\s*["']([^"'.][^"']*)["']\s*\)/gm;
      for (const match of code.matchAll(specifiers)) {
        const specifier = (match[1] ?? match[2])!;
        if (specifier.startsWith('node:') || specifier === 'electron') continue;
        const parts = specifier.split('/');
        imported.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
      }
    }
    expect(imported.size).toBeGreaterThan(0);
    for (const name of imported) expect(production, `${name} is imported by out/`).toContain(name);
  });

  it('keep the native modules’ runtime files and drop better-sqlite3’s C sources', () => {
    const copy = structuredClone(config);
    const filter = fileMatcher
      .getNodeModuleFileMatcher(ROOT, DEST, noMacros, {}, info(copy, ROOT))
      .createFilter();
    const included = (path: string): boolean => filter(join(ROOT, path), fileStat);
    expect(included('node_modules/better-sqlite3/lib/index.js')).toBe(true);
    expect(included('node_modules/better-sqlite3/prebuilds/win32-x64.node')).toBe(true);
    expect(included('node_modules/@napi-rs/keyring/index.js')).toBe(true);
    expect(included('node_modules/@napi-rs/keyring-darwin-arm64/keyring.darwin-arm64.node')).toBe(
      true,
    );
    expect(included('node_modules/better-sqlite3/deps/sqlite3/sqlite3.c')).toBe(false);
    expect(included('node_modules/better-sqlite3/src/better_sqlite3.cpp')).toBe(false);
  });
});

describe('native modules', () => {
  // Every native binary installed here, and the keyring's for every platform it publishes.
  function nativeBinaries(): string[] {
    const installed = [
      ...listFiles(join(ROOT, 'node_modules/better-sqlite3')),
      ...readdirSync(join(ROOT, 'node_modules/@napi-rs'))
        .filter((name) => name.startsWith('keyring'))
        .flatMap((name) => listFiles(join(ROOT, 'node_modules/@napi-rs', name))),
    ]
      .filter((file) => file.endsWith('.node'))
      .map((file) => relative(ROOT, file).split(sep).join('/'));
    const keyring = readJson<PackageJson>(join(ROOT, 'node_modules/@napi-rs/keyring/package.json'));
    const platformPackages = Object.keys(keyring.optionalDependencies ?? {});
    expect(platformPackages.length).toBeGreaterThan(5);
    const published = platformPackages.map((name) => {
      const platform = name.replace('@napi-rs/keyring-', '');
      return `node_modules/${name}/keyring.${platform}.node`;
    });
    return [...installed, ...published];
  }

  it('are found where this config expects them', () => {
    const binaries = nativeBinaries();
    expect(binaries.filter((file) => file.startsWith('node_modules/better-sqlite3/'))).not.toEqual(
      [],
    );
    expect(
      binaries.filter((file) => file.startsWith('node_modules/@napi-rs/keyring-')),
    ).not.toEqual([]);
    // better-sqlite3 loads prebuilds/<platform>-<arch>.node; a build/ folder would mean a rebuild.
    expect(binaries.filter((file) => file.includes('/better-sqlite3/build/'))).toEqual([]);
    expect(statSync(join(ROOT, 'node_modules/better-sqlite3/prebuilds')).isDirectory()).toBe(true);
  });

  it('are unpacked from the asar archive (asarUnpack), other packages are not', () => {
    const unpacked = unpackFilter(config);
    for (const file of nativeBinaries()) {
      expect(unpacked(join(ROOT, file), fileStat), file).toBe(true);
    }
    // The loaders next to the binaries go along, so their relative require()s work.
    expect(unpacked(join(ROOT, 'node_modules/better-sqlite3/lib/linux-x64.js'), fileStat)).toBe(
      true,
    );
    expect(unpacked(join(ROOT, 'node_modules/zod/package.json'), fileStat)).toBe(false);
    expect(unpacked(join(ROOT, 'out/main/index.js'), fileStat)).toBe(false);
  });

  it('would stay inside the archive with an asarUnpack that misses the keyring', () => {
    const unpacked = unpackFilter({ ...config, asarUnpack: ['**/node_modules/better-sqlite3/**'] });
    const keyring = nativeBinaries().find((file) => file.includes('@napi-rs/keyring-'))!;
    expect(unpacked(join(ROOT, keyring), fileStat)).toBe(false);
  });
});

describe('the packaged app’s entry', () => {
  it('is out/main/index.js, an ES module, and it is packed', async () => {
    const pkg = readJson<PackageJson>(join(ROOT, 'package.json'));
    // electron-builder writes package.json merged with extraMetadata into the app.
    const packaged = { ...pkg, ...config.extraMetadata };
    expect(packaged.main).toBe('out/main/index.js');
    expect(pkg.main).toBe('out/main/index.js');
    expect(packaged.type).toBe('module');

    const fixture = mkdtempSync(join(tmpdir(), 'packager-entry-'));
    try {
      for (const file of ['package.json', 'out/main/index.js']) {
        mkdirSync(dirname(join(fixture, file)), { recursive: true });
        writeFileSync(join(fixture, file), '');
      }
      expect(await packedAppFiles(config, fixture)).toContain(packaged.main);
    } finally {
      rmSync(fixture, { recursive: true, force: true });
    }
  });

  it.skipIf(!existsSync(join(ROOT, 'out/main/index.js')))(
    'finds the preload and the UI where the main bundle looks for them',
    () => {
      const main = readFileSync(join(ROOT, 'out/main/index.js'), 'utf8');
      for (const path of ['../preload/index.cjs', '../renderer/index.html']) {
        expect(main).toContain(path);
        expect(existsSync(resolve(ROOT, 'out/main', path)), path).toBe(true);
      }
    },
  );
});
