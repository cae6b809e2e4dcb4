import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodEnd } from '@comptoir/shared';
import { seedDemoData } from '../src/demo/seed.js';
import { runWithClock } from '../src/db/time.js';
import { TEST_DIALECT } from './support/database.js';
import { createUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-app.js';

// What the README promises, written here rather than read from the seed's own constants.
const DEMO_PASSWORD = 'comptoir';
const DEMO_EMAILS = ['admin@comptoir.test', 'proprietaire@comptoir.test', 'gerant@comptoir.test'];

describe(`données de démonstration (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let seeded: boolean;
  beforeAll(async () => {
    server = await startTestServer();
    // The demo's 90 days end on this file's « today », whatever the real date.
    server.clock.set('2026-06-15T12:00:00Z');
    seeded = await runWithClock(server.clock, () => seedDemoData(server.ctx.database.db));
  });
  afterAll(() => server.close());

  const db = () => server.ctx.database.db;
  const now = () => server.clock.now();
  const signIn = (email: string, password = DEMO_PASSWORD) =>
    server.client().post('/api/auth/login', { email, password });

  it('crée les trois comptes de démonstration, mot de passe « comptoir », un rôle chacun', async () => {
    expect(seeded).toBe(true);
    const users = await db()
      .selectFrom('users')
      .select(['id', 'email', 'password_hash', 'active'])
      .orderBy('id')
      .execute();
    expect(users.map((u) => u.email).sort()).toEqual([
      'admin@comptoir.test',
      'gerant@comptoir.test',
      'proprietaire@comptoir.test',
    ]);
    for (const u of users) {
      expect(u.active).toBe(1);
      expect(u.password_hash).toMatch(/^\$argon2id\$/);
    }
    const roles = await db()
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['users.email', 'user_roles.role'])
      .execute();
    expect(roles.map((r) => `${r.email} ${r.role}`).sort()).toEqual([
      'admin@comptoir.test ROLE_ADMIN',
      'gerant@comptoir.test ROLE_GERANT',
      'proprietaire@comptoir.test ROLE_PROPRIETAIRE',
    ]);
  });

  it('chaque boutique a un petit catalogue : stock initial au registre, prix en FCFA puis en euros, clients et fournisseurs', async () => {
    const shops = await db()
      .selectFrom('services')
      .select(['id', 'devise'])
      .orderBy('id')
      .execute();
    for (const shop of shops) {
      const produits = await db()
        .selectFrom('produits')
        .select(['id', 'nom', 'quantite', 'prix_vente', 'code_barres'])
        .where('service_id', '=', shop.id)
        .execute();
      expect(produits.length).toBeGreaterThan(5);
      for (const p of produits) {
        const sum = await db()
          .selectFrom('mouvements_stock')
          .select((eb) => eb.fn.sum<number>('quantite').as('s'))
          .where('produit_id', '=', p.id)
          .executeTakeFirstOrThrow();
        expect(Number(p.quantite)).toBe(Number(sum.s ?? 0));
      }
      const nutella = produits.find((p) => p.nom === 'Nutella 400 g')!;
      expect(nutella.code_barres).toBe('3017620422003');
      expect(Number(nutella.prix_vente)).toBe(shop.devise === 'XOF' ? 2750 : 419);
      expect(
        await db().selectFrom('clients').select('id').where('service_id', '=', shop.id).execute(),
      ).toHaveLength(3);
      expect(
        await db()
          .selectFrom('fournisseurs')
          .select('id')
          .where('service_id', '=', shop.id)
          .execute(),
      ).toHaveLength(2);
    }
  });

  it('crée deux boutiques du propriétaire, une en XOF puis une en EUR ; le gérant ne travaille que dans la première', async () => {
    const owner = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'proprietaire@comptoir.test')
      .executeTakeFirstOrThrow();
    const manager = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'gerant@comptoir.test')
      .executeTakeFirstOrThrow();
    const shops = await db().selectFrom('services').selectAll().orderBy('id').execute();
    expect(shops).toHaveLength(2);
    expect(shops.every((s) => s.owner_id === owner.id && s.active === 1)).toBe(true);
    expect(shops.map((s) => s.devise)).toEqual(['XOF', 'EUR']);
    expect(shops[0]).toMatchObject({ pays: 'SN', assujetti_tva: 1, taux_tva_defaut: 1800 });
    expect(shops[1]).toMatchObject({ pays: 'FR', assujetti_tva: 1, taux_tva_defaut: 2000 });
    const members = await db().selectFrom('service_members').selectAll().execute();
    expect(members).toEqual([{ service_id: shops[0]!.id, user_id: manager.id }]);
  });

  it('chaque compte se connecte avec « comptoir » ; le gérant ne reçoit que sa boutique', async () => {
    const [admin, owner, manager] = await Promise.all(DEMO_EMAILS.map((email) => signIn(email)));
    const shops = await db().selectFrom('services').select(['id', 'nom']).orderBy('id').execute();

    expect(admin!.status).toBe(200);
    expect(admin!.body.user).toMatchObject({
      email: 'admin@comptoir.test',
      roles: [{ nom: 'ROLE_ADMIN' }],
      services: [],
    });

    expect(owner!.status).toBe(200);
    expect(owner!.body.user.roles).toEqual([{ nom: 'ROLE_PROPRIETAIRE' }]);
    expect(owner!.body.user.services).toEqual([
      { id: shops[0]!.id, nom: shops[0]!.nom, current: true },
      { id: shops[1]!.id, nom: shops[1]!.nom, current: false },
    ]);

    expect(manager!.status).toBe(200);
    expect(manager!.body.user.roles).toEqual([{ nom: 'ROLE_GERANT' }]);
    expect(manager!.body.user.services).toEqual([
      { id: shops[0]!.id, nom: shops[0]!.nom, current: true },
    ]);
    // The manager reaches the first shop, not the second.
    const client = server.client();
    expect(
      (await client.get(`/api/services/${shops[0]!.id}`, { token: manager!.body.token })).body
        .devise,
    ).toBe('XOF');
    expect(
      (await client.get(`/api/services/${shops[1]!.id}`, { token: manager!.body.token })).status,
    ).toBe(404);

    expect((await signIn('gerant@comptoir.test', 'Comptoir')).status).toBe(401);
  });

  it('donne au propriétaire la formule « Commerce » et un abonnement actif aujourd’hui : il écrit, son gérant aussi', async () => {
    const plans = await db().selectFrom('plans').selectAll().execute();
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({
      nom: 'Commerce',
      duree_mois: 12,
      prix: 60_000,
      devise: 'XOF',
      max_services: 3,
      max_users: 10,
      retire: 0,
    });
    const start = new Date(now().getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    const subs = await db().selectFrom('abonnements').selectAll().execute();
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      plan_id: plans[0]!.id,
      date_debut: start,
      date_fin: periodEnd(start, 12),
      montant_paye: 60_000,
      suspendu: 0,
    });
    const owner = await signIn('proprietaire@comptoir.test');
    const banner = await server
      .client()
      .get('/api/abonnements/courant', { token: owner.body.token });
    expect(banner.body).toMatchObject({
      statut: 'active',
      plan: 'Commerce',
      dateFin: periodEnd(start, 12),
      contact: 'admin@comptoir.test',
    });
    // Two shops of three: one more fits, then the plan's limit.
    const client = server.client();
    const third = await client.post(
      '/api/services',
      { nom: 'Boutique Thiès', devise: 'XOF' },
      { token: owner.body.token },
    );
    expect(third.status).toBe(201);
    const fourth = await client.post(
      '/api/services',
      { nom: 'Boutique de trop', devise: 'XOF' },
      { token: owner.body.token },
    );
    expect(fourth.status).toBe(422);
    expect(fourth.body.detail).toBe('Votre formule Commerce permet 3 boutiques au plus.');
    await db().deleteFrom('services').where('id', '=', third.body.id).execute();
    // The demo shops can be saved back as they are (valid SIRET).
    const lyon = await db()
      .selectFrom('services')
      .select('id')
      .where('devise', '=', 'EUR')
      .executeTakeFirstOrThrow();
    const detail = (await client.get(`/api/services/${lyon.id}`, { token: owner.body.token })).body;
    const saved = await client.put(`/api/services/${lyon.id}`, detail, { token: owner.body.token });
    expect(saved.status).toBe(200);
  });

  it('un second appel ne fait rien et répond false', async () => {
    const before = await db().selectFrom('users').select('id').execute();
    const shopsBefore = await db().selectFrom('services').select('id').execute();
    expect(await seedDemoData(db())).toBe(false);
    expect(await db().selectFrom('users').select('id').execute()).toEqual(before);
    expect(await db().selectFrom('services').select('id').execute()).toEqual(shopsBefore);
  });
  it('90 jours de ventes dans chaque boutique : numéros sans trou, modes variés, dettes dont certaines en retard, stock = somme des mouvements', async () => {
    const shops = await db()
      .selectFrom('services')
      .select(['id', 'devise'])
      .orderBy('id')
      .execute();
    const today = now();
    const pad = (n: number) => String(n).padStart(2, '0');
    const todayLocal = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
    for (const shop of shops) {
      const ventes = await db()
        .selectFrom('ventes')
        .select(['id', 'numero', 'created_at', 'total_ttc', 'montant_paye', 'statut'])
        .where('service_id', '=', shop.id)
        .orderBy('numero')
        .execute();
      expect(ventes.length).toBeGreaterThan(100);
      const byYear = new Map<string, number[]>();
      for (const v of ventes) {
        const [, year, n] = /^V-(\d{4})-(\d{6})$/.exec(v.numero)!;
        byYear.set(year!, [...(byYear.get(year!) ?? []), Number(n)]);
      }
      for (const ns of byYear.values()) expect(ns).toEqual(ns.map((_, i) => i + 1));
      const oldest = ventes.map((v) => v.created_at).sort()[0]!;
      expect(now().getTime() - Date.parse(oldest)).toBeGreaterThan(80 * 86_400_000);
      expect(ventes.every((v) => v.created_at <= now().toISOString())).toBe(true);
      const modes = await db()
        .selectFrom('paiements')
        .select('mode')
        .distinct()
        .where('service_id', '=', shop.id)
        .execute();
      expect(modes.map((m) => m.mode).sort()).toEqual(['carte', 'especes', 'mobile_money']);
      const dettes = await db()
        .selectFrom('dettes')
        .select(['montant', 'paye', 'echeance'])
        .where('service_id', '=', shop.id)
        .execute();
      expect(dettes.length).toBeGreaterThan(3);
      expect(
        dettes.some((d) => d.echeance < todayLocal && Number(d.montant) > Number(d.paye)),
      ).toBe(true);
      expect(dettes.some((d) => d.echeance >= todayLocal)).toBe(true);
      expect(new Set(ventes.map((v) => v.statut))).toEqual(
        new Set(['payee', 'a_credit', 'partiellement_payee', 'retournee']),
      );
      const stock = await db()
        .selectFrom('produits as p')
        .select([
          'p.id',
          'p.quantite',
          (eb) =>
            eb
              .selectFrom('mouvements_stock as m')
              .select((e) => e.fn.sum<number>('m.quantite').as('s'))
              .whereRef('m.produit_id', '=', 'p.id')
              .as('somme'),
        ])
        .where('p.service_id', '=', shop.id)
        .execute();
      for (const p of stock) expect(Number(p.quantite)).toBe(Number(p.somme ?? 0));
      expect(stock.every((p) => Number(p.quantite) >= 0)).toBe(true);
    }
  });

  it('règlements et retours au fil des 90 jours : modes variés, une cliente soldée, des dettes anciennes en retard, imputations et statuts cohérents', async () => {
    const shops = await db()
      .selectFrom('services')
      .select(['id', 'devise', 'pays'])
      .orderBy('id')
      .execute();
    const today = now().toISOString();
    for (const shop of shops) {
      const ventes = await db()
        .selectFrom('ventes')
        .select([
          'id',
          'created_at',
          'client_id',
          'total_ttc',
          'montant_paye',
          'montant_retourne',
          'statut',
        ])
        .where('service_id', '=', shop.id)
        .execute();
      const venteById = new Map(ventes.map((v) => [v.id, v]));
      const clients = await db()
        .selectFrom('clients')
        .select(['id', 'nom'])
        .where('service_id', '=', shop.id)
        .orderBy('id')
        .execute();

      // Repayments: several modes, mobile money with operator and reference, dated in the past.
      const reglements = await db()
        .selectFrom('reglements')
        .selectAll()
        .where('service_id', '=', shop.id)
        .execute();
      const argent = reglements.filter((r) => r.mode !== 'avoir');
      expect(argent.length).toBeGreaterThan(10);
      const modes = new Set(argent.map((r) => r.mode));
      expect(modes).toContain('especes');
      expect(modes).toContain('virement');
      if (shop.devise === 'XOF') {
        const mobile = argent.filter((r) => r.mode === 'mobile_money');
        expect(new Set(mobile.map((r) => r.operateur))).toEqual(new Set(['Wave', 'Orange Money']));
        expect(mobile.every((r) => r.reference !== null && r.reference.length > 5)).toBe(true);
      }
      expect(reglements.every((r) => r.created_at <= today)).toBe(true);
      expect(Math.min(...reglements.map((r) => Date.parse(r.created_at)))).toBeLessThan(
        now().getTime() - 60 * 86_400_000,
      );

      // Every allocation is dated with its règlement, after the sale of its debt.
      const allocations = await db()
        .selectFrom('reglement_allocations as a')
        .innerJoin('reglements as r', 'r.id', 'a.reglement_id')
        .innerJoin('dettes as d', 'd.id', 'a.dette_id')
        .select([
          'a.dette_id',
          'a.montant',
          'a.created_at',
          'r.created_at as reglement_at',
          'r.mode',
          'r.montant as reglement_montant',
          'r.disponible',
          'r.id as reglement_id',
          'd.created_at as dette_at',
        ])
        .where('a.service_id', '=', shop.id)
        .execute();
      for (const a of allocations) expect(a.created_at >= a.dette_at).toBe(true);
      // A règlement of money is wholly allocated; a credit's rest is still available.
      for (const r of reglements) {
        const alloue = allocations
          .filter((a) => a.reglement_id === r.id)
          .reduce((x, a) => x + Number(a.montant), 0);
        expect(alloue + Number(r.disponible)).toBe(Number(r.montant));
        if (r.mode !== 'avoir') expect(Number(r.disponible)).toBe(0);
      }

      // Every debt: paye = sum of its allocations; money received on the sale = counter payments + repayments.
      const dettes = await db()
        .selectFrom('dettes')
        .selectAll()
        .where('service_id', '=', shop.id)
        .execute();
      const paiements = await db()
        .selectFrom('paiements')
        .select(['vente_id', 'montant'])
        .where('service_id', '=', shop.id)
        .execute();
      for (const d of dettes) {
        const mine = allocations.filter((a) => a.dette_id === d.id);
        expect(Number(d.paye)).toBe(mine.reduce((x, a) => x + Number(a.montant), 0));
        expect(Number(d.paye)).toBeLessThanOrEqual(Number(d.montant));
        const comptoir = paiements
          .filter((p) => p.vente_id === d.vente_id)
          .reduce((x, p) => x + Number(p.montant), 0);
        const rembourse = mine
          .filter((a) => a.mode !== 'avoir')
          .reduce((x, a) => x + Number(a.montant), 0);
        expect(Number(venteById.get(d.vente_id)!.montant_paye)).toBe(comptoir + rembourse);
      }

      // One customer settled everything, another still has old overdue debts.
      const reste = (clientId: number) =>
        dettes
          .filter((d) => d.client_id === clientId)
          .reduce((x, d) => x + Number(d.montant) - Number(d.paye), 0);
      const soldes = clients.filter(
        (c) => dettes.some((d) => d.client_id === c.id) && reste(c.id) === 0,
      );
      expect(soldes.map((c) => c.nom)).toEqual(['Awa Diop']);
      const thirtyDaysAgo = new Date(now().getTime() - 30 * 86_400_000).toISOString();
      expect(
        dettes.some((d) => d.created_at < thirtyDaysAgo && Number(d.paye) < Number(d.montant)),
      ).toBe(true);
      expect(
        dettes.some((d) => d.created_at < thirtyDaysAgo && Number(d.paye) === Number(d.montant)),
      ).toBe(true);
      expect(dettes.some((d) => Number(d.paye) > 0 && Number(d.paye) < Number(d.montant))).toBe(
        true,
      );

      // Returns: a partial one refunded in cash, one credited to the customer, one of a whole sale.
      const retours = await db()
        .selectFrom('retours')
        .selectAll()
        .where('service_id', '=', shop.id)
        .orderBy('numero')
        .execute();
      expect(retours.length).toBeGreaterThanOrEqual(4);
      const parAnnee = new Map<string, number[]>();
      for (const r of retours) {
        const [, year, n] = /^R-(\d{4})-(\d{6})$/.exec(r.numero)!;
        parAnnee.set(year!, [...(parAnnee.get(year!) ?? []), Number(n)]);
      }
      for (const ns of parAnnee.values()) expect(ns).toEqual(ns.map((_, i) => i + 1));
      for (const r of retours) {
        const vente = venteById.get(r.vente_id)!;
        expect(r.created_at > vente.created_at && r.created_at <= today).toBe(true);
        expect(Number(r.impute_dette) + Number(r.rembourse) + Number(r.avoir)).toBe(
          Number(r.montant_ttc),
        );
      }
      expect(
        retours.some(
          (r) =>
            r.mode === 'remboursement' &&
            r.mode_remboursement === 'especes' &&
            Number(r.rembourse) > 0 &&
            venteById.get(r.vente_id)!.statut !== 'retournee',
        ),
      ).toBe(true);
      const avoir = retours.find((r) => r.mode === 'avoir' && Number(r.avoir) > 0)!;
      expect(venteById.get(avoir.vente_id)!.client_id).not.toBeNull();
      expect(reglements.some((r) => r.mode === 'avoir' && r.retour_id === avoir.id)).toBe(true);
      expect(retours.some((r) => venteById.get(r.vente_id)!.statut === 'retournee')).toBe(true);
      // Each sale's returned amount is the sum of its returns; lines never return more than sold.
      for (const v of ventes) {
        const mine = retours
          .filter((r) => r.vente_id === v.id)
          .reduce((x, r) => x + Number(r.montant_ttc), 0);
        expect(Number(v.montant_retourne)).toBe(mine);
      }
      const lignes = await db()
        .selectFrom('vente_lignes')
        .select(['id', 'vente_id', 'quantite', 'quantite_retournee'])
        .where('service_id', '=', shop.id)
        .execute();
      const retourLignes = await db()
        .selectFrom('retour_lignes')
        .select(['vente_ligne_id', 'quantite'])
        .where('service_id', '=', shop.id)
        .execute();
      for (const l of lignes) {
        expect(Number(l.quantite_retournee)).toBe(
          retourLignes
            .filter((r) => r.vente_ligne_id === l.id)
            .reduce((x, r) => x + Number(r.quantite), 0),
        );
        expect(Number(l.quantite_retournee)).toBeLessThanOrEqual(Number(l.quantite));
      }
      const mouvements = await db()
        .selectFrom('mouvements_stock')
        .select(['document_id', 'quantite', 'created_at'])
        .where('service_id', '=', shop.id)
        .where('type', '=', 'retour')
        .execute();
      expect(mouvements).toHaveLength(retourLignes.length);
      for (const m of mouvements)
        expect(m.created_at).toBe(retours.find((r) => r.id === m.document_id)!.created_at);

      // Stock = sum of movements, never below zero.
      const stock = await db()
        .selectFrom('produits as p')
        .select([
          'p.id',
          'p.quantite',
          (eb) =>
            eb
              .selectFrom('mouvements_stock as m')
              .select((e) => e.fn.sum<number>('m.quantite').as('s'))
              .whereRef('m.produit_id', '=', 'p.id')
              .as('somme'),
        ])
        .where('p.service_id', '=', shop.id)
        .execute();
      for (const p of stock) expect(Number(p.quantite)).toBe(Number(p.somme ?? 0));
      expect(stock.every((p) => Number(p.quantite) >= 0)).toBe(true);

      // Statuses as refreshVenteStatut derives them.
      const detteByVente = new Map(dettes.map((d) => [d.vente_id, d]));
      const ouvertes = new Set(
        lignes
          .filter((l) => Number(l.quantite_retournee) < Number(l.quantite))
          .map((l) => l.vente_id),
      );
      for (const v of ventes) {
        const d = detteByVente.get(v.id);
        const resteVente = d ? Number(d.montant) - Number(d.paye) : 0;
        const attendu = !ouvertes.has(v.id)
          ? 'retournee'
          : resteVente <= 0
            ? 'payee'
            : Number(v.montant_paye) <= 0
              ? 'a_credit'
              : 'partiellement_payee';
        expect(v.statut).toBe(attendu);
      }
    }
  });
});

describe(`données de démonstration sur une base déjà utilisée (${TEST_DIALECT})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('ne s’exécute jamais sur une base qui a déjà un utilisateur', async () => {
    const real = await createUser(server.ctx, {
      roles: ['ROLE_ADMIN'],
      email: 'vrai.admin@exemple.test',
    });
    expect(await seedDemoData(server.ctx.database.db)).toBe(false);
    const users = await server.ctx.database.db
      .selectFrom('users')
      .select(['id', 'email'])
      .execute();
    expect(users).toEqual([{ id: real.id, email: 'vrai.admin@exemple.test' }]);
    expect(await server.ctx.database.db.selectFrom('services').select('id').execute()).toHaveLength(
      0,
    );
    const demo = await server
      .client()
      .post('/api/auth/login', { email: 'admin@comptoir.test', password: DEMO_PASSWORD });
    expect(demo.status).toBe(401);
  });
});
