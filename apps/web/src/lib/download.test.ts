import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentDispositionFileName, downloadBlob } from './download';
import { http, requestBlob } from './http';

describe('contentDispositionFileName (RFC 6266)', () => {
  it.each([
    ['attachment; filename="12345678FEC20261130.txt"', '12345678FEC20261130.txt'],
    ['attachment; filename=rapport.csv', 'rapport.csv'],
    ['inline; FILENAME="ticket V-1.pdf"', 'ticket V-1.pdf'],
    ['attachment; filename="a \\"b\\"; c.txt"', 'a "b"; c.txt'],
    // filename* wins over filename, wherever it stands.
    [
      `attachment; filename*=UTF-8''rel%C3%A9v%C3%A9-A%C3%AFcha.pdf; filename="releve-Aicha.pdf"`,
      'relévé-Aïcha.pdf',
    ],
    [`attachment; filename="fallback.pdf"; filename*=utf-8'fr'%E2%82%AC%20prix.pdf`, '€ prix.pdf'],
    [`attachment; filename*=ISO-8859-1''caf%E9.txt`, 'café.txt'],
    // An unknown charset or a broken encoding falls back to filename.
    [`attachment; filename*=KOI8-R''x.txt; filename="repli.txt"`, 'repli.txt'],
    [`attachment; filename*=UTF-8''%E9t%E9.txt; filename="ete.txt"`, 'ete.txt'],
    // Never a path, never a control character.
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\dossier\\\\fec.txt"', 'fec.txt'],
    ['attachment; filename="a\tb.txt"', 'ab.txt'],
  ])('%s → %s', (header, name) => {
    expect(contentDispositionFileName(header)).toBe(name);
  });

  it.each([null, '', 'attachment', 'inline; filename=""', 'attachment; filename="../"'])(
    'no usable name in %j',
    (header) => {
      expect(contentDispositionFileName(header)).toBeNull();
    },
  );
});

describe('downloads through requestBlob and downloadBlob', () => {
  const downloads: string[] = [];
  beforeEach(() => {
    downloads.length = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const readText = (blob: Blob) =>
    new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(blob);
    });
  const serve = (headers: Record<string, string>) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Contenu', { status: 200, headers })),
    );

  it('saves the file under the name the server gives, whatever name the screen suggests', async () => {
    serve({
      'Content-Type': 'text/plain; charset=iso-8859-15',
      'Content-Disposition': 'attachment; filename="12345678FEC20261130.txt"',
    });
    const blob = await requestBlob('/api/services/1/journal/fec', { query: { du: 'a', au: 'b' } });
    expect(await readText(blob)).toBe('Contenu');
    expect(blob.type).toBe('text/plain;charset=iso-8859-15');
    downloadBlob(blob, 'FEC-2026-11-01-2026-11-30.txt');
    serve({ 'Content-Disposition': `attachment; filename*=UTF-8''rel%C3%A9v%C3%A9.pdf` });
    downloadBlob(await http.blob('/api/x'), 'releve.pdf');
    expect(downloads).toEqual(['12345678FEC20261130.txt', 'relévé.pdf']);
  });

  it("keeps the screen's name when the server names nothing, or for a blob made in the browser", async () => {
    serve({ 'Content-Type': 'application/pdf' });
    downloadBlob(await requestBlob('/api/y'), 'etiquettes.pdf');
    downloadBlob(new Blob(['x']), 'ventes-2026-11-25.xlsx');
    expect(downloads).toEqual(['etiquettes.pdf', 'ventes-2026-11-25.xlsx']);
  });
});
