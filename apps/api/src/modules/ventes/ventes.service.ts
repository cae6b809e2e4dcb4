import type { Kysely } from 'kysely';
import type { Impression, MouvementType, VenteMouvement } from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import { journaliser } from '../journal/journal.append.js';
import type { DB } from '../../db/schema.js';

async function requireVente(db: Kysely<DB>, serviceId: number, venteId: number): Promise<void> {
  const v = await db
    .selectFrom('ventes')
    .select('id')
    .where('id', '=', venteId)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  if (!v) throw notFound('Vente introuvable.');
}

/** Stock movements of a sale and of its returns, in the order they happened. */
export async function venteMouvements(
  db: Kysely<DB>,
  serviceId: number,
  venteId: number,
): Promise<VenteMouvement[]> {
  await requireVente(db, serviceId, venteId);
  const rows = await db
    .selectFrom('mouvements_stock as m')
    .innerJoin('produits as p', 'p.id', 'm.produit_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.type',
      'm.quantite',
      'm.motif',
      'm.document_type',
      'm.document_id',
      'm.created_at',
      'm.produit_id',
      'p.nom as produit_nom',
      'u.id as user_id',
      'u.prenom',
      'u.nom',
    ])
    .where('m.service_id', '=', serviceId)
    .where((eb) =>
      eb.or([
        eb.and([eb('m.document_type', '=', 'vente'), eb('m.document_id', '=', venteId)]),
        eb.and([
          eb('m.document_type', '=', 'retour'),
          eb(
            'm.document_id',
            'in',
            eb.selectFrom('retours').select('id').where('vente_id', '=', venteId),
          ),
        ]),
      ]),
    )
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type as MouvementType,
    quantite: Number(r.quantite),
    motif: r.motif,
    documentType: r.document_type,
    documentId: r.document_id,
    user:
      r.user_id !== null && r.prenom !== null && r.nom !== null
        ? { id: r.user_id, prenom: r.prenom, nom: r.nom }
        : null,
    createdAt: r.created_at,
    produit: { id: r.produit_id, nom: r.produit_nom },
  }));
}

/**
 * Counts one printed receipt; every one after the first is a duplicate, journaled in the same
 * transaction (modules/journal).
 */
export async function recordImpression(
  db: Kysely<DB>,
  serviceId: number,
  venteId: number,
  userId: number,
): Promise<Impression> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('ventes')
      .set((eb) => ({ impressions: eb('impressions', '+', 1) }))
      .where('id', '=', venteId)
      .where('service_id', '=', serviceId)
      .returning(['impressions', 'numero'])
      .executeTakeFirst();
    if (!row) throw notFound('Vente introuvable.');
    if (row.impressions > 1)
      await journaliser(trx, serviceId, {
        type: 'duplicata',
        reference: row.numero,
        contenu: { vente: venteId, utilisateur: userId, impression: row.impressions },
      });
    return { impressions: row.impressions, duplicata: row.impressions > 1 };
  });
}
