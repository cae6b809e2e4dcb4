import type { Selectable } from 'kysely';
import type {
  Page,
  Produit,
  ProduitCreateData,
  ProduitExportQuery,
  ProduitListQuery,
  ProduitUpdateData,
} from '@comptoir/shared';
import { AMOUNT_MAX, stockValueExact } from '@comptoir/shared';
import type { AuthUser } from '../../core/authenticate.js';
import type { AppContext } from '../../core/context.js';
import { csvExport, type CsvExport } from '../../core/csv-export.js';
import { businessRule, conflict, forbidden, notFound } from '../../core/errors.js';
import type { ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { applyMovement } from '../stock/stock.service.js';
import { lockCost, recordCostChange } from '../stock/stock.couts.js';
import { toProduit } from './produits.mapper.js';
import { CSV_HEADERS, produitCsvCells } from './produits.csv.js';
import { checkLinks, checkUnique, columnsOf, freeInStoreCode } from './produits.checks.js';
import {
  countMouvements,
  findProduit,
  findProduitByBarcode,
  findProduitPage,
  findProduitIdsForExport,
  findProduitsByIds,
} from './produits.repository.js';
import { changements, jet } from '../journal/journal.jet.js';

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

/**
 * Every product matching the list's filters, as a CSV file for a spreadsheet, written in pieces
 * (core/csv-export.ts): the matching ids in the list's order, then their rows.
 */
export async function exportProduitsCsv(
  ctx: AppContext,
  service: Service,
  query: ProduitExportQuery,
  tranche?: number,
): Promise<CsvExport> {
  const { db, dialect } = ctx.database;
  const cells = produitCsvCells(service.devise);
  return csvExport({
    headers: CSV_HEADERS,
    keys: await findProduitIdsForExport(db, dialect, service.id, query),
    read: async (ids) => (await findProduitsByIds(db, service.id, ids)).map(toProduit),
    cells,
    tranche,
  });
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

/**
 * Every field but the quantity (only movements change it); an emptied barcode gets a new in-store
 * one. A cost corrected by hand is recorded with its instant, for the stock value of past days.
 */
export async function updateProduit(
  ctx: AppContext,
  user: AuthUser,
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
  if (stockValueExact(current.quantite, input.prixAchat) > BigInt(AMOUNT_MAX))
    throw businessRule(
      `Avec ce prix d'achat, la valeur du stock de « ${current.nom} » dépasserait la limite des montants.`,
    );
  const codeBarres =
    input.codeBarres ?? current.codeBarres ?? (await freeInStoreCode(db, serviceId));
  // A change of price or VAT rate goes to the shop's technical events journal, with the update.
  const prix = (p: { prixVente: number; prixGros: number | null; tauxTva: number }) => ({
    prixVente: p.prixVente,
    prixGros: p.prixGros,
    tauxTva: p.tauxTva,
  });
  const modifications = changements(prix(current), prix(input));
  await db.transaction().execute(async (trx) => {
    const avant = await lockCost(trx, serviceId, id);
    await trx
      .updateTable('produits')
      .set({ ...columnsOf(input, codeBarres), updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await recordCostChange(trx, {
      serviceId,
      produitId: id,
      avant,
      apres: input.prixAchat,
      userId: user.id,
    });
    if (modifications)
      await jet(trx, serviceId, 'prix', current.reference ?? String(id), {
        produit: id,
        nom: input.nom,
        modifications,
      });
  });
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
