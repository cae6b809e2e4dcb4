import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { pdfText } from './support/pdf.js';
import { newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/** Renders page 1 with pdftoppm (poppler): the file opens and draws. */
function renders(pdf: Buffer): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'comptoir-facture-'));
  writeFileSync(path.join(dir, 'f.pdf'), pdf);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '40',
    '-f',
    '1',
    '-l',
    '1',
    path.join(dir, 'f.pdf'),
    path.join(dir, 'p'),
  ]);
  return readdirSync(dir).some((f) => f.endsWith('.png'));
}

describe(`facture PDF et mentions légales (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const db = () => server.ctx.database.db;
  const flat = (s: string) => s.replace(/[\u00A0\u202F]/g, ' ').replace(/[ \t]+/g, ' ');

  async function invoicePdf(clientBody: Record<string, unknown>, tauxTva: number) {
    const cli = (await client.post(`${w.shopUrl()}/clients`, clientBody, w.tokens.ownerA)).body;
    const p = await w.produit({ prix: 12_000, stock: 10_000, tauxTva });
    const vente = await w.vente({
      clientId: cli.id,
      lignes: [{ produitId: p.id, quantite: 2000, remise: { type: 'montant', valeur: 2400 } }],
      paiements: [{ mode: 'especes', montant: 21_600 }],
    });
    const f = await client.post(
      `${w.shopUrl()}/factures`,
      { cleIdempotence: newKey(), venteIds: [vente.id], nature: 'mixte' },
      w.tokens.ownerA,
    );
    expect(f.status).toBe(201);
    const pdf = await fetch(`${client.baseUrl}${w.shopUrl()}/factures/${f.body.id}/facture.pdf`, {
      headers: { authorization: `Bearer ${w.tokens.ownerA.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(renders(bytes)).toBe(true);
    return { text: flat(pdfText(bytes)), facture: f.body };
  }

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-09-15T09:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  it('France : vendeur, SIREN/SIRET, TVA, RCS, capital, client et SIREN, livraison, dates, nature, lignes HT, TVA par taux, TTC, échéance, pénalités, 40 €', async () => {
    await db()
      .updateTable('services')
      .set({
        nom: 'Quincaillerie Dupont',
        adresse: '12 rue de la Paix',
        ville: '75002 Paris',
        pays: 'FR',
        devise: 'EUR',
        assujetti_tva: 1,
        prix_ttc: 1,
        siret: '73282932000074',
        tva_intracom: 'FR44732829320',
        rcs: 'RCS Paris 732 829 320',
        forme_juridique: 'SARL',
        capital: 1_000_000,
        taux_penalites: 1215,
      })
      .where('id', '=', w.world.shopA.id)
      .execute();
    const { text, facture } = await invoicePdf(
      {
        nom: 'Société Alpha',
        adresse: '3 rue des Lilas, 75011 Paris',
        professionnel: true,
        siren: '552100554',
        adresseLivraison: 'Entrepôt 7, 93200 Saint-Denis',
      },
      2000,
    );
    for (const mention of [
      'Quincaillerie Dupont',
      '12 rue de la Paix, 75002 Paris',
      'SARL au capital de 10 000,00 €',
      'SIREN 732829320 · SIRET 73282932000074',
      'RCS Paris 732 829 320',
      'TVA intracommunautaire FR44732829320',
      `FACTURE ${facture.numero}`,
      'Date d’émission : 15/09/2026',
      'Date de la vente et de la livraison : 15/09/2026',
      'Échéance : 15/10/2026',
      'Société Alpha',
      'Adresse de facturation : 3 rue des Lilas, 75011 Paris',
      'SIREN 552100554',
      'Adresse de livraison : Entrepôt 7, 93200 Saint-Denis',
      'Nature de l’opération : Livraison de biens et prestation de services',
      // 2 × 120,00 TTC at 20 % = 100,00 HT each; discount 24,00 TTC = 20,00 HT; 180,00 HT.
      '2 pce 100,00 € 20,00 € 20 % 180,00 €',
      'Total HT 180,00 €',
      'TVA 20 % sur 180,00 € 36,00 €',
      'Total TTC 216,00 €',
      'Remises (HT) 20,00 €',
      'Pénalités de retard : 12,15 % par an',
      'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €.',
    ])
      expect(text, mention).toContain(mention);
    expect(text).not.toContain('293 B');
  });

  it('France, boutique non assujettie : « TVA non applicable, art. 293 B du CGI », pas de ligne de TVA ; particulier : pas de 40 €', async () => {
    await db()
      .updateTable('services')
      .set({ assujetti_tva: 0, taux_penalites: null })
      .where('id', '=', w.world.shopA.id)
      .execute();
    const { text } = await invoicePdf(
      { nom: 'Jean Martin', adresse: '1 place du Marché, 69001 Lyon' },
      0,
    );
    expect(text).toContain('TVA non applicable, art. 293 B du CGI');
    expect(text).not.toMatch(/TVA \d+ % sur/);
    expect(text).toContain('Pénalités de retard : trois fois le taux d’intérêt légal');
    expect(text).not.toContain('40 €');
  });

  it('Sénégal (OHADA) : NINEA, RCCM, TVA 18 %, FCFA sans décimales, sans les mentions françaises', async () => {
    await db()
      .updateTable('services')
      .set({
        nom: 'Boutique Ndiaye',
        pays: 'SN',
        devise: 'XOF',
        assujetti_tva: 1,
        siret: null,
        tva_intracom: null,
        rcs: null,
        forme_juridique: null,
        capital: null,
        ninea: '005123456 2G3',
        rccm: 'SN-DKR-2020-B-12345',
      })
      .where('id', '=', w.world.shopA.id)
      .execute();
    const { text } = await invoicePdf({ nom: 'Client de Dakar' }, 1800);
    expect(text).toContain('NINEA 005123456 2G3');
    expect(text).toContain('RCCM SN-DKR-2020-B-12345');
    expect(text).toMatch(/TVA 18 % sur [\d ]+ FCFA [\d ]+ FCFA/);
    expect(text).toContain('Total TTC 21 600 FCFA');
    expect(text).not.toMatch(/FCFA,\d/);
    expect(text).not.toContain('Pénalités');
    expect(text).not.toContain('SIRET');
  });
});
