import { FORMAT_MARKER, WIRE_FORMATS, type WireFormat } from '../../../shared/wire-formats.ts';
import { SIM_FORMAT_LIST } from '../../format-kits/sim-formats.ts';
import { SIM_MODELS } from '../../upstream-sim/index.ts';

/**
 * The simulator models a real client is run against: one native to each format (each format's
 * simulator part names it), one that speaks them all, and one whose catalog entry carries no
 * endpoint markers (the gateway assumes chat for it). The other generation models add no new
 * route: sim-gemini-chat and sim-per-call take the same paths as sim-all and sim-chat.
 */
export const CLIENT_TEST_MODELS: readonly string[] = [
  ...SIM_FORMAT_LIST.map((format) => format.nativeModel.id),
  'sim-all',
  'sim-no-markers',
];

/** The format a catalog marker stands for; none for a marker of no generation format. */
const formatOf = (marker: string): WireFormat | undefined =>
  WIRE_FORMATS.find((format) => FORMAT_MARKER[format] === marker);

/** The formats a model is served in, as the gateway reads its catalog entry. */
function nativeFormats(model: string): WireFormat[] {
  const entry = SIM_MODELS.find((m) => m.id === model);
  if (entry === undefined) throw new Error(`not a simulator model: ${model}`);
  const types = entry.endpointTypes ?? ['openai'];
  return types.map(formatOf).filter((f): f is WireFormat => f !== undefined);
}

export interface ExpectedRoute {
  clientFormat: WireFormat;
  upstreamFormat: WireFormat;
  route: 'passthrough' | 'translated';
}

/** Pass-through when the model speaks the client's format, else translation to the one it speaks. */
export function expectedRoute(clientFormat: WireFormat, model: string): ExpectedRoute {
  const formats = nativeFormats(model);
  if (formats.includes(clientFormat)) {
    return { clientFormat, upstreamFormat: clientFormat, route: 'passthrough' };
  }
  const upstream = formats[0];
  if (upstream === undefined || formats.length > 1) {
    throw new Error(
      `${model}: no single format to translate ${clientFormat} to (${formats.join(', ')})`,
    );
  }
  return { clientFormat, upstreamFormat: upstream, route: 'translated' };
}
