import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { expectAnnouncedRows } from './support/export.js';
import type { TestClient } from './support/http.js';
import { inventoryWorld } from './support/inventaires.js';
import { pdfText } from './support/pdf.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { newKey } from './support/retours-dettes.js';
import { changedTables, snapshot } from './support/snapshot.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`inventaires : saisies refusées, isolement, feuille et export (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof inventoryWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    w = await inventoryWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  /** The call is refused with `status` and writes nothing. */
  async function refused(call: () => Promise<any>, status: number, code: string) {
    const before = await snapshot(server.ctx);
    const answer = await call();
    const body = expectProblem(answer, status, code);
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
    return body;
  }

  it('ouverture : périmètre, catégories, un seul inventaire en cours par boutique', async () => {
    const rayon = await w.categorie();
    const autreBoutique = await w.categorie(w.world.shopB.id, w.tokens.ownerB);
    const vide = await w.categorie();
    const dans = await w.produit({ stock: 2000, prixAchat: 100, categorieId: rayon });
    const hors = await w.produit({ stock: 2000, prixAchat: 100 });
    const open = (body: unknown) => () => client.post(w.url(), body, w.tokens.ownerA);

    let body = await refused(open({ perimetre: 'rayon' }), 400, 'VALIDATION');
    expect(messageOf(body, 'perimetre')).toContain('périmètre');
    body = await refused(open({ perimetre: 'categories', categorieIds: [] }), 400, 'VALIDATION');
    expect(messageOf(body, 'categorieIds')).toBe('Choisissez au moins une catégorie.');
    await refused(open({ perimetre: 'boutique', categorieIds: [rayon] }), 400, 'VALIDATION');
    await refused(
      open({ perimetre: 'categories', categorieIds: [rayon, rayon] }),
      400,
      'VALIDATION',
    );
    body = await refused(
      open({ perimetre: 'categories', categorieIds: [rayon, autreBoutique] }),
      400,
      'VALIDATION',
    );
    expect(messageOf(body, 'categorieIds.1')).toContain('n’existe pas');
    await refused(open({ perimetre: 'categories', categorieIds: [vide] }), 422, 'BUSINESS_RULE');
    await refused(open({ perimetre: 'boutique', note: 'x'.repeat(501) }), 400, 'VALIDATION');

    const inv = await w.ouvrir({ perimetre: 'categories', categorieIds: [rayon], note: 'Rayon 1' });
    const detail = (await client.get(w.url(`/${inv.id}`), w.tokens.managerA)).body;
    expect(detail).toMatchObject({
      statut: 'ouvert',
      perimetre: 'categories',
      categories: [{ id: rayon }],
      note: 'Rayon 1',
      ouvertPar: { id: w.world.ownerA.id },
      resume: { produits: 1, comptes: 0, nonComptes: 1 },
    });
    expect([...(await w.lignes(inv.id)).keys()]).toEqual([dans.id]);
    body = await refused(open({ perimetre: 'boutique' }), 409, 'CONFLICT');
    expect(body.detail).toContain('déjà en cours');
    // Outside the perimeter: 422; the other shop's product: 404.
    await refused(() => w.saisie(inv.id, hors.id, 1000), 422, 'BUSINESS_RULE');
    const b = await w.produit({
      stock: 1000,
      prixAchat: 1,
      shop: w.world.shopB.id,
      token: w.tokens.ownerB,
    });
    await refused(() => w.saisie(inv.id, b.id, 1000), 404, 'NOT_FOUND');
    await refused(() => w.scan(inv.id, b.code), 404, 'NOT_FOUND');
    expect(
      (await client.post(w.url(`/${inv.id}/annulation`), {}, w.tokens.ownerA)).body.statut,
    ).toBe('annule');
  });

  it('comptage : corps invalides refusés en français, rien d’écrit', async () => {
    const piece = await w.produit({ stock: 2000, prixAchat: 100 });
    const inv = await w.ouvrir();
    const count = (body: Record<string, unknown>) => () =>
      client.post(w.url(`/${inv.id}/comptages`), body, w.tokens.managerA);
    const cle = newKey();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cleIdempotence: cle, mode: 'scan' }, 'produitId'],
      [
        { cleIdempotence: cle, mode: 'scan', produitId: piece.id, codeBarres: piece.code },
        'produitId',
      ],
      [{ cleIdempotence: cle, mode: 'saisie', produitId: piece.id }, 'quantite'],
      [{ cleIdempotence: cle, mode: 'saisie', produitId: piece.id, quantite: -1000 }, 'quantite'],
      [{ cleIdempotence: cle, mode: 'saisie', produitId: piece.id, quantite: 1.5 }, 'quantite'],
      [{ cleIdempotence: cle, mode: 'scan', produitId: piece.id, quantite: 1000 }, 'quantite'],
      [{ cleIdempotence: cle, mode: 'compter', produitId: piece.id }, 'mode'],
      [{ mode: 'scan', produitId: piece.id }, 'cleIdempotence'],
      // A piece does not split.
      [{ cleIdempotence: cle, mode: 'saisie', produitId: piece.id, quantite: 1500 }, 'quantite'],
    ];
    for (const [body, field] of cases) {
      const before = await snapshot(server.ctx);
      expectValidation(await count(body)(), field);
      expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
    }
    await refused(
      count({ cleIdempotence: cle, mode: 'scan', codeBarres: 'INCONNU-1' }),
      404,
      'NOT_FOUND',
    );
    await refused(
      () =>
        client.post(
          w.url('/999999/comptages'),
          { cleIdempotence: cle, mode: 'scan', produitId: piece.id },
          w.tokens.ownerA,
        ),
      404,
      'NOT_FOUND',
    );
    await refused(
      () => client.get(`${w.url(`/${inv.id}/lignes`)}?etat=perdues`, w.tokens.ownerA),
      400,
      'VALIDATION',
    );
    // The manager counts but neither validates nor cancels.
    await refused(
      () => client.post(w.url(`/${inv.id}/validation`), {}, w.tokens.managerA),
      403,
      'FORBIDDEN',
    );
    await refused(
      () => client.post(w.url(`/${inv.id}/annulation`), {}, w.tokens.managerA),
      403,
      'FORBIDDEN',
    );
    await refused(
      () => client.post(w.url(), { perimetre: 'boutique' }, w.tokens.managerA),
      403,
      'FORBIDDEN',
    );
    expect((await client.post(w.url(`/${inv.id}/annulation`), {}, w.tokens.ownerA)).status).toBe(
      200,
    );
  });

  it('isolement : l’inventaire d’une autre boutique répond 404 et ne se compte pas', async () => {
    const pb = await w.produit({
      stock: 1000,
      prixAchat: 1,
      shop: w.world.shopB.id,
      token: w.tokens.ownerB,
    });
    const invB = await w.ouvrir({ perimetre: 'boutique' }, w.world.shopB.id);
    for (const path of ['', '/lignes', '/feuille.pdf', '/export.csv'])
      expectProblem(
        await client.get(w.url(`/${invB.id}${path}`), w.tokens.ownerA),
        404,
        'NOT_FOUND',
      );
    // Through shop A's url, and through shop B's by A's people.
    await refused(() => w.saisie(invB.id, pb.id, 1000), 404, 'NOT_FOUND');
    await refused(
      () =>
        w.compter(
          invB.id,
          { mode: 'saisie', produitId: pb.id, quantite: 1000 },
          w.tokens.managerA,
          w.world.shopB.id,
        ),
      404,
      'NOT_FOUND',
    );
    await refused(
      () => client.post(w.url(`/${invB.id}/validation`), {}, w.tokens.ownerA),
      404,
      'NOT_FOUND',
    );
    await refused(
      () => client.post(w.url(`/${invB.id}/annulation`), {}, w.tokens.ownerA),
      404,
      'NOT_FOUND',
    );
    // Shop A's history does not list it.
    const history = (await client.get(`${w.url()}?size=200`, w.tokens.ownerA)).body;
    expect(history.items.map((i: { id: number }) => i.id)).not.toContain(invB.id);
  });

  it('feuille de comptage PDF et export CSV des lignes', async () => {
    const rayon = await w.categorie();
    const p = await w.produit({ stock: 2500, prixAchat: 333, kg: true, categorieId: rayon });
    const q = await w.produit({ stock: 1000, prixAchat: 10, categorieId: rayon });
    const inv = await w.ouvrir({ perimetre: 'categories', categorieIds: [rayon] });
    await w.saisie(inv.id, p.id, 1000, w.tokens.managerA);
    const response = await fetch(`${server.baseUrl}${w.url(`/${inv.id}/feuille.pdf`)}`, {
      headers: { authorization: `Bearer ${w.tokens.managerA.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain(`Feuille de comptage — inventaire n° ${inv.id}`);
    expect(text).toContain('2 produits');
    // Already counted: its count printed; not yet: a blank to fill in.
    expect(text).toMatch(new RegExp(`${p.code}\\s+kg\\s+1\\b`));
    expect(text).toMatch(new RegExp(`${q.code}\\s+\\S+\\s+…`));
    const csv = await client.get(w.url(`/${inv.id}/export.csv`), w.tokens.ownerA);
    expectAnnouncedRows(csv);
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="inventaire-${inv.id}.csv"`,
    );
    // No cell here holds a separator or a quote: a plain split reads it.
    const rows = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(';'));
    expect(rows[0]!.join(';')).toBe(
      "Produit;Référence;Code-barres;Catégorie;Unité;Quantité à l'ouverture;Mouvements depuis;Quantité attendue;Quantité comptée;Écart;Prix d'achat;Valeur de l'écart;Comptages;Dernier comptage par;Dernier comptage le",
    );
    expect(rows).toHaveLength(3);
    const header = rows[0]!;
    const row = rows.find((r) => r[header.indexOf('Quantité comptée')] === '1')!;
    // 2,5 kg expected, 1 counted: −1,5 kg × 333 = −499,5 → −500 (half away from zero).
    expect(row[header.indexOf('Écart')]).toBe('-1,5');
    expect(row[header.indexOf("Valeur de l'écart")]).toBe('-500');
    await client.post(w.url(`/${inv.id}/annulation`), {}, w.tokens.ownerA);
  });
});
