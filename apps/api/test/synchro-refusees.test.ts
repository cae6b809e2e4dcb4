import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caisseWorld } from './support/caisses.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { pdfText } from './support/pdf.js';
import { expectProblem, expectValidation } from './support/problem.js';
import { newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * One register, one device, and the sales the sync refused (docs/regles-metier.md « Vente hors
 * ligne »): the device that chose each register; a refused sale recorded again under the
 * register's next number (the till's number kept), or discarded by the owner (kept, journaled).
 */
describe(`vente hors ligne : appareils des caisses et ventes refusées (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof caisseWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await caisseWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  const db = () => server.ctx.database.db;
  const caisseUrl = (caisseId: number, path: string) => `${w.caissesUrl()}/${caisseId}${path}`;
  const get = (url: string, token = w.tokens.ownerA) =>
    client.request('GET', url, { token: token.token });

  /** A sale as the till queued it: one line at 1 000, paid in cash unless `credit`. */
  function venteHL(sequence: number, p: { id: number; nom: string }, credit = false) {
    return {
      cleIdempotence: newKey(),
      sequence,
      faiteLe: '2026-06-15T08:30:00.000Z',
      typeVenteId: w.typeVente.id,
      clientId: null,
      lignes: [
        {
          produitId: p.id,
          quantite: 1000,
          nom: p.nom,
          uniteSymbole: 'u',
          prixUnitaire: 1000,
          tauxTva: 0,
        },
      ],
      paiements: credit ? [] : [{ mode: 'especes', montant: 1000 }],
    };
  }
  const sync = (caisseId: number, ventes: object[]) =>
    client.post(caisseUrl(caisseId, '/synchro'), { clients: [], ventes }, w.tokens.managerA);
  const code = async (caisseId: number) =>
    (await get(caisseUrl(caisseId, '/synchro'))).body.code as string;
  const dernier = async (caisseId: number) =>
    (await get(caisseUrl(caisseId, '/synchro'))).body.dernier as number;

  /** Another device took number 1 online; the till's own number 1 is refused at the sync. */
  async function refusee() {
    const { caisseId } = await w.caisseOuverte();
    const p = await w.produit({ prix: 1000, stock: 10_000 });
    const enLigne = await w.postVente({
      caisseId,
      auPointDeVente: true,
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 1000 }],
    });
    expect(enLigne.status).toBe(201);
    const vente = venteHL(1, p);
    const answer = await sync(caisseId, [vente]);
    expect(answer.body.ventes[0]).toMatchObject({ statut: 'refusee' });
    return { caisseId, p, vente, motifRefus: answer.body.ventes[0].message as string };
  }

  it('une vente refusée s’enregistre sous le prochain numéro de la caisse, une seule fois ; son numéro d’origine est gardé', async () => {
    const { caisseId, p, vente, motifRefus } = await refusee();
    const c = await code(caisseId);
    const before = await w.count('ventes');
    const url = caisseUrl(caisseId, '/ventes-refusees');
    const first = await client.post(url, { vente, motifRefus }, w.tokens.managerA);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      venteId: expect.any(Number),
      numero: `V-2026-${c}-000002`,
      numeroInitial: `V-2026-${c}-000001`,
    });
    // Sent again (the answer lost): the same sale, nothing more.
    const again = await client.post(url, { vente, motifRefus }, w.tokens.managerA);
    expect(again.body).toEqual(first.body);
    expect(await w.count('ventes')).toBe(before + 1);
    expect(await dernier(caisseId)).toBe(2);
    const kept = await db()
      .selectFrom('ventes_renumerotees')
      .selectAll()
      .where('vente_id', '=', first.body.venteId)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ numero_initial: `V-2026-${c}-000001`, motif_refus: motifRefus });
    const stock = await db()
      .selectFrom('produits')
      .select('quantite')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(stock.quantite)).toBe(8000);
    // The receipt's reprint shows the new number and the one the till had given.
    const ticket = await fetch(
      `${server.baseUrl}${w.shopUrl(w.world.shopA.id)}/ventes/${first.body.venteId}/ticket.pdf`,
      { headers: { authorization: `Bearer ${w.tokens.ownerA.token}` } },
    );
    expect(ticket.status).toBe(200);
    const text = pdfText(Buffer.from(await ticket.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(`Vente V-2026-${c}-000002`);
    expect(text).toContain(`Numéro donné hors ligne : V-2026-${c}-000001 (refusé)`);
    // The till's queue sent again by an interrupted device: answered, not recorded twice.
    const replay = await sync(caisseId, [vente]);
    expect(replay.body.ventes[0]).toMatchObject({
      statut: 'deja_enregistree',
      numero: first.body.numero,
    });
    expect(await w.count('ventes')).toBe(before + 1);
  });

  it('une vente dont un numéro précédent manque ne se renumérote pas ; une vente refusée pour une autre raison s’écarte (propriétaire), gardée et inscrite au journal', async () => {
    const { caisseId } = await w.caisseOuverte();
    const c = await code(caisseId);
    const p = await w.produit({ prix: 1000, stock: 10_000 });
    const url = caisseUrl(caisseId, '/ventes-refusees');
    const enAttente = await client.post(
      url,
      { vente: venteHL(3, p), motifRefus: 'x' },
      w.tokens.managerA,
    );
    expectProblem(enAttente, 409, 'CONFLICT');
    expect(enAttente.body.detail).toBe(
      `La vente V-2026-${c}-000003 attend les ventes précédentes de la caisse : envoyez-les d’abord.`,
    );
    expect(await dernier(caisseId)).toBe(0);
    // On credit without a customer: refused, and its number 1 not served.
    const credit = venteHL(1, p, true);
    const refus = await sync(caisseId, [credit, venteHL(2, p)]);
    expect(refus.body.ventes.map((v: { statut: string }) => v.statut)).toEqual([
      'refusee',
      'en_attente',
    ]);
    const motifRefus = refus.body.ventes[0].message as string;
    const ecarter = caisseUrl(caisseId, '/ventes-ecartees');
    // The cashier the till names: manager A, who works in the shop.
    const vendeurId = w.world.managerA.id;
    const body = { vente: credit, motifRefus, motif: 'Client parti sans payer', vendeurId };
    expectProblem(await client.post(ecarter, body, w.tokens.managerA), 403, 'FORBIDDEN');
    expectValidation(await client.post(ecarter, { ...body, motif: ' ' }, w.tokens.ownerA), 'motif');
    const journal = () =>
      db()
        .selectFrom('journal_entrees')
        .selectAll()
        .where('type', '=', 'vente_ecartee')
        .where('reference', '=', `V-2026-${c}-000001`)
        .execute();
    // A cashier of another shop: refused, nothing kept.
    const ailleurs = { ...body, vendeurId: w.world.managerB.id };
    expectValidation(await client.post(ecarter, ailleurs, w.tokens.ownerA), 'vendeurId');
    expect(await journal()).toHaveLength(0);
    const first = await client.post(ecarter, body, w.tokens.ownerA);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      caisseId,
      numero: `V-2026-${c}-000001`,
      totalTtc: 1000,
      motif: 'Client parti sans payer',
      motifRefus,
      utilisateur: { prenom: expect.any(String) },
    });
    expect((await client.post(ecarter, body, w.tokens.ownerA)).body.id).toBe(first.body.id);
    expect(await journal()).toHaveLength(1);
    // Its number is taken: the register's next sale is no longer held behind it.
    expect(await dernier(caisseId)).toBe(1);
    const suite = await sync(caisseId, [venteHL(2, p)]);
    expect(suite.body.ventes[0]).toMatchObject({
      statut: 'enregistree',
      numero: `V-2026-${c}-000002`,
    });
    const list = await get(`${w.shopUrl(w.world.shopA.id)}/ventes-ecartees`);
    expect(list.body[0]).toMatchObject({
      id: first.body.id,
      numero: `V-2026-${c}-000001`,
      caisseNom: expect.stringMatching(/^Caisse /),
      faiteLe: credit.faiteLe,
      vendeur: { prenom: 'Awa', nom: 'Traoré' },
    });
    const row = await db()
      .selectFrom('ventes_ecartees')
      .select(['vendeur_id', 'user_id'])
      .where('id', '=', first.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ vendeur_id: vendeurId, user_id: w.world.ownerA.id });
    expectProblem(
      await get(`${w.shopUrl(w.world.shopA.id)}/ventes-ecartees`, w.tokens.managerA),
      403,
      'FORBIDDEN',
    );
    // Discarded: it cannot be recorded any more; recorded: it cannot be discarded.
    const renum = await client.post(url, { vente: credit, motifRefus }, w.tokens.ownerA);
    expectProblem(renum, 409, 'CONFLICT');
    expect(renum.body.detail).toBe(
      `La vente V-2026-${c}-000001 a été écartée : elle ne peut plus être enregistrée.`,
    );
    const enregistree = venteHL(3, p);
    await sync(caisseId, [enregistree]);
    const tard = await client.post(ecarter, { ...body, vente: enregistree }, w.tokens.ownerA);
    expectProblem(tard, 409, 'CONFLICT');
    expect(tard.body.detail).toBe(
      `Cette vente est enregistrée (V-2026-${c}-000003) : elle ne peut plus être écartée.`,
    );
  });

  it('l’appareil qui a choisi une caisse : le même appareil garde « depuis », un autre le remplace', async () => {
    const caisse = await w.nouvelleCaisse(`Caisse ${newKey().slice(0, 8)}`);
    const url = caisseUrl(caisse.id, '/appareil');
    const list = async () =>
      (
        (await get(`${w.shopUrl(w.world.shopA.id)}/caisses-appareils`, w.tokens.managerA))
          .body as Array<{ caisseId: number }>
      ).find((a) => a.caisseId === caisse.id);
    expect(await list()).toBeUndefined();
    server.clock.set('2026-06-15T09:01:00Z');
    const a = await client.put(url, { appareil: 'appareil-A-0001' }, w.tokens.managerA);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({
      caisseId: caisse.id,
      appareil: 'appareil-A-0001',
      depuis: expect.stringMatching(/^2026-06-15T09:01:/),
    });
    server.clock.set('2026-06-15T09:02:00Z');
    await client.put(url, { appareil: 'appareil-A-0001' }, w.tokens.ownerA);
    expect(await list()).toMatchObject({
      appareil: 'appareil-A-0001',
      depuis: expect.stringMatching(/^2026-06-15T09:01:/),
    });
    const b = await client.put(url, { appareil: 'appareil-B-0002' }, w.tokens.ownerA);
    expect(b.body).toMatchObject({
      appareil: 'appareil-B-0002',
      depuis: expect.stringMatching(/^2026-06-15T09:02:/),
    });
    expect(await list()).toEqual(b.body);
    expectValidation(await client.put(url, { appareil: 'a b' }, w.tokens.ownerA), 'appareil');
    expect(await list()).toEqual(b.body);
    server.clock.set('2026-06-15T09:00:00Z');
  });
});
