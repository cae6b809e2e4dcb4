import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEC_CHAMPS, montantFec } from '../src/modules/journal/journal.fec.js';
import { TEST_DIALECT } from './support/database.js';
import { login } from './support/factories.js';
import { expectValidation } from './support/problem.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

type Champs = Record<(typeof FEC_CHAMPS)[number], string>;
type LigneFec = Champs & { debit: number; credit: number };

/**
 * The accountant's export (docs/regles-metier.md « Export comptable (FEC) »): sales, returns, a
 * commercial credit note and a repayment over two days, and a sale the day after the period. The
 * file's totals by account equal sums the test makes itself from the API's answers; each entry and
 * each day balances; a bad period is a French 400.
 */
describe(`journal : export comptable FEC (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  /** What the file must say, summed by the test: signed amounts (debit +, credit −) per account. */
  const attendu = new Map<string, number>();
  const porter = (compte: string, montant: number) =>
    attendu.set(compte, (attendu.get(compte) ?? 0) + montant);
  const MODE = {
    especes: '530000',
    mobile_money: '512100',
    carte: '511500',
    cheque: '511200',
  } as const;
  type Ligne = { tauxTva: number; montantHt: number; montantTva: number; id: number };
  const produits = (lignes: Ligne[], sign: 1 | -1) => {
    for (const l of lignes) {
      const code = String(l.tauxTva).padStart(4, '0');
      porter(`707${code}`, -sign * l.montantHt);
      if (l.montantTva) porter(`44571${code}`, -sign * l.montantTva);
    }
  };
  let fatou: { id: number };
  /** Moves the app's clock a day on: the users sign in again, as real ones would. */
  const aller = async (instant: string) => {
    server.clock.set(instant);
    for (const who of ['ownerA', 'managerA'] as const)
      w.tokens[who].token = (await login(server.client(), w.world[who].email)).token;
  };

  const telecharger = async (query: string, token = w.tokens.ownerA.token) => {
    const r = await fetch(`${server.client().baseUrl}${w.shopUrl()}/journal/fec?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { r, octets: Buffer.from(await r.arrayBuffer()) };
  };
  const lire = (octets: Buffer) => {
    const texte = new TextDecoder('iso-8859-15').decode(octets);
    expect(texte.endsWith('\r\n')).toBe(true);
    const [entete, ...lignes] = texte.slice(0, -2).split('\r\n');
    return {
      entete: entete!,
      lignes: lignes.map((l) => {
        const champs = l.split('\t');
        expect(champs).toHaveLength(18);
        const row = Object.fromEntries(FEC_CHAMPS.map((c, i) => [c, champs[i]!])) as Champs;
        expect(row.Debit).toMatch(/^\d+$/);
        expect(row.Credit).toMatch(/^\d+$/);
        return { ...row, debit: Number(row.Debit), credit: Number(row.Credit) };
      }),
    };
  };

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    w = await sellingWorld(server.ctx, server.client());
    await server.ctx.database.db
      .updateTable('services')
      .set({ assujetti_tva: 1, prix_ttc: 1, siret: '73282932000074' })
      .where('id', '=', w.world.shopA.id)
      .execute();
    const p18 = await w.produit({ prix: 1180, stock: 100_000, tauxTva: 1800 });
    const p0 = await w.produit({ prix: 500, stock: 100_000 });
    fatou = await w.clientNamed('Fatou Sène');
    const client = server.client();
    const vendre = async (body: Parameters<typeof w.vente>[0]) => {
      const v = await w.vente(body);
      produits(v.lignes as Ligne[], 1);
      for (const p of body.paiements ?? []) porter(MODE[p.mode as keyof typeof MODE], p.montant);
      const credit = v.totalTtc - (body.paiements ?? []).reduce((s, p) => s + p.montant, 0);
      if (credit) porter('411000', credit);
      return v as { id: number; lignes: Ligne[]; totalTtc: number };
    };
    const retourner = async (
      vente: { id: number; lignes: Ligne[] },
      ligne: number,
      body: object,
    ) => {
      const quantite = (
        await server.ctx.database.db
          .selectFrom('vente_lignes')
          .select('quantite')
          .where('id', '=', vente.lignes[ligne]!.id)
          .executeTakeFirstOrThrow()
      ).quantite;
      const r = await client.post(
        `${w.shopUrl()}/ventes/${vente.id}/retours`,
        {
          cleIdempotence: newKey(),
          lignes: [{ ligneId: vente.lignes[ligne]!.id, quantite }],
          ...body,
        },
        w.tokens.ownerA,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      // The whole line comes back: the return's HT and VAT are the line's.
      produits([vente.lignes[ligne]!], -1);
      if (r.body.rembourse)
        porter(MODE[r.body.modeRemboursement as keyof typeof MODE], -r.body.rembourse);
      porter('411000', -(r.body.imputeDette + r.body.avoir));
    };

    // Day one, 15 June.
    const v1 = await vendre({
      lignes: [
        { produitId: p18.id, quantite: 2000 },
        { produitId: p0.id, quantite: 1000 },
      ],
      paiements: [{ mode: 'especes', montant: 2860 }],
    });
    await vendre({
      lignes: [{ produitId: p18.id, quantite: 1000 }],
      paiements: [{ mode: 'mobile_money', montant: 1180, operateur: 'Wave' }],
    });
    const v3 = await vendre({
      lignes: [{ produitId: p0.id, quantite: 1000 }],
      clientId: fatou.id,
      echeance: localDay(7, server.clock),
    });
    await vendre({
      lignes: [
        { produitId: p18.id, quantite: 1000 },
        { produitId: p0.id, quantite: 1000 },
      ],
      paiements: [
        { mode: 'especes', montant: 1000 },
        { mode: 'carte', montant: 300 },
      ],
      clientId: fatou.id,
      echeance: localDay(7, server.clock),
    });
    await retourner(v1, 0, { mode: 'remboursement', modeRemboursement: 'especes' });
    const reglement = await client.post(
      `${w.shopUrl()}/clients/${fatou.id}/reglements`,
      { cleIdempotence: newKey(), montant: 200, mode: 'especes' },
      w.tokens.ownerA,
    );
    expect(reglement.status).toBe(201);
    porter(MODE.especes, 200);
    porter('411000', -200);

    // Day two, 16 June: a return on a credit sale, a sale invoiced then credited (no goods back).
    await aller('2026-06-16T10:00:00Z');
    await retourner(v3, 0, { mode: 'avoir' });
    // A customer's credit from a return pays part of a sale: on her account, like a debt.
    const awa = await w.clientNamed('Awa Diallo');
    const comptant = await vendre({
      lignes: [{ produitId: p0.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 500 }],
      clientId: awa.id,
    });
    await retourner(comptant, 0, { mode: 'avoir' });
    const avecAvoir = await vendre({
      lignes: [{ produitId: p0.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 300 }],
      clientId: awa.id,
      avoir: 200,
    });
    expect(avecAvoir.totalTtc).toBe(500);
    const v5 = await vendre({
      lignes: [{ produitId: p18.id, quantite: 3000 }],
      paiements: [{ mode: 'cheque', montant: 3540 }],
      clientId: fatou.id,
    });
    const facture = await client.post(
      `${w.shopUrl()}/factures`,
      { cleIdempotence: newKey(), venteIds: [v5.id] },
      w.tokens.ownerA,
    );
    expect(facture.status, JSON.stringify(facture.body)).toBe(201);
    const avoir = await client.post(
      `${w.shopUrl()}/factures/${facture.body.id}/avoirs`,
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId: facture.body.lignes[0].id, quantite: 1000 }],
        motif: 'Geste commercial',
      },
      w.tokens.ownerA,
    );
    expect(avoir.status, JSON.stringify(avoir.body)).toBe(201);
    for (const l of avoir.body.lignes as Array<{
      tauxTva: number;
      montantHt: number;
      montantTva: number;
    }>)
      produits([{ ...l, id: 0 }], -1);
    porter('411000', -avoir.body.montantTtc);

    // Day three, 17 June: outside the period exported.
    await aller('2026-06-17T10:00:00Z');
    await w.vente({
      lignes: [{ produitId: p0.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 500 }],
    });
  });
  afterAll(() => server.close());

  it('le fichier : les 18 champs de l’article A47 A-1, tabulations, ISO 8859-15, dates AAAAMMJJ, nom SirenFECAAAAMMJJ', async () => {
    const { r, octets } = await telecharger('du=2026-06-15&au=2026-06-16');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=ISO-8859-15');
    expect(r.headers.get('content-disposition')).toBe(
      'attachment; filename="732829320FEC20260616.txt"',
    );
    // « Règlement », « Sène » and « collectée » in ISO 8859-15: one byte each, no UTF-8 sequence.
    expect(octets.includes(Buffer.from('Règlement', 'latin1'))).toBe(true);
    expect(octets.includes(Buffer.from('Sène', 'utf8'))).toBe(false);
    const { entete, lignes } = lire(octets);
    expect(entete).toBe(FEC_CHAMPS.join('\t'));
    expect(new Set(lignes.map((l) => l.EcritureDate))).toEqual(new Set(['20260615', '20260616']));
    for (const l of lignes) {
      expect(l.PieceDate).toBe(l.EcritureDate);
      expect(l.ValidDate).toBe(l.EcritureDate);
    }
    const sale = lignes.filter((l) => l.PieceRef === 'V-2026-000004');
    expect(sale.map((l) => [l.JournalCode, l.CompteNum, l.CompAuxLib, l.debit, l.credit])).toEqual([
      ['VT', '530000', '', 1000, 0],
      ['VT', '511500', '', 300, 0],
      ['VT', '411000', 'Fatou Sène', 380, 0],
      ['VT', '7071800', '', 0, 1000],
      ['VT', '445711800', '', 0, 180],
      ['VT', '7070000', '', 0, 500],
    ]);
    // Entries numbered 1, 2, 3… without gap, one number per document.
    const nums = [...new Set(lignes.map((l) => Number(l.EcritureNum)))];
    expect(nums).toEqual(nums.map((_, i) => i + 1));
    // One label per account number in the whole file.
    const libelles = new Map<string, Set<string>>();
    for (const l of lignes)
      libelles.set(l.CompteNum, (libelles.get(l.CompteNum) ?? new Set()).add(l.CompteLib));
    for (const [compte, libs] of libelles) expect([compte, libs.size]).toEqual([compte, 1]);
  });

  it('chaque écriture et chaque journée sont équilibrées ; les totaux par compte égalent les ventes, retours, avoir et règlement du test', async () => {
    const { lignes } = lire((await telecharger('du=2026-06-15&au=2026-06-16')).octets);
    const solde = (groupe: (l: LigneFec) => string) => {
      const s = new Map<string, number>();
      for (const l of lignes) s.set(groupe(l), (s.get(groupe(l)) ?? 0) + l.debit - l.credit);
      return s;
    };
    for (const [ecriture, s] of solde((l) => l.EcritureNum))
      expect([ecriture, s]).toEqual([ecriture, 0]);
    const jours = solde((l) => l.EcritureDate);
    expect([...jours.keys()]).toEqual(['20260615', '20260616']);
    for (const [jour, s] of jours) expect([jour, s]).toEqual([jour, 0]);
    const parCompte = Object.fromEntries(solde((l) => l.CompteNum));
    expect(parCompte).toEqual(Object.fromEntries(attendu));
    // The VAT of the period: 18 % on the units that stayed sold (2 + 1 + 1 + 3, less 2 returned
    // and 1 credited).
    expect(-parCompte['445711800']!).toBe(180 * 4);
    // The customer's sub-ledger: credit sales minus repayment, return and credit note.
    const fatouSolde = lignes
      .filter((l) => l.CompAuxLib === 'Fatou Sène')
      .reduce((s, l) => s + l.debit - l.credit, 0);
    expect(fatouSolde).toBe(500 + 380 - 200 - 500 - 1180);
    // Awa: a return credited to her (500), 200 of it used at a sale.
    const awaSolde = lignes
      .filter((l) => l.CompAuxLib === 'Awa Diallo')
      .reduce((s, l) => s + l.debit - l.credit, 0);
    expect(awaSolde).toBe(-500 + 200);
  });

  it('une période invalide : 400 en français, rien d’exporté ; le gérant n’y a pas accès', async () => {
    const url = (q: string) => `${w.shopUrl()}/journal/fec?${q}`;
    const get = (q: string) => server.client().get(url(q), w.tokens.ownerA);
    for (const [q, message] of [
      ['du=2026-06-16&au=2026-06-15', 'La date de fin ne peut pas précéder la date de début.'],
      ['du=2026-02-30&au=2026-03-01', "Cette date n'existe pas."],
      ['du=2025-01-01&au=2026-06-15', 'Une période ne peut pas dépasser 366 jours (un exercice).'],
      ['du=2026-06-15', 'La date est obligatoire.'],
    ] as const) {
      const r = await get(q);
      expectValidation(r);
      expect(JSON.stringify(r.body), q).toContain(message);
    }
    expect(
      (await telecharger('du=2026-06-15&au=2026-06-16', w.tokens.managerA.token)).r.status,
    ).toBe(403);
    // A day without operation: the header alone.
    const vide = lire((await telecharger('du=2026-06-20&au=2026-06-20')).octets);
    expect(vide.lignes).toEqual([]);
  });

  it('montants : virgule décimale à la précision de la devise, sans séparateur de milliers', () => {
    expect(montantFec(1234567, 'XOF')).toBe('1234567');
    expect(montantFec(0, 'XOF')).toBe('0');
    expect(montantFec(1250, 'EUR')).toBe('12,50');
    expect(montantFec(5, 'EUR')).toBe('0,05');
    expect(montantFec(123456789, 'EUR')).toBe('1234567,89');
    expect(montantFec(1500, 'TND')).toBe('1,500');
  });
});
