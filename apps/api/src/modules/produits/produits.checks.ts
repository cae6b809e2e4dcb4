import type { Kysely } from 'kysely';
import {
  isWholeQuantity,
  randomInStoreEan13,
  searchKey,
  type ProduitUpdateData,
  frenchSortKey,
} from '@comptoir/shared';
import { AppError, validationError } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';
import { findHolder } from './produits.repository.js';

/** The checks and columns of a product written by creation and update. */

const conflictOn = (field: string, detail: string) =>
  new AppError(409, 'CONFLICT', 'Conflit', detail, [{ field, message: detail }]);

/** Category, brand and unit must exist (category and brand in this shop); quantities must fit the unit. */
export async function checkLinks(
  db: Kysely<DB>,
  serviceId: number,
  input: ProduitUpdateData,
  quantities: Array<[string, number]>,
) {
  const errors = [];
  if (
    input.categorieId !== null &&
    !(await db
      .selectFrom('categories')
      .select('id')
      .where('id', '=', input.categorieId)
      .where('service_id', '=', serviceId)
      .executeTakeFirst())
  ) {
    errors.push({
      field: 'categorieId',
      message: "Cette catégorie n'existe pas dans la boutique.",
    });
  }
  if (
    input.marqueId !== null &&
    !(await db
      .selectFrom('marques')
      .select('id')
      .where('id', '=', input.marqueId)
      .where('service_id', '=', serviceId)
      .executeTakeFirst())
  ) {
    errors.push({ field: 'marqueId', message: "Cette marque n'existe pas dans la boutique." });
  }
  const unite = await db
    .selectFrom('unites')
    .selectAll()
    .where('id', '=', input.uniteId)
    .executeTakeFirst();
  if (!unite) errors.push({ field: 'uniteId', message: "Cette unité n'existe pas." });
  else if (unite.fractionnable !== 1) {
    for (const [field, value] of quantities) {
      if (!isWholeQuantity(value))
        errors.push({
          field,
          message: `L'unité « ${unite.nom} » ne se fractionne pas : la quantité doit être un nombre entier.`,
        });
    }
  }
  if (errors.length) throw validationError(errors);
}

/** Reference and barcode are unique in the shop: 409 naming the product that holds them. */
export async function checkUnique(
  db: Kysely<DB>,
  serviceId: number,
  input: { reference: string | null; codeBarres: string | null },
  exceptId?: number,
) {
  if (input.codeBarres) {
    const other = await findHolder(db, serviceId, 'code_barres', input.codeBarres, exceptId);
    if (other)
      throw conflictOn(
        'codeBarres',
        `Le code-barres ${input.codeBarres} est déjà utilisé par « ${other.nom} ».`,
      );
  }
  if (input.reference) {
    const other = await findHolder(db, serviceId, 'reference', input.reference, exceptId);
    if (other)
      throw conflictOn(
        'reference',
        `La référence ${input.reference} est déjà utilisée par « ${other.nom} ».`,
      );
  }
}

/** A free in-store EAN-13 (prefix 20–29). */
export async function freeInStoreCode(db: Kysely<DB>, serviceId: number): Promise<string> {
  for (;;) {
    const code = randomInStoreEan13();
    if (!(await findHolder(db, serviceId, 'code_barres', code))) return code;
  }
}

export const columnsOf = (input: ProduitUpdateData, codeBarres: string | null) => ({
  nom: input.nom,
  nom_recherche: searchKey(input.nom),
  nom_tri: frenchSortKey(input.nom),
  reference: input.reference,
  code_barres: codeBarres,
  categorie_id: input.categorieId,
  marque_id: input.marqueId,
  unite_id: input.uniteId,
  prix_achat: input.prixAchat,
  prix_vente: input.prixVente,
  prix_gros: input.prixGros,
  taux_tva: input.tauxTva,
  seuil_alerte: input.seuilAlerte,
  description: input.description,
  actif: input.actif ? 1 : 0,
});
