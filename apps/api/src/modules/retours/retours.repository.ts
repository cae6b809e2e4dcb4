import type { Kysely } from 'kysely';
import type { ModePaiement, Retour } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';

/** Returns as the API shows them, with their lines (names are the sale lines' snapshots). */
export async function findRetours(
  db: Kysely<DB>,
  serviceId: number,
  where: { venteId: number } | { id: number },
): Promise<Retour[]> {
  let q = db
    .selectFrom('retours as r')
    .innerJoin('ventes as v', 'v.id', 'r.vente_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.numero',
      'r.created_at',
      'r.montant_ttc',
      'r.impute_dette',
      'r.rembourse',
      'r.mode_remboursement',
      'r.avoir',
      'r.motif',
      'v.id as vente_id',
      'v.numero as vente_numero',
      'u.id as user_id',
      'u.prenom',
      'u.nom',
    ])
    .where('r.service_id', '=', serviceId);
  q = 'id' in where ? q.where('r.id', '=', where.id) : q.where('r.vente_id', '=', where.venteId);
  const rows = await q.orderBy('r.created_at').orderBy('r.id').execute();
  if (rows.length === 0) return [];
  const lignes = await db
    .selectFrom('retour_lignes as rl')
    .innerJoin('vente_lignes as vl', 'vl.id', 'rl.vente_ligne_id')
    .select([
      'rl.retour_id',
      'rl.vente_ligne_id',
      'rl.produit_id',
      'vl.nom',
      'rl.quantite',
      'rl.montant_ttc',
    ])
    .where(
      'rl.retour_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('rl.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    numero: r.numero,
    vente: { id: r.vente_id, numero: r.vente_numero },
    createdAt: r.created_at,
    user: { id: r.user_id, prenom: r.prenom, nom: r.nom },
    lignes: lignes
      .filter((l) => l.retour_id === r.id)
      .map((l) => ({
        ligneId: l.vente_ligne_id,
        produitId: l.produit_id,
        nom: l.nom,
        quantite: Number(l.quantite),
        montantTtc: Number(l.montant_ttc),
      })),
    montantTtc: Number(r.montant_ttc),
    imputeDette: Number(r.impute_dette),
    rembourse: Number(r.rembourse),
    modeRemboursement: r.mode_remboursement as ModePaiement | null,
    avoir: Number(r.avoir),
    motif: r.motif,
  }));
}
