import type { WireFormat } from '../formats/wire-format.ts';

/** One model as the gateway knows it for one upstream key. */
export interface CatalogModel {
  id: string;
  ownedBy: string;
  created: number;
  /** `supported_endpoint_types` as the upstream sent them (empty when it sent none). */
  markers: string[];
  /** The generation formats the model supports upstream, preferred first. */
  formats: WireFormat[];
  /** False when the upstream gave no markers and `formats` is the documented fallback. */
  markersKnown: boolean;
}
