/**
 * Saves a blob through a temporary link (PDF, CSV, Excel files). A blob the server named (a File
 * made by `requestBlob` from its Content-Disposition header) keeps the server's name; `name` is
 * the name for a blob the server did not name, or one made in the browser.
 */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = blob instanceof File && blob.name ? blob.name : name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*` (RFC 8187, UTF-8 or
 * ISO-8859-1, percent-encoded) before `filename` (token or quoted string). Only the last path
 * segment is kept, control characters dropped; null when the header names no usable file.
 */
export function contentDispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const params = new Map<string, string>();
  for (const [, key = '', raw = ''] of header.matchAll(
    /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g,
  )) {
    const name = key.toLowerCase();
    const value = raw.trim();
    if (params.has(name)) continue;
    params.set(name, value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value);
  }
  const extended = params.get('filename*');
  const decoded = extended === undefined ? null : decodeExtended(extended);
  return safeFileName(decoded ?? params.get('filename') ?? '');
}

/** `charset'language'percent-encoded` (RFC 8187); null for another charset or a bad encoding. */
function decodeExtended(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const [, charset = '', encoded = ''] = match;
  try {
    if (/^utf-8$/i.test(charset)) return decodeURIComponent(encoded);
    if (/^iso-8859-1$/i.test(charset))
      return encoded.replace(/%([\da-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
  } catch {
    return null;
  }
  return null;
}

function safeFileName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base === '' || base === '.' || base === '..' ? null : base;
}
