import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eanCheckDigit, isInStoreEan13 } from '@comptoir/shared';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { fileForm, redPng } from './support/images.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`produits et stock (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token = {} as Record<'admin' | 'ownerA' | 'managerA' | 'ownerB', { token: string }>;
  const unite = {} as Record<'piece' | 'kg', number>;
  const url = (path = '') => `/api/services/${world.shopA.id}/produits${path}`;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    for (const name of ['admin', 'ownerA', 'managerA', 'ownerB'] as const)
      token[name] = { token: (await login(client, world[name].email)).token };
    const { db } = server.ctx.database;
    unite.piece = (
      await db
        .selectFrom('unites')
        .select('id')
        .where('nom', '=', 'pièce')
        .executeTakeFirstOrThrow()
    ).id;
    unite.kg = (
      await db
        .selectFrom('unites')
        .select('id')
        .where('nom', '=', 'kilogramme')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

  it('crée un produit complet : noms liés, stock initial en mouvement, valeur du stock', async () => {
    const { body: c } = await client.post(
      `/api/services/${world.shopA.id}/categories`,
      { nom: 'Épicerie' },
      token.ownerA,
    );
    const { body: m } = await client.post(
      `/api/services/${world.shopA.id}/marques`,
      { nom: 'Ferrero' },
      token.ownerA,
    );
    const created = await client.post(
      url(),
      {
        nom: 'Nutella 400 g',
        reference: 'NUT-400',
        codeBarres: '3017620422003',
        categorieId: c.id,
        marqueId: m.id,
        uniteId: unite.piece,
        prixAchat: 1333,
        prixVente: 2500,
        prixGros: 2200,
        tauxTva: 1800,
        seuilAlerte: 5000,
        description: 'Pâte à tartiner',
        stockInitial: 24000,
      },
      token.managerA,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      nom: 'Nutella 400 g',
      reference: 'NUT-400',
      codeBarres: '3017620422003',
      categorie: { id: c.id, nom: 'Épicerie' },
      marque: { id: m.id, nom: 'Ferrero' },
      unite: { id: unite.piece, nom: 'pièce', symbole: 'pce', fractionnable: false },
      prixAchat: 1333,
      prixVente: 2500,
      prixGros: 2200,
      tauxTva: 1800,
      seuilAlerte: 5000,
      quantite: 24000,
      valeurStock: 31992,
      etatStock: 'en_stock',
      image: null,
      actif: true,
    });
    const moves = await client.get(url(`/${created.body.id}/mouvements`), token.managerA);
    expect(moves.body.total).toBe(1);
    expect(moves.body.items[0]).toMatchObject({
      type: 'initial',
      quantite: 24000,
      documentType: null,
      user: { id: world.managerA.id },
    });
    expect((await client.get(url(`/${created.body.id}`), token.managerA)).body).toEqual(
      created.body,
    );
  });

  it('valeur du stock arrondie à la moitié en s’éloignant de zéro', async () => {
    const { body } = await client.post(
      url(),
      { nom: 'Riz en vrac', uniteId: unite.kg, prixAchat: 333, prixVente: 500, stockInitial: 1500 },
      token.ownerA,
    );
    expect(body.valeurStock).toBe(500); // 1,5 × 333 = 499,5 → 500
  });

  it('code-barres : clé EAN vérifiée, Code 128 accepté, EAN-13 interne 20–29 généré quand vide, unicité nommant l’autre produit', async () => {
    const bad = expectValidation(
      await client.post(
        url(),
        { nom: 'X', uniteId: unite.piece, prixVente: 1, codeBarres: '3017620422004' },
        token.ownerA,
      ),
      'codeBarres',
    );
    expect(messageOf(bad, 'codeBarres')).toBe(
      'La clé de contrôle du code EAN-13 est fausse (attendue : 3).',
    );
    expect(
      messageOf(
        expectValidation(
          await client.post(
            url(),
            { nom: 'X', uniteId: unite.piece, prixVente: 1, codeBarres: '96385075' },
            token.ownerA,
          ),
          'codeBarres',
        ),
        'codeBarres',
      ),
    ).toContain('EAN-8');
    expect(
      (
        await client.post(
          url(),
          { nom: 'Article EAN-8', uniteId: unite.piece, prixVente: 1, codeBarres: '96385074' },
          token.ownerA,
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await client.post(
          url(),
          { nom: 'Article interne', uniteId: unite.piece, prixVente: 1, codeBarres: 'ABC-128/x' },
          token.ownerA,
        )
      ).body.codeBarres,
    ).toBe('ABC-128/x');
    const generated = (
      await client.post(
        url(),
        { nom: 'Pain maison', uniteId: unite.piece, prixVente: 150, codeBarres: '' },
        token.ownerA,
      )
    ).body.codeBarres;
    expect(isInStoreEan13(generated)).toBe(true);
    expect(generated.slice(-1)).toBe(String(eanCheckDigit(generated.slice(0, 12))));
    const dup = expectProblem(
      await client.post(
        url(),
        { nom: 'Copie', uniteId: unite.piece, prixVente: 1, codeBarres: '3017620422003' },
        token.ownerA,
      ),
      409,
      'CONFLICT',
    );
    expect(dup.detail).toBe('Le code-barres 3017620422003 est déjà utilisé par « Nutella 400 g ».');
  });

  it('référence unique dans la boutique (409 nommant l’autre produit), libre dans une autre boutique', async () => {
    const dup = expectProblem(
      await client.post(
        url(),
        { nom: 'Autre', reference: 'NUT-400', uniteId: unite.piece, prixVente: 1 },
        token.ownerA,
      ),
      409,
      'CONFLICT',
    );
    expect(dup.detail).toBe('La référence NUT-400 est déjà utilisée par « Nutella 400 g ».');
    expect(dup.errors).toEqual([{ field: 'reference', message: dup.detail }]);
    const other = await client.post(
      `/api/services/${world.shopB.id}/produits`,
      {
        nom: 'Nutella B',
        reference: 'NUT-400',
        codeBarres: '3017620422003',
        uniteId: unite.piece,
        prixVente: 1,
      },
      token.ownerB,
    );
    expect(other.status).toBe(201);
  });

  it('quantité fractionnaire refusée pour une unité qui ne se fractionne pas ; acceptée au kilo', async () => {
    const refused = expectValidation(
      await client.post(
        url(),
        { nom: 'Savon', uniteId: unite.piece, prixVente: 300, stockInitial: 1500 },
        token.ownerA,
      ),
      'stockInitial',
    );
    expect(messageOf(refused, 'stockInitial')).toBe(
      "L'unité « pièce » ne se fractionne pas : la quantité doit être un nombre entier.",
    );
    expect(
      (
        await client.post(
          url(),
          { nom: 'Sucre', uniteId: unite.kg, prixVente: 800, stockInitial: 2250 },
          token.ownerA,
        )
      ).body.quantite,
    ).toBe(2250);
    const { body: savon } = await client.post(
      url(),
      { nom: 'Savon', uniteId: unite.piece, prixVente: 300 },
      token.ownerA,
    );
    expectValidation(
      await client.post(
        url(`/${savon.id}/ajustements`),
        { quantite: 500, motif: 'Casse' },
        token.ownerA,
      ),
      'quantite',
    );
  });

  it('recherche sans accents ni casse, par référence ou code-barres ; filtres et tri ; pages', async () => {
    await client.post(
      url(),
      {
        nom: 'Café moulu Arabica',
        reference: 'CAF-250',
        uniteId: unite.piece,
        prixVente: 1800,
        codeBarres: '4006381333931',
      },
      token.ownerA,
    );
    await client.post(
      url(),
      { nom: 'CRÈME fraîche', uniteId: unite.piece, prixVente: 900 },
      token.ownerA,
    );
    const names = async (q: string) =>
      (
        await client.get(`${url()}?q=${encodeURIComponent(q)}&size=50`, token.managerA)
      ).body.items.map((p: any) => p.nom);
    expect(await names('cafe')).toEqual(['Café moulu Arabica']);
    expect(await names('CAFÉ MOU')).toEqual(['Café moulu Arabica']);
    expect(await names('creme fraiche')).toEqual(['CRÈME fraîche']);
    expect(await names('caf-2')).toEqual(['Café moulu Arabica']);
    expect(await names('4006381333931')).toEqual(['Café moulu Arabica']);
    expect(await names('100%_')).toEqual([]);
    const page = await client.get(`${url()}?sort=nom,asc`, token.managerA);
    expect(page.body.size).toBe(8);
    expect(page.body.items).toHaveLength(8);
    expect(page.body.total).toBeGreaterThan(8);
    const sorted = page.body.items.map((p: any) => p.nom.toLowerCase());
    expect(sorted).toEqual([...sorted].sort((a: string, b: string) => a.localeCompare(b, 'fr')));
    const byPrice = (
      await client.get(`${url()}?sort=prix_vente,desc&size=3`, token.managerA)
    ).body.items.map((p: any) => p.prixVente);
    expect(byPrice).toEqual([...byPrice].sort((a: number, b: number) => b - a));
    expectValidation(await client.get(`${url()}?sort=prix,asc`, token.managerA), 'sort');
    expectValidation(await client.get(`${url()}?stock=beaucoup`, token.managerA), 'stock');
  });

  it('états du stock : en stock, sous le seuil, en rupture', async () => {
    const make = async (nom: string, stockInitial: number) =>
      (
        await client.post(
          url(),
          { nom, uniteId: unite.piece, prixVente: 100, seuilAlerte: 5000, stockInitial },
          token.ownerA,
        )
      ).body;
    const plein = await make('Zeta plein', 10000);
    const bas = await make('Zeta bas', 5000);
    const vide = await make('Zeta vide', 0);
    expect([plein.etatStock, bas.etatStock, vide.etatStock]).toEqual([
      'en_stock',
      'sous_seuil',
      'rupture',
    ]);
    const ids = async (stock: string) =>
      (await client.get(`${url()}?q=zeta&stock=${stock}`, token.managerA)).body.items.map(
        (p: any) => p.id,
      );
    expect(await ids('en_stock')).toEqual([plein.id]);
    expect(await ids('sous_seuil')).toEqual([bas.id]);
    expect(await ids('rupture')).toEqual([vide.id]);
  });

  it('lecture par code-barres exact (lecteurs) ; 404 en français sinon', async () => {
    const found = await client.get(url('/code-barres/3017620422003'), token.managerA);
    expect(found.body.nom).toBe('Nutella 400 g');
    expect(
      (await client.get(url(`/code-barres/${encodeURIComponent('ABC-128/x')}`), token.managerA))
        .body.nom,
    ).toBe('Article interne');
    expect(
      expectProblem(
        await client.get(url('/code-barres/301762042200'), token.managerA),
        404,
        'NOT_FOUND',
      ).detail,
    ).toBe('Aucun produit de cette boutique ne porte le code-barres 301762042200.');
  });

  it('modification : jamais la quantité ; code-barres et référence toujours uniques', async () => {
    const { body: p } = await client.post(
      url(),
      { nom: 'Thé vert', uniteId: unite.piece, prixVente: 1000, stockInitial: 3000 },
      token.ownerA,
    );
    const put = await client.put(
      url(`/${p.id}`),
      {
        nom: 'Thé vert menthe',
        uniteId: unite.piece,
        prixVente: 1100,
        codeBarres: p.codeBarres,
        quantite: 999000,
      },
      token.managerA,
    );
    expect(put.body).toMatchObject({
      nom: 'Thé vert menthe',
      prixVente: 1100,
      quantite: 3000,
      codeBarres: p.codeBarres,
    });
    expectProblem(
      await client.put(
        url(`/${p.id}`),
        { nom: 'Thé', uniteId: unite.piece, prixVente: 1, codeBarres: '3017620422003' },
        token.managerA,
      ),
      409,
      'CONFLICT',
    );
    expectProblem(
      await client.put(
        url('/999999'),
        { nom: 'Thé', uniteId: unite.piece, prixVente: 1 },
        token.managerA,
      ),
      404,
      'NOT_FOUND',
    );
    // Deactivating through PUT stays the owner's, as through …/desactiver.
    const body = {
      nom: 'Thé vert menthe',
      uniteId: unite.piece,
      prixVente: 1100,
      codeBarres: p.codeBarres,
      actif: false,
    };
    expectProblem(await client.put(url(`/${p.id}`), body, token.managerA), 403, 'FORBIDDEN');
    expect((await client.get(url(`/${p.id}`), token.managerA)).body.actif).toBe(true);
    expect((await client.put(url(`/${p.id}`), body, token.ownerA)).body.actif).toBe(false);
    expect(
      (await client.put(url(`/${p.id}`), { ...body, nom: 'Thé vert' }, token.managerA)).body,
    ).toMatchObject({ nom: 'Thé vert', actif: false });
    expect((await client.post(url(`/${p.id}/activer`), undefined, token.ownerA)).body.actif).toBe(
      true,
    );
  });

  it('ajustement par le propriétaire avec motif obligatoire ; stock insuffisant 409 ; le gérant ne peut pas', async () => {
    const { body: p } = await client.post(
      url(),
      {
        nom: 'Huile 1 L',
        uniteId: unite.piece,
        prixAchat: 1000,
        prixVente: 1500,
        stockInitial: 2000,
      },
      token.ownerA,
    );
    expectProblem(
      await client.post(
        url(`/${p.id}/ajustements`),
        { quantite: -1000, motif: 'Casse' },
        token.managerA,
      ),
      403,
      'FORBIDDEN',
    );
    const noReason = expectValidation(
      await client.post(url(`/${p.id}/ajustements`), { quantite: -1000, motif: '' }, token.ownerA),
      'motif',
    );
    expect(messageOf(noReason, 'motif')).toBe("Le motif de l'ajustement est obligatoire.");
    expectValidation(
      await client.post(url(`/${p.id}/ajustements`), { quantite: 0, motif: 'Rien' }, token.ownerA),
      'quantite',
    );
    const after = await client.post(
      url(`/${p.id}/ajustements`),
      { quantite: -1000, motif: 'Bouteille cassée' },
      token.ownerA,
    );
    expect(after.body).toMatchObject({ quantite: 1000, valeurStock: 1000 });
    const short = expectProblem(
      await client.post(
        url(`/${p.id}/ajustements`),
        { quantite: -2000, motif: 'Vol' },
        token.ownerA,
      ),
      409,
      'CONFLICT',
    );
    expect(short.detail).toBe('Stock insuffisant pour « Huile 1 L » : 1 pce disponible.');
    const moves = (await client.get(url(`/${p.id}/mouvements`), token.managerA)).body;
    expect(moves.items.map((m: any) => [m.type, m.quantite, m.motif])).toEqual([
      ['ajustement', -1000, 'Bouteille cassée'],
      ['initial', 2000, 'Stock initial'],
    ]);
    expect(moves.items[0].user).toMatchObject({ id: world.ownerA.id });
    const asc = (
      await client.get(url(`/${p.id}/mouvements?sort=created_at,asc&type=initial`), token.managerA)
    ).body;
    expect(asc.items.map((m: any) => m.type)).toEqual(['initial']);
    // A shop that allows negative stock accepts it.
    await server.ctx.database.db
      .updateTable('services')
      .set({ stock_negatif_autorise: 1 })
      .where('id', '=', world.shopA.id)
      .execute();
    try {
      expect(
        (
          await client.post(
            url(`/${p.id}/ajustements`),
            { quantite: -3000, motif: 'Vente non saisie' },
            token.ownerA,
          )
        ).body,
      ).toMatchObject({ quantite: -2000, etatStock: 'rupture' });
    } finally {
      await server.ctx.database.db
        .updateTable('services')
        .set({ stock_negatif_autorise: 0 })
        .where('id', '=', world.shopA.id)
        .execute();
    }
  });

  it('suppression d’un produit sans mouvement seulement ; sinon 409 proposant la désactivation ; désactiver / réactiver', async () => {
    const { body: unused } = await client.post(
      url(),
      { nom: 'Jamais vendu', uniteId: unite.piece, prixVente: 10 },
      token.managerA,
    );
    expectProblem(await client.delete(url(`/${unused.id}`), token.managerA), 403, 'FORBIDDEN');
    expect((await client.delete(url(`/${unused.id}`), token.ownerA)).status).toBe(204);
    expectProblem(await client.get(url(`/${unused.id}`), token.ownerA), 404, 'NOT_FOUND');
    const { body: used } = await client.post(
      url(),
      { nom: 'Déjà en stock', uniteId: unite.piece, prixVente: 10, stockInitial: 1000 },
      token.ownerA,
    );
    const refused = expectProblem(
      await client.delete(url(`/${used.id}`), token.ownerA),
      409,
      'CONFLICT',
    );
    expect(refused.detail).toBe(
      '« Déjà en stock » a déjà des mouvements de stock : il ne peut plus être supprimé. Désactivez-le plutôt.',
    );
    expectProblem(
      await client.post(url(`/${used.id}/desactiver`), undefined, token.managerA),
      403,
      'FORBIDDEN',
    );
    expect(
      (await client.post(url(`/${used.id}/desactiver`), undefined, token.ownerA)).body.actif,
    ).toBe(false);
    expect(
      (await client.get(`${url()}?actif=false`, token.managerA)).body.items.map((p: any) => p.id),
    ).toEqual([used.id]);
    expect(
      (await client.post(url(`/${used.id}/activer`), undefined, token.ownerA)).body.actif,
    ).toBe(true);
  });

  it('photo du produit : réduite, servie, remplacée puis retirée ; un fichier qui n’est pas une image : 415', async () => {
    const { body: p } = await client.post(
      url(),
      { nom: 'Photo', uniteId: unite.piece, prixVente: 10 },
      token.managerA,
    );
    const saved = await client.request('POST', url(`/${p.id}/image`), {
      token: token.managerA.token,
      form: fileForm(await redPng(), 'image/png'),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.image).toMatch(/^\/api\/files\/[0-9a-f]{32}$/);
    const image = await client.get(saved.body.image);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const again = await client.request('POST', url(`/${p.id}/image`), {
      token: token.managerA.token,
      form: fileForm(await redPng(), 'image/png'),
    });
    expect((await client.get(saved.body.image)).status).toBe(404);
    expectProblem(
      await client.request('POST', url(`/${p.id}/image`), {
        token: token.managerA.token,
        form: fileForm('pas une image', 'text/plain', 'a.txt'),
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const removed = await client.delete(url(`/${p.id}/image`), token.managerA);
    expect(removed.body.image).toBeNull();
    expect((await client.get(again.body.image)).status).toBe(404);
  });

  it('isolation : le produit d’une autre boutique donne 404 en lecture, modification, suppression, ajustement, historique et code-barres', async () => {
    const { body: b } = await client.post(
      `/api/services/${world.shopB.id}/produits`,
      {
        nom: 'Secret de B',
        uniteId: unite.piece,
        prixVente: 10,
        codeBarres: '96385074',
        stockInitial: 1000,
      },
      token.ownerB,
    );
    expectProblem(await client.get(url(`/${b.id}`), token.ownerA), 404, 'NOT_FOUND');
    expectProblem(
      await client.put(
        url(`/${b.id}`),
        { nom: 'Volé', uniteId: unite.piece, prixVente: 1 },
        token.ownerA,
      ),
      404,
      'NOT_FOUND',
    );
    expectProblem(await client.delete(url(`/${b.id}`), token.ownerA), 404, 'NOT_FOUND');
    expectProblem(
      await client.post(
        url(`/${b.id}/ajustements`),
        { quantite: -1000, motif: 'Vol' },
        token.ownerA,
      ),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.post(url(`/${b.id}/desactiver`), undefined, token.ownerA),
      404,
      'NOT_FOUND',
    );
    expectProblem(await client.get(url(`/${b.id}/mouvements`), token.ownerA), 404, 'NOT_FOUND');
    expectProblem(await client.delete(url(`/${b.id}/image`), token.managerA), 404, 'NOT_FOUND');
    // Shop A has its own product with the EAN-8 code 96385074: the lookup answers shop A's, never B's.
    expect((await client.get(url('/code-barres/96385074'), token.managerA)).body.nom).toBe(
      'Article EAN-8',
    );
    expect(
      (await client.get(`/api/services/${world.shopB.id}/produits/${b.id}`, token.ownerB)).body
        .quantite,
    ).toBe(1000);
    expect(
      (await client.get(`/api/services/${world.shopB.id}/produits?q=secret`, token.ownerA)).status,
    ).toBe(404);
  });

  it('export CSV des produits filtrés : BOM, points-virgules, virgules décimales, formules neutralisées', async () => {
    await client.post(
      url(),
      {
        nom: '=HYPERLIEN("x")',
        reference: 'CSV-1',
        uniteId: unite.kg,
        prixAchat: 333,
        prixVente: 1250,
        stockInitial: 1500,
        tauxTva: 1850,
      },
      token.ownerA,
    );
    const answer = await client.get(`${url('/export.csv')}?q=CSV-1`, token.managerA);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="produits-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const raw = Buffer.from(
      await (
        await fetch(`${server.baseUrl}${url('/export.csv')}?q=CSV-1`, {
          headers: { authorization: `Bearer ${token.managerA.token}` },
        })
      ).arrayBuffer(),
    );
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (answer.body as string).split('\r\n');
    expect(lines[0]).toBe(
      "Nom;Référence;Code-barres;Catégorie;Marque;Unité;Prix d'achat;Prix de vente;Prix de gros;TVA (%);Seuil d'alerte;Quantité;Valeur du stock;Actif",
    );
    const cells = lines[1]!.split(';');
    expect(cells[0]).toBe(`"'=HYPERLIEN(""x"")"`);
    expect(cells.slice(1, 2)).toEqual(['CSV-1']);
    expect(cells.slice(5)).toEqual(['kg', '333', '1250', '', '18,5', '0', '1,5', '500', 'oui']);
    expect(lines).toHaveLength(3);
    const all = (await client.get(url('/export.csv'), token.ownerA)).body as string;
    expect(all.split('\r\n').length - 2).toBe((await client.get(url(), token.ownerA)).body.total);
  });
});
