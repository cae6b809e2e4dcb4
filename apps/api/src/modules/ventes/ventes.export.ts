import type { Kysely } from 'kysely';
import {
  currencyExponent,
  formatDateTime,
  MODE_PAIEMENT_LABELS,
  shopTimeZone,
  VENTE_STATUT_LABELS,
  type VenteListItem,
} from '@comptoir/shared';
import { csvExport, type CsvExport } from '../../core/csv-export.js';
import type { CsvValue } from '../../core/csv.js';
import type { DB } from '../../db/schema.js';
import { decimal } from '../produits/produits.csv.js';
import { findVenteIds, findVentesByIds, type ListShop, type VenteFilters } from './ventes.list.js';

export const VENTES_CSV_HEADERS = [
  'Numéro',
  'Date',
  'Client',
  'Vendeur',
  'Type de vente',
  'Lignes',
  'Total TTC',
  'Payé',
  'Retourné',
  'Reste à payer',
  'Paiements',
  'Statut',
];

/**
 * Every sale matching the list's filters as CSV for a French spreadsheet (BOM, « ; », decimal
 * commas, CRLF), dates and times on the shop's clock; written in pieces (core/csv-export.ts): a
 * year of a busy shop's sales is hundreds of thousands of lines.
 */
export async function exportVentesCsv(
  db: Kysely<DB>,
  shop: ListShop,
  query: VenteFilters,
  tranche?: number,
): Promise<CsvExport> {
  const e = currencyExponent(shop.devise);
  const zone = shopTimeZone(shop.pays);
  const cells = (v: VenteListItem): CsvValue[] => [
    v.numero,
    formatDateTime(v.createdAt, zone),
    v.client?.nom ?? null,
    `${v.vendeur.prenom} ${v.vendeur.nom}`,
    v.typeVente.nom,
    v.nombreLignes,
    decimal(v.totalTtc, e),
    decimal(v.montantPaye, e),
    decimal(v.montantRetourne, e),
    decimal(v.reste, e),
    v.modes.map((m) => MODE_PAIEMENT_LABELS[m]).join(', '),
    VENTE_STATUT_LABELS[v.statut],
  ];
  return csvExport({
    headers: VENTES_CSV_HEADERS,
    keys: await findVenteIds(db, shop, query),
    read: (ids) => findVentesByIds(db, shop.id, ids),
    cells,
    tranche,
  });
}
