import { addDays, localDate, shopTimeZone, venteInputSchema } from '@comptoir/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVente } from '../src/modules/ventes/ventes.create.js';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { pdfText } from './support/pdf.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { nouveauClient, nouveauProduit, panier, referentiels } from './ventes.fixtures.js';

/**
 * The shop's clock is its country's (services.pays), never the server's: the year of its numbers,
 * the times on its receipts and exports, the days of the list's period filter, « today » for due
 * dates. Shop A is in Dakar (UTC+0), shop B in France (UTC+1 in winter, UTC+2 in summer).
 */
describe(`fuseau horaire de la boutique (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token = {} as Record<'ownerA' | 'ownerB', { token: string }>;
  let ref: Awaited<ReturnType<typeof referentiels>>;
  const produit = {} as Record<'A' | 'B', number>;

  /** A paid sale of 500 recorded at `at` (the `now` option of createVente). */
  const venteA = async (shop: 'A' | 'B', at: string) => {
    const service = await server.ctx.database.db
      .selectFrom('services')
      .selectAll()
      .where('id', '=', shop === 'A' ? world.shopA.id : world.shopB.id)
      .executeTakeFirstOrThrow();
    const owner = shop === 'A' ? world.ownerA : world.ownerB;
    const input = panier(ref.detail, [{ produitId: produit[shop], quantite: 1000 }], {
      paiements: [{ mode: 'especes', montant: 500 }],
    });
    return (
      await createVente(server.ctx, owner.id, service, venteInputSchema.parse(input), {
        now: new Date(at),
      })
    ).vente;
  };
  const url = (shop: 'A' | 'B', rest: string) =>
    `/api/services/${shop === 'A' ? world.shopA.id : world.shopB.id}/ventes${rest}`;
  const auth = (shop: 'A' | 'B') => (shop === 'A' ? token.ownerA : token.ownerB);
  const csv = async (shop: 'A' | 'B', query = '') => {
    const r = await fetch(`${server.baseUrl}${url(shop, `/export.csv${query}`)}`, {
      headers: { authorization: `Bearer ${auth(shop).token}` },
    });
    return r.text();
  };
  const ticket = async (shop: 'A' | 'B', id: number) => {
    const r = await fetch(`${server.baseUrl}${url(shop, `/${id}/ticket.pdf`)}`, {
      headers: { authorization: `Bearer ${auth(shop).token}` },
    });
    expect(r.status).toBe(200);
    return pdfText(Buffer.from(await r.arrayBuffer()));
  };

  beforeAll(async () => {
    server = await startTestServer();
    // « Aujourd'hui » de ce fichier (les abonnements de test sont datés d'après lui).
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    world = await createTenants(server.ctx);
    const { db } = server.ctx.database;
    await db
      .updateTable('services')
      .set({ pays: 'SN', ville: 'Dakar' })
      .where('id', '=', world.shopA.id)
      .execute();
    await db
      .updateTable('services')
      .set({ pays: 'FR', ville: 'Lyon', devise: 'EUR' })
      .where('id', '=', world.shopB.id)
      .execute();
    for (const name of ['ownerA', 'ownerB'] as const)
      token[name] = { token: (await login(client, world[name].email)).token };
    ref = await referentiels(server.ctx);
    produit.A = await nouveauProduit(client, token.ownerA, world.shopA.id, {
      nom: 'Thé vert',
      uniteId: ref.piece,
      prixVente: 500,
      stockInitial: 1_000_000,
    });
    produit.B = await nouveauProduit(client, token.ownerB, world.shopB.id, {
      nom: 'Café',
      uniteId: ref.piece,
      prixVente: 500,
      stockInitial: 1_000_000,
    });
  });
  afterAll(() => server.close());

  it('Dakar, 31 décembre 2026 à 23 h 30 UTC : numéro de 2026, 23:30 sur le ticket et l’export', async () => {
    const v = await venteA('A', '2026-12-31T23:30:00.000Z');
    expect(v.numero).toBe('V-2026-000001');
    const text = await ticket('A', v.id);
    expect(text).toContain('31/12/2026 23:30');
    expect(text).not.toContain('01/01/2027');
    const lines = (await csv('A', '?du=2026-12-31&au=2026-12-31')).split('\r\n');
    expect(lines.find((l) => l.startsWith(`${v.numero};`))).toContain(';31/12/2026 23:30;');
  });

  it('Paris, 31 décembre 2026 à 23 h 30 UTC (= 1er janvier 2027, 00 h 30) : numéro V-2027-…, 00:30 sur le ticket et l’export', async () => {
    const avant = await venteA('B', '2026-12-31T22:59:00.000Z');
    const v = await venteA('B', '2026-12-31T23:30:00.000Z');
    expect(avant.numero).toBe('V-2026-000001');
    expect(v.numero).toBe('V-2027-000001');
    const text = await ticket('B', v.id);
    expect(text).toContain('01/01/2027 00:30');
    const lines = (await csv('B')).split('\r\n');
    expect(lines.find((l) => l.startsWith(`${v.numero};`))).toContain(';01/01/2027 00:30;');
    expect(lines.find((l) => l.startsWith(`${avant.numero};`))).toContain(';31/12/2026 23:59;');
  });

  it('filtre du/au : les jours de la boutique de Paris, minuit compris, changement d’heure compris', async () => {
    const at = (iso: string) => venteA('B', iso);
    const veille = await at('2027-01-02T22:59:59.000Z'); // 23:59:59 on 2 January in Paris
    const minuit = await at('2027-01-02T23:00:00.000Z'); // 00:00 on 3 January in Paris
    const ete = await at('2026-10-24T21:59:00.000Z'); // 23:59 on 24 October (UTC+2)
    const changement = await at('2026-10-24T22:00:00.000Z'); // 00:00 on 25 October, the day the clocks go back
    const finChangement = await at('2026-10-25T22:59:00.000Z'); // 23:59 on 25 October (UTC+1)
    const lendemain = await at('2026-10-25T23:00:00.000Z'); // 00:00 on 26 October
    const ids = async (q: string) =>
      (await client.get(url('B', `?size=50&${q}`), token.ownerB)).body.items
        .map((v: { id: number }) => v.id)
        .sort((a: number, b: number) => a - b);
    expect(await ids('du=2027-01-02&au=2027-01-02')).toEqual([veille.id]);
    expect(await ids('du=2027-01-03&au=2027-01-03')).toEqual([minuit.id]);
    expect(await ids('du=2027-01-02&au=2027-01-03')).toEqual([veille.id, minuit.id]);
    expect(await ids('du=2026-10-25&au=2026-10-25')).toEqual([changement.id, finChangement.id]);
    expect(await ids('du=2026-10-24&au=2026-10-24')).toEqual([ete.id]);
    expect(await ids('du=2026-10-26&au=2026-10-26')).toEqual([lendemain.id]);
    const totaux = (await client.get(url('B', '?du=2026-10-25&au=2026-10-25'), token.ownerB)).body
      .totaux;
    expect(totaux).toMatchObject({ nombre: 2, totalTtc: 1000 });
  });

  // A country whose calendar day differs from UTC's at that instant: Tonga (UTC+13) from 11:00 UTC,
  // American Samoa (UTC−11) before. The app's clock is set to each instant in turn.
  it.each([
    ['TO', '2026-06-15T12:00:00.000Z'],
    ['AS', '2026-06-15T05:00:00.000Z'],
  ])(
    'dette en retard et échéance passée : le jour de la boutique (%s), pas celui du serveur',
    async (pays, instant) => {
      const now = server.clock.freeze(instant).now();
      token.ownerA = { token: (await login(client, world.ownerA.email)).token };
      const { db } = server.ctx.database;
      await db.updateTable('services').set({ pays }).where('id', '=', world.shopA.id).execute();
      const shopDay = localDate(now, shopTimeZone(pays));
      const utcDay = now.toISOString().slice(0, 10);
      expect(shopDay).not.toBe(utcDay);
      const clientId = await nouveauClient(client, token.ownerA, world.shopA.id, `Client ${pays}`);
      const credit = (echeance: string) =>
        panier(ref.detail, [{ produitId: produit.A, quantite: 1000 }], { clientId, echeance });
      const compte = async () =>
        (
          await client.get(
            `/api/services/${world.shopA.id}/clients/${clientId}/compte`,
            token.ownerA,
          )
        ).body;
      const dettes = async () =>
        (await client.get(`/api/services/${world.shopA.id}/dettes`, token.ownerA)).body;
      // The shop's debts before this case (the other case of the table leaves one).
      const avant = (await dettes()).totaux;

      if (pays === 'TO') {
        // Tonga is already on the next day: the UTC day is past there.
        const refus = await client.post(url('A', ''), credit(utcDay), token.ownerA);
        expect(refus.status).toBe(422);
        expect(refus.body.detail).toBe("La date d'échéance ne peut pas être passée.");
        const service = await db
          .selectFrom('services')
          .selectAll()
          .where('id', '=', world.shopA.id)
          .executeTakeFirstOrThrow();
        // Recorded yesterday (shop's day), due on the UTC day: overdue in Tonga today.
        await createVente(
          server.ctx,
          world.ownerA.id,
          service,
          venteInputSchema.parse(credit(utcDay)),
          { now: new Date(now.getTime() - 86_400_000) },
        );
        expect((await compte()).dettes[0]).toMatchObject({ echeance: utcDay, statut: 'en_retard' });
        expect((await compte()).enRetard).toBe(500);
        expect((await dettes()).totaux).toMatchObject({
          encours: avant.encours + 500,
          enRetard: avant.enRetard + 500,
        });
      } else {
        // American Samoa is still on the previous day: due today there, neither past nor overdue.
        expect(shopDay).toBe(addDays(utcDay, -1));
        const ok = await client.post(url('A', ''), credit(shopDay), token.ownerA);
        expect(ok.status).toBe(201);
        expect(ok.body.dette).toMatchObject({ echeance: shopDay, statut: 'en_cours' });
        expect((await compte()).dettes[0]).toMatchObject({ echeance: shopDay, statut: 'en_cours' });
        expect((await dettes()).totaux).toMatchObject({
          encours: avant.encours + 500,
          enRetard: avant.enRetard,
        });
      }
    },
  );
});
