import type { WireFormat } from '../../../shared/wire-formats.ts';
import type { Tariff } from '../metering/tariff.ts';

/** One model as the gateway knows it for one upstream key. */
export interface CatalogModel {
  id: string;
  ownedBy: string;
  created: number;
  /** `supported_endpoint_types` as the upstream sent them (empty when it sent none), or as the user overrode them. */
  markers: string[];
  /** The generation formats the model supports upstream, preferred first. */
  formats: WireFormat[];
  /** False when the upstream gave no markers and `formats` is the documented fallback. */
  markersKnown: boolean;
  /** From the pricing document or a user override; null when unknown (costs are then not estimated). */
  tariff: Tariff | null;
  /** Which of markers and tariff the user overrode. */
  overridden: { markers: boolean; tariff: boolean };
  /**
   * Set on a model route listed beside the catalog's models: the models it stands for, in order
   * (its formats and markers are those of its first model the catalog knows).
   */
  routeOf?: readonly string[];
}

/** A user's correction of what the upstream says about a model. */
export interface ModelOverride {
  markers?: string[] | null;
  tariff?: Tariff | null;
}
