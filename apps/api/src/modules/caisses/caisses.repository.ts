import type { Kysely } from 'kysely';
import type {
  CaisseSession,
  CaisseSessionListQuery,
  MouvementCaisse,
  MouvementCaisseType,
  Page,
  SessionStatut,
} from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import { offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';

/** Reads shared by the register operations: sessions with their people, cash movements. */

function sessionsBase(db: Kysely<DB>, serviceId: number) {
  return db
    .selectFrom('caisse_sessions as s')
    .innerJoin('caisses as c', 'c.id', 's.caisse_id')
    .innerJoin('users as o', 'o.id', 's.ouvert_par')
    .leftJoin('users as f', 'f.id', 's.cloturee_par')
    .where('s.service_id', '=', serviceId)
    .select([
      's.id',
      's.caisse_id',
      'c.nom as caisse_nom',
      's.statut',
      's.fond',
      's.ouvert_par',
      'o.prenom as o_prenom',
      'o.nom as o_nom',
      's.ouverte_le',
      's.cloturee_par',
      'f.prenom as f_prenom',
      'f.nom as f_nom',
      's.cloturee_le',
      's.numero_z',
      's.ecart',
      's.motif_ecart',
      's.rapport',
    ]);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsBase>['executeTakeFirstOrThrow']>>;

function sessionOf(r: SessionRow): CaisseSession {
  return {
    id: r.id,
    caisse: { id: r.caisse_id, nom: r.caisse_nom },
    statut: r.statut as SessionStatut,
    fond: Number(r.fond),
    ouvertPar: { id: r.ouvert_par, prenom: r.o_prenom, nom: r.o_nom },
    ouverteLe: r.ouverte_le,
    clotureePar:
      r.cloturee_par === null
        ? null
        : { id: r.cloturee_par, prenom: r.f_prenom ?? '', nom: r.f_nom ?? '' },
    clotureeLe: r.cloturee_le,
    numeroZ: r.numero_z,
    ecart: r.ecart === null ? null : Number(r.ecart),
    motifEcart: r.motif_ecart,
  };
}

/** A session of the shop with its frozen Z report (JSON, null while open); 404 otherwise. */
export async function findSession(
  db: Kysely<DB>,
  serviceId: number,
  sessionId: number,
): Promise<{ session: CaisseSession; rapport: string | null }> {
  const row = await sessionsBase(db, serviceId).where('s.id', '=', sessionId).executeTakeFirst();
  if (!row) throw notFound('Session de caisse introuvable.');
  return { session: sessionOf(row), rapport: row.rapport };
}

/** Sessions of every register of the shop, most recent first. */
export async function listSessions(
  db: Kysely<DB>,
  serviceId: number,
  query: CaisseSessionListQuery,
): Promise<Page<CaisseSession>> {
  let base = sessionsBase(db, serviceId);
  if (query.caisseId !== undefined) base = base.where('s.caisse_id', '=', query.caisseId);
  if (query.statut !== undefined) base = base.where('s.statut', '=', query.statut);
  const rows = await base
    .select((eb) => eb.fn.countAll<number>().over().as('total'))
    .orderBy('s.id', 'desc')
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return {
    items: rows.map(sessionOf),
    total: rows.length ? Number(rows[0]!.total) : 0,
    page: query.page,
    size: query.size,
  };
}

/** The cash movements of a session, in order. */
export async function listMouvements(
  db: Kysely<DB>,
  sessionId: number,
  id?: number,
): Promise<MouvementCaisse[]> {
  let query = db
    .selectFrom('caisse_mouvements as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.session_id', '=', sessionId)
    .select([
      'm.id',
      'm.numero',
      'm.type',
      'm.montant',
      'm.motif',
      'm.depense_id',
      'm.user_id',
      'u.prenom',
      'u.nom',
      'm.created_at',
    ])
    .orderBy('m.id');
  if (id !== undefined) query = query.where('m.id', '=', id);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    numero: r.numero,
    type: r.type as MouvementCaisseType,
    montant: Number(r.montant),
    motif: r.motif,
    depenseId: r.depense_id,
    user: { id: r.user_id, prenom: r.prenom, nom: r.nom },
    createdAt: r.created_at,
  }));
}
