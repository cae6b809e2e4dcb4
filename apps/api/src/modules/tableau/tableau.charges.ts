import { sql, type Kysely } from 'kysely';
import type { Jours } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';

/**
 * The shop's charges on the dashboard: what it owes its suppliers now (the totals of
 * `…/dettes-fournisseurs`, as achats.compte.ts derives them) and its live expenses of a period of
 * its days (the totals of `…/depenses`).
 */

const n = (v: unknown) => Number(v ?? 0);

/** The rest of a validated purchase: total − payments − the part of its returns that reduced it. */
const RESTE = sql<number>`(total - montant_paye - montant_retourne + montant_rembourse)`;

export async function dettesFournisseurs(
  db: Kysely<DB>,
  shop: { id: number; pays: string | null },
) {
  const today = shopToday(shop);
  const row = await db
    .selectFrom('achats')
    .where('service_id', '=', shop.id)
    .where('statut', '<>', 'brouillon')
    .where(sql<boolean>`${RESTE} > 0`)
    .select([
      sql<number>`sum(${RESTE})`.as('solde'),
      sql<number>`sum(case when echeance < ${today} then ${RESTE} else 0 end)`.as('retard'),
      sql<number>`count(distinct fournisseur_id)`.as('fournisseurs'),
    ])
    .executeTakeFirst();
  return { solde: n(row?.solde), enRetard: n(row?.retard), fournisseurs: n(row?.fournisseurs) };
}

/** Live expenses dated in the days `p` (both included). */
export async function depensesDe(db: Kysely<DB>, shopId: number, p: Jours) {
  const row = await db
    .selectFrom('depenses')
    .where('service_id', '=', shopId)
    .where('supprime_le', 'is', null)
    .where('date', '>=', p.du)
    .where('date', '<=', p.au)
    .select([sql<number>`count(*)`.as('nombre'), sql<number>`sum(montant)`.as('montant')])
    .executeTakeFirst();
  return { nombre: n(row?.nombre), montant: n(row?.montant) };
}
