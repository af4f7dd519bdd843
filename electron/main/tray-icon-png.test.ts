import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TRAY_COLORS, trayIconPng } from './tray-icon-png.ts';

/** Just enough PNG reading to check what was drawn: IHDR and the unfiltered IDAT pixels. */
function readPng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks = new Map<string, Buffer>();
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    chunks.set(png.toString('ascii', at + 4, at + 8), png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const header = chunks.get('IHDR')!;
  const width = header.readUInt32BE(0);
  const pixels = inflateSync(chunks.get('IDAT')!);
  const pixel = (x: number, y: number) => {
    const at = y * (width * 4 + 1) + 1 + x * 4;
    return [...pixels.subarray(at, at + 4)];
  };
  return { width, height: header.readUInt32BE(4), colorType: header[9], chunks, pixel };
}

describe('trayIconPng', () => {
  it('draws an opaque disc in the colour on a clear square', () => {
    const png = readPng(trayIconPng(32, TRAY_COLORS.running));
    expect([png.width, png.height, png.colorType]).toEqual([32, 32, 6]);
    expect(png.chunks.has('IEND')).toBe(true);
    expect(png.pixel(16, 16)).toEqual([...TRAY_COLORS.running, 255]);
    expect(png.pixel(0, 0)[3]).toBe(0);
    expect(png.pixel(31, 31)[3]).toBe(0);
  });

  it('differs by status colour', () => {
    expect(trayIconPng(16, TRAY_COLORS.running).equals(trayIconPng(16, TRAY_COLORS.stopped))).toBe(
      false,
    );
  });
});
