import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { depensesWorld, type Acteur } from './support/depenses-world.js';
import type { Answer, TestClient } from './support/http.js';
import { fileForm, redPng } from './support/images.js';
import { expectProblem } from './support/problem.js';
import { changedTables, snapshot } from './support/snapshot.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/** A one-page PDF, written by hand (the header is what the server sniffs). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

describe(`dépenses : justificatif photo ou PDF (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof depensesWorld>>;
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await depensesWorld(server, client);
    png = await redPng();
  });
  afterAll(() => server.close());

  const send = (who: Acteur, id: number, form: FormData): Promise<Answer> =>
    client.request('POST', w.url(who, `depenses/${id}/justificatif`), {
      token: w.tokens[who],
      form,
    });
  /** The receipt's bytes as served (raw fetch: a PDF is not text). */
  async function fetchReceipt(who: Acteur, id: number) {
    const response = await fetch(server.baseUrl + w.url(who, `depenses/${id}/justificatif`), {
      headers: { authorization: `Bearer ${w.tokens[who]}` },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      data: Buffer.from(await response.arrayBuffer()),
    };
  }

  it('le gérant joint une photo (gardée en JPEG) ; la remplacer est au propriétaire, qui la remplace par un PDF : historique', async () => {
    const d = await w.depense({ libelle: 'Facture d’électricité' }, 'managerA');
    const attached = await send('managerA', d.id, fileForm(png, 'image/png'));
    expect(attached.status).toBe(200);
    expect(attached.body.justificatif).toMatchObject({ type: 'image', contentType: 'image/jpeg' });
    expect(attached.body.historique).toEqual([]);
    const photo = await fetchReceipt('managerA', d.id);
    expect(photo.status).toBe(200);
    expect(photo.type).toBe('image/jpeg');
    expect(await sharp(photo.data).metadata()).toMatchObject({
      format: 'jpeg',
      width: 800,
      height: 600,
    });

    const before = await snapshot(server.ctx);
    expectProblem(await send('managerA', d.id, fileForm(PDF, 'application/pdf')), 403, 'FORBIDDEN');
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);

    const replaced = await send('ownerA', d.id, fileForm(PDF, 'application/pdf', 'facture.pdf'));
    expect(replaced.status).toBe(200);
    expect(replaced.body.justificatif).toMatchObject({
      type: 'pdf',
      contentType: 'application/pdf',
      taille: PDF.length,
    });
    expect(replaced.body.historique).toMatchObject([
      {
        action: 'justificatif',
        par: { id: w.world.ownerA.id },
        avant: { justificatif: 'image' },
        apres: { justificatif: 'pdf' },
      },
    ]);
    const pdf = await fetchReceipt('managerA', d.id);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.data.equals(PDF)).toBe(true);

    const removed = await w.call('ownerA', 'DELETE', `depenses/${d.id}/justificatif`);
    expect(removed.body.justificatif).toBeNull();
    expect(removed.body.historique[0]).toMatchObject({
      action: 'justificatif',
      avant: { justificatif: 'pdf' },
      apres: { justificatif: null },
    });
    expect((await fetchReceipt('managerA', d.id)).status).toBe(404);
    // Replaced and removed files do not linger.
    const files = await server.ctx.database.db.selectFrom('files').select('id').execute();
    expect(files).toHaveLength(0);
  });

  it('un fichier qui ment sur son type → 415, trop gros → 413, sans fichier → 400 : en français, rien d’écrit', async () => {
    const d = await w.depense({}, 'managerA');
    const jpegBytes = await sharp(png).jpeg().toBuffer();
    const cases: Array<[string, FormData, number, string]> = [
      [
        'une photo déclarée PDF',
        fileForm(png, 'application/pdf', 'x.pdf'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      ['un PDF déclaré JPEG', fileForm(PDF, 'image/jpeg', 'x.jpg'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['un texte déclaré PNG', fileForm('bonjour', 'image/png'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [
        'un SVG',
        fileForm('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'un tableur',
        fileForm(jpegBytes, 'application/vnd.ms-excel', 'x.xls'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'un PDF de 6 Mo',
        fileForm(Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 32)]), 'application/pdf'),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      ['aucun fichier', new FormData(), 400, 'BAD_REQUEST'],
    ];
    const before = await snapshot(server.ctx);
    for (const [label, form, status, code] of cases) {
      const answer = await send('managerA', d.id, form);
      expect(answer.status, label).toBe(status);
      expectProblem(answer, status, code);
    }
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
  });

  it('le justificatif d’une dépense d’une autre boutique : 404, sans lire l’envoi', async () => {
    const theirs = await w.depense({}, 'ownerB');
    expect((await send('ownerB', theirs.id, fileForm(png, 'image/png'))).status).toBe(200);
    const before = await snapshot(server.ctx);
    expectProblem(await send('managerA', theirs.id, fileForm(png, 'image/png')), 404, 'NOT_FOUND');
    expect((await fetchReceipt('ownerA', theirs.id)).status).toBe(404);
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
  });
});
