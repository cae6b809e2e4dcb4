import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, dayFromToday, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectValidation } from './support/problem.js';
import { pdfText } from './support/pdf.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { nouveauClient, nouveauProduit, panier, referentiels } from './ventes.fixtures.js';

const MM = 72 / 25.4;

describe(`ventes : ticket PDF (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let auth: { token: string };
  let vente: any;
  const pdf = async (id: number, query = '') => {
    const r = await fetch(
      `${server.baseUrl}/api/services/${world.shopA.id}/ventes/${id}/ticket.pdf${query}`,
      { headers: { authorization: `Bearer ${auth.token}` } },
    );
    return {
      status: r.status,
      type: r.headers.get('content-type'),
      body: Buffer.from(await r.arrayBuffer()),
    };
  };
  const pageSize = (body: Buffer) => {
    const m = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(body.toString('latin1'))!;
    return [Number(m[1]), Number(m[2])];
  };

  beforeAll(async () => {
    server = await startTestServer();
    // « Aujourd'hui » de ce fichier : ni l'année des numéros ni les échéances ne suivent la date réelle.
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    world = await createTenants(server.ctx);
    auth = { token: (await login(client, world.managerA.email)).token };
    await server.ctx.database.db
      .updateTable('services')
      .set({
        nom: 'Boutique Keur Awa',
        adresse: '12 avenue Lamine Guèye',
        ville: 'Dakar',
        telephone: '+221 33 800 00 00',
        ninea: '123456789',
        rccm: 'SN-DKR-2024-B-1',
        assujetti_tva: 1,
        prix_ttc: 1,
        entete_ticket: 'Bienvenue !',
        pied_ticket: 'Merci de votre visite',
        taux_tva_defaut: 1800,
      })
      .where('id', '=', world.shopA.id)
      .execute();
    const ref = await referentiels(server.ctx);
    const riz = await nouveauProduit(client, auth, world.shopA.id, {
      nom: 'Riz parfumé',
      uniteId: ref.kg,
      prixVente: 750,
      tauxTva: 1800,
      stockInitial: 100_000,
    });
    const eau = await nouveauProduit(client, auth, world.shopA.id, {
      nom: 'Eau minérale 1,5 L',
      uniteId: ref.piece,
      prixVente: 400,
      tauxTva: 1000,
      stockInitial: 100_000,
    });
    const clientId = await nouveauClient(client, auth, world.shopA.id, 'Moussa Diop');
    vente = (
      await client.post(
        `/api/services/${world.shopA.id}/ventes`,
        panier(
          ref.detail,
          [
            { produitId: riz, quantite: 2500, remise: { type: 'pourcent', valeur: 1000 } },
            { produitId: eau, quantite: 6000 },
          ],
          {
            clientId,
            echeance: dayFromToday(15, server.clock),
            remiseGlobale: { type: 'montant', valeur: 100 },
            paiements: [
              { mode: 'especes', montant: 2000, recu: 5000 },
              { mode: 'mobile_money', montant: 1000, operateur: 'Orange Money' },
            ],
          },
        ),
        auth,
      )
    ).body;
  });
  afterAll(() => server.close());

  it('80 mm de large, hauteur ajustée, toutes les mentions ; DUPLICATA après une impression', async () => {
    const first = await pdf(vente.id);
    // TICKET_PDF_DIR=/tmp/x keeps the receipts for a look (pdftoppm -png).
    if (process.env['TICKET_PDF_DIR'])
      writeFileSync(path.join(process.env['TICKET_PDF_DIR'], 'ticket-80.pdf'), first.body);
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/pdf');
    expect(first.body.subarray(0, 5).toString()).toBe('%PDF-');
    const [w, h] = pageSize(first.body);
    expect(w).toBeCloseTo(80 * MM, 1);
    expect(h).toBeGreaterThan(100 * MM);
    expect(h).toBeLessThan(300 * MM);
    const text = pdfText(first.body);
    for (const part of [
      'Boutique Keur Awa',
      'Bienvenue !',
      'Dakar',
      'NINEA 123456789',
      'RCCM SN-DKR-2024-B-1',
      vente.numero,
      'Vendeur : Awa Traoré',
      'Client : Moussa Diop',
      'Riz parfumé',
      '2,5 kg × 750',
      'Remise 10 %',
      'Remise globale',
      'Total HT',
      'Total TTC',
      '18 %',
      '10 %',
      'Espèces',
      'Rendu',
      '3 000',
      'Orange Money',
      'Reste à payer',
      'Échéance',
      'Merci de votre visite',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('DUPLICATA');
    await client.post(
      `/api/services/${world.shopA.id}/ventes/${vente.id}/impressions`,
      undefined,
      auth,
    );
    const second = await pdf(vente.id, '?largeur=58');
    expect(pageSize(second.body)[0]).toBeCloseTo(58 * MM, 1);
    const again = pdfText(second.body);
    expect(again).toContain('DUPLICATA');
  });

  it('largeur inconnue : 400 en français', async () => {
    expectValidation(
      await client.get(
        `/api/services/${world.shopA.id}/ventes/${vente.id}/ticket.pdf?largeur=72`,
        auth,
      ),
      'largeur',
    );
  });
});
