import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { parOrdre } from '../dettes/dettes.allocation.js';
import { resteSql } from './achats.read.js';
import { refreshAchatStatut } from './achats.statut.js';

/**
 * THE path of money paid to a supplier: a supplier payment (`reglements_fournisseurs`) and its
 * allocation to purchases (`achat_paiements`, `achats.montant_paye`), in the same order as customer
 * debts (`parOrdre` of dettes.allocation). The caller has locked the supplier (`lockParty`).
 */

export interface AchatOuvert {
  id: number;
  numero: string;
  reste: number;
}

/** The supplier's validated purchases with something owed, oldest first (day, validation, id). */
export async function achatsOuverts(
  trx: Transaction<DB>,
  serviceId: number,
  fournisseurId: number,
): Promise<AchatOuvert[]> {
  const rows = await trx
    .selectFrom('achats')
    .select(['id', 'numero', resteSql().as('reste')])
    .where('service_id', '=', serviceId)
    .where('fournisseur_id', '=', fournisseurId)
    .where('statut', '<>', 'brouillon')
    .where(sql<boolean>`${resteSql()} > 0`)
    .orderBy('date_achat')
    .orderBy('validated_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, numero: r.numero!, reste: Number(r.reste) }));
}

export interface PaiementFournisseur {
  serviceId: number;
  fournisseurId: number;
  userId: number;
  mode: string;
  montant: number;
  operateur: string | null;
  reference: string | null;
  cle: string | null;
  empreinte: string | null;
  at: string;
}

/** Records a payment and spreads it over `cibles` in their order; all of it must be allocated. */
export async function payerFournisseur(
  trx: Transaction<DB>,
  p: PaiementFournisseur,
  cibles: readonly AchatOuvert[],
): Promise<number> {
  const { id } = await trx
    .insertInto('reglements_fournisseurs')
    .values({
      service_id: p.serviceId,
      fournisseur_id: p.fournisseurId,
      mode: p.mode,
      montant: p.montant,
      operateur: p.operateur,
      reference: p.reference,
      cle_idempotence: p.cle,
      empreinte: p.empreinte,
      user_id: p.userId,
      created_at: p.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { parts, nonAlloue } = parOrdre(p.montant, cibles);
  if (nonAlloue !== 0) throw new Error('Paiement fournisseur non entièrement alloué');
  for (const { item, montant } of parts) {
    await trx
      .insertInto('achat_paiements')
      .values({
        service_id: p.serviceId,
        reglement_id: id,
        achat_id: item.id,
        montant,
        created_at: p.at,
      })
      .execute();
    await trx
      .updateTable('achats')
      .set({ montant_paye: sql`montant_paye + ${montant}` })
      .where('id', '=', item.id)
      .execute();
    await refreshAchatStatut(trx, item.id);
  }
  return id;
}
