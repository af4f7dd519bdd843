import type {
  ToolConnectParams,
  ToolConnectResult,
  ToolDisconnectResult,
  ToolInfo,
  ToolPlanInfo,
} from '../../shared/contract.ts';
import {
  CONNECTORS,
  ConfigFileError,
  ConfigFileUnreadableError,
  connectorOf,
  settingsRecords,
  ToolConflictError,
  ToolConnections,
  ToolNotConnectedError,
  type Connector,
} from '../connectors/index.ts';
import { DuplicateNameError, type Store } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import { errorText } from '../../shared/error-text.ts';

export interface ToolsServiceOptions {
  /** Whose config files: the user's home (tests and `--home` give another). */
  home: string;
  dataDir: string;
  /** The port the gateway listens on (the saved setting). */
  port: () => number;
  now?: () => number;
}

const startOfToday = (now: number): number => {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
};

/** The Tools page: connect agent CLIs to the gateway by editing their config, and undo it. */
export class ToolsService {
  private readonly store: Store;
  private readonly o: ToolsServiceOptions;
  private readonly tools: ToolConnections;

  constructor(store: Store, options: ToolsServiceOptions) {
    this.store = store;
    this.o = options;
    this.tools = new ToolConnections({
      home: options.home,
      dataDir: options.dataDir,
      records: settingsRecords(store.settings),
      tokens: store.tokens,
    });
  }

  list(): ToolInfo[] {
    const now = (this.o.now ?? Date.now)();
    const usage = this.store.usage.usageBy({ from: startOfToday(now), by: 'token' });
    return CONNECTORS.map((connector) => {
      const state = this.tools.state(connector);
      const today = usage.find((row) => row.key === (state.tokenName ?? connector.id));
      return {
        ...state,
        format: connector.format,
        slots: connector.slots,
        today: { requests: today?.requests ?? 0, costUsd: today?.costUsd ?? 0 },
      };
    });
  }

  plan(p: ToolConnectParams): ToolPlanInfo {
    return this.run(() => this.tools.plan(this.connector(p.tool), this.origin(), p.models ?? {}));
  }

  connect(p: ToolConnectParams): ToolConnectResult {
    return this.run(() =>
      this.tools.connect(this.connector(p.tool), this.origin(), p.models ?? {}),
    );
  }

  disconnect(tool: string): ToolDisconnectResult {
    return this.run(() => this.tools.disconnect(this.connector(tool)));
  }

  private origin(): string {
    return `http://127.0.0.1:${this.o.port()}`;
  }

  private connector(id: string): Connector {
    const connector = connectorOf(id);
    if (!connector)
      throw new AppError('not_found', `No tool '${id}'.`, {
        i18n: errorText('tools.errors.unknownTool', { id }),
      });
    return connector;
  }

  /** The connectors' errors, worded for the user already, with a code the UI can branch on. */
  private run<T>(action: () => T): T {
    try {
      return action();
    } catch (error) {
      if (error instanceof ConfigFileError || error instanceof ConfigFileUnreadableError)
        throw new AppError('bad_request', error.message, { cause: error });
      if (error instanceof ToolConflictError || error instanceof DuplicateNameError)
        throw new AppError('conflict', error.message, { cause: error });
      if (error instanceof ToolNotConnectedError)
        throw new AppError('not_found', error.message, { cause: error });
      if (error instanceof Error && error.message.startsWith('No model chosen'))
        throw new AppError('bad_request', error.message, { cause: error });
      throw error;
    }
  }
}
