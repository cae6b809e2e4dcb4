import { verify, createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashEntree } from '../src/modules/journal/journal.append.js';
import { cloturesAutomatiques } from '../src/modules/journal/journal.housekeeping.js';
import { TEST_DIALECT } from './support/database.js';
import { login } from './support/factories.js';
import { dropInalterableTriggers, runVerifyJournal } from './support/journal.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Closures of the journal (docs/regles-metier.md « Clôtures »): the owner closes the day, the
 * housekeeping closes what ended at the shop's midnight (the test moves the app's clock), every
 * closure signed with the installation's key; the verification names a closure whose content was
 * rewritten with a recomputed chain (what the hashes alone cannot catch).
 */
describe(`journal : clôtures signées, automatiques à minuit (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const cloturer = (periode: string, token = w.tokens.ownerA) =>
    server.client().post(`${w.shopUrl()}/journal/clotures`, { periode }, token);
  const clotures = async () =>
    (await server.client().get(`${w.shopUrl()}/journal/clotures`, w.tokens.ownerA)).body as Array<
      Record<string, unknown> & { reference: string; sequence: number; signature: string }
    >;
  let p18: { id: number };
  /** Moves the app's clock (hours or days on): the owner signs in again, as a real one would. */
  const aller = async (instant: string) => {
    server.clock.set(instant);
    w.tokens.ownerA.token = (await login(server.client(), w.world.ownerA.email)).token;
  };

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    w = await sellingWorld(server.ctx, server.client());
    await server.ctx.database.db
      .updateTable('services')
      .set({ assujetti_tva: 1, prix_ttc: 1 })
      .where('id', '=', w.world.shopA.id)
      .execute();
    p18 = await w.produit({ prix: 1180, stock: 100_000, tauxTva: 1800 });
    const p0 = await w.produit({ prix: 500, stock: 100_000 });
    const fatou = await w.clientNamed('Fatou Sène');
    const v1 = await w.vente({
      lignes: [
        { produitId: p18.id, quantite: 2000 },
        { produitId: p0.id, quantite: 1000 },
      ],
      paiements: [{ mode: 'especes', montant: 2860 }],
    });
    await w.vente({
      lignes: [{ produitId: p18.id, quantite: 1000 }],
      paiements: [{ mode: 'mobile_money', montant: 1180, operateur: 'Orange' }],
    });
    await w.vente({
      lignes: [{ produitId: p0.id, quantite: 1000 }],
      paiements: [],
      clientId: fatou.id,
      echeance: localDay(7, server.clock),
    });
    const retour = await server.client().post(
      `${w.shopUrl()}/ventes/${v1.id}/retours`,
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId: v1.lignes[0].id, quantite: 1000 }],
        mode: 'remboursement',
        modeRemboursement: 'especes',
      },
      w.tokens.ownerA,
    );
    expect(retour.status, JSON.stringify(retour.body)).toBe(201);
    const reglement = await server
      .client()
      .post(
        `${w.shopUrl()}/clients/${fatou.id}/reglements`,
        { cleIdempotence: newKey(), montant: 200, mode: 'especes' },
        w.tokens.ownerA,
      );
    expect(reglement.status).toBe(201);
  });
  afterAll(() => server.close());

  it('le propriétaire clôture la journée : totaux par taux de TVA et par mode, grand total, signature', async () => {
    expect((await cloturer('jour', w.tokens.managerA)).status).toBe(403);
    expect((await cloturer('semaine')).status).toBe(400);
    const { status, body } = await cloturer('jour');
    expect(status).toBe(201);
    expect(body).toMatchObject({
      reference: 'CJ-2026-000001',
      sequence: 6,
      periode: 'jour',
      debut: '2026-06-15',
      fin: '2026-06-15',
      depuis: 1,
      jusqua: 5,
      evenements: 5,
      automatique: false,
      ventes: { nombre: 3, ttc: 4540 },
      retours: { nombre: 1, ttc: 1180 },
      paiements: [
        { mode: 'especes', montant: 2860 - 1180 + 200 },
        { mode: 'mobile_money', montant: 1180 },
      ],
      total: { ttc: 3360 },
      grandTotal: { ttc: 3360 },
    });
    expect(body.tva.map((t: { taux: number; ttc: number }) => [t.taux, t.ttc])).toEqual([
      [0, 1000],
      [1800, 2360],
    ]);
    for (const t of [...body.tva, body.total, body.grandTotal]) expect(t.ht + t.tva).toBe(t.ttc);
    expect(body.tva[1]).toMatchObject({ ht: 2000, tva: 360 });

    // The signature, checked with the public key the owner is shown, over the bytes hashed.
    const cle = await server.client().get(`${w.shopUrl()}/journal/cle`, w.tokens.ownerA);
    expect(cle.body.clePublique).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const entree = await server.ctx.database.db
      .selectFrom('journal_entrees')
      .selectAll()
      .where('service_id', '=', w.world.shopA.id)
      .where('sequence', '=', 6)
      .executeTakeFirstOrThrow();
    expect(entree.signature).toBe(body.signature);
    const ok = (message: string) =>
      verify(
        null,
        Buffer.from(message),
        createPublicKey(cle.body.clePublique),
        Buffer.from(body.signature, 'base64'),
      );
    const ligne = `{"boutique":${entree.service_id},"contenu":${entree.contenu},"horodatage":"${entree.horodatage}","reference":"${entree.reference}","sequence":6,"type":"cloture_jour"}`;
    expect(ok(`${entree.hash_precedent}\n${ligne}`)).toBe(true);
    expect(ok(`${entree.hash_precedent}\n${ligne.replace('3360', '3361')}`)).toBe(false);

    // Closing again at once: a closure of zeros, the grand total carried.
    const vide = await cloturer('jour');
    expect(vide.body).toMatchObject({
      reference: 'CJ-2026-000002',
      depuis: 6,
      jusqua: 5,
      evenements: 0,
      total: { ttc: 0 },
      grandTotal: { ttc: 3360 },
    });
  });

  it('à minuit de la boutique, la journée qui a eu des ventes est clôturée automatiquement, puis le mois', async () => {
    await aller('2026-06-15T15:00:00Z');
    await w.vente({
      lignes: [{ produitId: p18.id, quantite: 1000 }],
      paiements: [{ mode: 'carte', montant: 1180 }],
    });
    await aller('2026-06-15T23:59:00Z');
    expect(await cloturesAutomatiques(server.ctx)).toBe(0);
    await aller('2026-06-16T00:01:00Z');
    expect(await cloturesAutomatiques(server.ctx)).toBe(1);
    expect(await cloturesAutomatiques(server.ctx)).toBe(0);
    const [jour] = await clotures();
    expect(jour).toMatchObject({
      reference: 'CJ-2026-000003',
      periode: 'jour',
      automatique: true,
      evenements: 1,
      paiements: [{ mode: 'carte', montant: 1180 }],
      grandTotal: { ttc: 3360 + 1180 },
    });

    await aller('2026-06-20T10:00:00Z');
    await w.vente({
      lignes: [{ produitId: p18.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 1180 }],
    });
    // On the first of July: the 20th's day closure, then June's month closure (every event of June).
    await aller('2026-07-01T00:00:30Z');
    expect(await cloturesAutomatiques(server.ctx)).toBe(2);
    const [mois, jour20] = await clotures();
    expect(jour20).toMatchObject({ periode: 'jour', debut: '2026-06-20', evenements: 1 });
    expect(mois).toMatchObject({
      reference: 'CM-2026-000001',
      periode: 'mois',
      debut: '2026-06-15',
      fin: '2026-06-20',
      evenements: 7,
      ventes: { nombre: 5 },
      grandTotal: { ttc: 3360 + 2 * 1180 },
    });
    const verification = await server
      .client()
      .get(`${w.shopUrl()}/journal/verification`, w.tokens.ownerA);
    expect(verification.body).toMatchObject({ valide: true, entrees: mois!.sequence });
  });

  it('une clôture réécrite avec une chaîne recalculée est nommée : sa signature ne correspond plus', async () => {
    const { db } = server.ctx.database;
    const shop = w.world.shopA.id;
    await dropInalterableTriggers(db, 'journal_entrees');
    const last = await db
      .selectFrom('journal_entrees')
      .selectAll()
      .where('service_id', '=', shop)
      .orderBy('sequence', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(last.type).toBe('cloture_mois');
    // The attacker lowers the grand total and recomputes the hash and the head: the chain holds.
    const contenu = last.contenu.replace(/"grandTotal":\{"ht":\d+/, '"grandTotal":{"ht":1');
    expect(contenu).not.toBe(last.contenu);
    const hash = hashEntree(last.hash_precedent, {
      ...last,
      sequence: Number(last.sequence),
      contenu,
    });
    await db
      .updateTable('journal_entrees')
      .set({ contenu, hash })
      .where('id', '=', last.id)
      .execute();
    await db.updateTable('journal_tetes').set({ hash }).where('service_id', '=', shop).execute();
    const { body } = await server
      .client()
      .get(`${w.shopUrl()}/journal/verification`, w.tokens.ownerA);
    expect(body).toMatchObject({
      valide: false,
      entrees: Number(last.sequence) - 1,
      rupture: {
        sequence: Number(last.sequence),
        type: 'cloture_mois',
        reference: 'CM-2026-000001',
      },
    });
    expect(body.rupture.motif).toBe(
      `La clôture n° ${last.sequence} ne porte pas une signature valide de la clé de l’installation.`,
    );
    const cli = await runVerifyJournal(server.ctx.config.database);
    expect(cli.out).toContain('ne porte pas une signature valide');
    expect(cli.code).toBe(1);
  });
});
