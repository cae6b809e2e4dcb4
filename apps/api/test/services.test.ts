import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPricedDocuments, PRICED_TABLES } from '../src/modules/services/services.service.js';
import { TEST_DIALECT } from './support/database.js';
import {
  addMember,
  createPlan,
  createService,
  createTenants,
  createUser,
  login,
  subscribe,
} from './support/factories.js';
import type { TestClient } from './support/http.js';
import { fileForm, redPng } from './support/images.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/** Every field of a shop (shop schemas of shared), as the owner's form sends it. */
const FULL_SHOP = {
  nom: 'Quincaillerie de Thiès',
  adresse: '5 rue de la Gare',
  ville: 'Thiès',
  pays: 'SN',
  telephone: '+221 33 951 12 34',
  email: 'Contact@Quincaillerie.SN',
  devise: 'XOF',
  siret: '',
  tvaIntracom: null,
  ninea: '007654321',
  rccm: 'SN-THS-2024-A-678',
  assujettiTva: true,
  tauxTvaDefaut: 1800,
  prixTtc: false,
  stockNegatifAutorise: true,
  enteteTicket: 'Quincaillerie de Thiès\nTél. 33 951 12 34',
  piedTicket: 'Merci et à bientôt !',
  prefixeVente: 'vt',
  prefixeFacture: 'FAC',
  prefixeDevis: 'DV',
  prefixeAchat: 'AP',
};

