import type { Kysely } from 'kysely';
import type { AlerteHorsLigne, AlerteType } from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

interface Filtre {
  produitId?: number | undefined;
  nonVues?: boolean | undefined;
  id?: number;
}

/**
 * What offline sales left for the owner to see (written with each sale by synchro.batch.ts):
 * stock taken under zero, a price charged other than the catalogue's, a product deleted
 * meanwhile. Newest first, at most 200; for one product with `produitId`; `nonVues`: only those
 * nobody marked as seen (the dashboard's).
 */
export async function listAlertes(
  db: Kysely<DB>,
  serviceId: number,
  filtre: Filtre = {},
): Promise<AlerteHorsLigne[]> {
  let query = db
    .selectFrom('alertes_hors_ligne as a')
    .innerJoin('ventes as v', 'v.id', 'a.vente_id')
    .leftJoin('users as u', 'u.id', 'a.vue_par')
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
      'a.vue_le',
      'u.prenom',
      'u.nom',
    ])
    .where('a.service_id', '=', serviceId);
  if (filtre.produitId !== undefined) query = query.where('a.produit_id', '=', filtre.produitId);
  if (filtre.nonVues) query = query.where('a.vue_le', 'is', null);
  if (filtre.id !== undefined) query = query.where('a.id', '=', filtre.id);
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
    vue:
      r.vue_le === null
        ? null
        : { le: r.vue_le, par: { prenom: r.prenom ?? '', nom: r.nom ?? '' } },
  }));
}

/**
 * The owner has seen this alert: it leaves the dashboard and stays on its product. Seen twice,
 * it keeps the first time and who. Another shop's alert: 404.
 */
export async function marquerVue(
  db: Kysely<DB>,
  serviceId: number,
  alerteId: number,
  userId: number,
): Promise<AlerteHorsLigne> {
  await db
    .updateTable('alertes_hors_ligne')
    .set({ vue_le: nowIso(), vue_par: userId })
    .where('id', '=', alerteId)
    .where('service_id', '=', serviceId)
    .where('vue_le', 'is', null)
    .execute();
  const [alerte] = await listAlertes(db, serviceId, { id: alerteId });
  if (!alerte) throw notFound('Alerte introuvable dans cette boutique.');
  return alerte;
}
