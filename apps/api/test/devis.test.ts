import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { pdfText } from './support/pdf.js';
import { expectProblem, expectValidation } from './support/problem.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { boutiqueFrancaise, devisBody, prestation } from './devis.fixtures.js';
import { cle, nouveauClient, nouveauProduit, panier, referentiels } from './ventes.fixtures.js';

describe(`devis (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let ref: Awaited<ReturnType<typeof referentiels>>;
  const token = {} as Record<'ownerA' | 'managerA' | 'ownerB', { token: string }>;
  const url = (path = '', shop = world.shopA.id) => `/api/services/${shop}/devis${path}`;
  const count = async (table: 'devis' | 'devis_lignes' | 'ventes' | 'compteurs_documents') =>
    Number(
      (
        await server.ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const pdf = async (id: number) => {
    const r = await fetch(`${server.baseUrl}${url(`/${id}/pdf`)}`, {
      headers: { authorization: `Bearer ${token.ownerA.token}` },
    });
    return {
      status: r.status,
      type: r.headers.get('content-type'),
      body: Buffer.from(await r.arrayBuffer()),
    };
  };
  let riz: number;
  let savon: number;
  let acme: number;
  /** Moves the shop's clock and signs in again (tokens follow the clock). */
  const at = async (instant: string) => {
    server.clock.set(instant);
    for (const name of ['ownerA', 'managerA', 'ownerB'] as const)
      token[name] = { token: (await login(client, world[name].email)).token };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ SMTP_URL: smtp.url });
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    world = await createTenants(server.ctx);
    await boutiqueFrancaise(server.ctx, world.shopA.id);
    await at('2026-06-15T09:00:00Z');
    ref = await referentiels(server.ctx);
    riz = await nouveauProduit(client, token.ownerA, world.shopA.id, {
      nom: 'Riz parfumé',
      uniteId: ref.kg,
      prixVente: 750,
      prixGros: 650,
      stockInitial: 10_000,
    });
    savon = await nouveauProduit(client, token.ownerA, world.shopA.id, {
      nom: 'Savon',
      uniteId: ref.piece,
      prixVente: 300,
      stockInitial: 100_000,
    });
    const created = await client.post(
      `/api/services/${world.shopA.id}/clients`,
      {
        nom: 'Atelier Durand SARL',
        email: 'compta@durand.example',
        adresse: '12 rue des Lilas, 75011 Paris',
        professionnel: true,
        siren: '732829320',
        siret: '73282932000074',
        tvaIntracom: 'FR44732829320',
      },
      token.ownerA,
    );
    acme = created.body.id;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const lignes = () => [
    { produitId: riz, quantite: 2000, remise: { type: 'pourcent' as const, valeur: 1000 } },
    prestation('Installation sur site', 5000),
    { produitId: savon, quantite: 3000, remise: { type: 'montant' as const, valeur: 100 } },
  ];

  it('brouillon sans numéro ; totaux égaux au modèle écrit ici et à ceux d’une vente du même panier', async () => {
    const body = devisBody(acme, ref.detail, lignes(), {
      remiseGlobale: { type: 'montant', valeur: 715 },
      note: 'Livraison comprise',
      conditions: 'Acompte de 30 % à la commande',
    });
    const created = await client.post(url(), body, token.ownerA);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const d = created.body;
    expect(d).toMatchObject({ numero: null, statut: 'brouillon', devise: 'EUR' });
    // Model written independently: nets 1350 (2 kg × 7,50 less 10 %), 5000, 800 (3 × 3,00 less
    // 1,00); the 7,15 global discount is 10 % of 71,50, i.e. 135 / 500 / 80; VAT 20 % only on the
    // service: 4500 TTC = 3750 HT + 750.
    expect(d.lignes.map((l: { montantTtc: number }) => l.montantTtc)).toEqual([1215, 4500, 720]);
    expect(d.lignes[1]).toMatchObject({
      produitId: null,
      designation: 'Installation sur site',
      montantHt: 3750,
      montantTva: 750,
    });
    expect(d).toMatchObject({ totalBrut: 7400, totalTtc: 6435, totalTva: 750, totalHt: 5685 });
    expect((await client.post(url(), body, token.ownerA)).headers.get('idempotent-replayed')).toBe(
      'true',
    );

    // The same products as a sale at the counter: the same figures, line by line.
    const vente = await client.post(
      `/api/services/${world.shopA.id}/ventes`,
      panier(ref.detail, [lignes()[0]!, lignes()[2]!] as never, {
        clientId: acme,
        paiements: [{ mode: 'especes', montant: 2150, recu: 5000 }],
      }),
      token.ownerA,
    );
    const seul = await client.post(
      url(),
      devisBody(acme, ref.detail, [lignes()[0]!, lignes()[2]!]),
      token.ownerA,
    );
    expect(vente.status).toBe(201);
    const pick = (x: Record<string, number>) => [
      x.totalBrut,
      x.totalRemises,
      x.totalHt,
      x.totalTva,
      x.totalTtc,
    ];
    expect(pick(seul.body)).toEqual(pick(vente.body));
  });

  it('statuts : envoi numéroté D-AAAA-NNNNNN avec le PDF en pièce jointe ; expiré d’après l’horloge de la boutique ; acceptation refusée une fois expiré', async () => {
    const { body: d } = await client.post(
      url(),
      devisBody(acme, ref.gros, lignes(), { dateValidite: '2026-06-20' }),
      token.ownerA,
    );
    const sent = await client.post(
      url(`/${d.id}/envoi`),
      { message: 'Suite à notre échange.' },
      token.ownerA,
    );
    expect(sent.status).toBe(200);
    expect(sent.body.numero).toMatch(/^D-2026-\d{6}$/);
    expect(sent.body.statut).toBe('envoye');
    const mail = await smtp.waitFor('compta@durand.example');
    expect(mail.subject).toBe(`Devis ${sent.body.numero} — Boutique A`);
    expect(mail.text).toContain('Suite à notre échange.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: `devis-${sent.body.numero}.pdf`,
      contentType: 'application/pdf',
    });
    const attached = pdfText(mail.attachments[0]!.content);
    expect(attached).toContain(`DEVIS ${sent.body.numero}`);
    expect(attached).toContain('Installation sur site');

    // Wholesale price of the sale type on the rice line.
    expect(sent.body.lignes[0].prixUnitaire).toBe(650);
    await at('2026-06-20T21:00:00Z'); // 23:00 in Paris: still the 20th, still valid
    expect((await client.get(url(`/${d.id}`), token.ownerA)).body.statut).toBe('envoye');
    await at('2026-06-20T22:30:00Z'); // 00:30 on the 21st in Paris: expired
    expect((await client.get(url(`/${d.id}`), token.ownerA)).body.statut).toBe('expire');
    const list = await client.get(url('?statut=expire'), token.ownerA);
    expect(list.body.items.map((i: { id: number }) => i.id)).toEqual([d.id]);
    expectProblem(
      await client.post(url(`/${d.id}/acceptation`), undefined, token.ownerA),
      422,
      'BUSINESS_RULE',
    );
    expect((await client.post(url(`/${d.id}/refus`), undefined, token.ownerA)).body.statut).toBe(
      'refuse',
    );
    await at('2026-06-15T09:00:00Z');
  });

  it('PDF A4 : boutique et ses identifiants, client et les siens, lignes, TVA par taux, totaux', async () => {
    const { body: d } = await client.post(
      url(),
      devisBody(acme, ref.detail, lignes(), { conditions: 'Paiement à 30 jours' }),
      token.ownerA,
    );
    const draft = await pdf(d.id);
    expect(draft.type).toBe('application/pdf');
    expect(pdfText(draft.body)).toContain('DEVIS (BROUILLON, SANS NUMÉRO)');
    const accepted = await client.post(url(`/${d.id}/acceptation`), undefined, token.ownerA);
    expect(accepted.body).toMatchObject({ statut: 'accepte' });
    const text = pdfText((await pdf(d.id)).body);
    for (const expected of [
      `DEVIS ${accepted.body.numero}`,
      'Boutique A',
      'SIRET 73282932000074',
      'TVA FR44732829320',
      'Atelier Durand SARL',
      'SIREN 732829320',
      'Riz parfumé',
      'Installation sur site',
      'Valable jusqu’au 15/07/2026',
      'Paiement à 30 jours',
    ])
      expect(text).toContain(expected);
    // 50,00 € TTC at 20 %: 41,67 € HT and 8,33 € of VAT; 13,50 + 50,00 + 8,00 = 71,50 €.
    expect(text).toMatch(/TVA 20 % sur 41,67\s*€\s+8,33\s*€/);
    expect(text).toMatch(/Total TTC\s+71,50\s*€/);
  });

  it('modification du seul brouillon ; duplication en nouveau brouillon ; filtres et totaux de la liste', async () => {
    const { body: d } = await client.post(
      url(),
      devisBody(acme, ref.detail, lignes()),
      token.ownerA,
    );
    const put = await client.put(
      url(`/${d.id}`),
      {
        clientId: acme,
        typeVenteId: ref.detail,
        dateValidite: '2026-07-01',
        lignes: [prestation('Audit', 20_000)],
      },
      token.ownerA,
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ totalTtc: 20_000, dateValidite: '2026-07-01' });
    expect(put.body.lignes).toHaveLength(1);
    await client.post(url(`/${d.id}/acceptation`), undefined, token.ownerA);
    expectProblem(
      await client.put(
        url(`/${d.id}`),
        { clientId: acme, typeVenteId: ref.detail, dateValidite: '2026-07-01', lignes: lignes() },
        token.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    const copy = await client.post(
      url(`/${d.id}/duplication`),
      { cleIdempotence: cle() },
      token.ownerA,
    );
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      numero: null,
      statut: 'brouillon',
      totalTtc: 20_000,
      dateValidite: '2026-07-15',
    });
    expect(copy.body.id).not.toBe(d.id);
    const page = await client.get(url(`?clientId=${acme}&statut=brouillon&size=200`), token.ownerA);
    const drafts = page.body.items as Array<{ totalTtc: number; statut: string }>;
    expect(drafts.every((i) => i.statut === 'brouillon')).toBe(true);
    expect(page.body.totaux.totalTtc).toBe(drafts.reduce((a, i) => a + i.totalTtc, 0));
    expect(page.body.totaux.nombre).toBe(drafts.length);
  });

  it('entrées invalides : 4xx en français, rien d’écrit ; gérant 403 ; devis d’une autre boutique 404', async () => {
    const before = await Promise.all([
      count('devis'),
      count('devis_lignes'),
      count('compteurs_documents'),
    ]);
    expectValidation(
      await client.post(
        url(),
        devisBody(acme, ref.detail, [{ produitId: null, quantite: 1000 }]),
        token.ownerA,
      ),
      'lignes.0.designation',
      'lignes.0.prixUnitaire',
      'lignes.0.tauxTva',
    );
    expectValidation(
      await client.post(
        url(),
        devisBody(acme, ref.detail, [], { dateValidite: '2026-02-30' }),
        token.ownerA,
      ),
      'lignes',
      'dateValidite',
    );
    expectProblem(
      await client.post(
        url(),
        devisBody(acme, ref.detail, [{ produitId: 999_999, quantite: 1000 }]),
        token.ownerA,
      ),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.post(
        url(),
        devisBody(acme, ref.detail, [{ produitId: savon, quantite: 1500 }]),
        token.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    const { body: sansMail } = await client.post(
      `/api/services/${world.shopA.id}/clients`,
      { nom: 'Sans courriel' },
      token.ownerA,
    );
    const { body: d } = await client.post(
      url(),
      devisBody(sansMail.id, ref.detail, lignes()),
      token.ownerA,
    );
    const after1 = await count('devis');
    const noMail = expectProblem(
      await client.post(url(`/${d.id}/envoi`), {}, token.ownerA),
      422,
      'BUSINESS_RULE',
    );
    expect(noMail.detail).toContain('n’a pas d’adresse e-mail');
    expect((await client.get(url(`/${d.id}`), token.ownerA)).body).toMatchObject({
      numero: null,
      statut: 'brouillon',
    });
    expect([
      after1 - 1,
      (await count('devis_lignes')) - 3,
      await count('compteurs_documents'),
    ]).toEqual(before);
    expectProblem(await client.get(url(), token.managerA), 403, 'FORBIDDEN');
    expectProblem(
      await client.get(url(`/${d.id}`, world.shopB.id), token.ownerB),
      404,
      'NOT_FOUND',
    );
    const clientB = await nouveauClient(client, token.ownerB, world.shopB.id, 'Client de B');
    expectProblem(
      await client.post(url(), devisBody(clientB, ref.detail, lignes()), token.ownerA),
      404,
      'NOT_FOUND',
    );
  });
});
