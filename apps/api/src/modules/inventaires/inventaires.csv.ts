import { currencyExponent, QUANTITY_SCALE } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { csvFile } from '../../core/csv.js';
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

/** Every line of the session, by name, for a French spreadsheet (core/csv.ts), decimal commas. */
export async function inventaireCsv(
  ctx: AppContext,
  service: { id: number; devise: string },
  id: number,
): Promise<string> {
  const { db } = ctx.database;
  await findInventaire(db, service.id, id);
  const lignes = (await lignesBase(db, id).orderBy('p.nom_tri').orderBy('p.id').execute()).map(
    toLigne,
  );
  const exponent = currencyExponent(service.devise);
  const digits = Math.log10(QUANTITY_SCALE);
  const q = (v: number | null) => (v === null ? null : decimal(v, digits));
  const money = (v: number | null) => (v === null ? null : decimal(v, exponent));
  return csvFile(
    INVENTAIRE_CSV_HEADERS,
    lignes.map((l) => [
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
    ]),
  );
}
