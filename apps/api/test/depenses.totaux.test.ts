import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { expectAnnouncedRows } from './support/export.js';
import { depensesWorld } from './support/depenses-world.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation } from './support/problem.js';
import { changedTables, snapshot } from './support/snapshot.js';
import { startTestServer, type TestServer } from './support/test-app.js';

interface Modele {
  id: number;
  categorieId: number;
  montant: number;
  date: string;
  libelle: string;
}

/** A small deterministic generator (no test depends on chance). */
function lcg(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

describe(`dépenses : liste, totaux, export, saisies refusées (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof depensesWorld>>;
  const modele: Modele[] = [];
  let categories: Array<{ id: number; nom: string }>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await depensesWorld(server, client);
    categories = await w.categories();
    const rand = lcg(42);
    for (let i = 0; i < 45; i += 1) {
      const categorieId = categories[rand(categories.length)]!.id;
      // Amounts up to 10^12 FCFA: sums beyond 2^31, exact or not at all.
      const montant = 1 + rand(1000) * 1_000_000_000 + rand(1_000_000);
      const date = `2026-0${1 + rand(6)}-${String(1 + rand(15)).padStart(2, '0')}`;
      const d = await w.depense(
        { categorieId, montant, date, libelle: `Dépense ${i}` },
        i % 2 ? 'managerA' : 'ownerA',
      );
      modele.push({ id: d.id, categorieId, montant, date, libelle: `Dépense ${i}` });
    }
    // Deleted ones leave every total.
    for (const d of modele.splice(0, 4))
      expect((await w.call('ownerA', 'DELETE', `depenses/${d.id}`)).status).toBe(204);
    // Shop B's expenses never count in A's totals.
    await w.depense({ montant: 999_999, date: '2026-03-01' }, 'ownerB');
  });
  afterAll(() => server.close());

  /** The expected totals, summed in BigInt from the model, independently of the server. */
  function attendu(f: { du?: string; au?: string; categorieId?: number }) {
    const rows = modele.filter(
      (d) =>
        (!f.du || d.date >= f.du) &&
        (!f.au || d.date <= f.au) &&
        (f.categorieId === undefined || d.categorieId === f.categorieId),
    );
    const par = new Map<number, { nombre: number; montant: bigint }>();
    for (const d of rows) {
      const g = par.get(d.categorieId) ?? { nombre: 0, montant: 0n };
      par.set(d.categorieId, { nombre: g.nombre + 1, montant: g.montant + BigInt(d.montant) });
    }
    const ordered = [...rows].sort((a, b) =>
      a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1,
    );
    return {
      ids: ordered.map((d) => d.id),
      nombre: rows.length,
      montant: String(rows.reduce((s, d) => s + BigInt(d.montant), 0n)),
      par: Object.fromEntries([...par].map(([id, g]) => [id, [g.nombre, String(g.montant)]])),
    };
  }

  const FILTRES = () => [
    {},
    { du: '2026-02-01', au: '2026-04-30' },
    { du: '2026-05-10' },
    { au: '2026-01-31' },
    { categorieId: categories[0]!.id },
    { du: '2026-03-01', au: '2026-06-15', categorieId: categories[3]!.id },
    { du: '2026-06-16' },
    // Bounds on days that have expenses: both ends are included.
    { du: modele[5]!.date, au: modele[5]!.date },
    { du: modele[7]!.date, au: modele[9]!.date > modele[7]!.date ? modele[9]!.date : '2026-06-30' },
  ];

  it('totaux par catégorie et de la période égaux au calcul indépendant, pour chaque filtre ; pages complètes et dans l’ordre', async () => {
    for (const f of FILTRES()) {
      const qs = new URLSearchParams(
        Object.entries(f).map(([k, v]) => [k, String(v)] as [string, string]),
      );
      const want = attendu(f);
      const ids: number[] = [];
      for (let page = 1; ; page += 1) {
        const p = await w.ok(w.call('managerA', 'GET', `depenses?${qs}&page=${page}&size=7`));
        expect(p.total, JSON.stringify(f)).toBe(want.nombre);
        expect(p.totaux.nombre).toBe(want.nombre);
        expect(String(p.totaux.montant), JSON.stringify(f)).toBe(want.montant);
        const par = Object.fromEntries(
          p.totaux.parCategorie.map(
            (g: { categorie: { id: number }; nombre: number; montant: number }) => [
              g.categorie.id,
              [g.nombre, String(g.montant)],
            ],
          ),
        );
        expect(par, JSON.stringify(f)).toEqual(want.par);
        ids.push(...p.items.map((i: { id: number }) => i.id));
        if (p.items.length < 7) break;
      }
      expect(ids, JSON.stringify(f)).toEqual(want.ids);
    }
  });

  it('tri par montant croissant ; export CSV des dépenses filtrées (en-têtes, lignes, montants)', async () => {
    const p = await w.ok(w.call('ownerA', 'GET', 'depenses?sort=montant,asc&size=200'));
    const montants = p.items.map((i: { montant: number }) => i.montant);
    expect(montants).toEqual([...modele.map((d) => d.montant)].sort((a, b) => a - b));

    const csv = await w.call('managerA', 'GET', 'depenses/export.csv?du=2026-02-01&au=2026-04-30');
    expectAnnouncedRows(csv);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date;Catégorie;Libellé;Montant;Mode de paiement;Justificatif;Enregistrée par',
    );
    const want = attendu({ du: '2026-02-01', au: '2026-04-30' });
    expect(lines).toHaveLength(want.nombre + 1);
    const first = modele.find((d) => d.id === want.ids[0])!;
    const [y, m, d] = first.date.split('-');
    expect(lines[1]!.split(';').slice(0, 4)).toEqual([
      `${d}/${m}/${y}`,
      categories.find((c) => c.id === first.categorieId)!.nom,
      first.libelle,
      String(first.montant),
    ]);
  });

  it('saisies refusées : 400 en français nommant le champ, ou 422 pour une date à venir ; rien d’écrit', async () => {
    const valid = {
      cleIdempotence: randomUUID(),
      categorieId: categories[0]!.id,
      libelle: 'Correcte',
      montant: 500,
      date: '2026-06-15',
      mode: 'carte',
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ montant: 0 }, 'montant'],
      [{ montant: -5 }, 'montant'],
      [{ montant: 1.5 }, 'montant'],
      [{ montant: '100' }, 'montant'],
      [{ montant: 1e13 + 1 }, 'montant'],
      [{ montant: undefined }, 'montant'],
      [{ libelle: '   ' }, 'libelle'],
      [{ libelle: 'x'.repeat(201) }, 'libelle'],
      [{ date: '2026-02-30' }, 'date'],
      [{ date: '15/06/2026' }, 'date'],
      [{ mode: 'bitcoin' }, 'mode'],
      [{ categorieId: 'abc' }, 'categorieId'],
      [{ cleIdempotence: 'court' }, 'cleIdempotence'],
    ];
    const before = await snapshot(server.ctx);
    for (const [patch, field] of cases)
      expectValidation(await w.call('managerA', 'POST', 'depenses', { ...valid, ...patch }), field);
    const future = await w.call('managerA', 'POST', 'depenses', { ...valid, date: '2026-06-16' });
    expect(expectProblem(future, 422, 'BUSINESS_RULE').detail).toContain('15/06/2026');
    const { cleIdempotence: _k, ...edit } = valid;
    const target = modele[0]!.id;
    expectValidation(
      await w.call('ownerA', 'PUT', `depenses/${target}`, { ...edit, montant: 0 }),
      'montant',
    );
    expectProblem(
      await w.call('ownerA', 'PUT', `depenses/${target}`, { ...edit, date: '2027-01-01' }),
      422,
      'BUSINESS_RULE',
    );
    for (const q of ['du=2026-13-01', 'categorieId=x', 'size=1000', 'sort=libelle,asc'])
      expectProblem(await w.call('managerA', 'GET', `depenses?${q}`), 400, 'VALIDATION');
    expectValidation(await w.call('ownerA', 'POST', 'categories-depenses', { nom: '' }), 'nom');
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
  });
});
