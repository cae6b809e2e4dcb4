import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyingWorld } from './support/achats.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { pdfText } from './support/pdf.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`achats : bon de réception et relevé fournisseur en PDF (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof buyingWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await buyingWorld(server.ctx, client);
  });
  afterAll(() => server.close());
  const pdfOf = async (path: string, token: { token: string }) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${token.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, ' ');
  };

  it('le bon porte le numéro, le fournisseur, les lignes, les frais et le reste ; le relevé le solde', async () => {
    const f = await w.fournisseur('Établissements Diallo');
    const p = await w.produit({ prix: 5000, stock: 0 });
    const achat = await w.achat(
      {
        fournisseurId: f.id,
        frais: { transport: 2500 },
        lignes: [{ produitId: p.id, quantite: 12_000, prixUnitaire: 1250 }],
      },
      [{ mode: 'especes', montant: 7500 }],
    );
    const text = await pdfOf(`${w.shopUrl()}/achats/${achat.id}/pdf`, w.tokens.managerA);
    expect(text).toContain(`Bon de réception ${achat.numero}`);
    expect(text).toContain('Fournisseur : Établissements Diallo');
    expect(text).toContain(p.nom);
    // 12 × 1 250 = 15 000 + 2 500 of transport = 17 500; 7 500 paid, 10 000 left.
    expect(text).toMatch(/Total 17 500 FCFA/);
    expect(text).toMatch(/Reste à payer 10 000 FCFA/);

    const r = await pdfOf(`${w.shopUrl()}/fournisseurs/${f.id}/releve.pdf`, w.tokens.ownerA);
    expect(r).toContain('Relevé de compte fournisseur');
    expect(r).toContain(achat.numero);
    expect(r).toMatch(/Solde dû 10 000 FCFA/);
    expectProblem(
      await client.get(`${w.shopUrl()}/fournisseurs/${f.id}/releve.pdf`, w.tokens.managerA),
      403,
      'FORBIDDEN',
    );
  });
});
