import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithClock } from '../src/db/time.js';
import { journaliser } from '../src/modules/journal/journal.append.js';
import type { ContenuCloture } from '../src/modules/journal/journal.clotures.js';
import { cloturerEchues, requeteDerniereCloture } from '../src/modules/journal/journal.clotures.js';
import { TEST_DIALECT } from './support/database.js';
import { createTenants } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-app.js';

const JOURS = 100;
const PAR_JOUR = 30;

/**
 * A shop that synchronises months of sales at once, some of them late (dated the day before the
 * sales around them): the automatic closures that catch up close every day, in order, each event
 * once, and read the chain a bounded number of times — not once per closure, as when each
 * closure looked for its last event through every event not closed yet (3,452 closures over a
 * million events took minutes). Counted in sequences covered by the reads, not in time.
 */
describe(`journal : rattrapage des clôtures automatiques (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let shop: number;
  const db = () => server.ctx.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    shop = (await createTenants(server.ctx)).shopA.id;
    const premier = Date.parse('2026-03-01T08:00:00Z');
    for (let jour = 0; jour < JOURS; jour += 10)
      await db()
        .transaction()
        .execute(async (trx) => {
          for (let j = jour; j < jour + 10; j++)
            for (let i = 0; i < PAR_JOUR; i++) {
              // Every seventh day, its tenth sale was made the day before, offline.
              const retard = j % 7 === 3 && i === 10 ? 1 : 0;
              await journaliser(trx, shop, {
                type: 'vente',
                reference: `V-${j}-${i}`,
                horodatage: new Date(
                  premier + (j - retard) * 86_400_000 + i * 60_000,
                ).toISOString(),
                contenu: {
                  lignes: [{ tauxTva: 1800, ht: 1000, tva: 180, ttc: 1180 }],
                  paiements: [{ mode: 'especes', montant: 1180 }],
                },
              });
            }
        });
  });
  afterAll(() => server.close());

  it('chaque jour clos une fois, chaque vente dans une clôture, la chaîne lue un nombre borné de fois', async () => {
    const lectures = { lues: 0 };
    const faites = await runWithClock(server.ctx.clock, () => cloturerEchues(db(), lectures));
    const clotures = (
      await db()
        .selectFrom('journal_entrees')
        .select(['type', 'contenu'])
        .where('service_id', '=', shop)
        .where('type', 'like', 'cloture_%')
        .orderBy('sequence')
        .execute()
    ).map((r) => ({ type: r.type, ...(JSON.parse(r.contenu) as ContenuCloture) }));
    expect(faites).toBe(clotures.length);
    const jours = clotures.filter((c) => c.type === 'cloture_jour');
    const mois = clotures.filter((c) => c.type === 'cloture_mois');
    expect(mois.map((c) => c.debut)).toEqual(['2026-03-01', '2026-04-01', '2026-05-01']);
    // Each event in one day closure, in sequence order, none left out.
    expect(jours[0]!.depuis).toBe(1);
    for (let k = 1; k < jours.length; k++) expect(jours[k]!.depuis).toBe(jours[k - 1]!.jusqua + 1);
    expect(jours.at(-1)!.jusqua).toBe(JOURS * PAR_JOUR);
    expect(jours.reduce((n, c) => n + c.evenements, 0)).toBe(JOURS * PAR_JOUR);
    // A late sale draws the sales of its day before it into the previous day's closure.
    expect(jours).toHaveLength(JOURS);
    expect(jours.filter((c) => c.evenements === PAR_JOUR + 11)).toHaveLength(
      Math.floor((JOURS - 4) / 7) + 1,
    );
    // Read once per kind of closure, plus a bloc of 100 sequences per closure; a read of every
    // event not closed yet per closure would cover some 150,000 sequences here.
    expect(lectures.lues).toBeGreaterThanOrEqual(JOURS * PAR_JOUR);
    expect(lectures.lues).toBeLessThanOrEqual(2 * JOURS * PAR_JOUR + 100 * clotures.length);
  });

  it('la clôture précédente d’un type se lit par l’index des clôtures, sans remonter la chaîne', async () => {
    const [{ n: clotures }] = (await db()
      .selectFrom('journal_entrees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('service_id', '=', shop)
      .where('type', 'like', 'cloture_%')
      .execute()) as [{ n: number }];
    for (const avecStatistiques of [false, true]) {
      // PostgreSQL's planner may pick the index of (shop, type, reference) once autovacuum has
      // analysed the table, as it may not: either reads closures only. What must not happen is a
      // walk back through the sales, whatever the statistics.
      if (avecStatistiques && TEST_DIALECT === 'postgres')
        await sql`analyze journal_entrees`.execute(db());
      for (const periode of ['jour', 'mois', 'exercice'] as const) {
        const q = requeteDerniereCloture(db(), shop, periode).compile();
        if (TEST_DIALECT === 'postgres') {
          const { rows } = await db().executeQuery<{ 'QUERY PLAN': [{ Plan: NoeudPlan }] }>(
            CompiledQuery.raw('explain (analyze, format json) ' + q.sql, [...q.parameters]),
          );
          expect(lignesLues(rows[0]!['QUERY PLAN'][0].Plan)).toBeLessThanOrEqual(Number(clotures));
        } else {
          const { rows } = await db().executeQuery(
            CompiledQuery.raw('explain query plan ' + q.sql, [...q.parameters]),
          );
          expect(JSON.stringify(rows)).toContain('journal_entrees_clotures_idx');
        }
      }
    }
  });
});

interface NoeudPlan {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: NoeudPlan[];
}

/** The rows of journal_entrees a PostgreSQL plan actually read: kept, or read and filtered out. */
function lignesLues(noeud: NoeudPlan): number {
  const ici =
    noeud['Relation Name'] === 'journal_entrees'
      ? noeud['Actual Rows'] * noeud['Actual Loops'] +
        (noeud['Rows Removed by Filter'] ?? 0) +
        (noeud['Rows Removed by Index Recheck'] ?? 0)
      : 0;
  return ici + (noeud.Plans ?? []).reduce((n, p) => n + lignesLues(p), 0);
}
