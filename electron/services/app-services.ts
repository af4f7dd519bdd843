import type { AppStatus, MethodName } from '../../shared/contract.ts';
import { homedir } from 'node:os';
import { UPSTREAM_KEY_ENV } from '../secrets/env-key.ts';
import { createKeychain } from '../secrets/keychain.ts';
import { UpstreamKeyStore } from '../secrets/upstream-key.ts';
import { AppError, type AppServices, type AppServicesOptions } from './app-services-api.ts';
import { ChatService } from './chat-service.ts';
import { testConnection } from './connection-test.ts';
import { EventBus } from './event-bus.ts';
import { GatewayController } from './gateway-controller.ts';
import { createAppHttpHandler, type AppHttpHandler } from './http-transport.ts';
import { LimitsService } from './limits-service.ts';
import { LogService } from './log-service.ts';
import { describeIssues, METHOD_PARAMS } from './method-params.ts';
import { methodTable } from './method-table.ts';
import { emitPolicyEvents } from './policy-events.ts';
import { ModelService } from './model-service.ts';
import { ProfileService } from './profile-service.ts';
import { testModelThroughGateway } from './route-model-test.ts';
import { RouteService } from './route-service.ts';
import { SettingsService } from './settings-service.ts';
import { openAppStore, startAppRetention } from './start-app-gateway.ts';
import { toAppError } from './to-app-error.ts';
import { TokenService } from './token-service.ts';
import { ToolsService } from './tools-service.ts';
import { UpdateService } from './update-service.ts';
import { newUiToken } from './ui-token.ts';
import { upstreamDefaults } from './upstream-defaults.ts';
import { UpstreamHealthMonitor } from './upstream-health.ts';
import { nudgeOnFailures } from './upstream-health-triggers.ts';
import { UsageService } from './usage-service.ts';
import { errorText } from '../../shared/error-text.ts';

/** The name the Chat page's requests carry in the log, like a tool's token name. */
const CHAT_CLIENT_NAME = 'app';

const isMethod = (name: string): name is MethodName => Object.hasOwn(METHOD_PARAMS, name);

/**
 * The app: store, keychain, embedded gateway and every use case of the contract, for the
 * Electron shell (IPC) and headless mode (HTTP on the gateway's port). The gateway starts here,
 * configured or not; only a headless app without a listener is an error, since its UI would be
 * unreachable.
 */
