import { describe, expect, it } from 'vitest';
import { limitProblem, readAttachment } from './read-attachment.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

describe('reading a file for the composer', () => {
  it('reads an image as base64, its type taken from its bytes', async () => {
    const outcome = await readAttachment(new File([JPEG], 'photo.png', { type: 'image/png' }));
    expect(outcome).toEqual({
      ok: true,
      attachment: {
        kind: 'image',
        name: 'photo.png',
        mimeType: 'image/jpeg',
        data: Buffer.from(JPEG).toString('base64'),
        size: JPEG.length,
      },
    });
  });

  it('reads base64 across its slices correctly', async () => {
    const big = new Uint8Array(4 * 3 * 0x2000 + 5);
    big.set(PNG);
    big[big.length - 1] = 0xab;
    const outcome = await readAttachment(new File([big], 'big.png', { type: 'image/png' }));
    expect(outcome.ok && outcome.attachment.kind === 'image' && outcome.attachment.data).toBe(
      Buffer.from(big).toString('base64'),
    );
  });

  it('refuses other image types, images over 5 MB and bytes that are no image', async () => {
    const bmp = await readAttachment(new File([PNG], 'a.bmp', { type: 'image/bmp' }));
    expect(bmp).toEqual({
      ok: false,
      error: 'a.bmp: only PNG, JPEG, WebP or GIF images can be attached.',
    });
    const huge = new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    expect(await readAttachment(huge)).toEqual({
      ok: false,
      error: 'huge.png is 6 MB: an image can be at most 5 MB.',
    });
    const fake = await readAttachment(new File(['hello'], 'fake.png', { type: 'image/png' }));
    expect(fake).toEqual({ ok: false, error: 'fake.png is not a PNG, JPEG, WebP or GIF image.' });
  });

  it('reads text files by type or by name, and refuses binary ones', async () => {
    const md = await readAttachment(new File(['# Hé'], 'notes.md'));
    expect(md).toEqual({
      ok: true,
      attachment: { kind: 'text', name: 'notes.md', text: '# Hé', size: 5 },
    });
    expect((await readAttachment(new File(['x'], 'Dockerfile'))).ok).toBe(true);
    expect((await readAttachment(new File(['x'], 'a.weird', { type: 'text/plain' }))).ok).toBe(
      true,
    );
    expect(await readAttachment(new File([Uint8Array.from([0xff, 0xfe, 0])], 'a.txt'))).toEqual({
      ok: false,
      error: 'a.txt is not UTF-8 text.',
    });
    expect(await readAttachment(new File(['a\0b'], 'a.log'))).toEqual({
      ok: false,
      error: 'a.log is not a text file.',
    });
    const pdf = await readAttachment(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(pdf.ok).toBe(false);
    expect(!pdf.ok && pdf.error).toMatch(/^a\.pdf: only images .* and text files/);
  });

  it('keeps a message within its count and size limits', () => {
    const file = (size: number) => ({ kind: 'text', name: 'f.txt', text: '', size }) as const;
    expect(limitProblem([], file(10))).toBeNull();
    expect(
      limitProblem(
        Array.from({ length: 10 }, () => file(1)),
        file(1),
      ),
    ).toMatch(/at most 10 files/);
    expect(limitProblem([file(6 * 1024 * 1024)], file(5 * 1024 * 1024))).toMatch(
      /at most 10 MB together/,
    );
  });
});
