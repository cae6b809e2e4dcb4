import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';
import { createSummary, dropSummary, type Summary } from '../summaries.js';
import { PRODUITS_JOURS, PRODUITS_RETOURS_JOURS } from './047_produits_jours.js';

/**
 * The product summaries by UTC day (migration 047), month and year (db/summaries.ts): per shop,
 * period, product (0 for a service line), and the sale's seller and sale type, the number of lines
 * besides the quantity, HT and TTC amounts and cost, sold (on the sale's period) or returned (on
 * the return's). A year of the product report adds a year, a month and a few days instead of 365
 * days, and takes away the days or months of a whole bucket outside the period
 * (tableau/tableau.periodes.ts); the count of lines says which products the period holds once
 * subtracted (a product sold only outside the period adds up to no line). The days' summaries of
 * migration 047, without that count, are made again with it.
 */

const SUMS = ['lignes', ...PRODUITS_JOURS.sums];

/** The summary key of each level and the length of an ISO instant's prefix that gives it. */
const LEVELS = { jours: ['jour', 10], mois: ['mois', 7], annees: ['annee', 4] } as const;

/** A summary of migration 047 by `level`, with the count of lines: its day key becomes the level's. */
function byLevel(s: Summary, level: keyof typeof LEVELS, instant: string): Summary {
  const [key, length] = LEVELS[level];
  const rename = <T>(o: Record<string, T>, value: (v: T) => T) =>
    Object.fromEntries(
      Object.entries(o).map(([k, v]) => (k === 'jour' ? [key, value(v)] : [k, v])),
    );
  return {
    table: s.table.replace(/jours$/, level),
    keys: rename(s.keys, (v) => v),
    sums: SUMS,
    feeds: s.feeds.map((f) => ({
      ...f,
      keys: rename(f.keys, () => `substr(${instant}, 1, ${length})`),
      sums: { lignes: '1', ...f.sums },
    })),
  };
}

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await dropSummary(db, ctx, PRODUITS_JOURS);
  await dropSummary(db, ctx, PRODUITS_RETOURS_JOURS);
  for (const level of Object.keys(LEVELS) as Array<keyof typeof LEVELS>) {
    await createSummary(db, ctx, byLevel(PRODUITS_JOURS, level, 'v.created_at'));
    await createSummary(db, ctx, byLevel(PRODUITS_RETOURS_JOURS, level, 'r.created_at'));
  }
}