export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const env = options.env ?? process.env;
  const log = options.log;
  const store = openAppStore(options.dataDir, log);
  // The Logs and Usage pages read through it: up before someone opens them.
  store.reader.warm();
  const keys = new UpstreamKeyStore(options.keychain ?? createKeychain());
  const bus = new EventBus((error) => log(`event listener failed: ${String(error)}`));
  const chatToken = `mgw_app_${newUiToken()}`;
  let stopRetention = startAppRetention(store, log);
  let http: AppHttpHandler | undefined;

  const settings: SettingsService = new SettingsService(store, {
    listenOn: (port) => gateway.listenOn(port),
    listeningOn: () => (gateway.listening() ? gateway.status().port : null),
    retentionChanged: () => {
      stopRetention();
      stopRetention = startAppRetention(store, log);
    },
    autoUpdateChanged: (on) => updates.setEnabled(on),
    saved: (next) => bus.emit('settings.changed', next),
    status: () => appStatus(),
  });
  const updates: UpdateService = new UpdateService({
    engine: options.updates ?? null,
    unavailable: options.shell === 'headless' ? 'headless' : 'not_packaged',
    currentVersion: options.version ?? 'unknown',
    enabled: () => settings.get().autoUpdate,
    publish: (status) => bus.emit('updates.status', status),
    log,
  });
  const gateway: GatewayController = new GatewayController(
    {
      store,
      host: options.host ?? '127.0.0.1',
      env,
      keys,
      internalToken: { token: chatToken, name: CHAT_CLIENT_NAME },
      ...(env.MODEL_GATEWAY_TOKEN?.trim() ? { envToken: env.MODEL_GATEWAY_TOKEN.trim() } : {}),
      appHandler: (req, res) => (http ? http(req, res) : Promise.resolve(false)),
      corsOrigins: () => settings.allowedOrigins(),
      log,
      onStatus: (status) => bus.emit('gateway.status', status),
    },
    options.port ?? settings.get().port,
  );

  const health = new UpstreamHealthMonitor({
    upstream: () => gateway.upstream(),
    publish: (next) => bus.emit('upstream.health', next),
  });
  // A failed request (Chat's or any tool's) is a reason to look at the upstream at once.
  bus.subscribe(nudgeOnFailures(() => health.nudge()));

  function appStatus(): AppStatus {
    const view = gateway.upstreamView();
    return {
      gateway: gateway.status(),
      activeProfile: view.profile,
      keySource: view.keySource,
      firstRun: view.profile === null || view.keySource === 'none',
      keychainProblem: view.keychainProblem,
      ...(view.keychainProblemText ? { keychainProblemText: view.keychainProblemText } : {}),
      shell: options.shell,
      version: options.version ?? 'unknown',
    };
  }

  const profiles = new ProfileService({
    store,
    keys,
    reconfigure: async () => {
      await gateway.reconfigure();
      // A new profile or key: the last check said nothing about it.
      health.reset();
    },
    appStatus,
    envKeySet: () => Boolean(env[UPSTREAM_KEY_ENV]?.trim()),
    log,
  });
  const logs = new LogService(store);
  const chat = new ChatService({
    store,
    gatewayUrl: () => gateway.url(),
    gatewayProblem: () => gateway.status().error,
    token: chatToken,
    emit: (event, payload) => bus.emit(event, payload),
    log,
  });
  const models = new ModelService(store, gateway);
  const table = methodTable({
    appStatus: async () => {
      await gateway.refreshIfBlocked();
      return appStatus();
    },
    profiles,
    testUpstream: (profileId) => {
      const profile =
        profileId === undefined ? store.profiles.getActive() : profiles.require(profileId);
      if (!profile)
        throw new AppError(
          'no_upstream',
          'No upstream profile yet: add one (its base URL) first.',
          {
            i18n: errorText('settings.errors.profiles.noneYet'),
          },
        );
      return testConnection(profile, env, keys);
    },
    health,
    upstreamDefaults: () => upstreamDefaults(env),
    settings,
    updates,
    tokens: new TokenService(store),
    tools: new ToolsService(store, {
      home: options.home ?? homedir(),
      dataDir: options.dataDir,
      port: () => settings.get().port,
    }),
    models,
    chat,
    routes: new RouteService({
      store,
      catalog: () => models.list(),
      testModel: (model) =>
        testModelThroughGateway(
          { gatewayUrl: gateway.url(), gatewayProblem: gateway.status().error, token: chatToken },
          model,
        ),
    }),
    limits: new LimitsService(store),
    usage: new UsageService(store),
    logs,
  });
  const stopLogEvents = logs.onAppended((entries) => bus.emit('logs.appended', entries));
  const stopPolicyEvents = emitPolicyEvents(store, (event, payload) => bus.emit(event, payload));

  let closing: Promise<void> | null = null;
  const services: AppServices = {
    async handle(method, params) {
      if (closing)
        throw new AppError('closed', 'The app is shutting down.', {
          i18n: errorText('errors.app.closing'),
        });
      if (!isMethod(method)) throw new AppError('bad_request', `Unknown method '${method}'.`);
      const parsed = METHOD_PARAMS[method].safeParse(params);
      if (!parsed.success) {
        const detail = describeIssues(parsed.error.issues);
        throw new AppError('bad_request', detail, {
          i18n: errorText('errors.app.invalidParams', { detail }),
        });
      }
      try {
        // The table is keyed by the same names as the schemas; the pairing is checked there.
        return await (table[method] as (p: unknown) => unknown)(parsed.data);
      } catch (error) {
        const appError = toAppError(error);
        // Params are never logged: they may hold the upstream key.
        if (appError.code === 'internal')
          log(
            `${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          );
        throw appError;
      }
    },
    subscribe: (listener) => bus.subscribe(listener),
    status: appStatus,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        updates.close();
        health.close();
        await chat.close();
        http?.closeEvents();
        await gateway.close(graceMs);
        stopLogEvents();
        stopPolicyEvents();
        stopRetention();
        bus.clear();
        // The reader's connection closes before the main one, which then tidies the WAL away.
        await store.reader.close();
        store.close();
      })();
      return closing;
    },
  };
  if (options.ui) http = createAppHttpHandler(services, { ...options.ui, log });

  try {
    await gateway.start();
  } catch (error) {
    await services.close(0);
    throw error;
  }
  if (options.shell === 'headless' && !gateway.listening()) {
    const status = gateway.status();
    await services.close(0);
    throw new AppError(status.errorCode ?? 'failed', status.error ?? 'The gateway did not start.');
  }
  updates.start();
  return services;
}
