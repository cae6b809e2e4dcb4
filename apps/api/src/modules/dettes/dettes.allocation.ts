import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { refreshVenteStatut } from './dettes.statut.js';

/**
 * The one path by which money settles customer debts: repayments, the credit of returns, and the
 * customer's available credit taken by their next sale on credit. Every allocation row, every
 * change of `dettes.paye` and of `reglements.disponible` through an allocation is written by
 * `imputer`. The caller has locked the customer first (`lockParty` in db/locks.ts), so that two
 * documents of the same customer never allocate the same rest twice.
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

/** The customer's credit not yet allocated (what returns credited to their account). */
export async function avoirDisponible(
  db: Kysely<DB>,
  serviceId: number,
  clientId: number,
): Promise<number> {
  const row = await db
    .selectFrom('reglements')
    .select(sql<number>`coalesce(sum(disponible), 0)`.as('credit'))
    .where('service_id', '=', serviceId)
    .where('client_id', '=', clientId)
    .where('disponible', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.credit);
}

/**
 * One allocation: `montant` of règlement `reglementId` to a debt. Raises `dettes.paye`; for money
 * actually received (`argent`: every mode but a return's credit) `ventes.montant_paye` too; when
 * the money comes from the règlement's available credit (`surDisponible`), lowers it.
 */
async function imputer(
  trx: Transaction<DB>,
  a: {
    serviceId: number;
    reglementId: number;
    dette: { id: number; venteId: number };
    montant: number;
    argent: boolean;
    surDisponible: boolean;
    at: string;
  },
): Promise<void> {
  await trx
    .insertInto('reglement_allocations')
    .values({
      service_id: a.serviceId,
      reglement_id: a.reglementId,
      dette_id: a.dette.id,
      montant: a.montant,
      created_at: a.at,
    })
    .execute();
  await trx
    .updateTable('dettes')
    .set({ paye: sql`paye + ${a.montant}` })
    .where('id', '=', a.dette.id)
    .execute();
  if (a.argent)
    await trx
      .updateTable('ventes')
      .set({ montant_paye: sql`montant_paye + ${a.montant}` })
      .where('id', '=', a.dette.venteId)
      .execute();
  if (a.surDisponible)
    await trx
      .updateTable('reglements')
      .set({ disponible: sql`disponible - ${a.montant}` })
      .where('id', '=', a.reglementId)
      .execute();
}

/**
 * THE allocation order of money over debts (customers' and suppliers'): `montant` spread over
 * `items` in their order, each up to its rest; returns the parts and what is left unallocated.
 */
export function parOrdre<T extends { reste: number }>(
  montant: number,
  items: readonly T[],
): { parts: Array<{ item: T; montant: number }>; nonAlloue: number } {
  let left = montant;
  const parts: Array<{ item: T; montant: number }> = [];
  for (const item of items) {
    if (left <= 0) break;
    const part = Math.min(left, item.reste);
    if (part <= 0) continue;
    left -= part;
    parts.push({ item, montant: part });
  }
  return { parts, nonAlloue: left };
}

/**
 * Spreads `montant` of règlement `reglementId` over `dettes` in their order, each up to its rest,
 * then refreshes each sale's status. Returns the allocations and what is left unallocated.
 * `at`: the allocations' date (now by default).
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
  const allocations: Allocation[] = [];
  const at = input.at ?? nowIso();
  const { parts, nonAlloue } = parOrdre(input.montant, input.dettes);
  for (const { item: dette, montant: part } of parts) {
    allocations.push({ detteId: dette.id, venteId: dette.venteId, montant: part });
    const { reglementId, serviceId, argent } = input;
    await imputer(trx, {
      serviceId,
      reglementId,
      dette,
      montant: part,
      argent,
      surDisponible: false,
      at,
    });
    await refreshVenteStatut(trx, dette.venteId);
  }
  return { allocations, nonAlloue };
}

/**
 * The customer's available credit, oldest first, to a new debt of `reste` (a sale on credit).
 * Returns what was allocated; the caller refreshes the sale's status.
 */
export async function imputerAvoirs(
  trx: Transaction<DB>,
  input: {
    serviceId: number;
    clientId: number;
    dette: { id: number; venteId: number };
    reste: number;
    at: string;
  },
): Promise<number> {
  const credits = await trx
    .selectFrom('reglements')
    .select(['id', 'disponible'])
    .where('service_id', '=', input.serviceId)
    .where('client_id', '=', input.clientId)
    .where('disponible', '>', 0)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  let left = input.reste;
  for (const c of credits) {
    if (left <= 0) break;
    const part = Math.min(Number(c.disponible), left);
    const { serviceId, dette, at } = input;
    await imputer(trx, {
      serviceId,
      reglementId: c.id,
      dette,
      montant: part,
      argent: false,
      surDisponible: true,
      at,
    });
    left -= part;
  }
  return input.reste - left;
}

/**
 * The credit of a return to its customer (`impute` + `avoir`): an `avoir` règlement tied to the
 * return, allocated first to what the sale still owes (`impute`, up to `detteVente.reste`), then
 * (`avoir`) to the customer's other debts, oldest first; what is left stays available
 * (`reglements.disponible`) for their next sale on credit.
 */
export async function crediterRetour(
  trx: Transaction<DB>,
  r: {
    serviceId: number;
    clientId: number;
    retourId: number;
    userId: number;
    detteVente: DetteOuverte | null;
    impute: number;
    avoir: number;
    createdAt: string;
    /** The allocations' date when the return is back-dated (demo data); now otherwise. */
    at?: string;
  },
): Promise<void> {
  const credit = r.impute + r.avoir;
  if (credit <= 0) return;
  const { id: reglementId } = await trx
    .insertInto('reglements')
    .values({
      service_id: r.serviceId,
      client_id: r.clientId,
      mode: 'avoir',
      montant: credit,
      disponible: 0,
      operateur: null,
      reference: null,
      retour_id: r.retourId,
      cle_idempotence: null,
      empreinte: null,
      user_id: r.userId,
      created_at: r.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cibles: DetteOuverte[] = [];
  if (r.detteVente && r.impute > 0) cibles.push(r.detteVente);
  if (r.avoir > 0)
    cibles.push(
      ...(await dettesOuvertes(trx, r.serviceId, r.clientId)).filter(
        (d) => d.id !== r.detteVente?.id,
      ),
    );
  const { nonAlloue } = await allouer(trx, {
    serviceId: r.serviceId,
    reglementId,
    dettes: cibles,
    montant: credit,
    argent: false,
    at: r.at,
  });
  if (nonAlloue > 0)
    await trx
      .updateTable('reglements')
      .set({ disponible: nonAlloue })
      .where('id', '=', reglementId)
      .execute();
}
