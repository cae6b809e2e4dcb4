import { sql, type Selectable, type Transaction } from 'kysely';
import { localYear, shopTimeZone } from '@comptoir/shared';
import type { DB, ServicesTable } from './schema.js';
import { now } from './time.js';

type PrefixColumn = 'prefixe_vente' | 'prefixe_devis' | 'prefixe_facture' | 'prefixe_achat';

/**
 * Every numbered document kind and where its prefix comes from: a shop's own column (set in its
 * settings, e.g. V for sales) or a fixed letter. A new kind of document adds its line here.
 */
const PREFIXES = {
  vente: { column: 'prefixe_vente' },
  retour: { fixed: 'R' },
  devis: { column: 'prefixe_devis' },
  facture: { column: 'prefixe_facture' },
  achat: { column: 'prefixe_achat' },
  retour_achat: { fixed: 'RA' },
  avoir: { fixed: 'AV' },
  mouvement_caisse: { fixed: 'MC' },
  rapport_z: { fixed: 'Z' },
  cloture_jour: { fixed: 'CJ' },
  cloture_mois: { fixed: 'CM' },
  cloture_exercice: { fixed: 'CE' },
} as const satisfies Record<string, { column: PrefixColumn } | { fixed: string }>;

export type DocumentKind = keyof typeof PREFIXES;

/** What numbering reads of the shop: its id, its country (time zone) and its prefixes. */
export type NumberingShop = Pick<Selectable<ServicesTable>, 'id' | 'pays' | PrefixColumn>;

/**
 * Next number of a document kind in a shop and year, e.g. V-2026-000123: prefix of the kind, the
 * shop's calendar year at `date` (its country's time zone, services.pays), a counter per shop,
 * kind and year. The counter row is incremented inside the document's own transaction (row lock on
 * PostgreSQL, single writer on SQLite): a document that rolls back gives its number back, so
 * numbers have no gaps.
 */
export async function nextNumero(
  trx: Transaction<DB>,
  shop: NumberingShop,
  kind: DocumentKind,
  date: Date = now(),
): Promise<string> {
  return (await numeroEtId(trx, shop, kind, date, false)).numero;
}

/**
 * PostgreSQL: the id of the sale about to be written, drawn from its sequence in the statement of
 * its number (no round trip of its own): the sale and its rows can then go in one statement
 * (ventes.write-rows.ts). Null when not asked (SQLite: the insert gives it).
 */
export const idVente = (demande: boolean) =>
  (demande
    ? sql<number | null>`nextval(pg_get_serial_sequence('ventes', 'id'))`
    : sql<number | null>`null`
  ).as('vente_id');

/** nextNumero of a sale, and with it (`avecId`, PostgreSQL) the sale's id (`idVente`). */
export const nextNumeroVente = (
  trx: Transaction<DB>,
  shop: NumberingShop,
  date: Date,
  avecId: boolean,
): Promise<{ numero: string; venteId: number | null }> =>
  numeroEtId(trx, shop, 'vente', date, avecId);

async function numeroEtId(
  trx: Transaction<DB>,
  shop: NumberingShop,
  kind: DocumentKind,
  date: Date,
  avecId: boolean,
): Promise<{ numero: string; venteId: number | null }> {
  const annee = localYear(date, shopTimeZone(shop.pays));
  const source: { column: PrefixColumn } | { fixed: string } = PREFIXES[kind];
  const prefixe = 'fixed' in source ? source.fixed : shop[source.column];
  const row = await trx
    .insertInto('compteurs_documents')
    .values({ service_id: shop.id, type: kind, annee, dernier: 1 })
    .onConflict((oc) =>
      oc
        .columns(['service_id', 'type', 'annee'])
        .doUpdateSet({ dernier: sql`compteurs_documents.dernier + 1` }),
    )
    .returning(['dernier', idVente(avecId)])
    .executeTakeFirstOrThrow();
  return {
    numero: `${prefixe}-${annee}-${String(row.dernier).padStart(6, '0')}`,
    venteId: row.vente_id === null ? null : Number(row.vente_id),
  };
}
