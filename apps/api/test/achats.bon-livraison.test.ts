import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyingWorld } from './support/achats.js';
import { TEST_DIALECT } from './support/database.js';
import { createService } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectValidation } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`achats : lecture d’un bon de livraison (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof buyingWorld>>;
  let shop: number;
  const url = () => `${w.shopUrl(shop)}/achats/bon-livraison`;

  /** A product of `shop` with a reference and a barcode, its last cost `prixAchat`. */
  async function produit(
    nom: string,
    reference: string,
    codeBarres: string,
    prixAchat: number,
    inShop = shop,
  ) {
    const r = await client.post(
      `${w.shopUrl(inShop)}/produits`,
      { nom, reference, codeBarres, uniteId: w.unite.id, prixVente: prixAchat * 2, prixAchat },
      w.tokens.ownerA,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number };
  }

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await buyingWorld(server.ctx, client);
    shop = (await createService(server.ctx, w.world.ownerA.id)).id;
  });
  afterAll(() => server.close());

  it('reconnaît chaque ligne par référence puis par code-barres, garde le coût du bon (sinon le dernier) et nomme en français les lignes refusées, sans rien écrire', async () => {
    const riz = await produit('Riz parfumé 5 kg', 'RIZ-5', '3017620422003', 2500);
    const huile = await produit('Huile 1 L', 'HUI-1', '5449000000996', 1200);
    const archive = await produit('Savon ancien', 'SAV-0', '4006381333931', 300);
    expect(
      (
        await client.post(
          `${w.shopUrl(shop)}/produits/${archive.id}/desactiver`,
          {},
          w.tokens.ownerA,
        )
      ).status,
    ).toBe(200);
    // A product of another shop with the same reference is never matched.
    const other = await createService(server.ctx, w.world.ownerA.id);
    await client.post(
      `${w.shopUrl(other.id)}/produits`,
      { nom: 'Autre', reference: 'AUTRE-1', uniteId: w.unite.id, prixVente: 10 },
      w.tokens.ownerA,
    );
    const before = await counts();
    const r = await client.post(
      url(),
      {
        lignes: [
          { ligne: 1, code: 'RIZ-5', quantite: 10_000, prixUnitaire: 2400 },
          { ligne: 2, code: ' 5449000000996 ', quantite: 24_000 },
          { ligne: 3, code: 'INCONNU-9', quantite: 1000, prixUnitaire: 100 },
          { ligne: 4, code: 'SAV-0', quantite: 1000 },
          { ligne: 5, code: 'HUI-1', quantite: 1500 },
          { ligne: 6, code: 'AUTRE-1', quantite: 1000 },
        ],
      },
      w.tokens.ownerA,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.lignes).toEqual([
      {
        ligne: 1,
        produit: expect.objectContaining({ id: riz.id, nom: 'Riz parfumé 5 kg', prixAchat: 2500 }),
        quantite: 10_000,
        prixUnitaire: 2400,
      },
      {
        ligne: 2,
        produit: expect.objectContaining({
          id: huile.id,
          uniteSymbole: 'pce',
          fractionnable: false,
        }),
        quantite: 24_000,
        prixUnitaire: 1200,
      },
    ]);
    expect(r.body.erreurs).toEqual([
      {
        ligne: 3,
        code: 'INCONNU-9',
        message:
          "Ligne 3 : aucun produit de la boutique n'a la référence ou le code-barres « INCONNU-9 ».",
      },
      {
        ligne: 4,
        code: 'SAV-0',
        message: 'Ligne 4 : le produit « Savon ancien » (« SAV-0 ») est archivé.',
      },
      {
        ligne: 5,
        code: 'HUI-1',
        message:
          "Ligne 5 : « Huile 1 L » se compte en unités entières : la quantité 1,5 n'est pas acceptée.",
      },
      {
        ligne: 6,
        code: 'AUTRE-1',
        message:
          "Ligne 6 : aucun produit de la boutique n'a la référence ou le code-barres « AUTRE-1 ».",
      },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('un code de chiffres qui a perdu ses zéros de tête (Excel) trouve le seul produit dont le code-barres complété de zéros est le même, jamais deux', async () => {
    const own = (await createService(server.ctx, w.world.ownerA.id)).id;
    const lire = async (lignes: unknown[], inShop = own) => {
      const r = await client.post(
        `${w.shopUrl(inShop)}/achats/bon-livraison`,
        { lignes },
        w.tokens.ownerA,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as { lignes: { ligne: number; produit: { id: number } }[]; erreurs: unknown[] };
    };
    const ean13 = await produit('Lait concentré', 'LAIT-1', '0012345678905', 500, own);
    const ean8 = await produit('Chewing-gum', 'CHEW-1', '00000000', 50, own);
    const chiffres = await produit('Référence chiffrée', '17620422003', '3017620422003', 900, own);
    const lu = await lire([
      { ligne: 1, code: '12345678905', quantite: 1000 },
      { ligne: 2, code: '0', quantite: 1000 },
      { ligne: 3, code: '17620422003', quantite: 1000 },
      { ligne: 4, code: '2345678905', quantite: 1000 },
    ]);
    expect(lu.lignes.map((l) => [l.ligne, l.produit.id])).toEqual([
      [1, ean13.id],
      [2, ean8.id],
      [3, chiffres.id],
    ]);
    // Zeros are only ever added on the left: « 2345678905 » is not « 0012345678905 ».
    expect(lu.erreurs).toEqual([
      {
        ligne: 4,
        code: '2345678905',
        message:
          "Ligne 4 : aucun produit de la boutique n'a la référence ou le code-barres « 2345678905 ».",
      },
    ]);
    // The same digits as a 12-digit code and as a 13-digit code of two products: ambiguous.
    const upc = await produit('Lait UPC', 'LAIT-2', '012345678905', 500, own);
    const deux = await lire([{ ligne: 1, code: '12345678905', quantite: 1000 }]);
    expect(deux.lignes).toEqual([]);
    expect(deux.erreurs).toEqual([
      {
        ligne: 1,
        code: '12345678905',
        message:
          'Ligne 1 : le code « 12345678905 », complété de zéros à gauche, désigne plusieurs produits : « Lait UPC » (012345678905), « Lait concentré » (0012345678905). Écrivez le code-barres complet.',
      },
    ]);
    // The code as written still finds its product exactly.
    expect((await lire([{ ligne: 1, code: '012345678905', quantite: 1000 }])).lignes).toEqual([
      expect.objectContaining({ produit: expect.objectContaining({ id: upc.id }) }),
    ]);
  });

  it('le même produit sur plusieurs lignes du bon : quantités additionnées au même coût, ligne refusée à un autre coût', async () => {
    const own = (await createService(server.ctx, w.world.ownerA.id)).id;
    const riz = await produit('Riz brisé', 'RIZ-B', '3017620422003', 2500, own);
    const sucre = await produit('Sucre', 'SUC-1', '5449000000996', 700, own);
    const r = await client.post(
      `${w.shopUrl(own)}/achats/bon-livraison`,
      {
        lignes: [
          { ligne: 1, code: 'RIZ-B', quantite: 10_000, prixUnitaire: 2400 },
          { ligne: 2, code: 'SUC-1', quantite: 5000 },
          { ligne: 3, code: '3017620422003', quantite: 2000, prixUnitaire: 2400 },
          { ligne: 4, code: 'SUC-1', quantite: 1000, prixUnitaire: 700 },
          { ligne: 5, code: 'RIZ-B', quantite: 1000, prixUnitaire: 0 },
        ],
      },
      w.tokens.ownerA,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.lignes).toEqual([
      {
        ligne: 1,
        produit: expect.objectContaining({ id: riz.id }),
        quantite: 12_000,
        prixUnitaire: 2400,
      },
      {
        ligne: 2,
        produit: expect.objectContaining({ id: sucre.id }),
        quantite: 6000,
        prixUnitaire: 700,
      },
    ]);
    expect(r.body.erreurs).toEqual([
      {
        ligne: 5,
        code: 'RIZ-B',
        message:
          "Ligne 5 : « Riz brisé » est déjà ligne 1 du bon à un autre coût (2\u202F400\u00A0FCFA, ici 0\u00A0FCFA) ; un achat n'a qu'une ligne par produit : corrigez sa quantité et son coût à la main.",
      },
    ]);
  });

  it('une entrée invalide (types, quantité négative ou énorme, coût négatif, aucune ligne) → 400 en français', async () => {
    const bad = async (lignes: unknown, ...fields: string[]) =>
      expectValidation(await client.post(url(), { lignes }, w.tokens.ownerA), ...fields);
    await bad([], 'lignes');
    await bad('RIZ', 'lignes');
    await bad([{ ligne: 1, code: 'RIZ-5', quantite: -1000 }], 'lignes.0.quantite');
    await bad([{ ligne: 1, code: 'RIZ-5', quantite: 1e12 }], 'lignes.0.quantite');
    await bad([{ ligne: 1, code: 'RIZ-5', quantite: '10' }], 'lignes.0.quantite');
    await bad(
      [{ ligne: 1, code: 'RIZ-5', quantite: 1000, prixUnitaire: -5 }],
      'lignes.0.prixUnitaire',
    );
    await bad([{ ligne: 1, code: '   ', quantite: 1000 }], 'lignes.0.code');
    const body = await bad(
      Array.from({ length: 501 }, (_, i) => ({ ligne: i + 1, code: 'X', quantite: 1000 })),
      'lignes',
    );
    expect(body.errors?.[0]?.message).toBe('Un achat ne peut pas dépasser 500 lignes.');
  });

  /** Rows of the tables a purchase writes: a delivery note read must leave them as they are. */
  async function counts() {
    const { db } = server.ctx.database;
    const n = async (table: 'achats' | 'achat_lignes' | 'mouvements_stock' | 'produits') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      achats: await n('achats'),
      lignes: await n('achat_lignes'),
      mouvements: await n('mouvements_stock'),
      produits: await n('produits'),
    };
  }
});
