import type { Kysely } from 'kysely';
import type { Caisse, CaisseData, CaisseSessionDetail, RapportCaisse } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { conflict } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/idempotence.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { journaliser } from '../journal/journal.append.js';
import { figuresOf } from './caisses.rapport.js';
import { findSession, listMouvements } from './caisses.repository.js';
import { findCaisse } from './caisses.session.js';

/** Registers of a shop and the opening of their sessions (docs/regles-metier.md « Caisses »). */

export const CAISSE_PAR_DEFAUT = 'Caisse 1';

/** « Caisse 1 », the register every shop starts with (shop creation, migration 018). */
export async function createDefaultCaisse(
  db: Kysely<DB>,
  serviceId: number,
  at: string,
): Promise<void> {
  await db
    .insertInto('caisses')
    .values({
      service_id: serviceId,
      nom: CAISSE_PAR_DEFAUT,
      nom_cle: CAISSE_PAR_DEFAUT.toLowerCase(),
      largeur_ticket: null,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['service_id', 'nom_cle']).doNothing())
    .execute();
}

/**
 * The registers of the shop with their open session, in creation order. A shop that has none
 * (created before its owner could, by the demo data or a test) gets « Caisse 1 » at this first read.
 */
export async function listCaisses(db: Kysely<DB>, serviceId: number): Promise<Caisse[]> {
  const read = () =>
    db
      .selectFrom('caisses as c')
      .leftJoin('caisse_sessions as s', (j) =>
        j.onRef('s.caisse_id', '=', 'c.id').on('s.statut', '=', 'ouverte'),
      )
      .leftJoin('users as u', 'u.id', 's.ouvert_par')
      .where('c.service_id', '=', serviceId)
      .select([
        'c.id',
        'c.nom',
        'c.largeur_ticket',
        's.id as session_id',
        's.fond',
        's.ouverte_le',
        's.ouvert_par',
        'u.prenom',
        'u.nom as u_nom',
      ])
      .orderBy('c.id')
      .execute();
  let rows = await read();
  if (!rows.length) {
    await createDefaultCaisse(db, serviceId, nowIso());
    rows = await read();
  }
  return rows.map((r) => ({
    id: r.id,
    nom: r.nom,
    largeurTicket: r.largeur_ticket,
    session:
      r.session_id === null
        ? null
        : {
            id: r.session_id,
            fond: Number(r.fond),
            ouverteLe: r.ouverte_le!,
            ouvertPar: { id: r.ouvert_par!, prenom: r.prenom ?? '', nom: r.u_nom ?? '' },
          },
  }));
}

/** A new register of the shop (owner); a name already used, whatever the case: 409. */
export async function createCaisse(
  db: Kysely<DB>,
  serviceId: number,
  input: CaisseData,
): Promise<Caisse> {
  try {
    const { id } = await db
      .insertInto('caisses')
      .values({
        service_id: serviceId,
        nom: input.nom,
        nom_cle: input.nom.toLowerCase(),
        largeur_ticket: input.largeurTicket,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, nom: input.nom, largeurTicket: input.largeurTicket, session: null };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`La boutique a déjà une caisse nommée « ${input.nom} ».`);
    throw error;
  }
}

/**
 * Opens a session on the register with the float counted in the drawer (owner or manager). One
 * open session per register: the partial unique index refuses a second one (409), even when two
 * devices open at the same moment.
 */
export async function openSession(
  ctx: AppContext,
  serviceId: number,
  userId: number,
  caisseId: number,
  fond: number,
): Promise<CaisseSessionDetail> {
  const { db } = ctx.database;
  const caisse = await findCaisse(db, serviceId, caisseId);
  try {
    const id = await db.transaction().execute(async (trx) => {
      const at = nowIso();
      const { id } = await trx
        .insertInto('caisse_sessions')
        .values({
          service_id: serviceId,
          caisse_id: caisseId,
          statut: 'ouverte',
          fond,
          ouvert_par: userId,
          ouverte_le: at,
          cloturee_par: null,
          cloturee_le: null,
          numero_z: null,
          ecart: null,
          motif_ecart: null,
          rapport: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await journaliser(trx, serviceId, {
        type: 'session_ouverture',
        reference: String(id),
        horodatage: at,
        contenu: { session: id, caisse: caisseId, utilisateur: userId, fond },
      });
      return id;
    });
    return sessionDetail(db, serviceId, id);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`La caisse « ${caisse.nom} » a déjà une session ouverte.`);
    throw error;
  }
}

/**
 * A session with its report: the frozen Z of a closed session, or an X computed now for an open
 * one (reading only), and its cash movements.
 */
export async function sessionDetail(
  db: Kysely<DB>,
  serviceId: number,
  sessionId: number,
): Promise<CaisseSessionDetail> {
  const { session, rapport } = await findSession(db, serviceId, sessionId);
  const figures: RapportCaisse =
    rapport === null
      ? await figuresOf(db, { id: session.id, fond: session.fond }, nowIso())
      : (JSON.parse(rapport) as RapportCaisse);
  return { ...session, rapport: figures, mouvements: await listMouvements(db, session.id) };
}
