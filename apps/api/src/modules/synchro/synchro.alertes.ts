import type { Kysely } from 'kysely';
import type { AlerteHorsLigne, AlerteType } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';

/**
 * What offline sales left for the owner to see (written with each sale by synchro.batch.ts):
 * stock taken under zero, a price charged other than the catalogue's, a product deleted
 * meanwhile. Newest first, at most 200; for one product with `produitId`.
 */
export async function listAlertes(
  db: Kysely<DB>,
  serviceId: number,
  produitId?: number,
): Promise<AlerteHorsLigne[]> {
  let query = db
    .selectFrom('alertes_hors_ligne as a')
    .innerJoin('ventes as v', 'v.id', 'a.vente_id')
    .select([
      'a.id',
      'a.type',
      'a.vente_id',
      'v.numero',
      'a.produit_id',
      'a.produit_nom',
      'a.quantite',
      'a.prix_facture',
      'a.prix_catalogue',
      'a.created_at',
    ])
    .where('a.service_id', '=', serviceId);
  if (produitId !== undefined) query = query.where('a.produit_id', '=', produitId);
  const rows = await query.orderBy('a.id', 'desc').limit(200).execute();
  const num = (v: number | string | bigint | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    id: r.id,
    type: r.type as AlerteType,
    venteId: r.vente_id,
    venteNumero: r.numero,
    produitId: r.produit_id,
    produitNom: r.produit_nom,
    quantite: num(r.quantite),
    prixFacture: num(r.prix_facture),
    prixCatalogue: num(r.prix_catalogue),
    createdAt: r.created_at,
  }));
}
