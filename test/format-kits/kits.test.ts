import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../electron/gateway/canonical/gateway-error.ts';
import { CODECS } from '../../electron/gateway/formats/codecs.ts';
import { FORMAT_MARKER, WIRE_FORMATS } from '../../shared/wire-formats.ts';
import { SIM_MODELS } from '../upstream-sim/index.ts';
import { KIT_LIST, KITS } from './kits.ts';
import { SIM_FORMAT_LIST } from './sim-formats.ts';

/** The registries agree with each other, with the codecs and with the simulator's catalog. */
describe.each(KIT_LIST)('the $format kit', (kit) => {
  const markersOf = (id: string) => SIM_MODELS.find((m) => m.id === id)?.endpointTypes;

  it('is registered under its format, with the simulator part the simulator serves', () => {
    expect(KITS[kit.format]).toBe(kit);
    expect(kit.upstream.sim.format).toBe(kit.format);
    expect(SIM_FORMAT_LIST).toContain(kit.upstream.sim);
  });

  it('names a model of its own format only, and one of another format', () => {
    expect(markersOf(kit.nativeModel)).toEqual([FORMAT_MARKER[kit.format]]);
    const other = markersOf(kit.translatedModel);
    expect(other?.length).toBeGreaterThan(0);
    expect(other).not.toContain(FORMAT_MARKER[kit.format]);
  });

  it('sends its requests to paths its codec serves and its simulator part owns', () => {
    for (const stream of [false, true]) {
      const request = kit.client.request(kit.nativeModel, 'hi', stream);
      const [path = '', query = ''] = request.path.split('?');
      const served = CODECS[kit.format].matchPath(path, new URLSearchParams(query));
      expect(served).toBeDefined();
      expect(served).not.toBeInstanceOf(GatewayError);
      expect(kit.upstream.sim.matchPath(path)).toBeDefined();
    }
  });
});

describe('the registries', () => {
  it('hold every format, in the shared list’s order', () => {
    expect(KIT_LIST.map((kit) => kit.format)).toEqual(WIRE_FORMATS);
    expect(SIM_FORMAT_LIST.map((sim) => sim.format)).toEqual(WIRE_FORMATS);
  });
});
