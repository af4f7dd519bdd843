import { WIRE_FORMATS, type WireFormat } from '../../shared/wire-formats.ts';
import type { SimFormat } from '../upstream-sim/sim-format.ts';
import { anthropicSim } from './anthropic/sim.ts';
import { chatSim } from './chat/sim.ts';
import { geminiSim } from './gemini/sim.ts';
import { ollamaSim } from './ollama/sim.ts';
import { responsesSim } from './responses/sim.ts';

/**
 * The simulator's part of each kit: one line per format. Kept apart from `kits.ts` because the
 * simulator runs inside the CLI (`model-gateway sim`, `demo`), whose bundle must not take in
 * the SDKs and Vitest that the rest of a kit uses; each kit's `upstream.sim` is the same object.
 */
const SIM_FORMATS: Readonly<Record<WireFormat, SimFormat>> = {
  chat: chatSim,
  responses: responsesSim,
  gemini: geminiSim,
  anthropic: anthropicSim,
  ollama: ollamaSim,
};

/** Every format the simulator serves, in the shared list's order. */
export const SIM_FORMAT_LIST: readonly SimFormat[] = WIRE_FORMATS.map(
  (format) => SIM_FORMATS[format],
);
