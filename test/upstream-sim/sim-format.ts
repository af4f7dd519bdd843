import type { WireFormat } from '../../shared/wire-formats.ts';
import type { RenderedError, SimFailure } from './errors.ts';
import type { Exchange } from './exchange.ts';
import type { ReplyContext } from './reply-context.ts';
import type { ParseResult } from './sim-request.ts';
import type { SimState } from './sim-state.ts';

/** What a generation path says of the request: the model and stream flag, where the path holds them. */
export interface SimPathRequest {
  model?: string;
  stream?: boolean;
  /** Which of the format's generation endpoints the path is, where it has several (Ollama's chat and generate). */
  endpoint?: string;
}

/** The catalog's model that speaks only this format, and what it does beyond answering. */
interface SimNativeModel {
  id: string;
  /** Reasoning tokens it reports (see SimModel.thinkingTokens). */
  thinkingTokens?: number;
  /** It signs its reasoning state and refuses a history that lost or changed it. */
  requiresThoughtSignatures?: boolean;
}

/** What a route of a format other than generation gets (Messages' `count_tokens`). */
export interface SimRouteContext {
  ex: Exchange;
  format: SimFormat;
  /** The 404 of a model the key cannot use, or not marked for this format's routes; else null. */
  refuseModel(id: string): SimFailure | null;
}

export type SimOtherRoute = (ctx: SimRouteContext) => void;

/**
 * One generation format as the simulator serves it: its paths, its key header, its error body,
 * how it reads a request and how it writes the planned answer. Each format's part lives in its
 * test kit (`test/format-kits/<format>/sim.ts`); `test/format-kits/sim-formats.ts` lists them.
 * Everything else in the simulator (catalog, keys, faults, the answer plan) is shared.
 */
export interface SimFormat {
  format: WireFormat;
  nativeModel: SimNativeModel;
  /** The upstream's name for the route, in its "does not support" errors. */
  routeName: string;
  /** Paths of this format: errors on them (even unknown ones) come in its shape. */
  ownsPath(path: string): boolean;
  /** A POST generation path of this format and what it says, else undefined. */
  matchPath(path: string): SimPathRequest | undefined;
  /** Other POST routes of the format, by exact path. */
  otherRoutes?: Readonly<Record<string, SimOtherRoute>>;
  /** A header its clients may send the key in on its paths, besides `Authorization: Bearer`. */
  keyHeader?: string;
  /** A header check the upstream makes right after the path, before the body (a required version). */
  checkHeaders?(headers: Readonly<Record<string, string>>): SimFailure | null;
  /** The status the relay reports an empty balance with on this path. */
  balanceStatus: number;
  /** The format's error answer for a failure, to request number `n` of the run. */
  renderError(failure: SimFailure, n: number): RenderedError;
  /** Reads a parsed JSON body into the shared request form. */
  parse(body: unknown, path: SimPathRequest, state: SimState): ParseResult;
  /** Writes the planned answer, whole or streamed. */
  write(ctx: ReplyContext, state: SimState): Promise<void>;
}
