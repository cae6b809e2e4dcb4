import { addDays, localDate } from '@comptoir/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createService, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The invoice list's totals add whole UTC days from the day totals of migration 042 and read the
 * invoices of the partial days at the ends of the period. A shop in Nouméa (UTC+11) issues
 * invoices just before and after its midnight and UTC's; under every period (each end open or a
 * day), customer and status, the list's count and totals equal the sums this test makes from the
 * invoices' rows, their day read on the shop's calendar here.
 */
const ZONE = 'Pacific/Noumea';
const DAYS = ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
// UTC hours: 00:30 (11:30 in Nouméa), 12:30 (23:30), 13:30 (00:30 the next day), 23:30 (10:30).
const HOURS = ['00:30', '12:30', '13:30', '23:30'];

describe(`factures : totaux d’une période sur le calendrier de la boutique (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let shop: number;
  let clients: Array<{ id: number }>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-03-01T09:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
    shop = (await createService(server.ctx, w.world.ownerA.id)).id;
    await server.ctx.database.db
      .updateTable('services')
      .set({ pays: 'NC' })
      .where('id', '=', shop)
      .execute();
    const produit = await w.produit({ prix: 1000, stock: 100_000_000, shop });
    clients = [
      await w.clientNamed('Client Nord', { shop }),
      await w.clientNamed('Client Sud 2026', { shop }),
    ];
    let i = 0;
    for (const day of DAYS)
      for (const hour of HOURS) {
        i += 1;
        server.clock.set(`${day}T${hour}:00.000Z`);
        // Access tokens live 15 minutes of the server's clock.
        w.tokens.ownerA.token = (await login(client, w.world.ownerA.email)).token;
        const quantite = 1000 * (1 + (i % 3));
        const total = quantite;
        const paye = [0, total, Math.floor(total / 3)][i % 3]!;
        const vente = await w.vente(
          {
            lignes: [{ produitId: produit.id, quantite }],
            paiements: paye ? [{ mode: 'especes', montant: paye }] : [],
            clientId: clients[i % 2]!.id,
            echeance: addDays(day, 1 + (i % 4)),
          },
          { shop },
        );
        const f = await client.post(
          `${w.shopUrl(shop)}/factures`,
          { cleIdempotence: newKey(), venteIds: [vente.id] },
          w.tokens.ownerA,
        );
        expect(f.status, JSON.stringify(f.body)).toBe(201);
      }
    server.clock.set('2026-03-15T22:00:00Z');
    w.tokens.ownerA.token = (await login(client, w.world.ownerA.email)).token;
  }, 300_000);
  afterAll(() => server.close());

  it('toute période, client et statut : nombre et totaux = sommes des factures du calendrier de Nouméa', async () => {
    const rows = await server.ctx.database.db
      .selectFrom('factures')
      .selectAll()
      .where('service_id', '=', shop)
      .execute();
    expect(rows).toHaveLength(DAYS.length * HOURS.length);
    const today = localDate(server.clock.now(), ZONE);
    const invoices = rows.map((f) => ({
      day: localDate(new Date(f.created_at), ZONE),
      client: f.client_id,
      statut: f.statut_paiement !== 'payee' && f.echeance < today ? 'en_retard' : f.statut_paiement,
      ht: Number(f.total_ht),
      ttc: Number(f.total_ttc),
      reste: Number(f.reste),
    }));
    const bounds = [null, '2026-03-09', ...DAYS, '2026-03-14'];
    let checked = 0;
    for (const du of bounds)
      for (const au of bounds) {
        if (du && au && au < du) continue;
        for (const [extra, keep] of [
          ['', () => true],
          [
            `&clientId=${clients[0]!.id}`,
            (f: (typeof invoices)[number]) => f.client === clients[0]!.id,
          ],
          ['&statut=en_retard', (f: (typeof invoices)[number]) => f.statut === 'en_retard'],
          ['&statut=payee', (f: (typeof invoices)[number]) => f.statut === 'payee'],
        ] as const) {
          const query = `${du ? `&du=${du}` : ''}${au ? `&au=${au}` : ''}${extra}`;
          const page = await client.get(
            `${w.shopUrl(shop)}/factures?size=2${query}`,
            w.tokens.ownerA,
          );
          expect(page.status, query).toBe(200);
          const set = invoices.filter(
            (f) => (!du || f.day >= du) && (!au || f.day <= au) && keep(f),
          );
          expect(page.body.totaux, query).toMatchObject({
            nombre: set.length,
            totalHt: set.reduce((a, f) => a + f.ht, 0),
            totalTtc: set.reduce((a, f) => a + f.ttc, 0),
            reste: set.reduce((a, f) => a + f.reste, 0),
          });
          expect(page.body.total, query).toBe(set.length);
          checked += 1;
        }
      }
    expect(checked).toBeGreaterThan(100);
    // The periods above cut invoices on both sides of Nouméa's midnight and of UTC's.
    expect(new Set(invoices.map((f) => f.day)).size).toBeGreaterThan(DAYS.length);
  });

  it('recherche : le numéro ou le nom du client, totaux et page = factures qui la contiennent, sans compter deux fois', async () => {
    // « 2026 » is in every number and in the name of « Client Sud 2026 »: its invoices match
    // twice and count once. Short text (2 characters) has no trigram and is read otherwise.
    const rows = await server.ctx.database.db
      .selectFrom('factures')
      .select(['id', 'numero', 'client_nom', 'client_id', 'created_at', 'total_ttc', 'reste'])
      .where('service_id', '=', shop)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const searches = ['2026', 'sud 2026', 'NORD', 'f-2026-00001', '000007', '01', 'zzz', '%'];
    for (const q of searches)
      for (const [extra, keep] of [
        ['', () => true],
        [
          `&clientId=${clients[1]!.id}`,
          (f: (typeof rows)[number]) => f.client_id === clients[1]!.id,
        ],
        [
          '&du=2026-03-11&au=2026-03-12',
          (f: (typeof rows)[number]) => {
            const day = localDate(new Date(f.created_at), ZONE);
            return day >= '2026-03-11' && day <= '2026-03-12';
          },
        ],
      ] as const) {
        const query = `q=${encodeURIComponent(q)}${extra}`;
        const page = await client.get(
          `${w.shopUrl(shop)}/factures?size=100&${query}`,
          w.tokens.ownerA,
        );
        expect(page.status, query).toBe(200);
        const text = q.toLowerCase();
        const set = rows.filter(
          (f) =>
            (f.numero.toLowerCase().includes(text) || f.client_nom.toLowerCase().includes(text)) &&
            keep(f),
        );
        expect(
          page.body.items.map((i: { id: number }) => i.id),
          query,
        ).toEqual(set.map((f) => f.id));
        expect(page.body.totaux, query).toMatchObject({
          nombre: set.length,
          totalTtc: set.reduce((a, f) => a + Number(f.total_ttc), 0),
          reste: set.reduce((a, f) => a + Number(f.reste), 0),
        });
      }
    // The searches above are not all empty nor all full.
    expect(rows.filter((f) => f.numero.toLowerCase().includes('f-2026-00001')).length).toBe(7);
  });
});
