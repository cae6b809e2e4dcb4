import { currencyExponent, QUANTITY_SCALE } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { csvExport, inOrderOf, type CsvExport } from '../../core/csv-export.js';
import { decimal } from '../produits/produits.csv.js';
import { findInventaire, lignesBase, toLigne } from './inventaires.repository.js';

export const INVENTAIRE_CSV_HEADERS = [
  'Produit',
  'Référence',
  'Code-barres',
  'Catégorie',
  'Unité',
  "Quantité à l'ouverture",
  'Mouvements depuis',
  'Quantité attendue',
  'Quantité comptée',
  'Écart',
  "Prix d'achat",
  "Valeur de l'écart",
  'Comptages',
  'Dernier comptage par',
  'Dernier comptage le',
];

/**
 * Every line of the session, by name, for a French spreadsheet (core/csv.ts), decimal commas;
 * written in pieces (core/csv-export.ts): the products in order, then their lines.
 */
export async function exportInventaireCsv(
  ctx: AppContext,
  service: { id: number; devise: string },
  id: number,
  tranche?: number,
): Promise<CsvExport> {
  const { db } = ctx.database;
  await findInventaire(db, service.id, id);
  const ids = await db
    .selectFrom('inventaire_lignes as l')
    .innerJoin('produits as p', 'p.id', 'l.produit_id')
    .where('l.inventaire_id', '=', id)
    .select('l.produit_id')
    .orderBy('p.nom_tri')
    .orderBy('p.id')
    .execute();
  const exponent = currencyExponent(service.devise);
  const digits = Math.log10(QUANTITY_SCALE);
  const q = (v: number | null) => (v === null ? null : decimal(v, digits));
  const money = (v: number | null) => (v === null ? null : decimal(v, exponent));
  return csvExport({
    headers: INVENTAIRE_CSV_HEADERS,
    keys: ids.map((r) => Number(r.produit_id)),
    read: async (keys) => {
      const rows = await lignesBase(db, id)
        .where('l.produit_id', 'in', [...keys])
        .execute();
      return inOrderOf(keys, rows, (r) => Number(r.produit_id)).map(toLigne);
    },
    cells: (l) => [
      l.nom,
      l.reference,
      l.codeBarres,
      l.categorie,
      l.unite.symbole,
      q(l.quantiteOuverture),
      q(l.mouvements),
      q(l.quantiteAttendue),
      q(l.quantiteComptee),
      q(l.ecart),
      money(l.prixAchat),
      money(l.valeurEcart),
      l.comptages,
      l.dernierComptage?.par
        ? `${l.dernierComptage.par.prenom} ${l.dernierComptage.par.nom}`
        : null,
      l.dernierComptage?.le ?? null,
    ],
    tranche,
  });
}
