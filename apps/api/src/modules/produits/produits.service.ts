import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  isWholeQuantity,
  randomInStoreEan13,
  searchKey,
  type AjustementData,
  type ProduitExportQuery,
  type MouvementListQuery,
  type Page,
  type Mouvement,
  type Produit,
  type ProduitCreateData,
  type ProduitListQuery,
  type ProduitUpdateData,
} from '@comptoir/shared';
import type { AuthUser } from '../../core/authenticate.js';
import type { AppContext } from '../../core/context.js';
import { AppError, conflict, forbidden, notFound, validationError } from '../../core/errors.js';
import { removeImage, replaceImage } from '../files/images.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { applyMovement } from '../stock/stock.service.js';
import { toMouvement, toProduit } from './produits.mapper.js';
import { produitsCsv } from './produits.csv.js';
import {
  countMouvements,
  findHolder,
  findMouvementPage,
  findProduit,
  findProduitByBarcode,
  findProduitPage,
  findProduitsForExport,
} from './produits.repository.js';

type Service = Selectable<ServicesTable>;

export async function listProduits(
  ctx: AppContext,
  serviceId: number,
  query: ProduitListQuery,
): Promise<Page<Produit>> {
  const { items, total } = await findProduitPage(
    ctx.database.db,
    ctx.database.dialect,
    serviceId,
    query,
  );
  return { items: items.map(toProduit), total, page: query.page, size: query.size };
}

/** Every product matching the list's filters, as a CSV file for a spreadsheet. */
export async function exportProduitsCsv(
  ctx: AppContext,
  service: Service,
  query: ProduitExportQuery,
): Promise<string> {
  const rows = await findProduitsForExport(
    ctx.database.db,
    ctx.database.dialect,
    service.id,
    query,
  );
  return produitsCsv(rows.map(toProduit), service.devise);
}

export async function getProduit(ctx: AppContext, serviceId: number, id: number): Promise<Produit> {
  const row = await findProduit(ctx.database.db, serviceId, id);
  if (!row) throw notFound('Produit introuvable.');
  return toProduit(row);
}

export async function getProduitByBarcode(
  ctx: AppContext,
  serviceId: number,
  code: string,
): Promise<Produit> {
  const row = await findProduitByBarcode(ctx.database.db, serviceId, code);
  if (!row) throw notFound(`Aucun produit de cette boutique ne porte le code-barres ${code}.`);
  return toProduit(row);
}

const conflictOn = (field: string, detail: string) =>
  new AppError(409, 'CONFLICT', 'Conflit', detail, [{ field, message: detail }]);

