import { PostgresAdapter, sql, type Kysely } from 'kysely';
import {
  isWholeQuantity,
  STOCK_QUANTITY_MAX,
  type ComptageData,
  type InventaireLigne,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { businessRule, notFound, validationError } from '../../core/errors.js';
import { empreinteOf, idempotentWrite } from '../../core/idempotence.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { findInventaire, lignesBase, toLigne } from './inventaires.repository.js';
import { closedConflict } from './inventaires.service.js';

/** One unit, in thousandths: what a scan adds. */
const UNE_UNITE = 1000;

async function findProduit(db: Kysely<DB>, serviceId: number, input: ComptageData) {
  let q = db
    .selectFrom('produits')
    .innerJoin('unites', 'unites.id', 'produits.unite_id')
    .select(['produits.id', 'produits.nom', 'unites.nom as unite', 'unites.fractionnable'])
    .where('produits.service_id', '=', serviceId);
  q =
    input.produitId !== undefined
      ? q.where('produits.id', '=', input.produitId)
      : q.where('produits.code_barres', '=', input.codeBarres!);
  const produit = await q.executeTakeFirst();
  if (!produit)
    throw notFound(
      input.produitId !== undefined
        ? 'Produit introuvable.'
        : `Aucun produit de la boutique n’a le code-barres « ${input.codeBarres} ».`,
    );
  return produit;
}

/**
 * One count event (docs/regles-metier.md « Inventaires »): a scan adds one unit to the product's
 * count, a typed quantity replaces it. One UPDATE changes the count from the value the database
 * holds (concurrent scans add up, on either database) and reads, in the same statement, the
 * product's quantity: the expected quantity at this count. The event records who and when; its
 * idempotency key makes a retried scan count once. Returns the line.
 */
export async function countProduit(
  ctx: AppContext,
  serviceId: number,
  userId: number,
  inventaireId: number,
  input: ComptageData,
): Promise<{ ligne: InventaireLigne; replayed: boolean }> {
  const { db } = ctx.database;
  const inventaire = await findInventaire(db, serviceId, inventaireId);
  if (inventaire.statut !== 'ouvert') throw closedConflict(inventaire);
  const produit = await findProduit(db, serviceId, input);
  if (input.mode === 'saisie' && !produit.fractionnable && !isWholeQuantity(input.quantite!))
    throw validationError([
      {
        field: 'quantite',
        message: `L’unité « ${produit.unite} » ne se fractionne pas : la quantité doit être un nombre entier.`,
      },
    ]);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const { value, replayed } = await idempotentWrite(
    db,
    {
      table: 'inventaire_comptages',
      serviceId,
      cle: input.cleIdempotence,
      empreinte: empreinteOf({ ...input, inventaireId }),
      autreRequete: 'Cette clé d’idempotence a déjà servi pour un autre comptage.',
      read: async (handle, id) => {
        const event = await handle
          .selectFrom('inventaire_comptages')
          .select(['inventaire_id', 'produit_id'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return toLigne(
          await lignesBase(handle, event.inventaire_id)
            .where('l.produit_id', '=', event.produit_id)
            .executeTakeFirstOrThrow(),
        );
      },
    },
    (handle) =>
      handle.transaction().execute(async (trx) => {
        // PostgreSQL: a count holds the session's row shared, so a validation (which updates it)
        // waits for the counts in flight, and a count after it sees it closed.
        let current = trx.selectFrom('inventaires').select('statut').where('id', '=', inventaireId);
        if (postgres) current = current.forShare();
        const session = await current.executeTakeFirstOrThrow();
        if (session.statut !== 'ouvert') throw closedConflict(session);
        const now = nowIso();
        const compte =
          input.mode === 'scan'
            ? sql<number>`coalesce(quantite_comptee, 0) + ${sql.lit(UNE_UNITE)}`
            : sql<number>`${sql.lit(input.quantite!)}`;
        const updated = await trx
          .updateTable('inventaire_lignes')
          .set({
            quantite_comptee: compte,
            quantite_au_comptage: sql`(select p.quantite from produits p where p.id = inventaire_lignes.produit_id)`,
            comptages: sql`comptages + 1`,
            dernier_comptage_par: userId,
            dernier_comptage_le: now,
          })
          .where('inventaire_id', '=', inventaireId)
          .where('produit_id', '=', produit.id)
          .where(sql<boolean>`${compte} <= ${sql.lit(STOCK_QUANTITY_MAX)}`)
          .returning('id')
          .executeTakeFirst();
        if (!updated) {
          const ligne = await trx
            .selectFrom('inventaire_lignes')
            .select('id')
            .where('inventaire_id', '=', inventaireId)
            .where('produit_id', '=', produit.id)
            .executeTakeFirst();
          throw businessRule(
            ligne
              ? `Le compte de « ${produit.nom} » dépasserait la limite des quantités.`
              : `« ${produit.nom} » ne fait pas partie de cet inventaire (autre catégorie, ou produit créé après son ouverture).`,
          );
        }
        const { id } = await trx
          .insertInto('inventaire_comptages')
          .values({
            service_id: serviceId,
            inventaire_id: inventaireId,
            produit_id: produit.id,
            mode: input.mode,
            quantite: input.mode === 'scan' ? UNE_UNITE : input.quantite!,
            user_id: userId,
            cle_idempotence: input.cleIdempotence,
            empreinte: empreinteOf({ ...input, inventaireId }),
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      }),
  );
  return { ligne: value, replayed };
}
