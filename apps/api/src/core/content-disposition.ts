/**
 * The Content-Disposition header of a file the API serves (RFC 6266): `filename` in printable
 * ASCII (accents dropped, other characters as `_`) for old clients, and the exact name in
 * `filename*` (RFC 8187, UTF-8, percent-encoded) when it is not ASCII. The web app saves a
 * download under this name (`downloadBlob` of apps/web/src/lib/download.ts).
 */
export function contentDisposition(
  name: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === name) return `${disposition}; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A party's name as part of a file name: letters and digits kept, every other run as `-`. */
export const fileNamePart = (nom: string): string =>
  nom.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'sans-nom';