/** Category, brand and unit must exist (category and brand in this shop); quantities must fit the unit. */
async function checkLinks(
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
async function checkUnique(
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
async function freeInStoreCode(db: Kysely<DB>, serviceId: number): Promise<string> {
  for (;;) {
    const code = randomInStoreEan13();
    if (!(await findHolder(db, serviceId, 'code_barres', code))) return code;
  }
}

const columnsOf = (input: ProduitUpdateData, codeBarres: string | null) => ({
  nom: input.nom,
  nom_recherche: searchKey(input.nom),
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

/** A new product; an empty barcode gets an in-store EAN-13; the opening stock is an 'initial' movement. */
export async function createProduit(
  ctx: AppContext,
  user: AuthUser,
  serviceId: number,
  input: ProduitCreateData,
): Promise<Produit> {
  const { db } = ctx.database;
  await checkLinks(db, serviceId, input, [
    ['stockInitial', input.stockInitial],
    ['seuilAlerte', input.seuilAlerte],
  ]);
  await checkUnique(db, serviceId, input);
  const codeBarres = input.codeBarres ?? (await freeInStoreCode(db, serviceId));
  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const { id: produitId } = await trx
      .insertInto('produits')
      .values({
        ...columnsOf(input, codeBarres),
        service_id: serviceId,
        image_file_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.stockInitial > 0) {
      await applyMovement(trx, {
        serviceId,
        produitId,
        quantite: input.stockInitial,
        type: 'initial',
        motif: 'Stock initial',
        userId: user.id,
      });
    }
    return produitId;
  });
  return getProduit(ctx, serviceId, id);
}

/** Every field but the quantity (only movements change it); an emptied barcode gets a new in-store one. */
export async function updateProduit(
  ctx: AppContext,
  serviceId: number,
  id: number,
  input: ProduitUpdateData,
  byOwner: boolean,
): Promise<Produit> {
  const { db } = ctx.database;
  const current = await getProduit(ctx, serviceId, id);
  // Deactivating stays the owner's, as through …/desactiver and …/activer.
  if (!byOwner && input.actif !== current.actif) {
    throw forbidden('Seul le propriétaire de la boutique peut désactiver ou réactiver un produit.');
  }
  await checkLinks(db, serviceId, input, [
    ['seuilAlerte', input.seuilAlerte],
    ['uniteId', current.quantite],
  ]);
  await checkUnique(db, serviceId, input, id);
  const codeBarres =
    input.codeBarres ?? current.codeBarres ?? (await freeInStoreCode(db, serviceId));
  await db
    .updateTable('produits')
    .set({ ...columnsOf(input, codeBarres), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  return getProduit(ctx, serviceId, id);
}

/** Only a product that never moved; otherwise 409 suggesting deactivation. */
export async function deleteProduit(ctx: AppContext, serviceId: number, id: number): Promise<void> {
  const { db } = ctx.database;
  const row = await findProduit(db, serviceId, id);
  if (!row) throw notFound('Produit introuvable.');
  if ((await countMouvements(db, id)) > 0) {
    throw conflict(
      `« ${row.nom} » a déjà des mouvements de stock : il ne peut plus être supprimé. Désactivez-le plutôt.`,
    );
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('produits').where('id', '=', id).execute();
    if (row.image_file_id)
      await trx.deleteFrom('files').where('id', '=', row.image_file_id).execute();
  });
}

export async function setProduitActif(
  ctx: AppContext,
  serviceId: number,
  id: number,
  actif: boolean,
): Promise<Produit> {
  await getProduit(ctx, serviceId, id);
  await ctx.database.db
    .updateTable('produits')
    .set({ actif: actif ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  return getProduit(ctx, serviceId, id);
}

export async function listMouvements(
  ctx: AppContext,
  serviceId: number,
  id: number,
  query: MouvementListQuery,
): Promise<Page<Mouvement>> {
  await getProduit(ctx, serviceId, id);
  const { items, total } = await findMouvementPage(ctx.database.db, id, query);
  return { items: items.map(toMouvement), total, page: query.page, size: query.size };
}

/** The owner's correction, with its reason, written to the ledger as an 'ajustement'. */
export async function adjustStock(
  ctx: AppContext,
  user: AuthUser,
  service: Service,
  id: number,
  input: AjustementData,
): Promise<Produit> {
  const produit = await getProduit(ctx, service.id, id);
  if (!produit.unite.fractionnable && !isWholeQuantity(input.quantite)) {
    throw validationError([
      {
        field: 'quantite',
        message: `L'unité « ${produit.unite.nom} » ne se fractionne pas : la quantité doit être un nombre entier.`,
      },
    ]);
  }
  await ctx.database.db.transaction().execute((trx) =>
    applyMovement(trx, {
      serviceId: service.id,
      produitId: id,
      quantite: input.quantite,
      type: 'ajustement',
      motif: input.motif,
      userId: user.id,
    }),
  );
  return getProduit(ctx, service.id, id);
}

/** The product photo: fitted into 800 × 800, JPEG. */
export async function saveProduitImage(
  ctx: AppContext,
  user: AuthUser,
  serviceId: number,
  id: number,
  request: FastifyRequest,
): Promise<Produit> {
  const row = await findProduit(ctx.database.db, serviceId, id);
  if (!row) throw notFound('Produit introuvable.');
  await replaceImage(ctx, request, user.id, {
    label: 'La photo du produit',
    contentType: 'image/jpeg',
    transform: (image) =>
      image
        .resize(800, 800, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 }),
    current: row.image_file_id,
    point: async (trx, fileId) => {
      await trx
        .updateTable('produits')
        .set({ image_file_id: fileId, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
  });
  return getProduit(ctx, serviceId, id);
}

export async function removeProduitImage(
  ctx: AppContext,
  serviceId: number,
  id: number,
): Promise<Produit> {
  const row = await findProduit(ctx.database.db, serviceId, id);
  if (!row) throw notFound('Produit introuvable.');
  await removeImage(ctx, {
    current: row.image_file_id,
    point: async (trx, fileId) => {
      await trx
        .updateTable('produits')
        .set({ image_file_id: fileId, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
  });
  return getProduit(ctx, serviceId, id);
}
