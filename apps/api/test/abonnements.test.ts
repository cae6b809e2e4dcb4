import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodEnd } from '@comptoir/shared';
import { TEST_DIALECT } from './support/database.js';
import {
  addMember,
  createService,
  createTenants,
  createUser,
  dayFromToday,
  login,
  subscribe,
} from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

const PLAN = {
  nom: 'Commerce',
  dureeMois: 12,
  prix: 60_000,
  devise: 'XOF',
  maxServices: 3,
  maxUsers: 10,
};

describe(`formules et abonnements (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let admin: { token: string };

  beforeAll(async () => {
    server = await startTestServer();
    // « Aujourd'hui » de ce fichier : les dates écrites en dur (2024, 2027…) restent passées ou à venir.
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    world = await createTenants(server.ctx);
    admin = { token: (await login(client, world.admin.email)).token };
  });
  afterAll(() => server.close());
  const day = (offset: number) => dayFromToday(offset, server.clock);

  const newOwner = async () => (await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] })).id;
  const newPlan = async (body: Partial<typeof PLAN> = {}) =>
    (await client.post('/api/abonnements/plans', { ...PLAN, ...body }, admin)).body;

  describe('formules', () => {
    it('l’admin crée, lit, modifie une formule ; liste paginée, cherchable, filtrable', async () => {
      const created = await client.post(
        '/api/abonnements/plans',
        { ...PLAN, nom: 'Boutique Plus' },
        admin,
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        nom: 'Boutique Plus',
        dureeMois: 12,
        prix: 60_000,
        devise: 'XOF',
        maxServices: 3,
        maxUsers: 10,
        retire: false,
        abonnements: 0,
      });
      const updated = await client.put(
        `/api/abonnements/plans/${created.body.id}`,
        { ...PLAN, nom: 'Boutique Plus', prix: 9900, devise: 'EUR', dureeMois: 1 },
        admin,
      );
      expect(updated.body).toMatchObject({ prix: 9900, devise: 'EUR', dureeMois: 1 });
      expect((await client.get(`/api/abonnements/plans/${created.body.id}`, admin)).body).toEqual(
        updated.body,
      );
      const found = await client.get('/api/abonnements/plans?q=boutique%20PLUS', admin);
      expect(found.body.items.map((p: any) => p.id)).toEqual([created.body.id]);
      expectProblem(await client.get('/api/abonnements/plans/999999', admin), 404, 'NOT_FOUND');
    });

    it('valide en français', async () => {
      const body = expectValidation(
        await client.post(
          '/api/abonnements/plans',
          { nom: '', dureeMois: 0, prix: 10.5, devise: 'FCFA', maxServices: 0, maxUsers: 'dix' },
          admin,
        ),
        'nom',
        'dureeMois',
        'prix',
        'devise',
        'maxServices',
        'maxUsers',
      );
      expect(messageOf(body, 'dureeMois')).toBe('La durée doit être d’au moins un mois.');
      expect(messageOf(body, 'prix')).toBe(
        "Le prix est un entier dans la plus petite unité de la devise (centimes pour l'euro).",
      );
    });

    it('une formule retirée reste sur les abonnements passés et ne peut plus être choisie', async () => {
      const plan = await newPlan({ nom: 'Ancienne' });
      const owner = await newOwner();
      const past = await client.post(
        '/api/abonnements',
        { ownerId: owner, planId: plan.id, dateDebut: '2024-01-01', modePaiement: 'especes' },
        admin,
      );
      expect(past.status).toBe(201);
      const retired = await client.post(
        `/api/abonnements/plans/${plan.id}/retirer`,
        undefined,
        admin,
      );
      expect(retired.body).toMatchObject({ retire: true, abonnements: 1 });
      expect((await client.get(`/api/abonnements/${past.body.id}`, admin)).body.plan).toEqual({
        id: plan.id,
        nom: 'Ancienne',
        retire: true,
      });
      const refused = expectProblem(
        await client.post(
          '/api/abonnements',
          { ownerId: owner, planId: plan.id, modePaiement: 'especes' },
          admin,
        ),
        422,
        'BUSINESS_RULE',
      );
      expect(refused.detail).toBe('La formule « Ancienne » est retirée : choisissez-en une autre.');
      expectProblem(
        await client.post(
          `/api/abonnements/${past.body.id}/renouveler`,
          { modePaiement: 'especes' },
          admin,
        ),
        422,
        'BUSINESS_RULE',
      );
      // Editing the past subscription keeps its retired plan.
      const edited = await client.put(
        `/api/abonnements/${past.body.id}`,
        {
          planId: plan.id,
          dateDebut: '2024-01-01',
          dateFin: '2024-12-31',
          montantPaye: 55_000,
          devise: 'XOF',
          modePaiement: 'cheque',
          reference: 'CHQ 0042',
        },
        admin,
      );
      expect(edited.body).toMatchObject({
        montantPaye: 55_000,
        modePaiement: 'cheque',
        reference: 'CHQ 0042',
      });
      const onlyRetired = await client.get('/api/abonnements/plans?retire=true&size=200', admin);
      expect(onlyRetired.body.items.every((p: any) => p.retire)).toBe(true);
      expect(onlyRetired.body.items.map((p: any) => p.id)).toContain(plan.id);
    });

    it('une formule inutilisée se supprime ; utilisée : 409', async () => {
      const unused = await newPlan({ nom: 'Jamais vendue' });
      expect((await client.delete(`/api/abonnements/plans/${unused.id}`, admin)).status).toBe(204);
      expectProblem(
        await client.get(`/api/abonnements/plans/${unused.id}`, admin),
        404,
        'NOT_FOUND',
      );
      const used = await newPlan({ nom: 'Vendue' });
      await client.post(
        '/api/abonnements',
        { ownerId: await newOwner(), planId: used.id, modePaiement: 'carte' },
        admin,
      );
      const refused = expectProblem(
        await client.delete(`/api/abonnements/plans/${used.id}`, admin),
        409,
        'CONFLICT',
      );
      expect(refused.detail).toBe(
        'La formule « Vendue » figure sur 1 abonnement : retirez-la plutôt que de la supprimer.',
      );
    });
  });

  describe('abonnements', () => {
    it('par défaut : début aujourd’hui, fin au dernier jour de la durée, montant et devise de la formule', async () => {
      const plan = await newPlan({ nom: 'Mensuelle', dureeMois: 1, prix: 5000 });
      const owner = await newOwner();
      const answer = await client.post(
        '/api/abonnements',
        { ownerId: owner, planId: plan.id, modePaiement: 'mobile_money', reference: 'OM-778899' },
        admin,
      );
      expect(answer.status).toBe(201);
      const today = day(0);
      expect(answer.body).toMatchObject({
        owner: { id: owner },
        plan: { id: plan.id, nom: 'Mensuelle', retire: false },
        dateDebut: today,
        dateFin: periodEnd(today, 1),
        montantPaye: 5000,
        devise: 'XOF',
        modePaiement: 'mobile_money',
        reference: 'OM-778899',
        suspendu: false,
        statut: 'active',
        createdBy: world.admin.id,
      });
    });

    it('dates modifiables ; fin avant début : 400 ; propriétaire inconnu : 404 ; compte non propriétaire : 422', async () => {
      const plan = await newPlan();
      const owner = await newOwner();
      const answer = await client.post(
        '/api/abonnements',
        {
          ownerId: owner,
          planId: plan.id,
          dateDebut: '2027-01-01',
          dateFin: '2027-06-30',
          montantPaye: 30_000,
          modePaiement: 'virement',
        },
        admin,
      );
      expect(answer.body).toMatchObject({
        dateDebut: '2027-01-01',
        dateFin: '2027-06-30',
        montantPaye: 30_000,
        statut: 'a_venir',
      });
      const bad = expectValidation(
        await client.post(
          '/api/abonnements',
          {
            ownerId: owner,
            planId: plan.id,
            dateDebut: '2027-01-01',
            dateFin: '2026-12-31',
            modePaiement: 'especes',
          },
          admin,
        ),
        'dateFin',
      );
      expect(messageOf(bad, 'dateFin')).toBe(
        'La date de fin ne peut pas précéder la date de début.',
      );
      expectValidation(
        await client.post(
          '/api/abonnements',
          { ownerId: owner, planId: plan.id, dateDebut: '2027-02-30', modePaiement: 'bitcoin' },
          admin,
        ),
        'dateDebut',
        'modePaiement',
      );
      expectProblem(
        await client.post(
          '/api/abonnements',
          { ownerId: 999_999, planId: plan.id, modePaiement: 'especes' },
          admin,
        ),
        404,
        'NOT_FOUND',
      );
      expectProblem(
        await client.post(
          '/api/abonnements',
          { ownerId: owner, planId: 999_999, modePaiement: 'especes' },
          admin,
        ),
        404,
        'NOT_FOUND',
      );
      const notOwner = expectProblem(
        await client.post(
          '/api/abonnements',
          { ownerId: world.managerA.id, planId: plan.id, modePaiement: 'especes' },
          admin,
        ),
        422,
        'BUSINESS_RULE',
      );
      expect(notOwner.detail).toContain("Ce compte n'est pas un propriétaire");
    });

    it('les périodes d’un propriétaire ne se chevauchent pas : 409', async () => {
      const plan = await newPlan();
      const owner = await newOwner();
      await client.post(
        '/api/abonnements',
        { ownerId: owner, planId: plan.id, dateDebut: '2026-01-01', modePaiement: 'especes' },
        admin,
      );
      const overlap = expectProblem(
        await client.post(
          '/api/abonnements',
          { ownerId: owner, planId: plan.id, dateDebut: '2026-12-31', modePaiement: 'especes' },
          admin,
        ),
        409,
        'CONFLICT',
      );
      expect(overlap.detail).toBe(
        "Cette période chevauche l'abonnement du 01/01/2026 au 31/12/2026 de ce propriétaire.",
      );
      const next = await client.post(
        '/api/abonnements',
        { ownerId: owner, planId: plan.id, dateDebut: '2027-01-01', modePaiement: 'especes' },
        admin,
      );
      expect(next.status).toBe(201);
      expectProblem(
        await client.put(
          `/api/abonnements/${next.body.id}`,
          {
            planId: plan.id,
            dateDebut: '2026-06-01',
            dateFin: '2027-05-31',
            montantPaye: 1,
            devise: 'XOF',
            modePaiement: 'especes',
          },
          admin,
        ),
        409,
        'CONFLICT',
      );
    });

    it('renouvelle à la suite de la période en cours ; après une interruption, à partir d’aujourd’hui ; une seule fois', async () => {
      const plan = await newPlan({ dureeMois: 12 });
      const other = await newPlan({ nom: 'Trimestre', dureeMois: 3, prix: 16_000 });
      const owner = await newOwner();
      const current = await subscribe(server.ctx, owner, {
        planId: plan.id,
        dateDebut: day(-300),
        dateFin: day(64),
      });
      const renewed = await client.post(
        `/api/abonnements/${current.id}/renouveler`,
        { modePaiement: 'virement', reference: 'VIR-2026-11' },
        admin,
      );
      expect(renewed.status).toBe(201);
      expect(renewed.body).toMatchObject({
        dateDebut: day(65),
        dateFin: periodEnd(day(65), 12),
        statut: 'a_venir',
        montantPaye: 60_000,
        plan: { id: plan.id },
      });
      const again = expectProblem(
        await client.post(
          `/api/abonnements/${current.id}/renouveler`,
          { modePaiement: 'virement' },
          admin,
        ),
        409,
        'CONFLICT',
      );
      expect(again.detail).toBe('Cet abonnement a déjà été renouvelé : renouvelez le plus récent.');

      const lapsed = await newOwner();
      const old = await subscribe(server.ctx, lapsed, {
        planId: plan.id,
        dateDebut: day(-500),
        dateFin: day(-90),
      });
      const back = await client.post(
        `/api/abonnements/${old.id}/renouveler`,
        { planId: other.id, modePaiement: 'especes', montantPaye: 15_000 },
        admin,
      );
      expect(back.body).toMatchObject({
        dateDebut: day(0),
        dateFin: periodEnd(day(0), 3),
        statut: 'active',
        montantPaye: 15_000,
        plan: { id: other.id, nom: 'Trimestre' },
      });
    });

    it('liste : filtres propriétaire, statut, expirant sous 30 jours, recherche par propriétaire', async () => {
      const plan = await newPlan();
      const soon = await createUser(server.ctx, {
        roles: ['ROLE_PROPRIETAIRE'],
        nom: 'Bientôtfini',
      });
      const later = await newOwner();
      const gone = await newOwner();
      const paused = await newOwner();
      const expiring = await subscribe(server.ctx, soon.id, {
        planId: plan.id,
        dateDebut: day(-340),
        dateFin: day(20),
      });
      const fine = await subscribe(server.ctx, later, {
        planId: plan.id,
        dateDebut: day(-10),
        dateFin: day(200),
      });
      const ended = await subscribe(server.ctx, gone, {
        planId: plan.id,
        dateDebut: day(-400),
        dateFin: day(-5),
      });
      const suspended = await subscribe(server.ctx, paused, {
        planId: plan.id,
        dateDebut: day(-10),
        dateFin: day(10),
        suspendu: true,
      });
      const ids = async (query: string) =>
        (await client.get(`/api/abonnements?size=200&${query}`, admin)).body.items.map(
          (a: any) => a.id,
        );

      const within30 = await ids('expirant=30');
      expect(within30).toContain(expiring.id);
      for (const id of [fine.id, ended.id, suspended.id]) expect(within30).not.toContain(id);
      expect(await ids('statut=expiree')).toContain(ended.id);
      expect(await ids('statut=suspendue')).toEqual(expect.arrayContaining([suspended.id]));
      expect(await ids('statut=active')).toEqual(expect.arrayContaining([expiring.id, fine.id]));
      expect(await ids('statut=active')).not.toContain(suspended.id);
      expect(await ids(`ownerId=${later}`)).toEqual([fine.id]);
      expect(await ids('q=bientôtFINI')).toEqual([expiring.id]);
      const page = await client.get('/api/abonnements?expirant=30', admin);
      expect(page.body).toMatchObject({ page: 1, size: 8 });
      const dates = page.body.items.map((a: any) => a.dateFin);
      expect(dates).toEqual([...dates].sort());
      const row = (await client.get(`/api/abonnements?ownerId=${paused}`, admin)).body.items[0];
      expect(row).toMatchObject({ statut: 'suspendue', suspendu: true });
      expectValidation(await client.get('/api/abonnements?statut=perimee', admin), 'statut');
    });

    it('suspendre bloque les écritures du propriétaire (402) ; réactiver les rend aussitôt', async () => {
      const { ctx } = server;
      const owner = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
      const sub = await subscribe(ctx, owner.id);
      const t = { token: (await login(client, owner.email)).token };
      const suspended = await client.post(`/api/abonnements/${sub.id}/suspendre`, undefined, admin);
      expect(suspended.body).toMatchObject({ suspendu: true, statut: 'suspendue' });
      const refused = expectProblem(
        await client.post('/api/services', { nom: 'Refusée', devise: 'XOF' }, t),
        402,
        'SUBSCRIPTION_REQUIRED',
      );
      expect(refused.detail).toBe(
        `Votre abonnement est suspendu : les modifications sont bloquées. Contactez ${world.admin.email}.`,
      );
      expect((await client.get('/api/abonnements/courant', t)).body.statut).toBe('suspendue');
      const back = await client.post(`/api/abonnements/${sub.id}/reactiver`, undefined, admin);
      expect(back.body).toMatchObject({ suspendu: false, statut: 'active' });
      expect(
        (await client.post('/api/services', { nom: 'Acceptée', devise: 'XOF' }, t)).status,
      ).toBe(201);
    });

    it('seul l’admin gère formules et abonnements : 403 pour le propriétaire et le gérant', async () => {
      for (const who of [world.ownerA, world.managerA]) {
        const t = { token: (await login(client, who.email)).token };
        expectProblem(await client.get('/api/abonnements', t), 403, 'FORBIDDEN');
        expectProblem(await client.get('/api/abonnements/plans', t), 403, 'FORBIDDEN');
        expectProblem(await client.post('/api/abonnements/plans', PLAN, t), 403, 'FORBIDDEN');
      }
    });
  });

  describe('abonnement courant (bandeau)', () => {
    const current = async (email: string, query = '') =>
      (
        await client.get(`/api/abonnements/courant${query}`, {
          token: (await login(client, email)).token,
        })
      ).body;

    it('admin : non concerné ; propriétaire et gérant : l’abonnement du propriétaire, avec le contact', async () => {
      expect(await current(world.admin.email)).toEqual({
        statut: 'non_concerne',
        dateDebut: null,
        dateFin: null,
        plan: null,
        contact: world.admin.email,
      });
      const owner = await current(world.ownerA.email);
      expect(owner).toMatchObject({
        statut: 'active',
        dateDebut: day(-30),
        dateFin: day(335),
        plan: 'Formule de test',
        contact: world.admin.email,
      });
      expect(await current(world.managerA.email)).toEqual(owner);
      expect(await current(world.managerA.email, `?serviceId=${world.shopA.id}`)).toEqual(owner);
      const t = { token: (await login(client, world.managerA.email)).token };
      expectProblem(
        await client.get(`/api/abonnements/courant?serviceId=${world.shopB.id}`, t),
        404,
        'NOT_FOUND',
      );
    });

    it('aucun, à venir, expiré', async () => {
      const { ctx } = server;
      const none = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
      expect(await current(none.email)).toMatchObject({
        statut: 'aucun',
        dateFin: null,
        plan: null,
      });
      const future = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
      await subscribe(ctx, future.id, { dateDebut: day(3), dateFin: day(40) });
      expect(await current(future.email)).toMatchObject({
        statut: 'a_venir',
        dateDebut: day(3),
      });
      const expired = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
      await subscribe(ctx, expired.id, {
        dateDebut: day(-800),
        dateFin: day(-400),
      });
      await subscribe(ctx, expired.id, {
        dateDebut: day(-399),
        dateFin: day(-2),
      });
      expect(await current(expired.email)).toMatchObject({
        statut: 'expiree',
        dateFin: day(-2),
      });
      // A manager working for a covered owner and an expired one: covered overall, per shop otherwise.
      const shopExpired = await createService(ctx, expired.id);
      const manager = await createUser(ctx, { roles: ['ROLE_GERANT'] });
      await addMember(ctx, shopExpired.id, manager.id);
      expect((await current(manager.email)).statut).toBe('expiree');
      await addMember(ctx, world.shopA.id, manager.id);
      expect((await current(manager.email)).statut).toBe('active');
      expect((await current(manager.email, `?serviceId=${shopExpired.id}`)).statut).toBe('expiree');
    });

    it('sans administrateur actif, le contact est « l’administrateur de Comptoir »', async () => {
      const { db } = server.ctx.database;
      const admins = await db
        .selectFrom('user_roles')
        .select('user_id')
        .where('role', '=', 'ROLE_ADMIN')
        .execute();
      const ids = admins.map((a) => a.user_id);
      const t = (await login(client, world.ownerA.email)).token;
      await db.updateTable('users').set({ active: 0 }).where('id', 'in', ids).execute();
      try {
        expect((await client.get('/api/abonnements/courant', { token: t })).body.contact).toBe(
          "l'administrateur de Comptoir",
        );
      } finally {
        await db.updateTable('users').set({ active: 1 }).where('id', 'in', ids).execute();
      }
    });
  });
});
