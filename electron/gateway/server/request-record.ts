import type { WireFormat } from '../formats/wire-format.ts';

/** What the gateway reports about one request when it is over; the store writes it to the log. */
export interface RequestRecord {
  requestId: string;
  startedAt: number;
  client: string | null;
  method: string;
  path: string;
  clientFormat: WireFormat | null;
  upstreamFormat: WireFormat | null;
  /** `passthrough`, `translated`, `local` (answered by the gateway itself) or `rejected`. */
  route: 'passthrough' | 'translated' | 'local' | 'rejected';
  model: string | null;
  stream: boolean;
  status: number;
  errorKind: string | null;
  errorMessage: string | null;
  latencyMs: number;
  ttfbMs: number | null;
  attempts: number;
  cancelled: boolean;
  /** Rules that changed a field on the way (documented in the README). */
  rules: string[];
}
