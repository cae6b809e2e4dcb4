import sharp from 'sharp';

/** An 800 × 600 red PNG. */
export const redPng = (): Promise<Buffer> =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();

/** A multipart form with one file in field `file`. */
export function fileForm(data: Buffer | string, type: string, name = 'photo.png'): FormData {
  const form = new FormData();
  form.append(
    'file',
    new Blob([typeof data === 'string' ? Buffer.from(data) : new Uint8Array(data)], { type }),
    name,
  );
  return form;
}
