import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { refreshVenteStatut } from '../ventes/ventes.statut.js';

/**
 * Allocation of money to customer debts, shared by repayments and by the credit of returns.
 * Every change of a customer's debts starts with `lockClient`: on PostgreSQL the customer row is
 * locked for the transaction, so two repayments (or a repayment and a return) of the same
 * customer never allocate the same rest twice. SQLite has a single writer.
 */

export interface DetteOuverte {
  id: number;
  venteId: number;
  reste: number;
}

export interface Allocation {
  detteId: number;
  venteId: number;
  montant: number;
}

export async function lockClient(
  trx: Transaction<DB>,
  dialect: Dialect,
  serviceId: number,
  clientId: number,
) {
  return trx
    .selectFrom('clients')
    .select(['id', 'nom'])
    .where('id', '=', clientId)
    .where('service_id', '=', serviceId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** A customer's debts with something left, oldest first (creation, then id). */
export async function dettesOuvertes(
  trx: Transaction<DB>,
  serviceId: number,
  clientId: number,
): Promise<DetteOuverte[]> {
  const rows = await trx
    .selectFrom('dettes')
    .select(['id', 'vente_id', sql<number>`montant - paye`.as('reste')])
    .where('service_id', '=', serviceId)
    .where('client_id', '=', clientId)
    .whereRef('paye', '<', 'montant')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, venteId: r.vente_id, reste: Number(r.reste) }));
}

/**
 * Spreads `montant` of règlement `reglementId` over `dettes` in their order, each up to its rest:
 * writes the allocations, raises `dettes.paye`, and — for money actually received (`argent`,
 * every mode but a return's credit) — `ventes.montant_paye`; then refreshes each sale's status.
 * Returns the allocations and what is left unallocated. `at`: the allocations' date (now by default).
 */
export async function allouer(
  trx: Transaction<DB>,
  input: {
    serviceId: number;
    reglementId: number;
    dettes: DetteOuverte[];
    montant: number;
    argent: boolean;
    at?: string;
  },
): Promise<{ allocations: Allocation[]; nonAlloue: number }> {
  let left = input.montant;
  const allocations: Allocation[] = [];
  const now = input.at ?? nowIso();
  for (const dette of input.dettes) {
    if (left <= 0) break;
    const part = Math.min(left, dette.reste);
    if (part <= 0) continue;
    left -= part;
    allocations.push({ detteId: dette.id, venteId: dette.venteId, montant: part });
    await trx
      .insertInto('reglement_allocations')
      .values({
        service_id: input.serviceId,
        reglement_id: input.reglementId,
        dette_id: dette.id,
        montant: part,
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('dettes')
      .set({ paye: sql`paye + ${part}` })
      .where('id', '=', dette.id)
      .execute();
    if (input.argent)
      await trx
        .updateTable('ventes')
        .set({ montant_paye: sql`montant_paye + ${part}` })
        .where('id', '=', dette.venteId)
        .execute();
    await refreshVenteStatut(trx, dette.venteId);
  }
  return { allocations, nonAlloue: left };
}
