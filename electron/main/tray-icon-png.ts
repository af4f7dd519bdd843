import { crc32, deflateSync } from 'node:zlib';
import type { TrayIcon } from './tray-menu.ts';

/**
 * The tray icon, drawn here as a PNG in memory: a filled disc in the status colour with a soft
 * edge. No image file to ship or fetch, and the colour can follow the state (tray-menu.ts's
 * TrayIcon): green all well, amber the upstream failing behind a running gateway, red stopped.
 * The menu and tooltip say the same in words.
 */
export const TRAY_COLORS = {
  running: [46, 160, 67],
  problem: [214, 140, 0],
  stopped: [200, 60, 50],
} as const satisfies Record<TrayIcon, readonly [number, number, number]>;

export function trayIconPng(size: number, rgb: readonly [number, number, number]): Buffer {
  const stride = size * 4 + 1;
  const pixels = Buffer.alloc(stride * size);
  const center = (size - 1) / 2;
  const radius = size / 2 - 1;
  for (let y = 0; y < size; y++) {
    pixels[y * stride] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x - center, y - center);
      // Full inside the radius, fading to clear over one pixel: an anti-aliased edge.
      const coverage = Math.min(1, Math.max(0, radius + 0.5 - distance));
      const offset = y * stride + 1 + x * 4;
      pixels[offset] = rgb[0];
      pixels[offset + 1] = rgb[1];
      pixels[offset + 2] = rgb[2];
      pixels[offset + 3] = Math.round(coverage * 255);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