describe(`boutiques (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token = {} as Record<'admin' | 'ownerA' | 'ownerB' | 'managerA', string>;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    for (const name of ['admin', 'ownerA', 'ownerB', 'managerA'] as const)
      token[name] = (await login(client, world[name].email)).token;
  });
  afterAll(() => server.close());

  const as = (who: keyof typeof token) => ({ token: token[who] });

  describe('création et lecture', () => {
    it('le propriétaire crée une boutique avec tous ses champs ; elle apparaît aussitôt dans ses boutiques de session', async () => {
      const answer = await client.post('/api/services', FULL_SHOP, as('ownerA'));
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        ...FULL_SHOP,
        email: 'contact@quincaillerie.sn',
        siret: null,
        prefixeVente: 'VT',
        logo: null,
        active: true,
        deviseModifiable: true,
        owner: { id: world.ownerA.id, email: world.ownerA.email },
      });
      const detail = await client.get(`/api/services/${answer.body.id}`, as('ownerA'));
      expect(detail.body).toEqual(answer.body);
      const account = await client.get('/api/account', as('ownerA'));
      expect(account.body.services.map((s: any) => s.id)).toContain(answer.body.id);
    });

    it('valeurs par défaut : prix TTC, stock négatif interdit, préfixes V, F, D, A', async () => {
      const answer = await client.post(
        '/api/services',
        { nom: 'Boutique minimale', devise: 'EUR' },
        as('ownerA'),
      );
      expect(answer.body).toMatchObject({
        adresse: null,
        pays: null,
        assujettiTva: false,
        tauxTvaDefaut: 0,
        prixTtc: true,
        stockNegatifAutorise: false,
        prefixeVente: 'V',
        prefixeFacture: 'F',
        prefixeDevis: 'D',
        prefixeAchat: 'A',
      });
    });

    it('valide chaque champ en français', async () => {
      const body = expectValidation(
        await client.post(
          '/api/services',
          {
            nom: '',
            devise: 'FCFA',
            pays: 'XX',
            siret: '12345678900017',
            tvaIntracom: '12',
            email: 'pas-un-mail',
            tauxTvaDefaut: 18.5,
            prefixeVente: 'V-1',
            telephone: 'abc',
            assujettiTva: 'oui',
          },
          as('ownerA'),
        ),
        'nom',
        'devise',
        'pays',
        'siret',
        'tvaIntracom',
        'email',
        'tauxTvaDefaut',
        'prefixeVente',
        'telephone',
        'assujettiTva',
      );
      expect(messageOf(body, 'devise')).toBe('Choisissez une devise de la liste.');
      expect(messageOf(body, 'pays')).toBe(
        'Choisissez un pays de la liste (code ISO à deux lettres).',
      );
      expect(messageOf(body, 'siret')).toBe(
        'Le SIRET doit compter 14 chiffres et avoir une clé valide.',
      );
      expect(messageOf(body, 'tauxTvaDefaut')).toBe(
        'Le taux de TVA est exprimé en centièmes de pour cent (18 % = 1800).',
      );
      expectValidation(
        await client.post(
          '/api/services',
          { nom: 'A', devise: 'XOF', tauxTvaDefaut: 10001 },
          as('ownerA'),
        ),
        'tauxTvaDefaut',
      );
      const siret = await client.post(
        '/api/services',
        {
          nom: 'Épicerie de Lyon',
          devise: 'EUR',
          pays: 'FR',
          siret: '732 829 320 00074',
          tvaIntracom: 'fr40 123456789',
        },
        as('ownerA'),
      );
      expect(siret.body).toMatchObject({ siret: '73282932000074', tvaIntracom: 'FR40123456789' });
    });

    it('ni l’admin ni le gérant ne créent de boutique', async () => {
      expectProblem(await client.post('/api/services', FULL_SHOP, as('admin')), 403, 'FORBIDDEN');
      expectProblem(
        await client.post('/api/services', FULL_SHOP, as('managerA')),
        403,
        'FORBIDDEN',
      );
    });

    it('au-delà du nombre de boutiques de la formule : 422 nommant la limite', async () => {
      const { ctx } = server;
      const owner = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
      const plan = await createPlan(ctx, { nom: 'Commerce', maxServices: 3 });
      await subscribe(ctx, owner.id, { planId: plan.id });
      const t = (await login(client, owner.email)).token;
      for (let i = 0; i < 3; i++)
        expect(
          (
            await client.post(
              '/api/services',
              { nom: `Boutique ${i}`, devise: 'XOF' },
              { token: t },
            )
          ).status,
        ).toBe(201);
      const refused = expectProblem(
        await client.post('/api/services', { nom: 'De trop', devise: 'XOF' }, { token: t }),
        422,
        'BUSINESS_RULE',
      );
      expect(refused.detail).toBe('Votre formule Commerce permet 3 boutiques au plus.');
    });
  });

  describe('liste', () => {
    it('admin : toutes les boutiques avec leur propriétaire ; propriétaire : les siennes ; gérant : celles où il travaille', async () => {
      const all = await client.get('/api/services?size=200', as('admin'));
      expect(all.body.items.map((s: any) => s.id)).toEqual(
        expect.arrayContaining([world.shopA.id, world.shopB.id]),
      );
      expect(all.body.items.find((s: any) => s.id === world.shopB.id)).toMatchObject({
        nom: 'Boutique B',
        active: true,
        owner: { id: world.ownerB.id, prenom: 'Awa', nom: 'Traoré', email: world.ownerB.email },
      });
      const own = await client.get('/api/services?size=200', as('ownerB'));
      expect(own.body.items.map((s: any) => s.id)).toEqual([world.shopB.id]);
      const worked = await client.get('/api/services', as('managerA'));
      expect(worked.body).toMatchObject({
        total: 1,
        page: 1,
        size: 8,
        items: [{ id: world.shopA.id }],
      });
      // ownerId only narrows the admin's view; it never widens an owner's.
      const filtered = await client.get(`/api/services?ownerId=${world.ownerB.id}`, as('admin'));
      expect(filtered.body.items.map((s: any) => s.id)).toEqual([world.shopB.id]);
      const widened = await client.get(
        `/api/services?ownerId=${world.ownerB.id}&size=200`,
        as('ownerA'),
      );
      expect(widened.body.items.map((s: any) => s.id)).not.toContain(world.shopB.id);
    });

    it('cherche dans le nom et la ville, trie, pagine', async () => {
      const { ctx } = server;
      const owner = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
      for (const nom of ['Ébène', 'Arachide', 'Baobab', 'Cauri', 'Dattier'])
        await createService(ctx, owner.id, { nom });
      const t = (await login(client, owner.email)).token;
      const page = await client.get('/api/services?sort=nom,desc&size=2&page=2', { token: t });
      expect(page.body).toMatchObject({ total: 5, page: 2, size: 2 });
      expect(page.body.items.map((s: any) => s.nom)).toEqual(['Cauri', 'Baobab']);
      expect(
        (await client.get('/api/services?q=ÉBÈNE', { token: t })).body.items.map((s: any) => s.nom),
      ).toEqual(['Ébène']);
      expect((await client.get('/api/services?q=abidjan', { token: t })).body.total).toBe(5);
      expectValidation(await client.get('/api/services?sort=owner_id,asc', { token: t }), 'sort');
    });
  });

  describe('isolement', () => {
    it('une boutique d’un autre propriétaire ou inconnue : 404 identique sur chaque route, rien ne change', async () => {
      const png = await redPng();
      const before = await server.ctx.database.db
        .selectFrom('services')
        .selectAll()
        .where('id', '=', world.shopB.id)
        .executeTakeFirstOrThrow();
      for (const id of [world.shopB.id, 999_999]) {
        const answers = [
          await client.get(`/api/services/${id}`, as('ownerA')),
          await client.put(`/api/services/${id}`, FULL_SHOP, as('ownerA')),
          await client.request('POST', `/api/services/${id}/logo`, {
            ...as('ownerA'),
            form: fileForm(png, 'image/png'),
          }),
          await client.delete(`/api/services/${id}/logo`, as('ownerA')),
          await client.get(`/api/services/${id}`, as('managerA')),
        ];
        for (const a of answers) {
          const body = expectProblem(a, 404, 'NOT_FOUND');
          expect(body.detail).toBe('Boutique introuvable.');
        }
      }
      const after = await server.ctx.database.db
        .selectFrom('services')
        .selectAll()
        .where('id', '=', world.shopB.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });

    it('un propriétaire qui travaille aussi comme gérant chez un autre lit cette boutique mais ne la modifie pas', async () => {
      const { ctx } = server;
      const both = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE', 'ROLE_GERANT'] });
      await subscribe(ctx, both.id);
      await addMember(ctx, world.shopB.id, both.id);
      const t = (await login(client, both.email)).token;
      expect((await client.get(`/api/services/${world.shopB.id}`, { token: t })).status).toBe(200);
      expectProblem(
        await client.put(`/api/services/${world.shopB.id}`, FULL_SHOP, { token: t }),
        403,
        'FORBIDDEN',
      );
    });

    it('le gérant lit sa boutique en entier, mais ne la modifie pas (403)', async () => {
      const detail = await client.get(`/api/services/${world.shopA.id}`, as('managerA'));
      expect(detail.body).toMatchObject({
        id: world.shopA.id,
        nom: 'Boutique A',
        devise: 'XOF',
        prefixeVente: 'V',
      });
      expectProblem(
        await client.put(`/api/services/${world.shopA.id}`, FULL_SHOP, as('managerA')),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await client.post(`/api/services/${world.shopA.id}/desactiver`, undefined, as('managerA')),
        403,
        'FORBIDDEN',
      );
    });
  });

  describe('modification', () => {
    it('le propriétaire modifie tous les champs, devise comprise tant qu’aucun document chiffré n’existe', async () => {
      const shop = await createService(server.ctx, world.ownerA.id, {
        nom: 'À modifier',
        devise: 'XOF',
      });
      const answer = await client.put(
        `/api/services/${shop.id}`,
        { ...FULL_SHOP, nom: 'Modifiée', devise: 'XAF', pays: 'CM' },
        as('ownerA'),
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        nom: 'Modifiée',
        devise: 'XAF',
        pays: 'CM',
        ninea: '007654321',
        stockNegatifAutorise: true,
      });
    });

    it('la devise est figée dès qu’un document chiffré existe (table déclarée dans PRICED_TABLES), avec la raison', async () => {
      const { db } = server.ctx.database;
      const shop = await createService(server.ctx, world.ownerA.id, {
        nom: 'Avec ventes',
        devise: 'XOF',
      });
      await sql`create table essai_documents (id integer primary key, service_id integer not null)`.execute(
        db,
      );
      PRICED_TABLES.push('essai_documents');
      try {
        expect(await hasPricedDocuments(server.ctx, shop.id)).toBe(false);
        await sql`insert into essai_documents (id, service_id) values (1, ${shop.id})`.execute(db);
        expect(await hasPricedDocuments(server.ctx, shop.id)).toBe(true);
        expect(await hasPricedDocuments(server.ctx, world.shopA.id)).toBe(false);
        const detail = await client.get(`/api/services/${shop.id}`, as('ownerA'));
        expect(detail.body.deviseModifiable).toBe(false);
        const refused = expectProblem(
          await client.put(
            `/api/services/${shop.id}`,
            { ...FULL_SHOP, devise: 'EUR' },
            as('ownerA'),
          ),
          422,
          'BUSINESS_RULE',
        );
        expect(refused.detail).toContain('La devise de cette boutique ne peut plus changer');
        expect(refused.detail).toContain('XOF');
        // Every other field may still change, the currency kept.
        const kept = await client.put(
          `/api/services/${shop.id}`,
          { ...FULL_SHOP, nom: 'Toujours XOF', devise: 'XOF' },
          as('ownerA'),
        );
        expect(kept.body).toMatchObject({ nom: 'Toujours XOF', devise: 'XOF' });
      } finally {
        PRICED_TABLES.splice(PRICED_TABLES.indexOf('essai_documents'), 1);
        await sql`drop table essai_documents`.execute(db);
      }
      expect(await hasPricedDocuments(server.ctx, shop.id)).toBe(false);
    });
  });

  describe('désactivation par l’admin', () => {
    it('l’admin désactive une boutique : elle quitte les boutiques de session de ses membres ; il la réactive', async () => {
      const shop = await createService(server.ctx, world.ownerB.id, { nom: 'Saisonnière' });
      const off = await client.post(`/api/services/${shop.id}/desactiver`, undefined, as('admin'));
      expect(off.body.active).toBe(false);
      const account = await client.get('/api/account', as('ownerB'));
      expect(account.body.services.map((s: any) => s.id)).not.toContain(shop.id);
      const listed = await client.get('/api/services?active=false', as('admin'));
      expect(listed.body.items.map((s: any) => s.id)).toContain(shop.id);
      const on = await client.post(`/api/services/${shop.id}/activer`, undefined, as('admin'));
      expect(on.body.active).toBe(true);
      expectProblem(
        await client.post(`/api/services/${shop.id}/desactiver`, undefined, as('ownerB')),
        403,
        'FORBIDDEN',
      );
    });
  });

  describe('logo', () => {
    it('le propriétaire envoie un logo (PNG ramené dans 512 × 512), le remplace et le supprime', async () => {
      const shop = await createService(server.ctx, world.ownerA.id, { nom: 'Avec logo' });
      const sent = await client.request('POST', `/api/services/${shop.id}/logo`, {
        ...as('ownerA'),
        form: fileForm(await redPng(), 'image/png'),
      });
      expect(sent.status).toBe(200);
      expect(sent.body.logo).toMatch(/^\/api\/files\/[a-f0-9]{32}$/);
      const image = await client.get(sent.body.logo);
      expect(image.headers.get('content-type')).toBe('image/png');
      const sharp = (await import('sharp')).default;
      const meta = await sharp(image.body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([512, 384]);
      const again = await client.request('POST', `/api/services/${shop.id}/logo`, {
        ...as('ownerA'),
        form: fileForm(await redPng(), 'image/png'),
      });
      expect(again.body.logo).not.toBe(sent.body.logo);
      expect((await client.get(sent.body.logo)).status).toBe(404);
      const refused = await client.request('POST', `/api/services/${shop.id}/logo`, {
        ...as('ownerA'),
        form: fileForm('pas une image', 'text/plain', 'a.txt'),
      });
      expectProblem(refused, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const removed = await client.delete(`/api/services/${shop.id}/logo`, as('ownerA'));
      expect(removed.body.logo).toBeNull();
      expect((await client.get(again.body.logo)).status).toBe(404);
    });
  });
});
