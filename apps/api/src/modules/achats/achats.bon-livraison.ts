import type { Kysely } from 'kysely';
import {
  formatQuantity,
  isWholeQuantity,
  type BonLivraisonData,
  type BonLivraisonResult,
} from '@comptoir/shared';
import type { DB } from '../../db/schema.js';

/**
 * A supplier's delivery note matched to the shop's products (docs/regles-metier.md « Achats ») :
 * each row's code is looked up as a reference first, then as a barcode, in one query. Unknown
 * codes, archived products and split quantities of a whole unit come back as French errors naming
 * the row; the others with their product and cost (the note's, else the last one). Writes nothing.
 */
export async function lireBonLivraison(
  db: Kysely<DB>,
  serviceId: number,
  input: BonLivraisonData,
): Promise<BonLivraisonResult> {
  const codes = [...new Set(input.lignes.map((l) => l.code))];
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
    .where('p.service_id', '=', serviceId)
    .where((eb) => eb.or([eb('p.reference', 'in', codes), eb('p.code_barres', 'in', codes)]))
    .orderBy('p.id')
    .execute();
  const byReference = new Map<string, (typeof rows)[number]>();
  const byBarcode = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    if (r.reference !== null && !byReference.has(r.reference)) byReference.set(r.reference, r);
    if (r.code_barres !== null && !byBarcode.has(r.code_barres)) byBarcode.set(r.code_barres, r);
  }
  const result: BonLivraisonResult = { lignes: [], erreurs: [] };
  for (const l of input.lignes) {
    const p = byReference.get(l.code) ?? byBarcode.get(l.code);
    const erreur = (message: string) =>
      result.erreurs.push({
        ligne: l.ligne,
        code: l.code,
        message: `Ligne ${l.ligne} : ${message}`,
      });
    if (!p) {
      erreur(`aucun produit de la boutique n'a la référence ou le code-barres « ${l.code} ».`);
    } else if (p.actif !== 1) {
      erreur(`le produit « ${p.nom} » (« ${l.code} ») est archivé.`);
    } else if (p.fractionnable !== 1 && !isWholeQuantity(l.quantite)) {
      erreur(
        `« ${p.nom} » se compte en unités entières : la quantité ${formatQuantity(l.quantite)} n'est pas acceptée.`,
      );
    } else {
      result.lignes.push({
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
        prixUnitaire: l.prixUnitaire ?? Number(p.prix_achat),
      });
    }
  }
  return result;
}
