import {
  formatMoney,
  parseQuantity,
  type BonLivraisonLigne,
  type BonLivraisonResult,
} from '@comptoir/shared';
import type { CartLine } from '../../../components/document/cart';
import {
  cellOf,
  moneyCell,
  type ColumnMappingOf,
  type ColumnSpec,
  type RowError,
} from '../../../components/import/columns';

/**
 * A supplier's delivery note read from a CSV or Excel file: the column of the product's reference
 * or barcode, of the quantity and (optionally) of the unit cost, matched by their headers.
 */
export type BonLivraisonField = 'code' | 'quantite' | 'cout';

export const BON_LIVRAISON_FIELDS: readonly ColumnSpec<BonLivraisonField>[] = [
  {
    field: 'code',
    label: 'Référence ou code-barres',
    required: true,
    aliases: [
      'reference',
      'ref',
      'codebarres',
      'codebarre',
      'ean',
      'ean13',
      'gtin',
      'code',
      'codearticle',
      'sku',
      'article',
    ],
  },
  {
    field: 'quantite',
    label: 'Quantité',
    required: true,
    aliases: ['quantite', 'quantitelivree', 'qte', 'qtelivree', 'qt', 'nombre'],
  },
  {
    field: 'cout',
    label: 'Coût unitaire',
    required: false,
    aliases: [
      'coutunitaire',
      'cout',
      'prixunitaire',
      'pu',
      'puht',
      'prixdachat',
      'prixachat',
      'prix',
    ],
  },
];

export type BonLivraisonMapping = ColumnMappingOf<BonLivraisonField>;

/**
 * The file's rows (headers excluded) as the rows of `POST …/achats/bon-livraison`: quantity in
 * thousandths, cost in minor units of `devise` (an empty cost: the product's last cost). Each cell
 * that can't be read gives a French error naming its row (counted from 1 under the headers).
 */
export function convertBonLivraison(
  rows: readonly (readonly string[])[],
  mapping: BonLivraisonMapping,
  devise: string,
): { lignes: BonLivraisonLigne[]; errors: RowError[] } {
  const lignes: BonLivraisonLigne[] = [];
  const errors: RowError[] = [];
  rows.forEach((row, index) => {
    const ligne = index + 1;
    const fail = (champ: string, message: string) => errors.push({ ligne, champ, message });
    const code = cellOf(row, mapping, 'code');
    const q = cellOf(row, mapping, 'quantite');
    const c = cellOf(row, mapping, 'cout');
    if (code === '') fail('Référence ou code-barres', 'La référence ou le code-barres est vide.');
    const quantite = parseQuantity(q);
    if (quantite === null || quantite <= 0)
      fail(
        'Quantité',
        q === ''
          ? 'La quantité est vide.'
          : `La quantité « ${q} » n'est pas une quantité positive (3 décimales au plus).`,
      );
    const cout = c === '' ? null : moneyCell(c, devise);
    if (c !== '' && (cout === null || cout < 0))
      fail('Coût unitaire', `Le coût « ${c} » n'est pas un montant valide en ${devise}.`);
    if (code !== '' && quantite !== null && quantite > 0 && (c === '' || (cout ?? -1) >= 0))
      lignes.push({ ligne, code, quantite, prixUnitaire: cout });
  });
  return { lignes, errors };
}

/** The rows the server left out, for the errors table (its « Ligne N : » dropped). */
export const refusedRows = (result: BonLivraisonResult): RowError[] =>
  result.erreurs.map((e) => {
    const text = e.message.replace(/^Ligne \d+ : /, '');
    return {
      ligne: e.ligne,
      champ: 'Produit',
      message: text.charAt(0).toUpperCase() + text.slice(1),
    };
  });

type Livre = BonLivraisonResult['lignes'][number];

/**
 * The note's recognised rows against the lines already in the purchase (one line per product):
 * a row of a product already there at the same cost adds its quantity; at another cost it is
 * refused, so that neither cost is silently dropped (the owner corrects the line by hand).
 */
export function livresAjoutables(
  lignes: readonly Pick<CartLine, 'produit' | 'prix'>[],
  livres: readonly Livre[],
  devise: string,
): { ajout: Livre[]; refusees: BonLivraisonResult['erreurs'] } {
  const couts = new Map(lignes.map((l) => [l.produit.id, l.prix ?? 0]));
  const ajout: Livre[] = [];
  const refusees: BonLivraisonResult['erreurs'] = [];
  for (const l of livres) {
    const cout = couts.get(l.produit.id);
    if (cout === undefined || cout === l.prixUnitaire) ajout.push(l);
    else
      refusees.push({
        ligne: l.ligne,
        code: l.produit.reference ?? l.produit.codeBarres ?? '',
        message: `Ligne ${l.ligne} : « ${l.produit.nom} » est déjà dans l'achat à un autre coût (${formatMoney(cout, devise)}, ${formatMoney(l.prixUnitaire, devise)} sur le bon) ; un achat n'a qu'une ligne par produit : corrigez sa quantité et son coût à la main.`,
      });
  }
  return { ajout, refusees };
}
