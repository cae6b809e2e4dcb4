import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceLists } from '../src/db/migrations/002_accounts.js';
import { TYPE_VENTE_REFERENCES } from '../src/modules/types-ventes/types-ventes.service.js';
import { UNITE_REFERENCES } from '../src/modules/unites/unites.service.js';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { foreignKeysTo } from './support/foreign-keys.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { nouveauProduit, panier, referentiels } from './ventes.fixtures.js';

describe(`unités et types de vente (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  const token = {} as Record<'admin' | 'ownerA' | 'managerA', { token: string }>;
  let world: Awaited<ReturnType<typeof createTenants>>;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    for (const name of ['admin', 'ownerA', 'managerA'] as const)
      token[name] = { token: (await login(client, world[name].email)).token };
  });
  afterAll(() => server.close());

  describe('unités', () => {
    it('la liste usuelle est en place ; propriétaire et gérant la lisent', async () => {
      for (const who of ['admin', 'ownerA', 'managerA'] as const) {
        const list = await client.get('/api/unites?size=200&sort=nom,asc', token[who]);
        expect(list.status).toBe(200);
        const bySymbol = Object.fromEntries(
          list.body.items.map((u: any) => [u.symbole, u.fractionnable]),
        );
        expect(bySymbol).toEqual({
          pce: false,
          kg: true,
          g: false,
          L: true,
          m: true,
          ctn: false,
          sac: false,
          pqt: false,
          bte: false,
        });
      }
      const first = await client.get('/api/unites', token.managerA);
      expect(first.body).toMatchObject({ total: 9, page: 1, size: 8 });
      expect(
        (await client.get('/api/unites?q=KILO', token.ownerA)).body.items.map((u: any) => u.nom),
      ).toEqual(['kilogramme']);
      const one = first.body.items[0];
      expect((await client.get(`/api/unites/${one.id}`, token.managerA)).body).toEqual(one);
      expectProblem(await client.get('/api/unites/999999', token.managerA), 404, 'NOT_FOUND');
    });

    it('l’admin crée, modifie, supprime ; un nom est unique quelle que soit la casse', async () => {
      const created = await client.post(
        '/api/unites',
        { nom: 'douzaine', symbole: 'dz', fractionnable: false },
        token.admin,
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ nom: 'douzaine', symbole: 'dz', fractionnable: false });
      const dup = expectProblem(
        await client.post(
          '/api/unites',
          { nom: 'Douzaine', symbole: 'dz', fractionnable: false },
          token.admin,
        ),
        409,
        'CONFLICT',
      );
      expect(dup.detail).toBe('Une unité porte déjà ce nom.');
      expectProblem(
        await client.put(
          `/api/unites/${created.body.id}`,
          { nom: 'KILOGRAMME', symbole: 'kg', fractionnable: true },
          token.admin,
        ),
        409,
        'CONFLICT',
      );
      const renamed = await client.put(
        `/api/unites/${created.body.id}`,
        { nom: 'Douzaine', symbole: 'dz', fractionnable: true },
        token.admin,
      );
      expect(renamed.body).toMatchObject({ nom: 'Douzaine', fractionnable: true });
      expect((await client.delete(`/api/unites/${created.body.id}`, token.admin)).status).toBe(204);
      expectProblem(
        await client.get(`/api/unites/${created.body.id}`, token.admin),
        404,
        'NOT_FOUND',
      );
      expectProblem(
        await client.delete(`/api/unites/${created.body.id}`, token.admin),
        404,
        'NOT_FOUND',
      );
    });

    it('valide en français', async () => {
      const body = expectValidation(
        await client.post(
          '/api/unites',
          { nom: '', symbole: 'symbole-trop-long', fractionnable: 'oui' },
          token.admin,
        ),
        'nom',
        'symbole',
        'fractionnable',
      );
      expect(messageOf(body, 'nom')).toBe("Le nom de l'unité est obligatoire.");
      expect(messageOf(body, 'symbole')).toBe('Le symbole ne peut pas dépasser 10 caractères.');
      expect(messageOf(body, 'fractionnable')).toBe('Fractionnable doit valoir vrai ou faux.');
    });

    it('une unité utilisée ne se supprime pas : 409 nommant l’usage ; toute table qui pointe sur les unités est déclarée', async () => {
      // Every foreign key of the real schema that points at units is in UNITE_REFERENCES.
      expect(UNITE_REFERENCES.map((r) => `${r.table}.${r.column}`).sort()).toEqual(
        await foreignKeysTo(server.ctx.database.db, 'unites'),
      );
      const carton = (await client.get('/api/unites?q=carton', token.admin)).body.items[0];
      for (const nom of ['Lait en carton', 'Jus en carton'])
        await nouveauProduit(client, token.ownerA, world.shopA.id, {
          nom,
          uniteId: carton.id,
          prixVente: 500,
        });
      const refused = expectProblem(
        await client.delete(`/api/unites/${carton.id}`, token.admin),
        409,
        'CONFLICT',
      );
      expect(refused.detail).toBe(
        "L'unité « carton » est utilisée par 2 produits : elle ne peut pas être supprimée.",
      );
      expect((await client.get(`/api/unites/${carton.id}`, token.admin)).status).toBe(200);
    });

    it('le remplissage de la migration n’ajoute que ce qui manque, sans doublon', async () => {
      const { db } = server.ctx.database;
      const names = async () =>
        (await db.selectFrom('unites').select('nom').orderBy('nom').execute()).map((u) => u.nom);
      await seedReferenceLists(db as unknown as Parameters<typeof seedReferenceLists>[0]);
      const once = await names();
      expect(once).toContain('carton'); // deleted above, put back
      await seedReferenceLists(db as unknown as Parameters<typeof seedReferenceLists>[0]);
      expect(await names()).toEqual(once);
      expect(new Set(once).size).toBe(once.length);
      expect(await db.selectFrom('types_ventes').select('id').execute()).toHaveLength(2);
    });

    it('propriétaire et gérant n’écrivent pas : 403', async () => {
      const kg = (await client.get('/api/unites?q=kg', token.admin)).body.items[0];
      for (const who of ['ownerA', 'managerA'] as const) {
        expectProblem(
          await client.post(
            '/api/unites',
            { nom: 'botte', symbole: 'bt', fractionnable: false },
            token[who],
          ),
          403,
          'FORBIDDEN',
        );
        expectProblem(
          await client.put(
            `/api/unites/${kg.id}`,
            { nom: 'kg', symbole: 'kg', fractionnable: false },
            token[who],
          ),
          403,
          'FORBIDDEN',
        );
        expectProblem(await client.delete(`/api/unites/${kg.id}`, token[who]), 403, 'FORBIDDEN');
      }
    });
  });

  describe('types de vente', () => {
    it('« Vente au détail » et « Vente en gros » sont en place ; tous les rôles les lisent', async () => {
      for (const who of ['admin', 'ownerA', 'managerA'] as const) {
        const list = await client.get('/api/types-ventes', token[who]);
        expect(list.body.items.map((t: any) => [t.nom, t.prixUtilise, t.actif])).toEqual([
          ['Vente au détail', 'detail', true],
          ['Vente en gros', 'gros', true],
        ]);
      }
    });

    it('l’admin crée, modifie (désactive), filtre, supprime', async () => {
      const created = await client.post(
        '/api/types-ventes',
        { nom: 'Vente aux revendeurs', prixUtilise: 'gros' },
        token.admin,
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        nom: 'Vente aux revendeurs',
        prixUtilise: 'gros',
        actif: true,
      });
      const off = await client.put(
        `/api/types-ventes/${created.body.id}`,
        { nom: 'Vente aux revendeurs', prixUtilise: 'gros', actif: false },
        token.admin,
      );
      expect(off.body.actif).toBe(false);
      const active = await client.get('/api/types-ventes?actif=true', token.managerA);
      expect(active.body.items.map((t: any) => t.id)).not.toContain(created.body.id);
      expectProblem(
        await client.post(
          '/api/types-ventes',
          { nom: 'vente EN GROS', prixUtilise: 'gros' },
          token.admin,
        ),
        409,
        'CONFLICT',
      );
      const bad = expectValidation(
        await client.post('/api/types-ventes', { nom: 'X', prixUtilise: 'demi-gros' }, token.admin),
        'prixUtilise',
      );
      expect(messageOf(bad, 'prixUtilise')).toBe(
        'Le prix utilisé doit être « detail » ou « gros ».',
      );
      expect(
        (await client.delete(`/api/types-ventes/${created.body.id}`, token.admin)).status,
      ).toBe(204);
    });

    it('un type de vente utilisé ne se supprime pas : 409 ; toute table qui pointe sur les types de vente est déclarée', async () => {
      expect(TYPE_VENTE_REFERENCES.map((r) => `${r.table}.${r.column}`).sort()).toEqual(
        await foreignKeysTo(server.ctx.database.db, 'types_ventes'),
      );
      const ref = await referentiels(server.ctx);
      const produit = await nouveauProduit(client, token.ownerA, world.shopA.id, {
        nom: 'Savon',
        uniteId: ref.piece,
        prixVente: 250,
        stockInitial: 10_000,
      });
      for (let i = 0; i < 2; i++) {
        const vente = await client.post(
          `/api/services/${world.shopA.id}/ventes`,
          panier(ref.detail, [{ produitId: produit, quantite: 1000 }], {
            paiements: [{ mode: 'especes', montant: 250 }],
          }),
          token.ownerA,
        );
        expect(vente.status).toBe(201);
      }
      const detail = (await client.get(`/api/types-ventes/${ref.detail}`, token.admin)).body;
      const refused = expectProblem(
        await client.delete(`/api/types-ventes/${detail.id}`, token.admin),
        409,
        'CONFLICT',
      );
      expect(refused.detail).toBe(
        `Le type de vente « ${detail.nom} » figure sur 2 ventes : désactivez-le plutôt que de le supprimer.`,
      );
    });

    it('propriétaire et gérant n’écrivent pas : 403', async () => {
      for (const who of ['ownerA', 'managerA'] as const) {
        expectProblem(
          await client.post(
            '/api/types-ventes',
            { nom: 'Soldes', prixUtilise: 'detail' },
            token[who],
          ),
          403,
          'FORBIDDEN',
        );
      }
    });
  });
});
