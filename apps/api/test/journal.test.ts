import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashEntree } from '../src/modules/journal/journal.append.js';
import { TEST_DIALECT } from './support/database.js';
import { dropInalterableTriggers, refusal, runVerifyJournal } from './support/journal.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`journal inaltérable : chaîne, déclencheurs, vérification (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const verification = (token = w.tokens.ownerA, shop = w.world.shopA.id) =>
    server.client().get(`/api/services/${shop}/journal/verification`, token);

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    w = await sellingWorld(server.ctx, server.client());
    const p = await w.produit({ prix: 1000, stock: 100_000, tauxTva: 1800 });
    const fatou = await w.clientNamed('Fatou Sène');
    await w.vente({
      lignes: [{ produitId: p.id, quantite: 2000 }],
      paiements: [{ mode: 'especes', montant: 2000 }],
    });
    const credit = await w.vente({
      lignes: [{ produitId: p.id, quantite: 3000 }],
      paiements: [{ mode: 'especes', montant: 1000 }],
      clientId: fatou.id,
      echeance: localDay(7, server.clock),
    });
    const retour = await server.client().post(
      `${w.shopUrl()}/ventes/${credit.id}/retours`,
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId: credit.lignes[0].id, quantite: 1000 }],
        mode: 'avoir',
      },
      w.tokens.ownerA,
    );
    expect(retour.status).toBe(201);
    const reglement = await server
      .client()
      .post(
        `${w.shopUrl()}/clients/${fatou.id}/reglements`,
        { cleIdempotence: newKey(), montant: 500, mode: 'especes' },
        w.tokens.ownerA,
      );
    expect(reglement.status).toBe(201);
  });
  afterAll(() => server.close());

  it('une entrée par vente, retour et règlement, dans l’ordre, chaînées ; la vérification est verte', async () => {
    const { db } = server.ctx.database;
    const entrees = await db
      .selectFrom('journal_entrees')
      .selectAll()
      .where('service_id', '=', w.world.shopA.id)
      .orderBy('sequence')
      .execute();
    expect(entrees.map((e) => [Number(e.sequence), e.type])).toEqual([
      [1, 'vente'],
      [2, 'vente'],
      [3, 'retour'],
      [4, 'reglement'],
    ]);
    expect(entrees[0]!.hash_precedent).toBe('0'.repeat(64));
    for (let i = 1; i < entrees.length; i++)
      expect(entrees[i]!.hash_precedent).toBe(entrees[i - 1]!.hash);
    const vente = JSON.parse(entrees[1]!.contenu);
    expect(vente).toMatchObject({
      ttc: 3000,
      credit: 2000,
      paiements: [{ mode: 'especes', montant: 1000 }],
    });
    expect(entrees[1]!.reference).toMatch(/^V-2026-0+2$/);
    const { status, body } = await verification();
    expect(status).toBe(200);
    expect(body).toEqual({
      valide: true,
      entrees: 4,
      dernierHash: entrees[3]!.hash,
      rupture: null,
      jet: expect.objectContaining({ valide: true, rupture: null }),
    });
    const liste = await server.client().get(`${w.shopUrl()}/journal`, w.tokens.ownerA);
    expect(liste.body.map((e: { sequence: number }) => e.sequence)).toEqual([4, 3, 2, 1]);
    const cli = await runVerifyJournal(server.ctx.config.database);
    expect(cli.out).toContain('4 entrées, chaîne intacte.');
    expect(cli.code).toBe(0);
  });

  it('ventes d’un article au nom accentué : l’empreinte est celle que Node calcule sur la ligne canonique en UTF-8', async () => {
    // PostgreSQL computes a sale's hash (journal.append.ts, ajoutEnCte): the same bytes as Node's.
    const shop = w.world.shopB.id;
    const options = { shop, token: w.tokens.ownerB };
    const p = await w.produit({
      prix: 1500,
      stock: 10_000,
      nom: 'Café « Touba » ☕ 250 g',
      ...options,
    });
    for (let i = 0; i < 3; i++)
      await w.vente(
        {
          lignes: [{ produitId: p.id, quantite: 1000 }],
          paiements: [{ mode: 'especes', montant: 1500 }],
        },
        options,
      );
    const entrees = await server.ctx.database.db
      .selectFrom('journal_entrees')
      .selectAll()
      .where('service_id', '=', shop)
      .orderBy('sequence')
      .execute();
    expect(entrees).toHaveLength(3);
    for (const e of entrees) {
      expect(e.contenu).toContain('Café « Touba » ☕ 250 g');
      expect(e.hash).toBe(hashEntree(e.hash_precedent, { ...e, sequence: Number(e.sequence) }));
    }
    const { body } = await verification(w.tokens.ownerB, shop);
    expect(body).toMatchObject({ valide: true, entrees: 3, rupture: null });
  });

  it('le propriétaire seul : gérant 403, autre boutique 404', async () => {
    expect((await verification(w.tokens.managerA)).status).toBe(403);
    expect((await verification(w.tokens.ownerB)).status).toBe(404);
  });

  it('la base refuse UPDATE et DELETE du journal et des montants des documents ; les champs dérivés bougent', async () => {
    const { db } = server.ctx.database;
    const shop = w.world.shopA.id;
    for (const statement of [
      `update journal_entrees set contenu = '{}' where service_id = ${shop}`,
      `delete from journal_entrees where service_id = ${shop}`,
      `update ventes set total_ttc = total_ttc + 1 where service_id = ${shop}`,
      `update ventes set avoir = avoir + 1 where service_id = ${shop}`,
      `delete from ventes where service_id = ${shop}`,
      `update vente_lignes set montant_ttc = 1 where service_id = ${shop}`,
      `update vente_lignes set quantite = 1 where service_id = ${shop}`,
      `delete from vente_lignes where service_id = ${shop}`,
      `update paiements set montant = 1 where service_id = ${shop}`,
      `delete from paiements where service_id = ${shop}`,
      `update retours set montant_ttc = 1 where service_id = ${shop}`,
      `delete from retour_lignes where service_id = ${shop}`,
      `update reglements set montant = 1 where service_id = ${shop}`,
    ])
      expect(await refusal(db, statement), statement).toMatch(/inaltérable/);
    for (const statement of [
      `update ventes set statut = statut, montant_paye = montant_paye, impressions = impressions + 1 where service_id = ${shop}`,
      `update vente_lignes set quantite_retournee = quantite_retournee where service_id = ${shop}`,
      `update reglements set disponible = disponible where service_id = ${shop}`,
      `update journal_tetes set hash = hash where service_id = ${shop}`,
    ])
      expect(await refusal(db, statement), statement).toBeNull();
  });

  it('déclencheurs supprimés : une entrée modifiée, supprimée ou insérée est nommée par la vérification', async () => {
    const { db } = server.ctx.database;
    await dropInalterableTriggers(db, 'journal_entrees');
    const shop = w.world.shopA.id;
    const row = (sequence: number) =>
      db
        .selectFrom('journal_entrees')
        .selectAll()
        .where('service_id', '=', shop)
        .where('sequence', '=', sequence)
        .executeTakeFirstOrThrow();
    const deux = await row(2);

    // Changed: the sale's amount in the content.
    await db
      .updateTable('journal_entrees')
      .set({ contenu: deux.contenu.replace('"ttc":3000', '"ttc":300') })
      .where('id', '=', deux.id)
      .execute();
    let { body } = await verification();
    expect(body.valide).toBe(false);
    expect(body.rupture).toMatchObject({ sequence: 2, type: 'vente', reference: deux.reference });
    expect(body.rupture.motif).toBe(
      'L’entrée n° 2 a été modifiée : son empreinte ne correspond plus à son contenu.',
    );
    await db
      .updateTable('journal_entrees')
      .set({ contenu: deux.contenu })
      .where('id', '=', deux.id)
      .execute();
    expect((await verification()).body.valide).toBe(true);

    // Deleted: the third entry.
    const trois = await row(3);
    await db.deleteFrom('journal_entrees').where('id', '=', trois.id).execute();
    ({ body } = await verification());
    expect(body).toMatchObject({
      valide: false,
      entrees: 2,
      rupture: { sequence: 3, type: 'reglement' },
    });
    expect(body.rupture.motif).toBe('L’entrée n° 3 manque : l’entrée suivante porte le n° 4.');
    const { id: _id, ...rest } = trois;
    await db.insertInto('journal_entrees').values(rest).execute();
    expect((await verification()).body.valide).toBe(true);

    // Inserted: a forged entry after the last one, with a hash made up by the attacker.
    const quatre = await row(4);
    await db
      .insertInto('journal_entrees')
      .values({ ...rest, sequence: 5, hash_precedent: quatre.hash, hash: 'f'.repeat(64) })
      .execute();
    ({ body } = await verification());
    expect(body).toMatchObject({
      valide: false,
      entrees: 4,
      rupture: { sequence: 5, type: 'retour' },
    });
    await db
      .deleteFrom('journal_entrees')
      .where('sequence', '=', 5)
      .where('service_id', '=', shop)
      .execute();

    // The tail cut off, and the head row left as it was.
    await db.deleteFrom('journal_entrees').where('id', '=', quatre.id).execute();
    ({ body } = await verification());
    expect(body).toMatchObject({ valide: false, entrees: 3, rupture: { sequence: 4, type: null } });
    expect(body.rupture.motif).toMatch(/s’arrête à l’entrée n° 3 alors que sa tête en annonce 4/);
    const cli = await runVerifyJournal(server.ctx.config.database);
    expect(cli.out).toContain('alors que sa tête en annonce 4 : des entrées ont disparu.');
    expect(cli.code).toBe(1);
  });
});
