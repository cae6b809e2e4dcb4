import type { Kysely } from 'kysely';
import {
  shopTimeZone,
  startOfLocalDayUtc,
  addDays,
  type Avoir,
  type FacturablesQuery,
  type VenteFacturable,
} from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';

/** A credit note of the shop with its lines and the returns made with it; 404 otherwise. */
export async function readAvoir(
  db: Kysely<DB>,
  serviceId: number,
  avoirId: number,
): Promise<Avoir> {
  const a = await db
    .selectFrom('avoirs as a')
    .innerJoin('factures as f', 'f.id', 'a.facture_id')
    .selectAll('a')
    .select('f.numero as facture_numero')
    .where('a.id', '=', avoirId)
    .where('a.service_id', '=', serviceId)
    .executeTakeFirst();
  if (!a) throw notFound('Avoir introuvable.');
  const lignes = await db
    .selectFrom('avoir_lignes as al')
    .innerJoin('facture_lignes as fl', 'fl.id', 'al.facture_ligne_id')
    .leftJoin('retours as r', 'r.id', 'al.retour_id')
    .select([
      'al.facture_ligne_id',
      'al.quantite',
      'al.montant_ht',
      'al.montant_tva',
      'al.montant_ttc',
      'fl.nom',
      'fl.prix_unitaire_ht',
      'fl.taux_tva',
      'r.id as retour_id',
      'r.numero as retour_numero',
    ])
    .where('al.avoir_id', '=', avoirId)
    .orderBy('fl.position')
    .execute();
  const retours = new Map<number, string>();
  for (const l of lignes) if (l.retour_id !== null) retours.set(l.retour_id, l.retour_numero!);
  return {
    id: a.id,
    numero: a.numero,
    createdAt: a.created_at,
    facture: { id: a.facture_id, numero: a.facture_numero },
    lignes: lignes.map((l) => ({
      ligneId: l.facture_ligne_id,
      nom: l.nom,
      quantite: Number(l.quantite),
      prixUnitaireHt: Number(l.prix_unitaire_ht),
      tauxTva: l.taux_tva,
      montantHt: Number(l.montant_ht),
      montantTva: Number(l.montant_tva),
      montantTtc: Number(l.montant_ttc),
    })),
    retours: [...retours].map(([id, numero]) => ({ id, numero })),
    montantHt: Number(a.montant_ht),
    montantTva: Number(a.montant_tva),
    montantTtc: Number(a.montant_ttc),
    motif: a.motif,
  };
}

/**
 * The customer's sales not invoiced yet and not wholly returned, oldest first, over the period
 * (days of the shop's calendar): what a « facture récapitulative » can gather.
 */
export async function listFacturables(
  db: Kysely<DB>,
  shop: { id: number; pays: string | null },
  query: FacturablesQuery,
): Promise<VenteFacturable[]> {
  const zone = shopTimeZone(shop.pays);
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where('id', '=', query.clientId)
    .where('service_id', '=', shop.id)
    .executeTakeFirst();
  if (!client) throw notFound('Client introuvable.');
  const rows = await db
    .selectFrom('ventes as v')
    .select(['v.id', 'v.numero', 'v.created_at', 'v.total_ttc', 'v.montant_retourne'])
    .where('v.service_id', '=', shop.id)
    .where('v.client_id', '=', query.clientId)
    .where('v.statut', '!=', 'retournee')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('facture_ventes as fv').select('fv.id').whereRef('fv.vente_id', '=', 'v.id'),
        ),
      ),
    )
    .$if(query.du !== undefined, (q) =>
      q.where('v.created_at', '>=', startOfLocalDayUtc(query.du!, zone)),
    )
    .$if(query.au !== undefined, (q) =>
      q.where('v.created_at', '<', startOfLocalDayUtc(addDays(query.au!, 1), zone)),
    )
    .orderBy('v.created_at')
    .orderBy('v.id')
    .limit(500)
    .execute();
  return rows.map((v) => ({
    id: v.id,
    numero: v.numero,
    createdAt: v.created_at,
    totalTtc: Number(v.total_ttc),
    montantRetourne: Number(v.montant_retourne),
  }));
}
