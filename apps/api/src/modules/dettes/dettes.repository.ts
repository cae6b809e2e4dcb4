import { sql, type Kysely } from 'kysely';
import { parseSort, type Dette, type DetteClientListQuery, type Reglement } from '@comptoir/shared';
import { offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { partySearch } from '../clients/party.js';
import { statutDette } from './dettes.statut.js';

type DetteClientSort = 'encours' | 'en_retard' | 'nom' | 'echeance';
const SORTS: Record<DetteClientSort, string> = {
  encours: 'encours',
  en_retard: 'en_retard',
  nom: 'nom_tri',
  echeance: 'prochaine_echeance',
};

/**
 * One row per customer of the shop with something owed: outstanding, overdue part, number of open
 * debts and the earliest due date among them. `q` searches the customer (name, phone, e-mail).
 */
function debtorsQuery(
  db: Kysely<DB>,
  serviceId: number,
  query: DetteClientListQuery,
  today: string,
) {
  const reste = sql<number>`d.montant - d.paye`;
  let grouped = db
    .selectFrom('dettes as d')
    .innerJoin('clients', 'clients.id', 'd.client_id')
    .where('d.service_id', '=', serviceId)
    .whereRef('d.paye', '<', 'd.montant')
    .select([
      'clients.id as client_id',
      'clients.nom',
      'clients.nom_tri',
      'clients.telephone',
      sql<number>`sum(${reste})`.as('encours'),
      sql<number>`sum(case when d.echeance < ${today} then ${reste} else 0 end)`.as('en_retard'),
      sql<number>`count(*)`.as('nombre_dettes'),
      sql<string>`min(d.echeance)`.as('prochaine_echeance'),
    ])
    .groupBy(['clients.id', 'clients.nom', 'clients.nom_tri', 'clients.telephone']);
  if (query.q) grouped = grouped.where((eb) => eb.or(partySearch(query.q!)));
  if (query.enRetard)
    grouped = grouped.having(
      sql<boolean>`sum(case when d.echeance < ${today} then ${reste} else 0 end) > 0`,
    );
  return db.selectFrom(grouped.as('t'));
}

/** `today`: the shop's calendar day (shopToday), against which due dates are overdue. */
export async function findDebtorPage(
  db: Kysely<DB>,
  serviceId: number,
  query: DetteClientListQuery,
  today: string,
) {
  const base = debtorsQuery(db, serviceId, query, today);
  const totals = await base
    .select([
      sql<number>`coalesce(sum(t.encours), 0)`.as('encours'),
      sql<number>`coalesce(sum(t.en_retard), 0)`.as('en_retard'),
      sql<number>`count(*)`.as('clients'),
    ])
    .executeTakeFirstOrThrow();
  const { field, direction } = query.sort
    ? parseSort<DetteClientSort>(query.sort, 'encours')
    : { field: 'encours' as const, direction: 'desc' as const };
  const items = await base
    .selectAll('t')
    .orderBy(sql.ref(`t.${SORTS[field]}`), direction)
    .orderBy('t.client_id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return {
    items: items.map((r) => ({
      client: { id: r.client_id, nom: r.nom, telephone: r.telephone },
      encours: Number(r.encours),
      enRetard: Number(r.en_retard),
      nombreDettes: Number(r.nombre_dettes),
      prochaineEcheance: r.prochaine_echeance,
    })),
    total: Number(totals.clients),
    totaux: {
      encours: Number(totals.encours),
      enRetard: Number(totals.en_retard),
      clients: Number(totals.clients),
    },
  };
}

/** Every debt of a customer with its sale, newest first; statut against `today`, the shop's day. */
export async function dettesOfClient(
  db: Kysely<DB>,
  serviceId: number,
  clientId: number,
  today: string,
): Promise<Dette[]> {
  const rows = await db
    .selectFrom('dettes as d')
    .innerJoin('ventes as v', 'v.id', 'd.vente_id')
    .select([
      'd.id',
      'd.montant',
      'd.paye',
      'd.echeance',
      'v.id as vente_id',
      'v.numero',
      'v.created_at as vente_created_at',
      'v.total_ttc',
    ])
    .where('d.service_id', '=', serviceId)
    .where('d.client_id', '=', clientId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
  return rows.map((r) => {
    const reste = Number(r.montant) - Number(r.paye);
    return {
      id: r.id,
      vente: {
        id: r.vente_id,
        numero: r.numero,
        createdAt: r.vente_created_at,
        totalTtc: Number(r.total_ttc),
      },
      montant: Number(r.montant),
      paye: Number(r.paye),
      reste,
      echeance: r.echeance,
      statut: statutDette(reste, r.echeance, today),
    };
  });
}

/** Règlements (repayments and credits of returns) with their allocations, newest first. */
export async function findReglements(
  db: Kysely<DB>,
  serviceId: number,
  where: { clientId: number } | { ids: number[] },
): Promise<Reglement[]> {
  if ('ids' in where && where.ids.length === 0) return [];
  let q = db
    .selectFrom('reglements as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('retours as rt', 'rt.id', 'r.retour_id')
    .select([
      'r.id',
      'r.mode',
      'r.montant',
      'r.operateur',
      'r.reference',
      'r.created_at',
      'u.id as user_id',
      'u.prenom',
      'u.nom',
      'rt.id as retour_id',
      'rt.numero as retour_numero',
    ])
    .where('r.service_id', '=', serviceId);
  q =
    'ids' in where ? q.where('r.id', 'in', where.ids) : q.where('r.client_id', '=', where.clientId);
  const rows = await q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute();
  if (rows.length === 0) return [];
  const allocations = await db
    .selectFrom('reglement_allocations as a')
    .innerJoin('dettes as d', 'd.id', 'a.dette_id')
    .innerJoin('ventes as v', 'v.id', 'd.vente_id')
    .select(['a.reglement_id', 'a.dette_id', 'a.montant', 'v.numero'])
    .where(
      'a.reglement_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    mode: r.mode as Reglement['mode'],
    montant: Number(r.montant),
    operateur: r.operateur,
    reference: r.reference,
    retour:
      r.retour_id !== null && r.retour_numero !== null
        ? { id: r.retour_id, numero: r.retour_numero }
        : null,
    user: { id: r.user_id, prenom: r.prenom, nom: r.nom },
    createdAt: r.created_at,
    allocations: allocations
      .filter((a) => a.reglement_id === r.id)
      .map((a) => ({ detteId: a.dette_id, venteNumero: a.numero, montant: Number(a.montant) })),
  }));
}
