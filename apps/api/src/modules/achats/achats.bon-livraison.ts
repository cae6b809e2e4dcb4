import type { Kysely } from 'kysely';
import {
  formatMoney,
  formatQuantity,
  gtinZeroPaddings,
  isWholeQuantity,
  type BonLivraisonData,
  type BonLivraisonResult,
} from '@comptoir/shared';
import type { DB } from '../../db/schema.js';

/**
 * A supplier's delivery note matched to the shop's products (docs/regles-metier.md « Achats ») :
 * each row's code is looked up as a reference first, then as a barcode, then — a code of digits
 * whose leading zeros a spreadsheet dropped — as a barcode left-padded with zeros to a GTIN length
 * when exactly one product has such a barcode; all in one query. Unknown or ambiguous codes,
 * archived products and split quantities of a whole unit come back as French errors naming the
 * row; the others with their product and cost (the note's, else the last one). Rows of a product
 * already recognised on the note add their quantity to its line when the cost is the same, and
 * are refused when it differs (a purchase has one line per product). Writes nothing.
 */
export async function lireBonLivraison(
  db: Kysely<DB>,
  shop: { id: number; devise: string },
  input: BonLivraisonData,
): Promise<BonLivraisonResult> {
  const codes = [...new Set(input.lignes.map((l) => l.code))];
  const barcodes = [...new Set([...codes, ...codes.flatMap(gtinZeroPaddings)])];
  const rows = await db
    .selectFrom('produits as p')
    .innerJoin('unites as u', 'u.id', 'p.unite_id')
    .select([
      'p.id',
      'p.nom',
      'p.reference',
      'p.code_barres',
      'p.prix_vente',
      'p.prix_achat',
      'p.actif',
      'u.symbole',
      'u.fractionnable',
    ])
    .where('p.service_id', '=', shop.id)
    .where((eb) => eb.or([eb('p.reference', 'in', codes), eb('p.code_barres', 'in', barcodes)]))
    .orderBy('p.id')
    .execute();
  type Row = (typeof rows)[number];
  const byReference = new Map<string, Row>();
  const byBarcode = new Map<string, Row>();
  for (const r of rows) {
    if (r.reference !== null && !byReference.has(r.reference)) byReference.set(r.reference, r);
    if (r.code_barres !== null && !byBarcode.has(r.code_barres)) byBarcode.set(r.code_barres, r);
  }
  const result: BonLivraisonResult = { lignes: [], erreurs: [] };
  /** The line of each product recognised so far, by product id. */
  const dejaLu = new Map<number, BonLivraisonResult['lignes'][number]>();
  for (const l of input.lignes) {
    const erreur = (message: string) =>
      result.erreurs.push({
        ligne: l.ligne,
        code: l.code,
        message: `Ligne ${l.ligne} : ${message}`,
      });
    let p = byReference.get(l.code) ?? byBarcode.get(l.code);
    if (!p) {
      const padded = gtinZeroPaddings(l.code).flatMap((c) => byBarcode.get(c) ?? []);
      if (padded.length > 1) {
        const noms = padded.map((r) => `« ${r.nom} » (${r.code_barres})`).join(', ');
        erreur(
          `le code « ${l.code} », complété de zéros à gauche, désigne plusieurs produits : ${noms}. Écrivez le code-barres complet.`,
        );
        continue;
      }
      p = padded[0];
    }
    if (!p) {
      erreur(`aucun produit de la boutique n'a la référence ou le code-barres « ${l.code} ».`);
    } else if (p.actif !== 1) {
      erreur(`le produit « ${p.nom} » (« ${l.code} ») est archivé.`);
    } else if (p.fractionnable !== 1 && !isWholeQuantity(l.quantite)) {
      erreur(
        `« ${p.nom} » se compte en unités entières : la quantité ${formatQuantity(l.quantite)} n'est pas acceptée.`,
      );
    } else {
      const prixUnitaire = l.prixUnitaire ?? Number(p.prix_achat);
      const premiere = dejaLu.get(p.id);
      if (premiere && premiere.prixUnitaire !== prixUnitaire) {
        const cout = (n: number) => formatMoney(n, shop.devise);
        erreur(
          `« ${p.nom} » est déjà ligne ${premiere.ligne} du bon à un autre coût (${cout(premiere.prixUnitaire)}, ici ${cout(prixUnitaire)}) ; un achat n'a qu'une ligne par produit : corrigez sa quantité et son coût à la main.`,
        );
      } else if (premiere) {
        premiere.quantite += l.quantite;
      } else {
        const ligne = {
          ligne: l.ligne,
          produit: {
            id: p.id,
            nom: p.nom,
            reference: p.reference,
            codeBarres: p.code_barres,
            prixVente: Number(p.prix_vente),
            prixAchat: Number(p.prix_achat),
            uniteSymbole: p.symbole,
            fractionnable: p.fractionnable === 1,
          },
          quantite: l.quantite,
          prixUnitaire,
        };
        dejaLu.set(p.id, ligne);
        result.lignes.push(ligne);
      }
    }
  }
  return result;
}
