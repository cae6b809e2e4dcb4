import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@comptoir/shared';
import { createService } from './support/factories.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { pdfText } from './support/pdf.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`dettes clients et règlements (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const db = () => server.ctx.database.db;
  const reglements = (clientId: number, shop?: number) =>
    `${w.shopUrl(shop)}/clients/${clientId}/reglements`;
  const compte = async (clientId: number, shop?: number) =>
    (await client.get(`${w.shopUrl(shop)}/clients/${clientId}/compte`, w.tokens.ownerA)).body;
  const venteOf = async (id: number, shop?: number) =>
    (await client.get(`${w.shopUrl(shop)}/ventes/${id}`, w.tokens.ownerA)).body;
  /** A credit sale of `total` FCFA (one line), `paid` at the counter, due in `days` days. */
  let article: { id: number };
  async function credit(clientId: number, total: number, paid = 0, shop?: number) {
    const produit = shop ? await w.produit({ prix: 100, stock: 1_000_000, shop }) : article;
    return w.vente(
      {
        lignes: [{ produitId: produit.id, quantite: (total / 100) * 1000 }],
        paiements: paid ? [{ mode: 'especes', montant: paid }] : [],
        clientId,
        echeance: localDay(7, server.clock),
      },
      shop ? { shop } : {},
    );
  }

  beforeAll(async () => {
    server = await startTestServer();
    // « Aujourd'hui » de ce fichier : ni l'année des numéros ni les échéances ne suivent la date réelle.
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
    article = await w.produit({ prix: 100, stock: 10_000_000 });
  });
  afterAll(() => server.close());

  it('règlement réparti sur les dettes les plus anciennes d’abord ; payé, montant payé de la vente et statuts suivent', async () => {
    const fatou = await w.clientNamed('Fatou Règlement');
    const v1 = await credit(fatou.id, 3000, 1000);
    const v2 = await credit(fatou.id, 5000);
    const v3 = await credit(fatou.id, 2000);
    expect((await compte(fatou.id)).encours).toBe(9000);

    const r = await client.post(
      reglements(fatou.id),
      {
        cleIdempotence: newKey(),
        montant: 4500,
        mode: 'mobile_money',
        operateur: 'Wave',
        reference: 'TX-42',
      },
      w.tokens.ownerA,
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      mode: 'mobile_money',
      montant: 4500,
      operateur: 'Wave',
      reference: 'TX-42',
      retour: null,
      user: { id: w.world.ownerA.id },
      allocations: [
        { detteId: v1.dette.id, venteNumero: v1.numero, montant: 2000 },
        { detteId: v2.dette.id, venteNumero: v2.numero, montant: 2500 },
      ],
    });
    expect(await venteOf(v1.id)).toMatchObject({
      montantPaye: 3000,
      reste: 0,
      statut: 'payee',
      dette: { paye: 2000, reste: 0, statut: 'soldee' },
    });
    expect(await venteOf(v2.id)).toMatchObject({
      montantPaye: 2500,
      reste: 2500,
      statut: 'partiellement_payee',
      dette: { paye: 2500, statut: 'en_cours' },
    });
    expect(await venteOf(v3.id)).toMatchObject({ montantPaye: 0, statut: 'a_credit' });

    // A chosen debt first of all.
    const chosen = await client.post(
      reglements(fatou.id),
      { cleIdempotence: newKey(), montant: 2000, mode: 'especes', detteId: v3.dette.id },
      w.tokens.ownerA,
    );
    expect(chosen.status).toBe(201);
    expect(chosen.body.allocations).toEqual([
      { detteId: v3.dette.id, venteNumero: v3.numero, montant: 2000 },
    ]);
    expect(await venteOf(v3.id)).toMatchObject({ montantPaye: 2000, statut: 'payee' });
    expect(await venteOf(v2.id)).toMatchObject({ reste: 2500 });

    const account = await compte(fatou.id);
    expect(account).toMatchObject({
      client: { id: fatou.id, nom: 'Fatou Règlement' },
      encours: 2500,
      enRetard: 0,
      avoir: 0,
      nombreVentes: 3,
      totalAchats: 10_000,
    });
    expect(account.dettes.map((d: any) => [d.vente.numero, d.statut])).toEqual([
      [v3.numero, 'soldee'],
      [v2.numero, 'en_cours'],
      [v1.numero, 'soldee'],
    ]);
    expect(account.reglements.map((x: any) => x.id)).toEqual([chosen.body.id, r.body.id]);
    // dettes.paye is the sum of its allocations.
    for (const d of account.dettes) {
      const allocated = await db()
        .selectFrom('reglement_allocations')
        .select('montant')
        .where('dette_id', '=', d.id)
        .execute();
      expect(allocated.reduce((a, x) => a + Number(x.montant), 0)).toBe(d.paye);
    }
  });

  it('plus que dû : 422 nommant ce que doit le client, rien n’est enregistré ; dette d’un autre client ou d’une autre boutique : 404', async () => {
    const ibou = await w.clientNamed('Ibou Dépassement');
    const other = await w.clientNamed('Autre client');
    const v = await credit(ibou.id, 12_500);
    const otherSale = await credit(other.id, 1000);
    const before = (await db().selectFrom('reglements').select('id').execute()).length;
    const over = expectProblem(
      await client.post(
        reglements(ibou.id),
        { cleIdempotence: newKey(), montant: 12_501, mode: 'especes' },
        w.tokens.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(over.detail).toBe(
      `Le montant dépasse ce que doit le client (${formatMoney(12_500, 'XOF')}).`,
    );
    expect(over.detail).toContain('12\u202F500\u00A0FCFA');
    const overDebt = expectProblem(
      await client.post(
        reglements(ibou.id),
        { cleIdempotence: newKey(), montant: 13_000, mode: 'especes', detteId: v.dette.id },
        w.tokens.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(overDebt.detail).toBe(
      `Le montant dépasse ce qui reste à payer sur la vente ${v.numero} (${formatMoney(12_500, 'XOF')}).`,
    );
    const nothingOwed = await w.clientNamed('Sans dette');
    expect(
      expectProblem(
        await client.post(
          reglements(nothingOwed.id),
          { cleIdempotence: newKey(), montant: 1, mode: 'especes' },
          w.tokens.ownerA,
        ),
        422,
        'BUSINESS_RULE',
      ).detail,
    ).toBe(`Le montant dépasse ce que doit le client (${formatMoney(0, 'XOF')}).`);
    expectProblem(
      await client.post(
        reglements(ibou.id),
        { cleIdempotence: newKey(), montant: 100, mode: 'especes', detteId: otherSale.dette.id },
        w.tokens.ownerA,
      ),
      404,
      'NOT_FOUND',
    );
    // Shop B's customer and debt.
    const foreignClient = await w.clientNamed('Client B', {
      shop: w.world.shopB.id,
      token: w.tokens.ownerB,
    });
    const pB = await w.produit({
      prix: 100,
      stock: 100_000,
      shop: w.world.shopB.id,
      token: w.tokens.ownerB,
    });
    const foreignSale = await w.vente(
      {
        lignes: [{ produitId: pB.id, quantite: 5000 }],
        clientId: foreignClient.id,
        echeance: localDay(3, server.clock),
      },
      { shop: w.world.shopB.id, token: w.tokens.ownerB },
    );
    expectProblem(
      await client.post(
        reglements(ibou.id),
        { cleIdempotence: newKey(), montant: 100, mode: 'especes', detteId: foreignSale.dette.id },
        w.tokens.ownerA,
      ),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.post(
        reglements(foreignClient.id),
        { cleIdempotence: newKey(), montant: 100, mode: 'especes' },
        w.tokens.ownerA,
      ),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.get(`${w.shopUrl()}/clients/${foreignClient.id}/compte`, w.tokens.managerA),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.get(`${w.shopUrl()}/clients/${foreignClient.id}/releve.pdf`, w.tokens.ownerA),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.post(
        reglements(foreignClient.id, w.world.shopB.id),
        { cleIdempotence: newKey(), montant: 100, mode: 'especes' },
        w.tokens.ownerA,
      ),
      404,
      'NOT_FOUND',
    );
    expect((await db().selectFrom('reglements').select('id').execute()).length).toBe(before);
    expect((await venteOf(v.id)).dette).toMatchObject({ paye: 0, reste: 12_500 });
  });

  it('clé d’idempotence : même requête → le premier règlement ; autre requête → 409 ; doublons simultanés → une seule écriture', async () => {
    const sali = await w.clientNamed('Sali Idempotent');
    await credit(sali.id, 10_000);
    const body = { cleIdempotence: newKey(), montant: 1000, mode: 'cheque', reference: 'CHQ 1234' };
    const first = await client.post(reglements(sali.id), body, w.tokens.ownerA);
    const again = await client.post(reglements(sali.id), body, w.tokens.ownerA);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(
      expectProblem(
        await client.post(reglements(sali.id), { ...body, montant: 2000 }, w.tokens.ownerA),
        409,
        'CONFLICT',
      ).detail,
    ).toBe('Cette clé a déjà servi pour un autre règlement.');
    const key = newKey();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        client.post(reglements(sali.id), { ...body, cleIdempotence: key }, w.tokens.ownerA),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await compte(sali.id)).encours).toBe(8000);
    // Concurrent repayments of the same customer never allocate the same rest twice.
    const racing = await Promise.all(
      [1, 2, 3, 4].map(() =>
        client.post(
          reglements(sali.id),
          { cleIdempotence: newKey(), montant: 3000, mode: 'especes' },
          w.tokens.ownerA,
        ),
      ),
    );
    expect(racing.map((a) => a.status).sort()).toEqual([201, 201, 422, 422]);
    expect((await compte(sali.id)).encours).toBe(2000);
  });

  it('statuts en cours / soldée / en retard ; liste des débiteurs : totaux, filtre en retard, recherche, tri, pages', async () => {
    const shop = (
      await createService(server.ctx, w.world.ownerA.id, { nom: 'Boutique des dettes' })
    ).id;
    const names = ['Aminata Sow', 'Babacar Ndiaye', 'Coumba Fall', 'Djibril Ba'];
    const people: Record<string, { id: number }> = {};
    for (const nom of names) people[nom] = await w.clientNamed(nom, { shop });
    const late = await credit(people['Aminata Sow']!.id, 4000, 0, shop);
    await credit(people['Aminata Sow']!.id, 1000, 0, shop);
    await credit(people['Babacar Ndiaye']!.id, 6000, 0, shop);
    const paid = await credit(people['Coumba Fall']!.id, 2000, 0, shop);
    await credit(people['Djibril Ba']!.id, 500, 0, shop);
    // The API refuses past due dates: this one is made overdue in the database.
    await db()
      .updateTable('dettes')
      .set({ echeance: localDay(-3, server.clock) })
      .where('id', '=', late.dette.id)
      .execute();
    const soldee = await client.post(
      reglements(people['Coumba Fall']!.id, shop),
      { cleIdempotence: newKey(), montant: 2000, mode: 'virement' },
      w.tokens.ownerA,
    );
    expect(soldee.status).toBe(201);

    const aminata = await compte(people['Aminata Sow']!.id, shop);
    expect(aminata).toMatchObject({ encours: 5000, enRetard: 4000 });
    expect(aminata.dettes.find((d: any) => d.id === late.dette.id)).toMatchObject({
      statut: 'en_retard',
      reste: 4000,
      echeance: localDay(-3, server.clock),
    });
    expect(aminata.dettes.filter((d: any) => d.statut === 'en_cours')).toHaveLength(1);
    expect((await compte(people['Coumba Fall']!.id, shop)).dettes[0]).toMatchObject({
      id: paid.dette.id,
      statut: 'soldee',
      reste: 0,
    });
    // Today is not overdue yet.
    await db()
      .updateTable('dettes')
      .set({ echeance: localDay(0, server.clock) })
      .where('id', '=', paid.dette.id)
      .execute();

    const list = async (query = '') => {
      const answer = await client.get(`${w.shopUrl(shop)}/dettes${query}`, w.tokens.ownerA);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const all = await list();
    expect(all.totaux).toEqual({ encours: 11_500, enRetard: 4000, clients: 3 });
    expect(all.total).toBe(3);
    expect(all.items.map((i: any) => [i.client.nom, i.encours])).toEqual([
      ['Babacar Ndiaye', 6000],
      ['Aminata Sow', 5000],
      ['Djibril Ba', 500],
    ]);
    expect(all.items[1]).toMatchObject({
      enRetard: 4000,
      nombreDettes: 2,
      prochaineEcheance: localDay(-3, server.clock),
    });
    expect((await list('?enRetard=true')).items.map((i: any) => i.client.nom)).toEqual([
      'Aminata Sow',
    ]);
    expect((await list('?enRetard=true')).totaux).toEqual({
      encours: 5000,
      enRetard: 4000,
      clients: 1,
    });
    expect((await list('?q=ndiaye')).items.map((i: any) => i.client.nom)).toEqual([
      'Babacar Ndiaye',
    ]);
    expect((await list('?q=AMINATA')).totaux.encours).toBe(5000);
    expect((await list('?sort=nom,asc')).items.map((i: any) => i.client.nom)).toEqual([
      'Aminata Sow',
      'Babacar Ndiaye',
      'Djibril Ba',
    ]);
    expect((await list('?sort=encours,asc')).items.map((i: any) => i.encours)).toEqual([
      500, 5000, 6000,
    ]);
    expect((await list('?sort=en_retard,desc')).items[0].client.nom).toBe('Aminata Sow');
    expect((await list('?sort=echeance,asc')).items[0].client.nom).toBe('Aminata Sow');
    const page2 = await list('?page=2&size=2&sort=nom,asc');
    expect(page2).toMatchObject({ total: 3, page: 2, size: 2, totaux: { clients: 3 } });
    expect(page2.items.map((i: any) => i.client.nom)).toEqual(['Djibril Ba']);
    const bad = expectValidation(
      await client.get(`${w.shopUrl(shop)}/dettes?sort=montant,asc&enRetard=oui`, w.tokens.ownerA),
      'sort',
      'enRetard',
    );
    expect(messageOf(bad, 'enRetard')).toBe('La valeur doit être « true » ou « false ».');
  });

  it('droits : le gérant voit le compte client mais ni la liste, ni les règlements, ni le relevé (403) ; l’admin rien ; sans abonnement : 402', async () => {
    const k = await w.clientNamed('Kadi Droits');
    await credit(k.id, 3000);
    expect(
      (await client.get(`${w.shopUrl()}/clients/${k.id}/compte`, w.tokens.managerA)).body.encours,
    ).toBe(3000);
    expectProblem(await client.get(`${w.shopUrl()}/dettes`, w.tokens.managerA), 403, 'FORBIDDEN');
    expectProblem(
      await client.post(
        reglements(k.id),
        { cleIdempotence: newKey(), montant: 100, mode: 'especes' },
        w.tokens.managerA,
      ),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await client.get(`${w.shopUrl()}/clients/${k.id}/releve.pdf`, w.tokens.managerA),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await client.get(`${w.shopUrl()}/clients/${k.id}/compte`, w.tokens.admin),
      403,
      'FORBIDDEN',
    );
    expectProblem(await client.get(`${w.shopUrl()}/dettes`, w.tokens.ownerB), 404, 'NOT_FOUND');

    const bad = expectValidation(
      await client.post(
        reglements(k.id),
        { cleIdempotence: newKey(), montant: -5, mode: 'mobile_money' },
        w.tokens.ownerA,
      ),
      'montant',
      'operateur',
    );
    expect(messageOf(bad, 'montant')).toBe('Le montant doit être supérieur à zéro.');
    expect(messageOf(bad, 'operateur')).toBe("L'opérateur de mobile money est obligatoire.");
    expect(
      messageOf(
        expectValidation(
          await client.post(
            reglements(k.id),
            { cleIdempotence: newKey(), montant: 12.5, mode: 'troc' },
            w.tokens.ownerA,
          ),
          'montant',
          'mode',
        ),
        'mode',
      ),
    ).toBe('Mode de paiement inconnu.');
    expectValidation(
      await client.post(reglements(k.id), { montant: 100, mode: 'especes' }, w.tokens.ownerA),
      'cleIdempotence',
    );

    await db()
      .updateTable('abonnements')
      .set({ date_fin: localDay(-1, server.clock), date_debut: localDay(-100, server.clock) })
      .where('owner_id', '=', w.world.ownerA.id)
      .execute();
    try {
      expectProblem(
        await client.post(
          reglements(k.id),
          { cleIdempotence: newKey(), montant: 100, mode: 'especes' },
          w.tokens.ownerA,
        ),
        402,
        'SUBSCRIPTION_REQUIRED',
      );
      expect((await client.get(`${w.shopUrl()}/dettes`, w.tokens.ownerA)).status).toBe(200);
      expect(
        (await client.get(`${w.shopUrl()}/clients/${k.id}/releve.pdf`, w.tokens.ownerA)).status,
      ).toBe(200);
    } finally {
      await db()
        .updateTable('abonnements')
        .set({ date_fin: localDay(300, server.clock) })
        .where('owner_id', '=', w.world.ownerA.id)
        .execute();
    }
    expect((await compte(k.id)).encours).toBe(3000);
  });

  it('relevé de compte en PDF : en-tête de la boutique, client, dettes, règlements et totaux', async () => {
    await db()
      .updateTable('services')
      .set({
        ninea: '0012345 2G3',
        rccm: 'SN-DKR-2024-B-123',
        adresse: '12 avenue Lamine Guèye',
        telephone: '+221 33 800 00 00',
      })
      .where('id', '=', w.world.shopA.id)
      .execute();
    const r = await w.clientNamed('Rokhaya Relevé');
    const v = await credit(r.id, 7000, 2000);
    await client.post(
      reglements(r.id),
      { cleIdempotence: newKey(), montant: 1500, mode: 'especes' },
      w.tokens.ownerA,
    );
    const response = await fetch(`${client.baseUrl}${w.shopUrl()}/clients/${r.id}/releve.pdf`, {
      headers: { authorization: `Bearer ${w.tokens.ownerA.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    // RFC 6266: an ASCII name for old clients, the exact one in UTF-8 (the web app saves it so).
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="releve-Rokhaya-Releve.pdf"; filename*=UTF-8''releve-Rokhaya-Relev%C3%A9.pdf`,
    );
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1500);
    if (process.env['RELEVE_PDF_OUT'])
      (await import('node:fs')).writeFileSync(process.env['RELEVE_PDF_OUT'], pdf);
    expect(v.dette.reste).toBe(5000);
    // What the statement must say, written from the test's own figures: a debt of 7 000 − 2 000,
    // 1 500 repaid in cash, on the file's « today » (15 June 2026), due a week later.
    const text = pdfText(pdf);
    const amount = (n: string) => `${n.replace(' ', '\\s')}\\s+FCFA`;
    for (const part of [
      'Boutique A',
      '12 avenue Lamine Guèye',
      '+221 33 800 00 00',
      'NINEA 0012345 2G3 · RCCM SN-DKR-2024-B-123',
      'Relevé de compte client',
      'Établi le lundi 15 juin 2026',
      'Rokhaya Relevé',
    ])
      expect(text).toContain(part);
    const row = (...cells: string[]) => new RegExp(cells.join('\\s+'));
    expect(text).toMatch(
      row(
        v.numero,
        '15/06/2026',
        amount('5 000'),
        amount('1 500'),
        amount('3 500'),
        '22/06/2026',
        'En cours',
      ),
    );
    expect(text).toMatch(
      row('15/06/2026', 'Espèces', amount('1 500'), `${v.numero} :`, amount('1 500')),
    );
    expect(text).toMatch(row('Encours', amount('3 500')));
    expect(text).toMatch(row('Dont en retard', amount('0')));
    expect(text).toMatch(row('Avoir disponible', amount('0')));
  });
});
